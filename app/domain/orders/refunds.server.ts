/**
 * Refunds: the studio gives back all or part of what a paid order charged, with a reason, through
 * the payment gateway; several partial refunds may follow each other until nothing is left. An order
 * may have several payments (order-payments.server.ts): a refund names the payment it refunds, and a
 * refund of the order spreads over its payments, newest first, a row (and a credit note) each. Exactly
 * once, however often it is asked:
 * - each request has a key (the API's `Idempotency-Key`, or the screen form's): the same key finds
 *   the same refund, whatever happened to the first request (its part of a further payment has the
 *   key `<key><U+001F><payment id>`; a replay makes what the first request had not made yet);
 * - a refund is claimed (a `pending` row) before the gateway is called, at most one per order at a
 *   time (a second request meanwhile gets 409), and only for what is left (the claim's insert
 *   checks it in the same statement);
 * - the gateway is called with the refund row's own key (a retry after a lost answer gets the same
 *   refund back), and a claim a crashed request left behind is finished by the next request;
 * - recording is one batch, made only while the row is still pending: the row done with its tax
 *   part (its payment's) and its credit note number, the order's refunded sums raised, and, when
 *   nothing is left of the order, the payment `refunded` (and open work cancelled, the state machine's `cancel`).
 * A refund the provider reports on its own (Stripe's `charge.refunded`, e.g. one made in its
 * dashboard) is recorded through the same function.
 */
import { isRefusal, refuse } from "../refusal";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderPayments, orderRefunds, orders } from "../../../db/schema";
import { decideWorkMove } from "~/lib/rules/work-status";
import { formatMoney } from "~/lib/money";
import { decimalToMinor } from "~/lib/money-decimal";
import { randomToken } from "~/domain/crypto.server";
import { moveHeld, moveWork } from "./work-state.server";
import { queueWorkEmail, type MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { SHOP_ACTOR, type Actor } from "./work-events.server";
import { nextNumberQueries } from "../money/invoice-numbers.server";
import { refundTaxPart } from "../money/tax-rules";
import { refundsQuery, toRefundView, type RefundView } from "./refund-views.server";
import {
  cancelOpenLaterPayments,
  orderPaymentsOf,
  paymentsQuery,
  paymentTotals,
  toPayments,
  PAID_STATUSES,
  type OrderPayment,
} from "../payments/order-payments.server";

export { refundsQuery, toRefundView, type RefundView } from "./refund-views.server";

/** A claim older than this was left by a request that never finished: the next request finishes it. */
export const REFUND_CLAIM_STALE_MS = 2 * 60_000;

export const REFUNDABLE = ["succeeded", "completed"] as const;

export const ALREADY_REFUNDED = "This order has already been refunded.";
export const NOTHING_LEFT = "Nothing is left to refund on this order.";
export const REFUND_UNDER_WAY = "A refund of this order is already under way. Reload the page in a moment.";

type RefundRow = typeof orderRefunds.$inferSelect;

/**
 * A request's part on a further payment is keyed `<key><US><payment id>`: the unit separator (U+001F)
 * cannot be in a request's key (an HTTP header's value, or a key the screens make), so no request's
 * key is another's part.
 */
const PART = "\u001f";
const partKey = (key: string, paymentId: number) => `${key}${PART}${paymentId}`;
/** The rows of a request: its key's, and its parts'. */
const underKey = (key: string) =>
  sql`(${orderRefunds.idempotencyKey} = ${key} OR substr(${orderRefunds.idempotencyKey}, 1, ${key.length + 1}) = ${key + PART})`;

/** What went back (recorded) under a request's key, its parts included. */
export async function refundedUnderKey(db: Database, orderId: number, key: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderRefunds.amountMinor}), 0)` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), underKey(key), eq(orderRefunds.status, "succeeded")));
  return row?.total ?? 0;
}

export interface RefundRequest {
  reason: string;
  /** How much, in major units as the API writes amounts ("250.00"); absent: all that is left. */
  amount?: string | undefined;
  /** The request's key; absent: a new one (the request cannot be retried as the same refund). */
  idempotencyKey?: string | undefined;
  /** `vat`: all the tax not yet refunded goes back alone (its credit note has no net part; `amount` is ignored); default `refund`. */
  kind?: "refund" | "vat";
  /** Only the checkout payment (a stop after a stage refunds the stages bought with it, never later work). */
  checkoutPaymentOnly?: boolean;
}

/**
 * An admin refunds all or part of a paid order. Refusals: `not_found` (no such order), `conflict`
 * (not paid, nothing left, another refund under way, or the provider refused: nothing written then,
 * so the admin can try again), `invalid` (more than is left, named). Returns the refunds so far.
 */
export async function refundOrder(
  db: Database,
  gateway: PaymentGateway,
  orderId: number,
  /** The admin who refunds; null: the shop itself, under a policy (the first-order guarantee). */
  adminId: number | null,
  request: RefundRequest,
  notice: MailNotice,
  now = Date.now(),
): Promise<{ refunds: RefundView[]; remainingMinor: number; currency: string }> {
  const key = request.idempotencyKey ?? `once-${randomToken(12)}`;
  const [order] = await db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, intentId: orders.paymentIntentId, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw refuse.notFound("Order not found");

  // The same key again: the refund it made (finished now if its request did not get that far), and
  // any part the first request had not made yet (with an amount: up to it; without: all that is left).
  const same = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), underKey(key)));
  let asked = request.amount === undefined || request.kind === "vat" ? undefined : validAmount(request.amount, order.currency);
  if (same.length) {
    for (const row of same) if (row.status === "pending") await finishClaim(db, gateway, row, notice, now);
    const made = same.reduce((sum, row) => sum + row.amountMinor, 0);
    if (asked !== undefined && made >= asked) return refundSummary(db, orderId);
    if (asked !== undefined) asked -= made;
    else if ((await refundSummary(db, orderId)).remainingMinor <= 0 || request.kind === "vat") return refundSummary(db, orderId);
  }
  // Refunded in full, unless a later payment was paid since (its money can still go back).
  if (order.paymentStatus === "refunded" && (await refundSummary(db, orderId)).remainingMinor <= 0) throw refuse.conflict(ALREADY_REFUNDED);
  if (!([...REFUNDABLE, "refunded"] as readonly string[]).includes(order.paymentStatus) || !order.intentId) {
    throw refuse.conflict(`Cannot refund this order: its payment is ${order.paymentStatus}.`);
  }

  // A claim a crashed request left behind is finished first (its gateway key makes that safe).
  const [stale] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending"), lt(orderRefunds.claimedAt, new Date(now - REFUND_CLAIM_STALE_MS))))
    .limit(1);
  if (stale) {
    await finishClaim(db, gateway, stale, notice, now);
    // Asked for all that was left, and the crashed request's refund was exactly that: done.
    const summary = await refundSummary(db, orderId);
    if (request.amount === undefined && summary.remainingMinor <= 0) return summary;
  }

  // The payments with something left, newest first: a refund takes from the latest work first.
  const payments = (await orderPaymentsOf(db, orderId))
    .filter((p) => (PAID_STATUSES as readonly string[]).includes(p.status) && (!request.checkoutPaymentOnly || p.sequence === 1))
    .reverse();
  const kind = request.kind ?? "refund";
  const leftOf = (p: OrderPayment) => (kind === "vat" ? p.taxMinor - p.refundedTaxMinor : p.amountMinor - p.claimedMinor);
  const open = payments.filter((p) => leftOf(p) > 0);
  // Spread over several payments, the whole is checked first (one payment's claim checks itself).
  if (asked !== undefined && open.length > 1) {
    const left = open.reduce((sum, p) => sum + leftOf(p), 0);
    if (asked > left) throw tooMuch(left, order.currency);
  }
  // One payment alone (every order before its first change): exactly the claim the order always had.
  const parts = open.length ? open : payments.slice(0, 1);
  let rest = asked;
  for (const [index, payment] of parts.entries()) {
    if (rest !== undefined && rest <= 0) break;
    const part = rest === undefined ? undefined : parts.length === 1 ? rest : Math.min(rest, leftOf(payment));
    const claim = await claimRefund(
      db,
      {
        orderId,
        paymentId: payment.id,
        adminId,
        key: index === 0 && !same.length ? key : partKey(key, payment.id),
        reason: request.reason,
        amountMinor: part,
        currency: order.currency,
        kind,
      },
      now,
    );
    await finishClaim(db, gateway, claim, notice, now);
    if (rest !== undefined) rest -= claim.amountMinor;
  }
  const summary = await refundSummary(db, orderId);
  // Refunded in full: a later payment still open (asked for, not paid) can no longer be paid.
  if (summary.remainingMinor <= 0) await cancelOpenLaterPayments(db, gateway, orderId);
  return summary;
}

/**
 * What a refund form asks for, before it is made (the studio confirms the amount first): the amount
 * in minor units (all that is left when none is given), and whether that is all that is left.
 * Refuses as `refundOrder` would: `invalid` for an amount of zero, with too many decimals or above
 * what is left; `conflict` when nothing is.
 */
export async function quoteRefund(db: Database, orderId: number, amount: string | undefined): Promise<{ amountMinor: number; currency: string; all: boolean }> {
  const { remainingMinor, currency } = await refundSummary(db, orderId);
  if (remainingMinor <= 0) throw refuse.conflict(NOTHING_LEFT);
  const amountMinor = amount === undefined ? remainingMinor : validAmount(amount, currency);
  if (amountMinor > remainingMinor) throw tooMuch(remainingMinor, currency);
  return { amountMinor, currency, all: amountMinor === remainingMinor };
}

/** An amount the studio typed, in minor units; refused when zero or with more decimals than its currency has. */
function validAmount(amount: string, currency: string): number {
  const amountMinor = decimalToMinor(amount, currency);
  if (amountMinor === null || amountMinor === 0) {
    const message = `The amount must be above zero in ${currency}, with at most its decimals`;
    throw refuse.invalid(message, [message]);
  }
  return amountMinor;
}

function tooMuch(leftMinor: number, currency: string) {
  const most = `The refund can be at most ${formatMoney(leftMinor, currency)}, what is left of this order.`;
  return refuse.invalid(most, [most]);
}

/** The tax a payment charged that has not gone back (what a VAT-only refund of it gives back). */
function taxLeftSql(paymentId: number) {
  return sql<number>`(SELECT ${orderPayments.taxMinor} FROM ${orderPayments} WHERE ${orderPayments.id} = ${paymentId}) - (SELECT coalesce(sum(${orderRefunds.taxMinor}), 0) FROM ${orderRefunds} WHERE ${orderRefunds.paymentId} = ${paymentId} AND ${orderRefunds.status} = 'succeeded')`;
}

/** What is left to refund of a payment (what it charged less what went back and what is being refunded). */
function leftSql(paymentId: number) {
  return sql<number>`(SELECT ${orderPayments.amountMinor} FROM ${orderPayments} WHERE ${orderPayments.id} = ${paymentId}) - (SELECT coalesce(sum(${orderRefunds.amountMinor}), 0) FROM ${orderRefunds} WHERE ${orderRefunds.paymentId} = ${paymentId})`;
}

/**
 * Claims a refund row of a payment for `amountMinor` (all that is left of it when absent). The insert
 * itself checks what is left and that no other refund of the order is pending, so two requests at
 * once cannot both claim, nor claim more than was paid. The row carries its payment's tax rate and
 * country: its credit note corrects that payment's invoice.
 */
async function claimRefund(
  db: Database,
  claim: {
    orderId: number;
    paymentId: number;
    adminId: number | null;
    key: string;
    reason: string;
    amountMinor: number | undefined;
    currency: string;
    kind: "refund" | "vat";
  },
  now: number,
): Promise<RefundRow> {
  // A VAT-only refund is all the tax not yet refunded, read in the insert itself (never a figure read
  // earlier, which a refund recorded meanwhile would have made too large).
  const amount = claim.kind === "vat" ? taxLeftSql(claim.paymentId) : claim.amountMinor === undefined ? leftSql(claim.paymentId) : sql`${claim.amountMinor}`;
  const inserted = await db.run(sql`
    INSERT INTO ${orderRefunds} (order_id, payment_id, tax_rate_bp, tax_country, status, kind, amount_minor, currency, reason, source, admin_id, idempotency_key, claimed_at)
    SELECT ${claim.orderId}, p.id, p.tax_rate_bp, p.tax_country, 'pending', ${claim.kind}, ${amount}, ${claim.currency}, ${claim.reason}, 'admin', ${claim.adminId}, ${claim.key}, ${now}
    FROM ${orderPayments} p WHERE p.id = ${claim.paymentId} AND p.order_id = ${claim.orderId} AND ${amount} > 0 AND ${amount} <= ${leftSql(claim.paymentId)}
    ON CONFLICT DO NOTHING`);
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, claim.orderId), eq(orderRefunds.idempotencyKey, claim.key)))
    .limit(1);
  if (row && (inserted.meta.changes > 0 || row.status === "pending")) return row;
  // Not claimed: say why.
  const [pending] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, claim.orderId), eq(orderRefunds.status, "pending")))
    .limit(1);
  if (pending) throw refuse.conflict(REFUND_UNDER_WAY);
  const { remainingMinor } = await refundSummary(db, claim.orderId);
  if (remainingMinor <= 0) throw refuse.conflict(NOTHING_LEFT);
  throw tooMuch(remainingMinor, claim.currency);
}

/** Asks the gateway for a claimed refund (its own key: a repeat gets the same refund) and records it; on a refusal the claim is let go. */
async function finishClaim(db: Database, gateway: PaymentGateway, claim: RefundRow, notice: MailNotice, now: number) {
  const [payment] = await db
    .select({ intentId: orderPayments.intentId })
    .from(orderPayments)
    .where(claim.paymentId === null ? and(eq(orderPayments.orderId, claim.orderId), eq(orderPayments.sequence, 1)) : eq(orderPayments.id, claim.paymentId))
    .limit(1);
  let refund;
  try {
    refund = await gateway.refund({
      intentId: payment!.intentId!,
      amountMinor: claim.amountMinor,
      idempotencyKey: `refund-${claim.orderId}-${claim.id}`,
      reason: claim.reason,
      metadata: { order_id: String(claim.orderId), refund_id: String(claim.id) },
    });
  } catch (error) {
    // The provider refused (a `Refusal`): nothing was refunded, so the claim goes and the admin can try
    // again. Any other failure (a timeout, a lost connection) may have refunded: the claim stays
    // pending, and the next request finishes it with the same gateway key once it is stale, so a
    // refund the provider did make is found rather than made twice.
    if (isRefusal(error)) {
      await db.delete(orderRefunds).where(and(eq(orderRefunds.id, claim.id), eq(orderRefunds.status, "pending"), eq(orderRefunds.claimedAt, claim.claimedAt)));
    }
    throw error;
  }
  await recordRefund(db, claim.id, { providerRefundId: refund.id, actor: claim.adminId ? { kind: "admin", id: claim.adminId } : SHOP_ACTOR }, notice, now);
}

/**
 * Records a refund the gateway made, in one batch and only while its row is pending: the row done
 * (its tax part, its credit note number), the order's refunded sums raised, and when nothing is left
 * the payment `refunded` and open work cancelled. Idempotent: a replayed webhook or a second
 * recording changes nothing and tells no one twice. True when this call recorded it.
 */
export async function recordRefund(
  db: Database,
  refundId: number,
  { providerRefundId, actor }: { providerRefundId: string; actor: Actor },
  notice: MailNotice,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select({
      refund: orderRefunds,
      workStatus: orders.workStatus,
      taxCalculationId: orders.taxCalculationId,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId))
    .limit(1);
  if (!row || row.refund.status !== "pending") return false;
  const { refund } = row;
  const orderId = refund.orderId;
  const payments = await orderPaymentsOf(db, orderId);
  const payment = payments.find((p) => (refund.paymentId === null ? p.sequence === 1 : p.id === refund.paymentId));
  if (!payment) return false;
  // The VAT given back once a buyer's VAT number verified is all tax; any other refund carries its
  // share of its payment's tax.
  const taxPart =
    refund.kind === "vat" ? refund.amountMinor : refundTaxPart(refund.amountMinor, { totalMinor: payment.amountMinor, taxMinor: payment.taxMinor }, payment);
  // Nothing left of the order once this is recorded: every payment refunded in full.
  const empties = paymentTotals(payments).remainingMinor - refund.amountMinor <= 0;
  // The order's own refunded figures are its checkout payment's (like its `order_amount`); a later
  // payment's refunds are its refund rows'.
  const at = new Date(now);
  const pending = and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending"));
  const creditNote = nextNumberQueries(db, "CN", sql`EXISTS (SELECT 1 FROM ${orderRefunds} WHERE ${pending})`, at);
  const sums =
    payment.sequence === 1
      ? { refundedMinor: sql`${orders.refundedMinor} + ${refund.amountMinor}`, refundedTaxMinor: sql`${orders.refundedTaxMinor} + ${taxPart}`, updatedAt: at }
      : { updatedAt: at };
  const rowDone = (extra?: ReturnType<typeof moveHeld>) =>
    db
      .update(orderRefunds)
      .set({
        status: "succeeded",
        providerRefundId,
        // Its payment, and that payment's rate and country, with the credit note (a row claimed
        // before payments were their own model names none yet).
        paymentId: payment.id,
        taxRateBasisPoints: payment.taxRateBasisPoints,
        taxCountry: payment.taxCountry,
        refundedAt: at,
        taxMinor: taxPart,
        creditNoteNumber: creditNote.number,
        // Stripe Tax records the refund against the order's sale (tax-records.server.ts): the checkout payment's.
        taxRecordPending: row.taxCalculationId !== null && payment.sequence === 1,
      })
      .where(and(pending, extra))
      .returning({ id: orderRefunds.id });
  // A later payment refunded in full is `refunded` (the checkout payment's status is its order's).
  const paymentDone = db
    .update(orderPayments)
    .set({ status: "refunded" })
    .where(
      and(
        eq(orderPayments.id, payment.id),
        sql`${orderPayments.sequence} > 1 AND ${orderPayments.status} IN ('succeeded', 'completed')`,
        sql`${orderPayments.amountMinor} <= (SELECT coalesce(sum(${orderRefunds.amountMinor}), 0) FROM ${orderRefunds} WHERE ${orderRefunds.paymentId} = ${payment.id} AND ${orderRefunds.status} = 'succeeded')`,
      ),
    );

  if (empties && decideWorkMove(row.workStatus, "cancel", actor.kind).ok) {
    try {
      await moveWork(db, orderId, "cancel", actor, {
        note: `Cancelled and refunded: ${refund.reason}`,
        now,
        changes: { ...sums, paymentStatus: "refunded" },
        alongside: (state) => [...creditNote.statements, rowDone(moveHeld(orderId, state)), paymentDone],
      });
      await queueWorkEmail(db, notice, orderId, "refunded");
      return true;
    } catch (error) {
      // The work moved meanwhile (approved, say): the money still went back, so record the payment alone.
      if (!isRefusal(error)) throw error;
    }
  }
  const [changed] = await db.batch([
    db
      .update(orders)
      .set({
        ...sums,
        ...(empties
          ? { paymentStatus: sql`CASE WHEN ${orders.paymentStatus} IN ('succeeded', 'completed') THEN 'refunded' ELSE ${orders.paymentStatus} END` }
          : {}),
      })
      .where(and(eq(orders.id, orderId), sql`EXISTS (SELECT 1 FROM ${orderRefunds} WHERE ${pending})`))
      .returning({ id: orders.id }),
    ...creditNote.statements,
    rowDone(),
    paymentDone,
  ]);
  if (changed.length) await queueWorkEmail(db, notice, orderId, empties ? "refunded" : "partly_refunded");
  return changed.length > 0;
}

/**
 * Refunds the provider reports of one payment's charge (`charge.refunded`, with what the charge has
 * refunded in all): what the shop has not recorded of it yet is recorded once, whether the studio asked
 * for it here (its pending claim is completed) or in the provider's dashboard (a row is made for it).
 */
export async function recordProviderRefund(
  db: Database,
  paymentId: number,
  { providerRefundId, refundedInAllMinor }: { providerRefundId: string; refundedInAllMinor: number | null },
  notice: MailNotice,
  now = Date.now(),
) {
  const [found] = await db.select({ orderId: orderPayments.orderId }).from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  if (!found) return false;
  const { orderId } = found;
  const payment = (await orderPaymentsOf(db, orderId)).find((p) => p.id === paymentId);
  if (!payment) return false;
  const [pending] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending")))
    .limit(1);
  const unrecorded = (refundedInAllMinor ?? payment.amountMinor) - payment.refundedMinor;
  if (pending && pending.paymentId === paymentId && pending.amountMinor === unrecorded) {
    return recordRefund(db, pending.id, { providerRefundId, actor: SHOP_ACTOR }, notice, now);
  }
  if (unrecorded <= 0) return false;
  // Another refund of the order is under way: this one is recorded once it is done (the provider
  // asks again: the webhook answers 503 and its event is not taken as applied).
  if (pending) throw refuse.unavailable(REFUND_UNDER_WAY);
  const key = `provider-${providerRefundId}`;
  await db
    .insert(orderRefunds)
    .values({
      orderId,
      paymentId,
      taxRateBasisPoints: payment.taxRateBasisPoints,
      taxCountry: payment.taxCountry,
      status: "pending",
      source: "provider",
      amountMinor: Math.min(unrecorded, payment.amountMinor - payment.refundedMinor),
      currency: payment.currency,
      reason: "Refunded at the payment provider",
      idempotencyKey: key,
      claimedAt: new Date(now),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)))
    .limit(1);
  return row ? recordRefund(db, row.id, { providerRefundId, actor: SHOP_ACTOR }, notice, now) : false;
}

/** An order's refunds and what is left to refund (of all its payments). */
export async function refundSummary(db: Database, orderId: number) {
  const [[order], rows, paymentRows] = await db.batch([
    db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId)).limit(1),
    refundsQuery(db, orderId),
    paymentsQuery(db, orderId),
  ]);
  if (!order) throw refuse.notFound("Order not found");
  return { refunds: rows.map(toRefundView), remainingMinor: paymentTotals(toPayments(paymentRows)).remainingMinor, currency: order.currency };
}
