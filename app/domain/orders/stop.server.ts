/**
 * Stopping an order made in stages right after an approval ("Approve and stop here", or
 * `POST /orders/{id}/stop`): the stages not started are refunded (one refund with its credit note,
 * under the order's one key `stop-{id}`, so a retry or a second tab refunds once), and the order
 * completes with the approved stages' files the customer's. The same claim as every refund that
 * closes an order keeps a delivery out while it is made; the completing move re-checks the stage
 * and the work version read, so a delivery that landed first wins and nothing is refunded.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderDeliveries, orders } from "../../../db/schema";
import type { MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { refuse } from "../refusal";
import { minorToDecimalString } from "~/lib/money-decimal";
import { stageAmounts } from "~/lib/rules/stages";
import { claimClosingRefund, releaseClosingRefund } from "./closing-refunds.server";
import { countCompletionStatements } from "./package-figures.server";
import { REFUNDABLE, refundedUnderKey, refundOrder } from "./refunds.server";
import { getWorkState, moveHeld, moveWork, type WorkState } from "./work-state.server";

export const STOP_MESSAGES = {
  notStaged: "This order is not made in stages: there is no stage to stop after.",
  nothingApproved: "Nothing is approved yet: an order can be stopped right after a stage's approval.",
  delivered: (stage: string) => `Cannot stop here: ${stage} has been delivered. Approve it, or ask for changes.`,
  notOpen: "Cannot stop this order: it is not in production on a stage.",
  notPaid: "Cannot stop this order: its payment is not complete.",
} as const;

/** The reason the refund and its credit note give. */
export const stopReason = (stage: string) => `Stopped after ${stage}: the stages not started are refunded`;

/**
 * What stopping now refunds of the checkout payment: all that is left of it but the approved stages'
 * part (their net part, and the tax still paid on it in the same proportion).
 */
export function stopRefundMinor(
  order: { amountMinor: number; subtotalMinor: number; discountMinor: number; taxMinor: number; refundedMinor: number; refundedTaxMinor: number },
  state: Pick<WorkState, "stages" | "stage">,
): number {
  const net = Math.max(0, order.subtotalMinor - order.discountMinor);
  const approved = stageAmounts(
    net,
    state.stages.map((s) => s.share),
  )
    .slice(0, state.stage)
    .reduce((sum, part) => sum + part, 0);
  const taxLeft = Math.max(0, order.taxMinor - order.refundedTaxMinor);
  const kept = approved + (net === 0 ? 0 : Math.round((taxLeft * approved) / net));
  return Math.max(0, order.amountMinor - order.refundedMinor - kept);
}

/** The stages approved so far of an order in stages (those before the stage in hand); none for an order in one piece. */
export function approvedStages(state: Pick<WorkState, "stages" | "stage" | "workStatus">): number {
  if (state.stages.length === 0) return 0;
  return state.workStatus === "completed" ? state.stages.length : state.stage;
}

/**
 * What a refund of "all that is not approved" gives back now (stopping, the first-order guarantee,
 * a withdrawal left unanswered): the checkout payment less the approved stages' part with its tax.
 * Null where nothing is approved (an order in one piece, or the first stage in hand): those refund all
 * that is left, as they always did.
 */
export async function notApprovedQuote(db: Database, state: WorkState): Promise<{ amountMinor: number; currency: string; kept: string[] } | null> {
  const approved = approvedStages(state);
  if (approved === 0) return null;
  const [order] = await db.select(STOP_ORDER).from(orders).where(eq(orders.id, state.id)).limit(1);
  if (!order) return null;
  return { amountMinor: stopRefundMinor(order, state), currency: order.currency, kept: state.stages.slice(0, approved).map((s) => s.name) };
}

/**
 * Refunds what is not approved of an order in stages, once under the order's one key `stop-{id}`
 * (whichever asks: stopping, the guarantee, an unanswered withdrawal; so two of them at once, or one
 * after another's refund stayed pending, refund once), a key the clawback trigger skips: the
 * creator's approved stages stay earned. The caller holds the order's closing-refund claim. Answers the amount refunded under the key (also when a retry
 * finds it made), or null where nothing is approved (the caller refunds as before).
 */
export async function refundNotApproved(
  db: Database,
  gateway: PaymentGateway,
  notice: MailNotice,
  state: WorkState,
  { key, reason }: { key: `stop-${number}`; reason: string },
  now: number,
): Promise<number | null> {
  if (approvedStages(state) === 0) return null;
  if ((await refundedUnderKey(db, state.id, key)) === 0) {
    // Read under the claim: a refund an admin made before it counts.
    const [order] = await db.select(STOP_ORDER).from(orders).where(eq(orders.id, state.id)).limit(1);
    const amount = stopRefundMinor(order!, state);
    if (amount > 0) {
      await refundOrder(
        db,
        gateway,
        state.id,
        null,
        { reason, amount: minorToDecimalString(amount, order!.currency), idempotencyKey: key, checkoutPaymentOnly: true },
        notice,
        now,
      );
    }
  }
  return refundedUnderKey(db, state.id, key);
}

const STOP_ORDER = {
  amountMinor: orders.amountMinor,
  subtotalMinor: orders.subtotalMinor,
  discountMinor: orders.discountMinor,
  taxMinor: orders.taxMinor,
  refundedMinor: orders.refundedMinor,
  refundedTaxMinor: orders.refundedTaxMinor,
  currency: orders.currency,
};

/** Why the order cannot be stopped now, or null. */
async function stopRefusal(db: Database, state: WorkState): Promise<string | null> {
  if (state.stages.length === 0) return STOP_MESSAGES.notStaged;
  if (!(REFUNDABLE as readonly string[]).includes(state.paymentStatus)) return STOP_MESSAGES.notPaid;
  if (state.workStatus !== "in_progress")
    return state.workStatus === "delivered" ? STOP_MESSAGES.delivered(state.stages[state.stage]!.name) : STOP_MESSAGES.notOpen;
  if (state.stage === 0) return STOP_MESSAGES.nothingApproved;
  const [delivered] = await db
    .select({ id: orderDeliveries.id })
    .from(orderDeliveries)
    .where(and(eq(orderDeliveries.orderId, state.id), eq(orderDeliveries.stage, state.stage)))
    .limit(1);
  return delivered ? STOP_MESSAGES.delivered(state.stages[state.stage]!.name) : null;
}

/**
 * The customer stops their order after its last approved stage. Refusals: `not_found` (not theirs),
 * `conflict` (not in stages, nothing approved, the stage in hand already delivered, the provider
 * refused: nothing refunded then). Returns the refund made.
 */
export async function stopAfterStage(db: Database, gateway: PaymentGateway, notice: MailNotice, orderId: number, customerId: number, now = Date.now()) {
  const customer = { kind: "customer" as const, id: customerId };
  const state = await getWorkState(db, orderId, customer);
  const refusal = await stopRefusal(db, state);
  if (refusal) throw refuse.conflict(refusal);
  const approvedStage = state.stages[state.stage - 1]!.name;
  // Claimed only while the order is as read (no delivery, no move since): approval and delivery are refused while the claim holds.
  const claimed = await claimClosingRefund(db, orderId, and(eq(orders.workVersion, state.workVersion), eq(orders.stage, state.stage)), now);
  if (!claimed) {
    const again = await stopRefusal(db, await getWorkState(db, orderId, customer));
    throw refuse.conflict(again ?? "The order changed while you were working on it. Please reload and try again.");
  }
  const key = `stop-${orderId}` as const;
  // A stop that refunded and then did not get to its move (a crash, a lost connection): the refund
  // under the order's one key is made; only the move is left to make.
  try {
    await refundNotApproved(db, gateway, notice, state, { key, reason: stopReason(approvedStage) }, now);
  } catch (error) {
    await releaseClosingRefund(db, orderId, now);
    throw error;
  }
  await moveWork(db, orderId, "stop", customer, {
    note: `Stopped after ${approvedStage}: ${state.stages
      .slice(state.stage)
      .map((s) => s.name)
      .join(", ")} refunded`,
    now,
    news: { notice, kind: "stopped" },
    changes: { closingRefundAt: null, dueAt: null, overdueAt: null },
    still: () => eq(orders.stage, state.stage),
    alongside: (read) => countCompletionStatements(db, orderId, moveHeld(orderId, read)),
  });
  return { refundedMinor: await refundedUnderKey(db, orderId, key) };
}

/** For the order page: what stopping now would refund. */
export async function stopQuote(db: Database, orderId: number, customerId: number): Promise<{ amountMinor: number; currency: string; after: string } | null> {
  const state = await getWorkState(db, orderId, { kind: "customer", id: customerId });
  if ((await stopRefusal(db, state)) !== null) return null;
  const [order] = await db.select(STOP_ORDER).from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ? { amountMinor: stopRefundMinor(order, state), currency: order.currency, after: state.stages[state.stage - 1]!.name } : null;
}
