/**
 * Invoices and credit notes: every paid order has an invoice, numbered when its payment succeeded
 * (invoice-numbers.server.ts), for its owner and the studio's admins, as a printable page, a PDF and
 * the API's JSON. An invoice reads only what the order fixed when it was made (its price, tax and
 * the buyer as invoiced) and the seller as copied when its number was given, so editing the
 * settings or editing or erasing an address never changes one. The date of supply is the payment's date. An order
 * has an invoice per payment (its checkout's, then one per change it paid for, order-payments.server.ts),
 * all in the one sequence. Each refund has a credit note naming the invoice it corrects (its payment's),
 * with the refund's tax part.
 */
import { readVatCheck, vatProofText } from "./vat-numbers.server";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderEvents, orderPayments, orderRefunds, orders, products, users } from "../../../db/schema";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { minorToDecimalString } from "~/lib/money-decimal";
import { packageName } from "~/lib/rules/packages";
import { readBillingSnapshot, type BillingSnapshot } from "./billing-snapshot";
import { documentPdf } from "./pdf.server";
import { rateText, ratePercent } from "./tax-rules";
import { getShopSettings } from "./tax.server";

/** An invoice line, money as minor units (the API writes them as decimal strings). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  netMinor: number;
  rateBasisPoints: number;
  taxMinor: number;
  totalMinor: number;
}

export interface Invoice {
  number: string;
  orderId: number;
  issuedAt: string;
  /** The payment's date. */
  suppliedAt: string;
  seller: { name: string; address: string; taxId: string | null };
  buyer: BillingSnapshot & { email: string };
  lines: InvoiceLine[];
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  totalMinor: number;
  rateBasisPoints: number;
  taxName: string;
  currency: string;
  note: string | null;
  /** For a reverse charge: which service confirmed the buyer's VAT number, when (vat-numbers.server.ts `vatProofText`). */
  vatProof: string | null;
  transactionId: string | null;
}

/** Whose invoice: its owner's (a customer's id) or any, for the studio. */
export type InvoiceViewer = { customerId: number } | "studio";

/**
 * Whose invoices an account may read: a customer their own orders', admins the studio's every one.
 * Every kind is named (no default), so a new kind of account fails to compile here until it says.
 */
export function invoiceViewerOf(account: { kind: "customer" | "admin"; id: number }): InvoiceViewer {
  switch (account.kind) {
    case "customer":
      return { customerId: account.id };
    case "admin":
      return "studio";
  }
}

/** The most invoices an order's list reads: its checkout payment's and its changes' (changes are capped well below). */
export const MAX_ORDER_INVOICES = 50;

/** The invoice of a paid order (its checkout payment's); null for no such order, one not paid, or another customer's. */
export async function getInvoice(db: Database, orderId: number, viewer: InvoiceViewer): Promise<Invoice | null> {
  return (await invoicesOf(db, orderId, viewer, { sequence: 1 }))[0] ?? null;
}

/** One of an order's invoices by its number (any of its payments'); null when the order has no such invoice for this viewer. */
export async function getInvoiceByNumber(db: Database, orderId: number, number: string, viewer: InvoiceViewer): Promise<Invoice | null> {
  return (await invoicesOf(db, orderId, viewer, { number }))[0] ?? null;
}

/** Every invoice of an order, a payment's each, in the order they were issued; empty when the order is not this viewer's. */
export function listInvoices(db: Database, orderId: number, viewer: InvoiceViewer): Promise<Invoice[]> {
  return invoicesOf(db, orderId, viewer, {});
}

/** An order's invoices (all, one payment's, or the one numbered), read from its payments. */
async function invoicesOf(db: Database, orderId: number, viewer: InvoiceViewer, which: { sequence?: number; number?: string }): Promise<Invoice[]> {
  const owner = viewer === "studio" ? undefined : eq(orders.userId, viewer.customerId);
  const [rows, paidEvents, settings] = await Promise.all([
    db
      .select({
        sequence: orderPayments.sequence,
        description: orderPayments.description,
        invoiceNumber: orderPayments.invoiceNumber,
        invoiceIssuedAt: orderPayments.invoiceIssuedAt,
        amountMinor: orderPayments.amountMinor,
        subtotalMinor: orderPayments.subtotalMinor,
        discountMinor: orderPayments.discountMinor,
        taxMinor: orderPayments.taxMinor,
        taxRateBasisPoints: orderPayments.taxRateBasisPoints,
        taxNote: orderPayments.taxNote,
        currency: orderPayments.currency,
        intentId: orderPayments.intentId,
        seller: orderPayments.sellerSnapshot,
        id: orders.id,
        packagePosition: orders.packagePosition,
        vatCheck: orders.vatCheck,
        snapshot: orders.billingSnapshot,
        product: products.title,
        name: users.name,
        email: users.email,
      })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(orderPayments.orderId, orderId),
          owner,
          isNotNull(orderPayments.invoiceNumber),
          which.sequence === undefined ? undefined : eq(orderPayments.sequence, which.sequence),
          which.number === undefined ? undefined : eq(orderPayments.invoiceNumber, which.number),
        ),
      )
      .orderBy(asc(orderPayments.sequence))
      // An order has its checkout payment and one per accepted change: a handful, never unbounded.
      .limit(MAX_ORDER_INVOICES),
    db
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "awaiting_brief")))
      .orderBy(asc(orderEvents.version))
      .limit(1),
    getShopSettings(db),
  ]);
  const invoices: Invoice[] = [];
  for (const row of rows) {
    if (!row.invoiceNumber || !row.invoiceIssuedAt) continue;
    const buyer = readBillingSnapshot(row.snapshot) ?? { name: row.name, company: null, lines: [], country: "", tax_id: null };
    const seller = readSellerSnapshot(row.seller) ?? {
      name: settings.sellerName,
      address: settings.sellerAddress,
      taxId: settings.sellerTaxId,
      taxName: settings.taxName,
    };
    const net = row.subtotalMinor - row.discountMinor;
    const first = row.sequence === 1;
    invoices.push({
      number: row.invoiceNumber,
      orderId: row.id,
      issuedAt: row.invoiceIssuedAt.toISOString(),
      // The checkout payment's supply is the work's start (its payment); a later payment's, its own date.
      suppliedAt: ((first ? paidEvents[0]?.at : undefined) ?? row.invoiceIssuedAt).toISOString(),
      seller: { name: seller.name, address: seller.address, taxId: seller.taxId },
      buyer: { ...buyer, email: row.email },
      lines: [
        {
          description: first || !row.description ? `${row.product} (${packageName(row.packagePosition)} package)` : `${row.product}: ${row.description}`,
          quantity: 1,
          netMinor: net,
          rateBasisPoints: row.taxRateBasisPoints,
          taxMinor: row.taxMinor,
          totalMinor: net + row.taxMinor,
        },
      ],
      subtotalMinor: row.subtotalMinor,
      discountMinor: row.discountMinor,
      taxMinor: row.taxMinor,
      totalMinor: row.amountMinor,
      rateBasisPoints: row.taxRateBasisPoints,
      taxName: seller.taxName,
      currency: row.currency,
      note: row.taxNote,
      vatProof: row.taxNote ? vatProofText(readVatCheck(row.vatCheck)) : null,
      transactionId: row.intentId,
    });
  }
  return invoices;
}

/** The seller as the invoice was issued (invoice-numbers.server.ts copies it); null when the order has none. */
function readSellerSnapshot(json: string | null): { name: string; address: string; taxId: string | null; taxName: string } | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (typeof value.name !== "string" || typeof value.address !== "string") return null;
    return {
      name: value.name,
      address: value.address,
      taxId: typeof value.tax_id === "string" ? value.tax_id : null,
      taxName: typeof value.tax_name === "string" ? value.tax_name : "VAT",
    };
  } catch {
    return null;
  }
}

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
export const documentDate = (iso: string) => longDate.format(new Date(iso));

/** The buyer's block as lines: name, company, address, country, tax id. */
export function buyerLines(buyer: BillingSnapshot & { email?: string }): string[] {
  return [
    buyer.name,
    ...(buyer.company ? [buyer.company] : []),
    ...buyer.lines,
    ...(buyer.country ? [countryName(buyer.country)] : []),
    ...(buyer.tax_id ? [`VAT/tax number: ${buyer.tax_id}`] : []),
  ];
}

/** The invoice's rows, in order: the page and the PDF show the same. */
export function invoiceRows(invoice: Invoice): [string, string][] {
  const money = (minor: number) => `${formatMoney(minor, invoice.currency)} ${invoice.currency}`;
  const line = invoice.lines[0]!;
  return [
    ["Invoice number", invoice.number],
    ["Issue date", documentDate(invoice.issuedAt)],
    ["Date of supply", documentDate(invoice.suppliedAt)],
    ["Order", `#${invoice.orderId}`],
    ["Description", line.description],
    ["Net amount", money(invoice.subtotalMinor)],
    ...(invoice.discountMinor > 0 ? ([["Discount", `-${money(invoice.discountMinor)}`]] as [string, string][]) : []),
    [`${invoice.taxName} rate`, ratePercent(invoice.rateBasisPoints)],
    [invoice.taxName, money(invoice.taxMinor)],
    ["Total", money(invoice.totalMinor)],
    ["Payment", invoice.transactionId ? `Card, transaction ${invoice.transactionId}` : "Card"],
  ];
}

/** The seller's block: name, address, VAT number. */
export function sellerLines(invoice: Pick<Invoice, "seller" | "taxName">): string[] {
  return [invoice.seller.name, invoice.seller.address, ...(invoice.seller.taxId ? [`${invoice.taxName} number: ${invoice.seller.taxId}`] : [])];
}

export function invoicePdf(invoice: Invoice): Promise<Uint8Array<ArrayBuffer>> {
  return documentPdf({
    title: `Invoice ${invoice.number}`,
    author: invoice.seller.name,
    sections: [
      { lines: sellerLines(invoice) },
      { heading: `Invoice ${invoice.number}` },
      { heading: "Billed to", lines: buyerLines(invoice.buyer) },
      { rows: invoiceRows(invoice), notes: invoiceView(invoice).notes },
    ],
  });
}

/** The invoice as the API writes it (money as decimal strings, like `order_amount`). */
export function invoiceJson(invoice: Invoice) {
  const amount = (minor: number) => minorToDecimalString(minor, invoice.currency);
  return {
    number: invoice.number,
    order_id: invoice.orderId,
    issued_at: invoice.issuedAt,
    supplied_at: invoice.suppliedAt,
    seller: { name: invoice.seller.name, address: invoice.seller.address, tax_id: invoice.seller.taxId },
    buyer: {
      name: invoice.buyer.name,
      company: invoice.buyer.company,
      address_lines: invoice.buyer.lines,
      country: invoice.buyer.country,
      tax_id: invoice.buyer.tax_id,
    },
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      net_amount: amount(line.netMinor),
      tax_rate: rateText(line.rateBasisPoints),
      tax_amount: amount(line.taxMinor),
      total_amount: amount(line.totalMinor),
    })),
    subtotal_amount: amount(invoice.subtotalMinor),
    discount_amount: amount(invoice.discountMinor),
    tax_amount: amount(invoice.taxMinor),
    total_amount: amount(invoice.totalMinor),
    currency: invoice.currency,
    note: invoice.note,
    transaction_id: invoice.transactionId,
  };
}

/** The invoice as its page shows it (app/components/invoice-document.tsx). */
export function invoiceView(invoice: Invoice) {
  return {
    title: `Invoice ${invoice.number}`,
    seller: sellerLines(invoice),
    buyer: buyerLines(invoice.buyer),
    rows: invoiceRows(invoice),
    notes: [...(invoice.note ? [invoice.note] : []), ...(invoice.vatProof ? [invoice.vatProof] : []), "Thank you for your order."],
  };
}

/** A credit note: a refund of an invoiced order, with its tax part, naming the invoice it corrects. */
export interface CreditNote {
  number: string;
  orderId: number;
  invoiceNumber: string;
  issuedAt: string;
  seller: Invoice["seller"];
  buyer: Invoice["buyer"];
  description: string;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  rateBasisPoints: number;
  taxName: string;
  currency: string;
  reason: string;
  providerRefundId: string | null;
}

/** The credit note `number` of an order (its owner's, or any for the studio); null otherwise. It corrects its payment's invoice. */
export async function getCreditNote(db: Database, orderId: number, number: string, viewer: InvoiceViewer): Promise<CreditNote | null> {
  const [found] = await db
    .select({ refund: orderRefunds, invoiceNumber: orderPayments.invoiceNumber })
    .from(orderRefunds)
    .leftJoin(orderPayments, eq(orderPayments.id, orderRefunds.paymentId))
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.creditNoteNumber, number), eq(orderRefunds.status, "succeeded")))
    .limit(1);
  if (!found?.refund.creditNoteNumber) return null;
  const { refund } = found;
  const invoice = found.invoiceNumber ? await getInvoiceByNumber(db, orderId, found.invoiceNumber, viewer) : await getInvoice(db, orderId, viewer);
  if (!invoice) return null;
  return {
    number: refund.creditNoteNumber!,
    orderId,
    invoiceNumber: invoice.number,
    issuedAt: (refund.refundedAt ?? refund.claimedAt).toISOString(),
    seller: invoice.seller,
    buyer: invoice.buyer,
    description: `Refund: ${invoice.lines[0]!.description}`,
    netMinor: refund.amountMinor - refund.taxMinor,
    taxMinor: refund.taxMinor,
    totalMinor: refund.amountMinor,
    rateBasisPoints: invoice.rateBasisPoints,
    taxName: invoice.taxName,
    currency: refund.currency,
    reason: refund.reason,
    providerRefundId: refund.providerRefundId,
  };
}

export function creditNoteRows(note: CreditNote): [string, string][] {
  const money = (minor: number) => `${formatMoney(minor, note.currency)} ${note.currency}`;
  return [
    ["Credit note number", note.number],
    ["Corrects invoice", note.invoiceNumber],
    ["Issue date", documentDate(note.issuedAt)],
    ["Order", `#${note.orderId}`],
    ["Description", note.description],
    ["Net amount credited", money(note.netMinor)],
    [`${note.taxName} rate`, ratePercent(note.rateBasisPoints)],
    [`${note.taxName} credited`, money(note.taxMinor)],
    ["Total credited", money(note.totalMinor)],
    ["Reason", note.reason],
    ["Refund", note.providerRefundId ? `To the card, refund ${note.providerRefundId}` : "To the card"],
  ];
}

export function creditNoteView(note: CreditNote) {
  return {
    title: `Credit note ${note.number}`,
    seller: sellerLines(note),
    buyer: buyerLines(note.buyer),
    rows: creditNoteRows(note),
    notes: [`This credit note corrects invoice ${note.invoiceNumber}.`],
  };
}

export function creditNotePdf(note: CreditNote): Promise<Uint8Array<ArrayBuffer>> {
  const view = creditNoteView(note);
  return documentPdf({
    title: view.title,
    author: note.seller.name,
    sections: [{ lines: view.seller }, { heading: view.title }, { heading: "Billed to", lines: view.buyer }, { rows: view.rows, notes: view.notes }],
  });
}
