/**
 * A consumer's cancellation (withdrawal) within CANCELLATION_DAYS of paying, the EU-style
 * withdrawal function of the order page and `POST /orders/{id}/cancel`:
 * - before production started (awaiting the brief, or scheduled): a full refund at once, through the
 *   refund service (credit note, email, work cancelled);
 * - after work started at the customer's request: a cancellation request the studio answers within
 *   CANCELLATION_ANSWER_DAYS with a proportionate refund and a note of the work done
 *   (`answerCancellation`); unanswered, the scheduled run refunds it in full (`refundUnansweredCancellations`);
 * - once the order is completed, or for an order billed to a business: not offered.
 */
import { and, eq, isNull, lte, notInArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders, type PaymentStatus } from "../../../db/schema";
import { buysAsBusiness } from "~/lib/rules/buyer";
import { CANCELLATION_ANSWER_DAYS, CANCELLATION_DAYS, CANCELLATION_MESSAGES } from "~/lib/rules/cancellation-rules";
import { decimalToMinor } from "~/lib/money-decimal";
import type { CancellationAnswerInput } from "~/lib/schemas/refund";
import { decideWorkMove, type WorkStatus } from "~/lib/rules/work-status";
import { readBillingSnapshot } from "../money/billing-snapshot";
import { queueWorkEmail, type MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { isRefusal, refuse } from "../refusal";
import { getWorkState, moveWork } from "./work-state.server";
import { notApprovedQuote, refundNotApproved } from "./stop.server";
import { cancelOpenLaterPayments } from "../payments/order-payments.server";
import { refundOrder, refundSummary } from "./refunds.server";
import { cancellationOpen, claimClosingRefund, releaseClosingRefund } from "./closing-refunds.server";

const DAY_MS = 86_400_000;
/** Production has not started: cancelling refunds everything at once. */
const NOT_STARTED: readonly WorkStatus[] = ["awaiting_brief", "scheduled"];

export const CANCELLATION_REASON = "Cancelled by the customer within 14 days, before work started";
export const UNANSWERED_REASON = `Cancellation not answered within ${CANCELLATION_ANSWER_DAYS} days: refunded in full`;
export const UNANSWERED_NOT_APPROVED_REASON = `Cancellation not answered within ${CANCELLATION_ANSWER_DAYS} days: the stages not approved are refunded`;

const cancellationColumns = {
  id: orders.id,
  userId: orders.userId,
  paymentStatus: orders.paymentStatus,
  workStatus: orders.workStatus,
  paidAt: orders.invoiceIssuedAt,
  startWorkNow: orders.startWorkNow,
  billingSnapshot: orders.billingSnapshot,
  requestedAt: orders.cancellationRequestedAt,
  answeredAt: orders.cancellationAnsweredAt,
  withdrawnAt: orders.cancellationWithdrawnAt,
  amountMinor: orders.amountMinor,
  refundedMinor: orders.refundedMinor,
  currency: orders.currency,
};
interface CancellationOrder {
  id: number;
  userId: number;
  paymentStatus: PaymentStatus;
  workStatus: WorkStatus;
  paidAt: Date | null;
  startWorkNow: boolean;
  billingSnapshot: string | null;
  requestedAt: Date | null;
  answeredAt: Date | null;
  withdrawnAt: Date | null;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
}

export type CancellationOffer =
  /** Offered now: what it does, until when, and what is left to come back (all of it, for `refund`; at most, for `request`). */
  | { kind: "refund" | "request"; until: string; backMinor: number; currency: string }
  /** Asked already: the studio's answer is due by then. */
  | { kind: "requested"; answerBy: string }
  | null;

async function readOrder(db: Database, orderId: number, userId?: number) {
  const [row] = await db
    .select(cancellationColumns)
    .from(orders)
    .where(userId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Why the customer cannot cancel this order now, or what cancelling does. */
function decide(order: CancellationOrder, now: number): { ok: false; message: string } | { ok: true; kind: "refund" | "request" } {
  if (order.paymentStatus === "refunded") return { ok: false, message: CANCELLATION_MESSAGES.refundedAlready };
  if (order.workStatus === "cancelled") return { ok: false, message: CANCELLATION_MESSAGES.cancelled };
  if (!order.paidAt || !["succeeded", "completed"].includes(order.paymentStatus)) return { ok: false, message: CANCELLATION_MESSAGES.notPaid };
  if (order.workStatus === "completed") return { ok: false, message: CANCELLATION_MESSAGES.completed };
  if (buysAsBusiness(readBillingSnapshot(order.billingSnapshot) ?? {})) return { ok: false, message: CANCELLATION_MESSAGES.notConsumer };
  if (order.requestedAt) return { ok: false, message: CANCELLATION_MESSAGES.alreadyRequested };
  if (now > order.paidAt.getTime() + CANCELLATION_DAYS * DAY_MS) return { ok: false, message: CANCELLATION_MESSAGES.tooLate };
  return { ok: true, kind: NOT_STARTED.includes(order.workStatus) ? "refund" : "request" };
}

/** What the order page offers: cancel (and what it does), the request's answer date, or nothing. Null for another's order too. */
export async function cancellationOffer(db: Database, userId: number, orderId: number, now = Date.now()): Promise<CancellationOffer> {
  const order = await readOrder(db, orderId, userId);
  if (!order) return null;
  if (order.requestedAt && !order.answeredAt && !order.withdrawnAt) {
    return { kind: "requested", answerBy: new Date(order.requestedAt.getTime() + CANCELLATION_ANSWER_DAYS * DAY_MS).toISOString() };
  }
  const decision = decide(order, now);
  if (!decision.ok) return null;
  // At most what is not approved, for an order in stages with stages approved.
  const notApproved = await notApprovedQuote(db, await getWorkState(db, orderId, { kind: "customer", id: userId }));
  return {
    kind: decision.kind,
    until: new Date(order.paidAt!.getTime() + CANCELLATION_DAYS * DAY_MS).toISOString(),
    backMinor: notApproved ? notApproved.amountMinor : (await refundSummary(db, orderId)).remainingMinor,
    currency: order.currency,
  };
}

/**
 * The customer cancels: `refunded` (before production: all of it back, at once) or `requested` (the
 * studio answers). `not_found` for another's order; `conflict` with the reason when it is not
 * possible (any longer). Exactly once: the refund has one key per order, the request is recorded
 * only where none was.
 */
export async function cancelOrder(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  notice: MailNotice,
  now = Date.now(),
): Promise<"refunded" | "requested"> {
  const order = await readOrder(db, orderId, userId);
  if (!order) throw refuse.notFound("Order not found");
  const decision = decide(order, now);
  if (!decision.ok) throw refuse.conflict(decision.message);
  if (decision.kind === "refund") {
    await refundOrder(db, gateway, orderId, null, { reason: CANCELLATION_REASON, idempotencyKey: `withdrawal-${orderId}` }, notice, now);
    return "refunded";
  }
  const [recorded] = await db
    .update(orders)
    .set({ cancellationRequestedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), isNull(orders.cancellationRequestedAt), eq(orders.workStatus, order.workStatus)))
    .returning({ id: orders.id });
  if (!recorded) {
    // Another request (or a move of the work) got there first: say what holds now.
    const again = await readOrder(db, orderId, userId);
    const next = again ? decide(again, now) : null;
    throw refuse.conflict(next && !next.ok ? next.message : CANCELLATION_MESSAGES.alreadyRequested);
  }
  await queueWorkEmail(db, notice, orderId, "cancellation_requested");
  await queueWorkEmail(db, notice, orderId, "cancellation_to_answer");
  return "requested";
}

/**
 * The studio answers a cancellation request: refunds `amount` (major units; "0" for nothing) with
 * the note of the work done, and the order's work is cancelled. `conflict` when there is no open
 * request; `invalid` for an amount above what is left.
 */
export async function answerCancellation(
  db: Database,
  gateway: PaymentGateway,
  adminId: number,
  orderId: number,
  answer: CancellationAnswerInput,
  notice: MailNotice,
  now = Date.now(),
) {
  const order = await readOrder(db, orderId);
  if (!order) throw refuse.notFound("Order not found");
  if (!order.requestedAt || order.answeredAt || order.withdrawnAt) throw refuse.conflict(CANCELLATION_MESSAGES.noRequest);
  const amountMinor = decimalToMinor(answer.amount, order.currency);
  if (amountMinor === null) {
    const message = `amount must be in ${order.currency}, with at most its decimals`;
    throw refuse.invalid(message, [message]);
  }
  // The request must still be open when the answer is claimed (approval may have withdrawn it).
  if (!(await claimClosingRefund(db, orderId, cancellationOpen, now))) throw refuse.conflict(CANCELLATION_MESSAGES.noRequest);
  await settleClaimed(
    db,
    gateway,
    order,
    { amountMinor, amount: answer.amount, reason: `Cancellation: ${String(answer.note)}`, actor: { kind: "admin", id: adminId } },
    notice,
    now,
  );
  await queueWorkEmail(db, notice, orderId, "cancellation_answered");
}

/** `settle` under the order's closing-refund claim: a refund the gateway refuses lets the claim go (nothing left the shop). */
async function settleClaimed(...args: Parameters<typeof settle>) {
  try {
    await settle(...args);
  } catch (error) {
    await releaseClosingRefund(args[0], args[2].id, args[5]);
    throw error;
  }
}

/**
 * Refunds `amountMinor` (if any) and closes the request: the answer recorded and the work cancelled
 * (unless the refund, being all that was left, cancelled it already).
 */
async function settle(
  db: Database,
  gateway: PaymentGateway,
  order: CancellationOrder,
  refund: { amountMinor: number; amount?: string; reason: string; actor: { kind: "admin" | "system"; id: number | null } },
  notice: MailNotice,
  now: number,
) {
  const key = `withdrawal-answer-${order.id}`;
  if (refund.amountMinor > 0) {
    await refundOrder(db, gateway, order.id, refund.actor.id, { reason: refund.reason, amount: refund.amount, idempotencyKey: key }, notice, now);
  }
  const [current] = await db.select({ workStatus: orders.workStatus }).from(orders).where(eq(orders.id, order.id)).limit(1);
  const answered = { cancellationAnsweredAt: new Date(now) };
  if (current && decideWorkMove(current.workStatus, "cancel", refund.actor.kind).ok) {
    try {
      await moveWork(db, order.id, "cancel", refund.actor, { note: refund.reason, now, changes: answered });
      return;
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
  }
  await db
    .update(orders)
    .set(answered)
    .where(and(eq(orders.id, order.id), isNull(orders.cancellationAnsweredAt)));
}

/**
 * The timer's part: a cancellation request the studio left unanswered for CANCELLATION_ANSWER_DAYS is
 * refunded in full (what is left) and the order cancelled. Returns how many were refunded.
 */
export async function refundUnansweredCancellations(db: Database, gateway: PaymentGateway, notice: MailNotice, now = Date.now(), limit = 50): Promise<number> {
  // Read by orders_cancellation_open_idx: open requests only (of work still open: a request left on an
  // order the studio refunded and cancelled otherwise would be picked, and refused, by every run).
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(cancellationOpen, lte(orders.cancellationRequestedAt, unansweredBefore(now)), notInArray(orders.workStatus, ["completed", "cancelled"])))
    .limit(limit);
  let refunded = 0;
  for (const { id } of due) if (await refundUnansweredCancellation(db, gateway, notice, id, now)) refunded++;
  return refunded;
}

const unansweredBefore = (now: number) => new Date(now - CANCELLATION_ANSWER_DAYS * DAY_MS);

/**
 * The timer's act on one order it picked: the refund is claimed by a write that re-checks what the
 * pick read (the request still open and unanswered for CANCELLATION_ANSWER_DAYS, the work neither
 * completed nor cancelled), so an approval or an answer that came meanwhile wins and nothing is
 * refunded. True when the order was refunded and cancelled by this call.
 */
export async function refundUnansweredCancellation(db: Database, gateway: PaymentGateway, notice: MailNotice, orderId: number, now = Date.now()) {
  const still = and(cancellationOpen, lte(orders.cancellationRequestedAt, unansweredBefore(now)));
  if (!(await claimClosingRefund(db, orderId, still, now))) return false;
  const order = await readOrder(db, orderId);
  if (!order) return false;
  try {
    // An order in stages with stages approved: what is not approved comes back (as stopping), the approved stages are kept.
    const state = await getWorkState(db, orderId, { kind: "system", id: null });
    const partial = await refundNotApproved(db, gateway, notice, state, { key: `stop-${order.id}`, reason: UNANSWERED_NOT_APPROVED_REASON }, now);
    if (partial === null && (await refundSummary(db, order.id)).remainingMinor > 0) {
      await refundOrder(db, gateway, order.id, null, { reason: UNANSWERED_REASON, idempotencyKey: `withdrawal-answer-${order.id}` }, notice, now);
    }
    await settle(
      db,
      gateway,
      order,
      { amountMinor: 0, reason: partial === null ? UNANSWERED_REASON : UNANSWERED_NOT_APPROVED_REASON, actor: { kind: "system", id: null } },
      notice,
      now,
    );
    // A later payment asked for and never paid cannot be paid on a cancelled order.
    if (partial !== null) await cancelOpenLaterPayments(db, gateway, orderId);
    return true;
  } catch (error) {
    await releaseClosingRefund(db, orderId, now);
    if (!isRefusal(error)) throw error;
    return false;
  }
}
