/** Live admin figures (beyond SPEC's static placeholders; DESIGN.md §7), in one D1 round trip. */
import { count, inArray, sql, sum } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterSubscriptions, orders, products } from "../../../db/schema";
import { recentOrdersQuery, toOrderViews } from "./orders.server";
import { refundTotalsQuery } from "./refunds.server";
import { onSale } from "../catalogue/products.server";

export async function getDashboard(db: Database, now = Date.now()) {
  const [[productCount], [orderCount], paid, refunds, recent, [subscriberCount], [work]] = await db.batch([
    db.select({ total: count() }).from(products).where(onSale()),
    db.select({ total: count() }).from(orders),
    db
      .select({ currency: orders.currency, amountMinor: sum(orders.amountMinor).mapWith(Number), paid: count() })
      .from(orders)
      .where(inArray(orders.paymentStatus, ["succeeded", "completed", "refunded"]))
      .groupBy(orders.currency)
      .orderBy(sql`2 DESC`),
    refundTotalsQuery(db),
    recentOrdersQuery(db, 5),
    db.select({ total: count() }).from(newsletterSubscriptions),
    // The studio's work: what waits on the customer, what is in production, what is late.
    db
      .select({
        awaitingBrief: sql<number>`coalesce(sum(${orders.workStatus} = 'awaiting_brief'), 0)`,
        inProduction: sql<number>`coalesce(sum(${orders.workStatus} IN ('in_progress', 'revision_requested')), 0)`,
        overdue: sql<number>`coalesce(sum(${orders.workStatus} IN ('in_progress', 'revision_requested') AND ${orders.dueAt} < ${now}), 0)`,
        awaitingReview: sql<number>`coalesce(sum(${orders.workStatus} = 'delivered'), 0)`,
      })
      .from(orders),
  ]);
  // Revenue is what was paid less what was refunded, per currency.
  const revenue = paid.map((p) => {
    const refunded = refunds.find((r) => r.currency === p.currency);
    return { currency: p.currency, amountMinor: p.amountMinor - (refunded?.amountMinor ?? 0), paid: p.paid, refunded: refunded?.refunds ?? 0 };
  });
  return {
    totalProducts: productCount?.total ?? 0,
    totalOrders: orderCount?.total ?? 0,
    revenue,
    recentOrders: toOrderViews(recent),
    subscribers: subscriberCount?.total ?? 0,
    work: {
      awaitingBrief: work?.awaitingBrief ?? 0,
      inProduction: work?.inProduction ?? 0,
      overdue: work?.overdue ?? 0,
      awaitingReview: work?.awaitingReview ?? 0,
    },
  };
}
