/** Live admin figures (beyond SPEC's static placeholders; DESIGN.md §7), in one D1 round trip. */
import { count, inArray, isNull, sql, sum } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscriptions, orders, products } from "../../db/schema";
import { recentOrdersQuery, toOrderViews } from "./orders.server";

export async function getDashboard(db: Database) {
  const [[productCount], [orderCount], revenue, recent, [subscriberCount]] = await db.batch([
    db.select({ total: count() }).from(products).where(isNull(products.archivedAt)),
    db.select({ total: count() }).from(orders),
    db
      .select({ currency: orders.currency, amountMinor: sum(orders.amountMinor).mapWith(Number), paid: count() })
      .from(orders)
      .where(inArray(orders.paymentStatus, ["succeeded", "completed"]))
      .groupBy(orders.currency)
      .orderBy(sql`2 DESC`),
    recentOrdersQuery(db, 5),
    db.select({ total: count() }).from(newsletterSubscriptions),
  ]);
  return {
    totalProducts: productCount?.total ?? 0,
    totalOrders: orderCount?.total ?? 0,
    revenue,
    recentOrders: toOrderViews(recent),
    subscribers: subscriberCount?.total ?? 0,
  };
}
