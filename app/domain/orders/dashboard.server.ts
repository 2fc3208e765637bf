/** Live admin figures (beyond SPEC's static placeholders; docs/design.md §7), in one D1 round trip, from the kept counts. */
import { and, count, inArray, lt } from "drizzle-orm";
import { SHOP_LOCALE } from "~/lib/shop";
import type { Database } from "../../../db/client";
import { orders } from "../../../db/schema";
import { recentOrdersQuery, toOrderViews } from "./orders.server";
import { countOf, keptFigureQuery, keptScopeQuery } from "../counts/kept-counts.server";

/** Time-dependent figures are counted, not kept: up to this many rows each, then shown as "1,000+". */
export const COUNTED_FIGURE_CAP = 1_000;
const formatCount = (n: number) => n.toLocaleString(SHOP_LOCALE);

export async function getDashboard(db: Database, now = Date.now()) {
  const [products, allOrders, paid, refunds, recent, subscribers, work, [overdue]] = await db.batch([
    keptFigureQuery(db, "on_sale"),
    keptFigureQuery(db, "orders"),
    keptScopeQuery(db, "paid"),
    keptScopeQuery(db, "refunds"),
    recentOrdersQuery(db, 5),
    keptFigureQuery(db, "subscribers"),
    // The studio's work: what waits on the customer, what is in production, what is late.
    keptScopeQuery(db, "work_status", ["awaiting_brief", "in_progress", "revision_requested", "delivered"]),
    // Late work: orders in production past their due date, read by orders_work_status_idx, at most COUNTED_FIGURE_CAP rows.
    db.select({ total: count() }).from(
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.workStatus, ["in_progress", "revision_requested"]), lt(orders.dueAt, new Date(now))))
        .limit(COUNTED_FIGURE_CAP)
        .as("late"),
    ),
  ]);
  const overdueCount = overdue?.total ?? 0;
  // Revenue is what was paid less what was refunded, per currency.
  const revenue = paid
    .filter((p) => p.n > 0)
    .sort((a, b) => b.minor - a.minor)
    .map((p) => {
      const refunded = refunds.find((r) => r.key === p.key);
      return { currency: p.key, amountMinor: p.minor - (refunded?.minor ?? 0), paid: p.n, refunded: refunded?.n ?? 0 };
    });
  const inStatus = (status: string) => work.find((w) => w.key === status)?.n ?? 0;
  return {
    totalProducts: countOf(products),
    totalOrders: countOf(allOrders),
    revenue,
    recentOrders: toOrderViews(recent),
    subscribers: countOf(subscribers),
    work: {
      awaitingBrief: inStatus("awaiting_brief"),
      inProduction: inStatus("in_progress") + inStatus("revision_requested"),
      overdue: overdueCount,
      /** As the page writes it: "1,000+" at the cap. */
      overdueText: overdueCount >= COUNTED_FIGURE_CAP ? `${formatCount(COUNTED_FIGURE_CAP)}+` : formatCount(overdueCount),
      awaitingReview: inStatus("delivered"),
    },
  };
}
