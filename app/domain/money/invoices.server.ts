/**
 * Invoices and credit notes: every paid order has an invoice, numbered when its payment succeeded
 * (invoice-numbers.server.ts), for its owner and the studio's admins, as a printable page, a PDF and
 * the API's JSON. An invoice reads only what the order fixed when it was made (its price, tax and
 * the buyer as invoiced) and the seller as copied when its number was given, so editing the
 * settings or editing or erasing an address never changes one. The date of supply is the payment's date. Each refund has a credit note naming the invoice
 * it corrects, with the refund's tax part.
 */
import { readVatCheck, vatProofText } from "./vat-numbers.server";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderEvents, orderRefunds, orders, products, users } from "../../../db/schema";
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

/** The invoice of a paid order; null for no such order, one not paid, or another customer's. */
export async function getInvoice(db: Database, orderId: number, viewer: InvoiceViewer): Promise<Invoice | null> {
  const owner = viewer === "studio" ? undefined : eq(orders.userId, viewer.customerId);
  const [rows, paidEvents, settings] = await Promise.all([
    db
      .select({
        id: orders.id,
        invoiceNumber: orders.invoiceNumber,
        invoiceIssuedAt: orders.invoiceIssuedAt,
        packagePosition: orders.packagePosition,
        amountMinor: orders.amountMinor,
        subtotalMinor: orders.subtotalMinor,
        discountMinor: orders.discountMinor,
        taxMinor: orders.taxMinor,
        taxRateBasisPoints: orders.taxRateBasisPoints,
        taxNote: orders.taxNote,
        vatCheck: orders.vatCheck,
        currency: orders.currency,
        paymentIntentId: orders.paymentIntentId,
        snapshot: orders.billingSnapshot,
        seller: orders.sellerSnapshot,
        product: products.title,
        name: users.name,
        email: users.email,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, orderId), owner, isNotNull(orders.invoiceNumber)))
      .limit(1),
    db
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "awaiting_brief")))
      .orderBy(asc(orderEvents.version))
      .limit(1),
    getShopSettings(db),
  ]);
  const order = rows[0];
  if (!order?.invoiceNumber || !order.invoiceIssuedAt) return null;
  const buyer = readBillingSnapshot(order.snapshot) ?? { name: order.name, company: null, lines: [], country: "", tax_id: null };
  const seller = readSellerSnapshot(order.seller) ?? {
    name: settings.sellerName,
    address: settings.sellerAddress,
    taxId: settings.sellerTaxId,
    taxName: settings.taxName,
  };
  const net = order.subtotalMinor - order.discountMinor;
  return {
    number: order.invoiceNumber,
    orderId: order.id,
    issuedAt: order.invoiceIssuedAt.toISOString(),
    suppliedAt: (paidEvents[0]?.at ?? order.invoiceIssuedAt).toISOString(),
    seller: { name: seller.name, address: seller.address, taxId: seller.taxId },
    buyer: { ...buyer, email: order.email },
    lines: [
      {
        description: `${order.product} (${packageName(order.packagePosition)} package)`,
        quantity: 1,
        netMinor: net,
        rateBasisPoints: order.taxRateBasisPoints,
        taxMinor: order.taxMinor,
        totalMinor: net + order.taxMinor,
      },
    ],
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    taxMinor: order.taxMinor,
    totalMinor: order.amountMinor,
    rateBasisPoints: order.taxRateBasisPoints,
    taxName: seller.taxName,
    currency: order.currency,
    note: order.taxNote,
    vatProof: order.taxNote ? vatProofText(readVatCheck(order.vatCheck)) : null,
    transactionId: order.paymentIntentId,
  };
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

/** The credit note `number` of an order (its owner's, or any for the studio); null otherwise. */
export async function getCreditNote(db: Database, orderId: number, number: string, viewer: InvoiceViewer): Promise<CreditNote | null> {
  const invoice = await getInvoice(db, orderId, viewer);
  if (!invoice) return null;
  const [refund] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.creditNoteNumber, number), eq(orderRefunds.status, "succeeded")))
    .limit(1);
  if (!refund?.creditNoteNumber) return null;
  return {
    number: refund.creditNoteNumber,
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
