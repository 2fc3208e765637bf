/**
 * An order's payments (db/schema.ts `orderPayments`): the first made at checkout (written through the
 * order's own columns and copied into payment 1 by triggers, migration 0066), later ones for work
 * added to the order, each with its own intent, amount, tax, status and invoice. An order's paid,
 * refunded and remaining amounts are the sums of its payments'; what went back of a payment is the sum
 * of its refunds (refunds.server.ts names the payment each refund is of).
 *
 * A later payment is made exactly once: its row is claimed by a conditional insert under the
 * request's key (the same key finds the same payment), its intent asked for with the payment's own
 * gateway key, and a status is recorded only from the status read, so of a webhook and a confirmation
 * at once one records it; the success gives the payment its invoice number in the same batch.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderPayments, orderRefunds, shopSettings, type PaymentStatus } from "../../../db/schema";
import { minorToDecimalString } from "~/lib/money-decimal";
import { refuse } from "../refusal";
import { nextNumberQueries } from "../money/invoice-numbers.server";
import { taxOn } from "../money/tax-rules";
import { orderStatusFor, type Intent, type PaymentGateway } from "./gateway.server";
import { offerAcceptanceStatements } from "../orders/change-offer-acceptance.server";

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/** Payment statuses whose money the shop holds (or held, and refunded). */
export const PAID_STATUSES = ["succeeded", "completed", "refunded"] as const satisfies readonly PaymentStatus[];
const PAID_SQL = sql.raw(`('succeeded', 'completed', 'refunded')`);

/** The longest description of a later payment (its invoice line). */
export const PAYMENT_DESCRIPTION_MAX = 300;

/** A payment with what went back of it (refunds recorded) and what is claimed or went back (recorded and under way). */
export interface OrderPayment extends OrderPaymentRow {
  refundedMinor: number;
  refundedTaxMinor: number;
  /** Recorded refunds and any under way: what a new refund of it may not exceed with its own. */
  claimedMinor: number;
}

/** A payment as the API and the order pages show it (money as decimal strings, like `order_amount`). */
export interface PaymentView {
  id: number;
  sequence: number;
  purpose: "order" | "change";
  description: string | null;
  status: PaymentStatus;
  amount: string;
  tax_amount: string;
  refunded_amount: string;
  currency: string;
  payment_intent_id: string | null;
  invoice_number: string | null;
  created_at: string;
  invoiced_at: string | null;
}

export function toPaymentView(payment: OrderPayment): PaymentView {
  const money = (minor: number) => minorToDecimalString(minor, payment.currency);
  return {
    id: payment.id,
    sequence: payment.sequence,
    purpose: payment.purpose,
    description: payment.description,
    status: payment.status,
    amount: money(payment.amountMinor),
    tax_amount: money(payment.taxMinor),
    refunded_amount: money(payment.refundedMinor),
    currency: payment.currency,
    payment_intent_id: payment.intentId,
    invoice_number: payment.invoiceNumber,
    created_at: payment.createdAt.toISOString(),
    invoiced_at: payment.invoiceIssuedAt?.toISOString() ?? null,
  };
}

const refundSum = (column: "amount_minor" | "tax_minor", succeededOnly: boolean) =>
  sql<number>`(SELECT coalesce(sum(r.${sql.raw(column)}), 0) FROM ${orderRefunds} r WHERE r.payment_id = ${sql.raw(`"order_payments"."id"`)}${sql.raw(
    succeededOnly ? " AND r.status = 'succeeded'" : "",
  )})`;

/** An order's payments, oldest first, with what went back of each, as a query for a caller's batch. */
export function paymentsQuery(db: Database, orderId: number) {
  return db
    .select({
      payment: orderPayments,
      refundedMinor: refundSum("amount_minor", true),
      refundedTaxMinor: refundSum("tax_minor", true),
      claimedMinor: refundSum("amount_minor", false),
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.sequence));
}

export function toPayments(rows: Awaited<ReturnType<typeof paymentsQuery>>): OrderPayment[] {
  return rows.map((row) => ({ ...row.payment, refundedMinor: row.refundedMinor, refundedTaxMinor: row.refundedTaxMinor, claimedMinor: row.claimedMinor }));
}

/** An order's payments, oldest first (an order has a handful: the checkout's and one per accepted change). */
export async function orderPaymentsOf(db: Database, orderId: number): Promise<OrderPayment[]> {
  return toPayments(await paymentsQuery(db, orderId));
}

/** What an order's payments add up to: paid (succeeded or since refunded), refunded, and what is left to refund. */
export function paymentTotals(payments: readonly OrderPayment[]) {
  const paid = payments.filter((p) => (PAID_STATUSES as readonly string[]).includes(p.status));
  const paidMinor = paid.reduce((sum, p) => sum + p.amountMinor, 0);
  const refundedMinor = paid.reduce((sum, p) => sum + p.refundedMinor, 0);
  return { paidMinor, refundedMinor, remainingMinor: paidMinor - refundedMinor };
}

/** The payment behind an intent id (webhooks, the authentication step), whichever payment of its order it is. */
export async function paymentByIntent(db: Database, intentId: string): Promise<Pick<OrderPaymentRow, "id" | "orderId" | "sequence"> | null> {
  const [row] = await db
    .select({ id: orderPayments.id, orderId: orderPayments.orderId, sequence: orderPayments.sequence })
    .from(orderPayments)
    .where(eq(orderPayments.intentId, intentId))
    .limit(1);
  return row ?? null;
}

/** What a later payment is for: its invoice line, its net price (tax is added at the order's rate), its request key. */
export interface LaterPaymentInput {
  description: string;
  netMinor: number;
  idempotencyKey: string;
  purpose?: "change";
}

/**
 * Asks for a later payment of a paid order (work added to it): the row claimed under the request's
 * key with the next sequence, priced at the order's tax rate and country (its first invoice's), then
 * its intent made with the payment's own gateway key. The same key again returns the same payment.
 * Refusals: `not_found` (no such order), `conflict` (the order is not paid, or is refunded), `invalid`.
 */
export async function requestLaterPayment(
  db: Database,
  gateway: PaymentGateway,
  orderId: number,
  input: LaterPaymentInput,
): Promise<{ payment: OrderPaymentRow; intent: Intent }> {
  const description = input.description.trim();
  if (!description || description.length > PAYMENT_DESCRIPTION_MAX) throw refuse.invalid(`Describe the payment in 1 to ${PAYMENT_DESCRIPTION_MAX} characters`);
  if (!Number.isSafeInteger(input.netMinor) || input.netMinor <= 0) throw refuse.invalid("The amount must be above zero");
  const byKey = and(eq(orderPayments.orderId, orderId), eq(orderPayments.idempotencyKey, input.idempotencyKey));
  let [payment] = await db.select().from(orderPayments).where(byKey).limit(1);
  if (!payment) {
    const [first] = await db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.sequence, 1)))
      .limit(1);
    if (!first) throw refuse.notFound("Order not found");
    if (first.status !== "succeeded" && first.status !== "completed")
      throw refuse.conflict(`Cannot take a further payment: the order's payment is ${first.status}.`);
    const taxMinor = taxOn(input.netMinor, first.taxRateBasisPoints);
    // The next sequence, and that the order is still paid, are read in the insert itself: two
    // requests at once cannot take the same sequence (the unique index refuses the second), and an
    // order refunded meanwhile takes no further payment.
    await db.run(sql`
      INSERT INTO ${orderPayments} (order_id, sequence, purpose, description, gateway, amount_minor, currency, subtotal_minor, discount_minor,
        tax_minor, tax_rate_bp, tax_country, tax_note, status, idempotency_key)
      SELECT ${orderId}, (SELECT max(sequence) + 1 FROM ${orderPayments} WHERE order_id = ${orderId}), ${input.purpose ?? "change"}, ${description},
        ${gateway.name}, ${input.netMinor + taxMinor}, ${first.currency}, ${input.netMinor}, 0, ${taxMinor}, ${first.taxRateBasisPoints},
        ${first.taxCountry}, ${first.taxNote}, 'initiated', ${input.idempotencyKey}
      WHERE EXISTS (SELECT 1 FROM ${orderPayments} WHERE order_id = ${orderId} AND sequence = 1 AND status IN ('succeeded', 'completed'))
      ON CONFLICT DO NOTHING`);
    [payment] = await db.select().from(orderPayments).where(byKey).limit(1);
    if (!payment) throw refuse.conflict("This order cannot take a further payment now (it was refunded, or another payment was asked for at the same moment).");
  } else if (payment.description !== description || payment.subtotalMinor !== input.netMinor) {
    throw refuse.conflict("This request's key was used for another payment of this order.");
  }
  if (payment.intentId) {
    const intent = await gateway.retrieveIntent(payment.intentId);
    if (!intent) throw refuse.unavailable("The payment provider does not know this payment's intent. Try again later.");
    return { payment, intent };
  }
  // The payment's own gateway key: two requests at once get the same intent from the provider.
  const made = await gateway.createIntent({
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    idempotencyKey: `order-${orderId}-payment-${payment.id}`,
    metadata: { order_id: String(orderId), payment_id: String(payment.id) },
    description: `Order ${orderId}: ${description}`,
  });
  await db
    .update(orderPayments)
    .set({ intentId: made.id })
    .where(and(eq(orderPayments.id, payment.id), sql`${orderPayments.intentId} IS NULL`));
  const [stored] = await db.select().from(orderPayments).where(eq(orderPayments.id, payment.id)).limit(1);
  // Another request stored its intent first: that one is the payment's.
  const intent = stored!.intentId === made.id ? made : await gateway.retrieveIntent(stored!.intentId!);
  if (!intent) throw refuse.unavailable("The payment provider does not know this payment's intent. Try again later.");
  return { payment: stored!, intent };
}

/**
 * Once an order is refunded in full, its later payments still open (asked for, never paid) can no
 * longer be paid: each intent is cancelled at the provider and the payment recorded `canceled`, only
 * from the status read (a payment that succeeded meanwhile stays, and can be refunded).
 */
export async function cancelOpenLaterPayments(db: Database, gateway: PaymentGateway, orderId: number) {
  const open = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), sql`${orderPayments.sequence} > 1 AND ${orderPayments.status} IN ('initiated', 'failed')`));
  for (const payment of open) await cancelLaterPayment(db, gateway, payment);
}

/**
 * Makes one later payment unpayable (asked for, never paid): its intent cancelled at the provider and
 * the payment recorded `canceled`, only from the status read. A payment the provider says succeeded
 * meanwhile is recorded as such instead (its status is returned).
 */
export async function cancelLaterPayment(
  db: Database,
  gateway: PaymentGateway,
  payment: Pick<OrderPaymentRow, "id" | "intentId" | "status">,
): Promise<PaymentStatus> {
  if (payment.status !== "initiated" && payment.status !== "failed") return payment.status;
  const intent = payment.intentId ? await gateway.cancelIntent(payment.intentId) : null;
  if (intent && intent.status !== "canceled") return recordLaterPaymentStatus(db, payment.id, intent);
  await db
    .update(orderPayments)
    .set({ status: "canceled" })
    .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, payment.status)));
  return "canceled";
}

/**
 * Records what the gateway says of a later payment (sequence 2 on; the checkout payment is recorded
 * through its order, orders.server.ts `recordIntentStatus`). The intent must be this payment's, for
 * its amount and currency. A succeeded payment never goes back; the change is made only from the
 * status read, and the success takes the payment's invoice number in the same batch.
 */
export async function recordLaterPaymentStatus(db: Database, paymentId: number, intent: Intent, now = new Date()): Promise<PaymentStatus> {
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  if (!payment) throw refuse.notFound("Payment not found");
  if (payment.sequence === 1) throw new Error("The checkout payment is recorded through its order");
  if (payment.intentId !== intent.id || intent.amountMinor !== payment.amountMinor || intent.currency.toUpperCase() !== payment.currency) {
    console.error("Payment intent does not match payment", { paymentId, intent: intent.id });
    return payment.status;
  }
  const next = orderStatusFor(intent);
  if ((PAID_STATUSES as readonly string[]).includes(payment.status) || next === payment.status) return payment.status;
  const read = and(eq(orderPayments.id, paymentId), eq(orderPayments.status, payment.status));
  const [changed] = await db.batch([
    db.update(orderPayments).set({ status: next }).where(read).returning({ id: orderPayments.id }),
    ...(next === "succeeded" ? [...paymentInvoiceStatements(db, paymentId, now), ...offerAcceptanceStatements(db, paymentId, now)] : []),
  ]);
  if (changed.length) return next;
  const [current] = await db.select({ status: orderPayments.status }).from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  return current?.status ?? payment.status;
}

/** The statements, after a later payment's success in its batch, that give it its invoice number (once: only while it has none). */
function paymentInvoiceStatements(db: Database, paymentId: number, now: Date) {
  const due = and(eq(orderPayments.id, paymentId), sql`${orderPayments.status} IN ${PAID_SQL}`, sql`${orderPayments.invoiceNumber} IS NULL`);
  const next = nextNumberQueries(db, "INV", sql`EXISTS (SELECT 1 FROM ${orderPayments} WHERE ${due})`, now);
  const seller = sql`(SELECT json_object('name', ${shopSettings.sellerName}, 'address', ${shopSettings.sellerAddress}, 'tax_id', ${shopSettings.sellerTaxId}, 'tax_name', ${shopSettings.taxName}) FROM ${shopSettings} WHERE ${shopSettings.id} = 1)`;
  return [...next.statements, db.update(orderPayments).set({ invoiceNumber: next.number, invoiceIssuedAt: now, sellerSnapshot: seller }).where(due)] as const;
}

/** Asks the gateway for a later payment's status and records it (its return from the payment step). */
export async function syncLaterPayment(db: Database, gateway: PaymentGateway, paymentId: number): Promise<PaymentStatus> {
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  if (!payment) throw refuse.notFound("Payment not found");
  if (!payment.intentId) return payment.status;
  const intent = await gateway.retrieveIntent(payment.intentId);
  return intent ? recordLaterPaymentStatus(db, paymentId, intent) : payment.status;
}
