import { drizzle } from "drizzle-orm/d1";
import { QueryBuilder } from "drizzle-orm/sqlite-core";

/**
 * A Drizzle client over the database or over one request's D1 session (same `prepare`/`batch` API).
 * Queries name their tables (`db.select().from(products)`), so the client is made without the
 * schema: with it, Drizzle would work out the relational-query config of every table on each
 * request (about a twentieth of a page's CPU), for a query API the shop does not use.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}

export type Database = ReturnType<typeof createDb>;

/** Drizzle's query builder without a client: for sub-queries and for statements built once. */
export const queryBuilder = new QueryBuilder();
