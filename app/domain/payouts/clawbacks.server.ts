/**
 * Clawbacks (ADR 039): money the customer got back after the order earned takes back the creator's
 * share of its net part. A refund's clawback is written by the ledger's trigger when the refund is
 * recorded (migration 0052); a lost dispute's here, by the same rule. Either way never more than is
 * left of the earning, once per refund or dispute (the ledger's key), and a `payouts` row settles it
 * (transfers.server.ts: a reversal, or set against what is not yet paid).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderPayments, orderRefunds, orders } from "../../../db/schema";
import { refundTaxPart } from "../money/tax-rules";
import { earningOf } from "~/lib/rules/payouts";

/** The share of a lost dispute's amount taken back from the order's creator (its tax part first set aside); the amount written, 0 when nothing was. */
export async function clawBackLostDispute(
  db: Database,
  orderId: number,
  { disputeId, amountMinor }: { disputeId: string; amountMinor: number },
): Promise<number> {
  const [order] = await db
    .select({
      totalMinor: orders.amountMinor,
      taxMinor: orders.taxMinor,
      refundedMinor: orders.refundedMinor,
      refundedTaxMinor: orders.refundedTaxMinor,
      shareBasisPoints: orders.creatorShareBasisPoints,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.shareBasisPoints) return 0;
  const disputed = Math.min(Math.max(0, amountMinor), order.totalMinor - order.refundedMinor);
  const net = disputed - refundTaxPart(disputed, order, order);
  const share = earningOf(net, order.shareBasisPoints);
  if (share <= 0) return 0;
  // The order's own earnings and clawbacks: a change's (keys `change-…`) are its payment's, taken back by its own disputes.
  const left = sql`(e."amount_minor" + coalesce((SELECT sum(c."amount_minor") FROM "ledger_entries" c WHERE c."order_id" = e."order_id" AND c."kind" = 'clawback' AND c."idempotency_key" NOT LIKE 'change-%'), 0))`;
  const written = await db.all<{ amount_minor: number }>(sql`
    INSERT INTO "ledger_entries" ("creator_id", "order_id", "kind", "amount_minor", "currency", "idempotency_key", "reason", "basis_minor")
    SELECT e."creator_id", e."order_id", 'clawback', -min(${share}, ${left}), e."currency", ${`clawback-dispute-${disputeId}`}, 'A dispute the studio lost', ${-net}
    FROM (
      -- What the order earned in all (its stages' earnings and its completion's), the creator of the latest.
      SELECT l."order_id", l."currency", sum(l."amount_minor") AS "amount_minor",
        (SELECT n."creator_id" FROM "ledger_entries" n WHERE n."order_id" = l."order_id" AND n."kind" = 'earning' AND n."idempotency_key" NOT LIKE 'change-%' ORDER BY n."id" DESC LIMIT 1) AS "creator_id"
      FROM "ledger_entries" l WHERE l."order_id" = ${orderId} AND l."kind" = 'earning' AND l."idempotency_key" NOT LIKE 'change-%' GROUP BY l."order_id", l."currency"
    ) e WHERE ${left} > 0
    ON CONFLICT ("idempotency_key") DO NOTHING
    RETURNING "amount_minor"`);
  return written.length ? -written[0]!.amount_minor : 0;
}

/**
 * A lost dispute of a change's payment: the share of its net part taken back from that change's
 * earning (`change-earning-{payment}`), never more than is left of it after its refunds' and
 * disputes' clawbacks, once per dispute. The amount written, 0 when nothing was.
 */
export async function clawBackLostChangeDispute(
  db: Database,
  paymentId: number,
  { disputeId, amountMinor }: { disputeId: string; amountMinor: number },
): Promise<number> {
  const [found] = await db
    .select({
      totalMinor: orderPayments.amountMinor,
      taxMinor: orderPayments.taxMinor,
      refundedMinor: sql<number>`coalesce((SELECT sum(r.amount_minor) FROM ${orderRefunds} r WHERE r.payment_id = ${orderPayments.id} AND r.status = 'succeeded'), 0)`,
      refundedTaxMinor: sql<number>`coalesce((SELECT sum(r.tax_minor) FROM ${orderRefunds} r WHERE r.payment_id = ${orderPayments.id} AND r.status = 'succeeded'), 0)`,
      shareBasisPoints: orders.creatorShareBasisPoints,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.purpose, "change")))
    .limit(1);
  if (!found?.shareBasisPoints) return 0;
  const disputed = Math.min(Math.max(0, amountMinor), found.totalMinor - found.refundedMinor);
  const net = disputed - refundTaxPart(disputed, found, found);
  const share = earningOf(net, found.shareBasisPoints);
  if (share <= 0) return 0;
  const left = changeEarningLeft(paymentId);
  const written = await db.all<{ amount_minor: number }>(sql`
    INSERT INTO "ledger_entries" ("creator_id", "order_id", "kind", "amount_minor", "currency", "idempotency_key", "reason", "basis_minor")
    SELECT e."creator_id", e."order_id", 'clawback', -min(${share}, ${left}), e."currency", ${`change-clawback-dispute-${paymentId}-${disputeId}`}, 'A dispute the studio lost', ${-net}
    FROM "ledger_entries" e WHERE e."idempotency_key" = ${`change-earning-${paymentId}`} AND ${left} > 0
    ON CONFLICT ("idempotency_key") DO NOTHING
    RETURNING "amount_minor"`);
  return written.length ? -written[0]!.amount_minor : 0;
}

/** What is left of a change's earning (row `e`): less its refunds' clawbacks and its disputes'. */
function changeEarningLeft(paymentId: number) {
  return sql`(e."amount_minor" + coalesce((SELECT sum(c."amount_minor") FROM "ledger_entries" c WHERE c."order_id" = e."order_id" AND c."kind" = 'clawback'
    AND (c."idempotency_key" IN (SELECT 'change-clawback-' || r."id" FROM "order_refunds" r WHERE r."payment_id" = ${paymentId})
      OR c."idempotency_key" LIKE ${`change-clawback-dispute-${paymentId}-%`})), 0))`;
}
