/**
 * Receipts: every paid order has one, for its owner only, as a printable page and as a PDF made in
 * the Worker (pdf-lib, standard fonts: no font files to ship). Both are drawn from one `Receipt`.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import type { Database } from "../../../db/client";
import { billingAddresses, orderEvents, orderRefunds, orders, products, users } from "../../../db/schema";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { packageName } from "~/lib/packages";
import { SHOP, TAX_NOTE } from "~/lib/shop";

export interface Receipt {
  orderId: number;
  orderedAt: string;
  paidAt: string;
  product: string;
  packageName: string;
  /** "$999.00" */
  amount: string;
  currency: string;
  customer: { name: string; email: string };
  /** The billing address as lines, or null when the customer has since deleted it. */
  billingAddress: string[] | null;
  transactionId: string | null;
  refund: { amount: string; refundedAt: string | null; reason: string } | null;
}

/** The receipt of a paid (or since refunded) order of `customerId`; null for no such order, another's, or one not paid. */
export async function getReceipt(db: Database, orderId: number, customerId: number): Promise<Receipt | null> {
  const [rows, paidEvents, refunds] = await db.batch([
    db
      // Named columns only: whole tables joined share column names (id, created_at), which a batch's rows cannot tell apart.
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
        packagePosition: orders.packagePosition,
        amountMinor: orders.amountMinor,
        currency: orders.currency,
        paymentIntentId: orders.paymentIntentId,
        product: products.title,
        name: users.name,
        email: users.email,
        street: billingAddresses.street,
        city: billingAddresses.city,
        state: billingAddresses.state,
        zipCode: billingAddresses.zipCode,
        country: billingAddresses.country,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(billingAddresses, eq(billingAddresses.id, orders.billingAddressId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, customerId), inArray(orders.paymentStatus, ["succeeded", "completed", "refunded"])))
      .limit(1),
    db
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "awaiting_brief")))
      .orderBy(asc(orderEvents.version))
      .limit(1),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "succeeded")))
      .limit(1),
  ]);
  const order = rows[0];
  if (!order) return null;
  const refund = refunds[0];
  return {
    orderId: order.id,
    orderedAt: order.createdAt.toISOString(),
    // Orders paid before the timeline existed have no payment event: their last change is the payment.
    paidAt: (paidEvents[0]?.at ?? order.updatedAt).toISOString(),
    product: order.product,
    packageName: packageName(order.packagePosition),
    amount: formatMoney(order.amountMinor, order.currency),
    currency: order.currency,
    customer: { name: order.name, email: order.email },
    billingAddress: order.street ? [order.street, `${order.city}, ${order.state} ${order.zipCode}`, countryName(order.country ?? "")] : null,
    transactionId: order.paymentIntentId,
    refund: refund
      ? { amount: formatMoney(refund.amountMinor, refund.currency), refundedAt: refund.refundedAt?.toISOString() ?? null, reason: refund.reason }
      : null,
  };
}

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
export const receiptDate = (iso: string) => `${longDate.format(new Date(iso))} UTC`;

/** The receipt's rows, in order: the page and the PDF show the same. */
export function receiptRows(receipt: Receipt): [string, string][] {
  return [
    ["Order", `#${receipt.orderId}`],
    ["Ordered on", receiptDate(receipt.orderedAt)],
    ["Paid on", receiptDate(receipt.paidAt)],
    ["Service", receipt.product],
    ["Package", receipt.packageName],
    ["Amount paid", `${receipt.amount} ${receipt.currency}`],
    ["Transaction ID", receipt.transactionId ?? "N/A"],
    ...(receipt.refund
      ? ([
          ["Refunded", `${receipt.refund.amount} ${receipt.currency}${receipt.refund.refundedAt ? ` on ${receiptDate(receipt.refund.refundedAt)}` : ""}`],
          ["Refund reason", receipt.refund.reason],
        ] as [string, string][])
      : []),
  ];
}

/** The receipt as an A4 PDF. */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt for order #${receipt.orderId}`);
  pdf.setAuthor(SHOP.legalName);
  pdf.setCreator(SHOP.name);
  pdf.setProducer(SHOP.name);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const page = pdf.addPage([595.28, 841.89]);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);

  const write = (text: string, { font = regular, size = 11, x = left, color = ink } = {}) => {
    for (const line of wrap(encodable(text, font), font, size, right - x)) {
      page.drawText(line, { x, y, size, font, color });
      y -= size * 1.45;
    }
  };

  write(SHOP.name, { font: bold, size: 20 });
  write(SHOP.address, { size: 9, color: muted });
  write(SHOP.email, { size: 9, color: muted });
  y -= 18;
  write(`Receipt for order #${receipt.orderId}`, { font: bold, size: 16 });
  y -= 6;
  write("Billed to", { font: bold, size: 10, color: muted });
  write(receipt.customer.name);
  write(receipt.customer.email);
  for (const line of receipt.billingAddress ?? ["Billing address no longer on record"]) write(line);
  y -= 12;
  for (const [label, value] of receiptRows(receipt)) {
    const top = y;
    write(label, { font: bold, size: 10, color: muted });
    const after = y;
    y = top;
    write(value, { x: left + 140 });
    y = Math.min(y, after) - 4;
  }
  y -= 8;
  page.drawLine({ start: { x: left, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: muted });
  write(`${TAX_NOTE}.`, { size: 10, color: muted });
  write("Thank you for your order.", { size: 10, color: muted });
  // pdf-lib builds its bytes in a plain ArrayBuffer (never a shared one).
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** The text with every character the standard font cannot draw replaced by "?". */
function encodable(text: string, font: PDFFont): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Breaks text into lines no wider than `width` (words longer than a line are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}
