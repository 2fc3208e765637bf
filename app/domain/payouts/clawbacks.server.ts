/**
 * Clawbacks (ADR 039): money the customer got back after the order earned takes back the creator's
 * share of its net part. A refund's clawback is written by the ledger's trigger when the refund is
 * recorded (migration 0052); a lost dispute's here, by the same rule. Either way never more than is
 * left of the earning, once per refund or dispute (the ledger's key), and a `payouts` row settles it
 * (transfers.server.ts: a reversal, or set against what is not yet paid).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders } from "../../../db/schema";
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
  const left = sql`(e."amount_minor" + coalesce((SELECT sum(c."amount_minor") FROM "ledger_entries" c WHERE c."order_id" = e."order_id" AND c."kind" = 'clawback'), 0))`;
  const written = await db.all<{ amount_minor: number }>(sql`
    INSERT INTO "ledger_entries" ("creator_id", "order_id", "kind", "amount_minor", "currency", "idempotency_key", "reason", "basis_minor")
    SELECT e."creator_id", e."order_id", 'clawback', -min(${share}, ${left}), e."currency", ${`clawback-dispute-${disputeId}`}, 'A dispute the studio lost', ${-net}
    FROM (
      -- What the order earned in all (its stages' earnings and its completion's), the creator of the latest.
      SELECT l."order_id", l."currency", sum(l."amount_minor") AS "amount_minor",
        (SELECT n."creator_id" FROM "ledger_entries" n WHERE n."order_id" = l."order_id" AND n."kind" = 'earning' ORDER BY n."id" DESC LIMIT 1) AS "creator_id"
      FROM "ledger_entries" l WHERE l."order_id" = ${orderId} AND l."kind" = 'earning' GROUP BY l."order_id", l."currency"
    ) e WHERE ${left} > 0
    ON CONFLICT ("idempotency_key") DO NOTHING
    RETURNING "amount_minor"`);
  return written.length ? -written[0]!.amount_minor : 0;
}
