/**
 * Counts and sums kept, not counted (ADR 029): `kept_counts` and `money_days`, kept by triggers
 * (migrations 0026, 0027) in the statement that changes what they count. Pages read them here;
 * `recount` says how each is computed from the rows (the reconciliation and the tests use it).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { keptCounts } from "../../../db/schema";

export type KeptScope = (typeof keptCounts.scope.enumValues)[number];

/** One kept figure (n and minor; zero when never counted), as a query for a caller's batch. */
export function keptFigureQuery(db: Database, scope: KeptScope, key = "") {
  return db
    .select({ n: keptCounts.n, minor: keptCounts.minor })
    .from(keptCounts)
    .where(and(eq(keptCounts.scope, scope), eq(keptCounts.key, key)))
    .limit(1);
}

/** Every kept figure of a scope (per work status, per currency…), as a query for a caller's batch. */
export function keptScopeQuery(db: Database, scope: KeptScope, keys?: string[]) {
  return db
    .select({ key: keptCounts.key, n: keptCounts.n, minor: keptCounts.minor })
    .from(keptCounts)
    .where(and(eq(keptCounts.scope, scope), keys ? inArray(keptCounts.key, keys) : undefined));
}

export const countOf = (rows: { n: number }[]) => rows[0]?.n ?? 0;

/** A kept count as a sub-select, for a statement that needs it in SQL (a page's offset, a count). */
export function keptCountSql(scope: KeptScope, key: string) {
  return sql<number>`coalesce((SELECT ${keptCounts.n} FROM ${keptCounts} WHERE ${keptCounts.scope} = ${scope} AND ${keptCounts.key} = ${key}), 0)`;
}
