/**
 * An order's open cancellation request and the claim of a whole refund that closes the order, as
 * conditions the writes that act on them carry (so a timer, the studio and the customer cannot act
 * on a state that changed under them):
 * - a request is open while it is neither answered by the studio nor withdrawn (approving the
 *   delivery withdraws it);
 * - a refund that closes the order (a cancellation's, the first-order guarantee's) is claimed in one
 *   conditional write before the gateway is called; approval is refused while the claim holds, and
 *   a claim older than CLOSING_REFUND_STALE_MS was left by a run that never finished (the next run,
 *   or the studio, takes it over: the refund's own key makes the gateway's refund happen once).
 */
import { and, eq, isNotNull, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders } from "../../../db/schema";

export const CLOSING_REFUND_STALE_MS = 15 * 60_000;

export const CLOSING_REFUND_UNDER_WAY = "The refund of this order is being made: it can no longer be approved.";

/** True where the order has a cancellation request nobody has answered or withdrawn. */
export const cancellationOpen: SQL = and(
  isNotNull(orders.cancellationRequestedAt),
  isNull(orders.cancellationAnsweredAt),
  isNull(orders.cancellationWithdrawnAt),
)!;

/** Whether a claim made at `claimedAt` still holds at `now`. */
export function closingRefundHeld(claimedAt: Date | null, now: number): boolean {
  return claimedAt !== null && claimedAt.getTime() >= now - CLOSING_REFUND_STALE_MS;
}

/** True where no whole refund of the order is being made (none claimed, or the claim went stale). */
export function noClosingRefund(now: number): SQL {
  return or(isNull(orders.closingRefundAt), lt(orders.closingRefundAt, new Date(now - CLOSING_REFUND_STALE_MS)))!;
}

/**
 * Claims (or renews) the whole refund that closes an order, in one conditional write: only while its
 * work is neither completed nor cancelled and `still` (the caller's own condition: the request
 * still open and due, the order still paid) holds. Two claimants at once may both hold it: what
 * they refund is made once by the refund's own key; the claim is what keeps approval out. True when
 * this call holds the claim.
 */
export async function claimClosingRefund(db: Database, orderId: number, still: SQL | undefined, now: number): Promise<boolean> {
  const [claimed] = await db
    .update(orders)
    .set({ closingRefundAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), notInArray(orders.workStatus, ["completed", "cancelled"]), still))
    .returning({ id: orders.id });
  return claimed !== undefined;
}

/** Lets a claim go (the refund was refused: nothing left the shop), so approval is possible again. */
export async function releaseClosingRefund(db: Database, orderId: number, now: number): Promise<void> {
  await db
    .update(orders)
    .set({ closingRefundAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.closingRefundAt, new Date(now))));
}

/** What approval sets beside the move: an open request withdrawn (and nothing else changed). */
export function withdrawOpenCancellation(now: number) {
  return sql`CASE WHEN ${cancellationOpen} THEN ${now} ELSE ${orders.cancellationWithdrawnAt} END`;
}
