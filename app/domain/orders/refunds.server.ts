/**
 * Refunds: the studio gives a paid order's whole amount back, with a reason, through the payment
 * gateway. Exactly once, however often it is asked: the order's refund row is claimed before the
 * gateway is called (a second request meanwhile gets 409), the gateway is called with one
 * idempotency key per order (a retry after a lost answer gets the same refund back), and the
 * recording only moves an order that is still paid. A refund the provider reports on its own
 * (Stripe's `charge.refunded`, e.g. one made in its dashboard) is recorded through the same function.
 *
 * A refund of an order whose work is still open also cancels the work, in the same batch (the
 * state machine's `cancel`); a completed order keeps its work status and only its payment changes.
 */
import { isRefusal, refuse } from "../refusal";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderRefunds, orders } from "../../../db/schema";
import { decideWorkMove } from "~/lib/work-status";
import { moveHeld, moveWork } from "./fulfilment.server";
import { queueWorkEmail, type MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { SHOP_ACTOR, type Actor } from "./work-events.server";

/** A claim older than this was left by a request that never finished: the next request takes it over. */
export const REFUND_CLAIM_STALE_MS = 2 * 60_000;

const REFUNDABLE = ["succeeded", "completed"] as const;

export const ALREADY_REFUNDED = "This order has already been refunded.";
export const REFUND_UNDER_WAY = "A refund of this order is already under way. Reload the page in a moment.";

/**
 * An admin refunds a paid order: 404 for no such order, 409 when it is not paid, already refunded
 * or being refunded, 409 with the provider's message when the provider refuses, and nothing
 * written then (the claim is let go, so the admin can try again).
 */
export async function refundOrder(
  db: Database,
  gateway: PaymentGateway,
  orderId: number,
  adminId: number,
  reason: string,
  notice: MailNotice,
  now = Date.now(),
): Promise<void> {
  const [order] = await db
    .select({
      id: orders.id,
      paymentStatus: orders.paymentStatus,
      intentId: orders.paymentIntentId,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw refuse.notFound("Order not found");
  if (order.paymentStatus === "refunded") throw refuse.conflict(ALREADY_REFUNDED);
  if (!(REFUNDABLE as readonly string[]).includes(order.paymentStatus) || !order.intentId) {
    throw refuse.conflict(`Cannot refund this order: its payment is ${order.paymentStatus}.`);
  }

  const claimedAt = await claimRefund(db, { orderId, amountMinor: order.amountMinor, currency: order.currency, reason, adminId }, now);
  let refund;
  try {
    refund = await gateway.refund({
      intentId: order.intentId,
      amountMinor: order.amountMinor,
      idempotencyKey: `refund-order-${orderId}`,
      reason,
      metadata: { order_id: String(orderId) },
    });
  } catch (error) {
    // Let the claim go so that the admin can try again (the same key finds a refund the provider did make).
    await db.delete(orderRefunds).where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending"), eq(orderRefunds.claimedAt, claimedAt)));
    throw error;
  }
  await recordRefund(db, orderId, { providerRefundId: refund.id, actor: { kind: "admin", id: adminId }, reason }, notice, now);
}

/** Claims the order's one refund row; 409 while another request holds a fresh claim or the refund is done. */
async function claimRefund(
  db: Database,
  claim: { orderId: number; amountMinor: number; currency: string; reason: string; adminId: number },
  now: number,
): Promise<Date> {
  const claimedAt = new Date(now);
  const inserted = await db
    .insert(orderRefunds)
    .values({ ...claim, status: "pending", source: "admin", claimedAt })
    .onConflictDoNothing()
    .returning({ orderId: orderRefunds.orderId });
  if (inserted.length) return claimedAt;
  const taken = await db
    .update(orderRefunds)
    .set({ claimedAt, reason: claim.reason, adminId: claim.adminId })
    .where(and(eq(orderRefunds.orderId, claim.orderId), eq(orderRefunds.status, "pending"), lt(orderRefunds.claimedAt, new Date(now - REFUND_CLAIM_STALE_MS))))
    .returning({ orderId: orderRefunds.orderId });
  if (taken.length) return claimedAt;
  const [existing] = await db.select({ status: orderRefunds.status }).from(orderRefunds).where(eq(orderRefunds.orderId, claim.orderId)).limit(1);
  throw refuse.conflict(existing?.status === "succeeded" ? ALREADY_REFUNDED : REFUND_UNDER_WAY);
}

/**
 * Records a refund the gateway made: the refund row done, the payment `refunded`, and (while its
 * work is open) the work cancelled, in one batch. Idempotent: an order already refunded is left
 * as it is, so a replayed webhook or a second recording changes nothing and tells no one twice.
 */
export async function recordRefund(
  db: Database,
  orderId: number,
  { providerRefundId, actor, reason }: { providerRefundId: string; actor: Actor; reason: string },
  notice: MailNotice,
  now = Date.now(),
): Promise<boolean> {
  const refundDone = db
    .update(orderRefunds)
    .set({ status: "succeeded", providerRefundId, refundedAt: new Date(now) })
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending")));
  const paidToRefunded = db
    .update(orders)
    .set({ paymentStatus: "refunded", updatedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...REFUNDABLE])))
    .returning({ id: orders.id });

  const [current] = await db.select({ workStatus: orders.workStatus, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!current || current.paymentStatus === "refunded") {
    await refundDone;
    return false;
  }
  if (decideWorkMove(current.workStatus, "cancel", actor.kind).ok) {
    try {
      await moveWork(db, orderId, "cancel", actor, {
        note: `Cancelled and refunded: ${reason}`,
        now,
        changes: { paymentStatus: "refunded" },
        alongside: (state) => [
          db
            .update(orderRefunds)
            .set({ status: "succeeded", providerRefundId, refundedAt: new Date(now) })
            .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending"), moveHeld(orderId, state))),
        ],
      });
      await queueWorkEmail(db, notice, orderId, "refunded");
      return true;
    } catch (error) {
      // The work moved meanwhile (approved, say): the money still went back, so record the payment alone.
      if (!isRefusal(error)) throw error;
    }
  }
  const [, changed] = await db.batch([refundDone, paidToRefunded]);
  if (changed.length) await queueWorkEmail(db, notice, orderId, "refunded");
  return changed.length > 0;
}

/**
 * A refund the provider reports (`charge.refunded` for the whole amount): recorded once, whether the
 * studio asked for it here (its claim is completed) or in the provider's dashboard (a row is made).
 */
export async function recordProviderRefund(db: Database, orderId: number, providerRefundId: string, notice: MailNotice, now = Date.now()) {
  const [order] = await db.select({ amountMinor: orders.amountMinor, currency: orders.currency }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return false;
  const reason = "Refunded at the payment provider";
  await db
    .insert(orderRefunds)
    .values({ orderId, status: "pending", source: "provider", amountMinor: order.amountMinor, currency: order.currency, reason, claimedAt: new Date(now) })
    .onConflictDoNothing();
  const [row] = await db.select({ reason: orderRefunds.reason }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).limit(1);
  return recordRefund(db, orderId, { providerRefundId, actor: SHOP_ACTOR, reason: row?.reason ?? reason }, notice, now);
}

/** Refunded amounts per currency (the dashboard's revenue subtracts them). */
export function refundTotalsQuery(db: Database) {
  return db
    .select({ currency: orderRefunds.currency, amountMinor: sql<number>`sum(${orderRefunds.amountMinor})`.mapWith(Number), refunds: sql<number>`count(*)` })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, "succeeded"))
    .groupBy(orderRefunds.currency);
}
