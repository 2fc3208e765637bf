/** Live admin figures (beyond SPEC's static placeholders; DESIGN.md §7), in one D1 round trip. */
import { count, inArray, isNull, sql, sum } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, products } from "../../db/schema";
import { listOrders } from "./orders.server";

export async function getDashboard(db: Database) {
  const [[productCount], [orderCount], revenue] = await db.batch([
    db.select({ total: count() }).from(products).where(isNull(products.archivedAt)),
    db.select({ total: count() }).from(orders),
    db
      .select({ currency: orders.currency, amountMinor: sum(orders.amountMinor).mapWith(Number), paid: count() })
      .from(orders)
      .where(inArray(orders.paymentStatus, ["succeeded", "completed"]))
      .groupBy(orders.currency)
      .orderBy(sql`2 DESC`),
  ]);
  const recent = await listOrders(db, {}, 1, 5);
  return { totalProducts: productCount?.total ?? 0, totalOrders: orderCount?.total ?? 0, revenue, recentOrders: recent.data };
}
