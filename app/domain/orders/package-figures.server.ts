/**
 * Each package's figures from its real orders (median days to first delivery, share delivered on
 * time, revisions used), counted once per order in the batch of the move that completes it, so a
 * page reads a few rows per package however many orders there are. Never typed in; never recomputed
 * from all orders on a page view (`recountPackageFigures` is for the seed and the reconciliation test).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { orders, packageDeliveryDays, packageFigures, packages, products } from "../../../db/schema";
import { rowOf } from "../../../db/insert-select";
import { DELIVERY_DAYS_BUCKETS, FIGURES_MIN_ORDERS, toPackageFigures, type PackageFigures } from "../../lib/rules/package-figures";
import { packageName } from "../../lib/rules/packages";
import { totalPagesFor } from "../../lib/pagination";

const DAY_MS = 86_400_000;

// Of one order: whole days from work start to first delivery (bucketed as `deliveryDaysBucket` does),
// and whether that was within the promised days. Constants inline (D1 binds numbers as reals).
const DAY = sql.raw(String(DAY_MS));
const BUCKET = sql<number>`min(${sql.raw(String(DELIVERY_DAYS_BUCKETS))}, max(1, (${orders.firstDeliveredAt} - ${orders.workStartedAt} + ${sql.raw(String(DAY_MS - 1))}) / ${DAY}))`;
const ON_TIME = sql<number>`(${orders.firstDeliveredAt} <= ${orders.workStartedAt} + ${orders.deliveryDays} * ${DAY})`;
/** An order that can be measured: bought with a package still on sale, started and delivered. */
const MEASURABLE = and(isNotNull(orders.packageId), isNotNull(orders.workStartedAt), isNotNull(orders.firstDeliveredAt))!;

/**
 * The statements that count order `orderId` into its package's figures, each only where `held`
 * (the completing move landed in the same batch: `moveHeld`).
 */
export function countCompletionStatements(db: Database, orderId: number, held: SQL): BatchItem<"sqlite">[] {
  const one = and(eq(orders.id, orderId), MEASURABLE, held);
  return [
    db
      .insert(packageFigures)
      .select(
        db
          .select(
            rowOf(packageFigures, {
              packageId: orders.packageId,
              completed: sql`1`,
              onTime: ON_TIME,
              revisionsUsed: orders.revisionsUsed,
              onTimePermille: sql`${ON_TIME} * 1000`,
              version: sql`0`,
            }),
          )
          .from(orders)
          .where(one),
      )
      .onConflictDoUpdate({
        target: packageFigures.packageId,
        set: {
          completed: sql`${packageFigures.completed} + 1`,
          onTime: sql`${packageFigures.onTime} + excluded.on_time`,
          revisionsUsed: sql`${packageFigures.revisionsUsed} + excluded.revisions_used`,
          onTimePermille: sql`(${packageFigures.onTime} + excluded.on_time) * 1000 / (${packageFigures.completed} + 1)`,
        },
      }),
    db
      .insert(packageDeliveryDays)
      .select(
        db
          .select(rowOf(packageDeliveryDays, { packageId: orders.packageId, days: BUCKET, orders: sql`1`, version: sql`0` }))
          .from(orders)
          .where(one),
      )
      .onConflictDoUpdate({ target: [packageDeliveryDays.packageId, packageDeliveryDays.days], set: { orders: sql`${packageDeliveryDays.orders} + 1` } }),
  ];
}

/** Figures for these packages (null where fewer than FIGURES_MIN_ORDERS completed): one row per package, then the day counts of those shown. */
export async function figuresForPackages(db: Database, packageIds: number[]): Promise<Map<number, PackageFigures>> {
  const shown = new Map<number, PackageFigures>();
  if (packageIds.length === 0) return shown;
  const counts = await db
    .select()
    .from(packageFigures)
    .where(and(inArray(packageFigures.packageId, packageIds), gte(packageFigures.completed, FIGURES_MIN_ORDERS)));
  if (counts.length === 0) return shown;
  const buckets = await db
    .select()
    .from(packageDeliveryDays)
    .where(
      inArray(
        packageDeliveryDays.packageId,
        counts.map((c) => c.packageId),
      ),
    );
  for (const row of counts) {
    const figures = toPackageFigures(
      row,
      buckets.filter((b) => b.packageId === row.packageId),
    );
    if (figures) shown.set(row.packageId, figures);
  }
  return shown;
}

export interface PackageBelowPromise {
  package_id: number;
  product_id: number;
  product_title: string;
  package_name: string;
  delivery_days: number;
  figures: PackageFigures;
}

export const BELOW_PROMISE_PAGE_SIZE = 10;

/** The admin dashboard's list: packages with enough completed orders, lowest on-time share first (paginated). */
export async function packagesBelowPromise(db: Database, page: number, pageSize = BELOW_PROMISE_PAGE_SIZE) {
  const eligible = gte(packageFigures.completed, FIGURES_MIN_ORDERS);
  const [rows, [total]] = await db.batch([
    db
      .select({
        packageId: packageFigures.packageId,
        completed: packageFigures.completed,
        onTime: packageFigures.onTime,
        revisionsUsed: packageFigures.revisionsUsed,
        productId: packages.productId,
        position: packages.position,
        deliveryDays: packages.deliveryDays,
        productTitle: products.title,
      })
      .from(packageFigures)
      .innerJoin(packages, eq(packages.id, packageFigures.packageId))
      .innerJoin(products, eq(products.id, packages.productId))
      .where(eligible)
      .orderBy(asc(packageFigures.onTimePermille), asc(packageFigures.packageId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(packageFigures).where(eligible),
  ]);
  const buckets = rows.length
    ? await db
        .select()
        .from(packageDeliveryDays)
        .where(
          inArray(
            packageDeliveryDays.packageId,
            rows.map((r) => r.packageId),
          ),
        )
    : [];
  const data: PackageBelowPromise[] = rows.flatMap((row) => {
    const figures = toPackageFigures(
      row,
      buckets.filter((b) => b.packageId === row.packageId),
    );
    return figures
      ? [
          {
            package_id: row.packageId,
            product_id: row.productId,
            product_title: row.productTitle,
            package_name: packageName(row.position),
            delivery_days: row.deliveryDays,
            figures,
          },
        ]
      : [];
  });
  return { data, totalPages: totalPagesFor(total?.n ?? 0, pageSize), page };
}

/**
 * Counts every completed order again, from the rows: the seed's start, and what the reconciliation
 * test compares the kept counts with. Reads every completed order: never on a page view.
 */
export async function recountPackageFigures(db: Database) {
  const completed = and(eq(orders.workStatus, "completed"), MEASURABLE);
  await db.batch([
    db.delete(packageFigures),
    db.delete(packageDeliveryDays),
    db.insert(packageFigures).select(
      db
        .select(
          rowOf(packageFigures, {
            packageId: orders.packageId,
            completed: sql`count(*)`,
            onTime: sql`sum(${ON_TIME})`,
            revisionsUsed: sql`sum(${orders.revisionsUsed})`,
            onTimePermille: sql`sum(${ON_TIME}) * 1000 / count(*)`,
            version: sql`0`,
          }),
        )
        .from(orders)
        .where(completed)
        .groupBy(orders.packageId),
    ),
    db.insert(packageDeliveryDays).select(
      db
        .select(rowOf(packageDeliveryDays, { packageId: orders.packageId, days: BUCKET, orders: sql`count(*)`, version: sql`0` }))
        .from(orders)
        .where(completed)
        .groupBy(orders.packageId, BUCKET),
    ),
  ]);
}
