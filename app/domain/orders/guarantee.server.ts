/**
 * The first-order money-back guarantee (what the signup page promises): within GUARANTEE_DAYS of
 * paying for their first order, a customer whose order is not completed may ask for a full refund
 * and gets it at once, without waiting for the studio: the refund service's whole refund (credit
 * note, email, open work cancelled), exactly once (one idempotency key per order, so simultaneous
 * requests make one refund). An order in stages with stages approved refunds what is not approved,
 * as stopping does (stop.server.ts; under the same key `stop-{id}`, so the two never both refund), and the work is cancelled: the
 * approved stages' files stay the customer's, and their maker keeps what they earned.
 */
import { and, eq, isNotNull, lt, ne } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders } from "../../../db/schema";
import type { MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { isRefusal, refuse } from "../refusal";
import { cancelOpenLaterPayments } from "../payments/order-payments.server";
import { refundOrder, refundSummary } from "./refunds.server";
import { claimClosingRefund, releaseClosingRefund } from "./closing-refunds.server";
import { notApprovedQuote, refundNotApproved } from "./stop.server";
import { getWorkState, moveWork } from "./work-state.server";

export const GUARANTEE_DAYS = 30;
const DAY_MS = 86_400_000;

export const GUARANTEE_MESSAGES = {
  notFirst: "The money-back guarantee covers a customer's first order only.",
  tooLate: `The money-back guarantee can be claimed within ${GUARANTEE_DAYS} days of paying.`,
  notPaid: "This order has not been paid.",
  completed: "This order is completed: the guarantee no longer applies.",
  refunded: "This order has been refunded already.",
} as const;

export const GUARANTEE_REASON = "First-order money-back guarantee";

type GuaranteeOrder = { id: number; userId: number; paymentStatus: string; workStatus: string; invoiceIssuedAt: Date | null };

/** Why the guarantee does not apply to this order now, or null when it does. */
async function guaranteeRefusal(db: Database, order: GuaranteeOrder, now: number): Promise<string | null> {
  if (order.paymentStatus === "refunded") return GUARANTEE_MESSAGES.refunded;
  if (order.paymentStatus !== "succeeded" || !order.invoiceIssuedAt) return GUARANTEE_MESSAGES.notPaid;
  if (order.workStatus === "completed") return GUARANTEE_MESSAGES.completed;
  if (now > order.invoiceIssuedAt.getTime() + GUARANTEE_DAYS * DAY_MS) return GUARANTEE_MESSAGES.tooLate;
  // The first order is the first one paid (its invoice issued first).
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), isNotNull(orders.invoiceIssuedAt), lt(orders.invoiceIssuedAt, order.invoiceIssuedAt)))
    .limit(1);
  return earlier ? GUARANTEE_MESSAGES.notFirst : null;
}

async function customerOrder(db: Database, userId: number, orderId: number): Promise<GuaranteeOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      paymentStatus: orders.paymentStatus,
      workStatus: orders.workStatus,
      invoiceIssuedAt: orders.invoiceIssuedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order ?? null;
}

/**
 * What the order page offers now: null when the guarantee does not apply; otherwise, for an order in
 * stages with stages approved, what comes back and the approved stages kept (`notApproved`), else
 * null there (all that is left comes back).
 */
export async function guaranteeAvailable(
  db: Database,
  userId: number,
  orderId: number,
  now = Date.now(),
): Promise<{ notApproved: { amountMinor: number; currency: string; kept: string[] } | null } | null> {
  const order = await customerOrder(db, userId, orderId);
  if (order === null || (await guaranteeRefusal(db, order, now)) !== null) return null;
  return { notApproved: await notApprovedQuote(db, await getWorkState(db, orderId, { kind: "customer", id: userId })) };
}

/** The customer claims the guarantee: `not_found` for another's order, `conflict` with the reason when it does not apply. */
export async function claimGuarantee(db: Database, gateway: PaymentGateway, userId: number, orderId: number, notice: MailNotice, now = Date.now()) {
  const order = await customerOrder(db, userId, orderId);
  if (!order) throw refuse.notFound("Order not found");
  const refusal = await guaranteeRefusal(db, order, now);
  if (refusal) throw refuse.conflict(refusal);
  // The refund is claimed by a write that re-checks the order as read (still paid, not completed):
  // an approval that landed meanwhile wins, and approval is refused while the refund is made.
  const claimed = await claimClosingRefund(db, orderId, and(eq(orders.userId, userId), eq(orders.paymentStatus, "succeeded")), now);
  if (!claimed) {
    const again = await customerOrder(db, userId, orderId);
    throw refuse.conflict((again && (await guaranteeRefusal(db, again, now))) ?? GUARANTEE_MESSAGES.completed);
  }
  const state = await getWorkState(db, orderId, { kind: "customer", id: userId });
  try {
    const partial = await refundNotApproved(db, gateway, notice, state, { key: `stop-${orderId}`, reason: GUARANTEE_NOT_APPROVED_REASON }, now);
    if (partial === null)
      return await refundOrder(db, gateway, orderId, null, { reason: GUARANTEE_REASON, idempotencyKey: `guarantee-${orderId}` }, notice, now);
  } catch (error) {
    await releaseClosingRefund(db, orderId, now);
    throw error;
  }
  // The approved stages are kept: the refund left them paid, so the work is cancelled here (again
  // once if another move took the version meanwhile), and a later payment never paid is closed.
  for (let attempt = 0; ; attempt++) {
    try {
      await moveWork(
        db,
        orderId,
        "cancel",
        { kind: "system", id: null },
        {
          note: `${GUARANTEE_REASON}: the stages not approved are refunded`,
          now,
          changes: { closingRefundAt: null, dueAt: null, overdueAt: null },
        },
      );
      break;
    } catch (error) {
      if (!isRefusal(error) || attempt > 0) throw error;
    }
  }
  await cancelOpenLaterPayments(db, gateway, orderId);
  return refundSummary(db, orderId);
}

export const GUARANTEE_NOT_APPROVED_REASON = `${GUARANTEE_REASON}: the stages not approved`;
