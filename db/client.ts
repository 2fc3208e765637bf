import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A Drizzle client over the database or over one request's D1 session (same `prepare`/`batch` API). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export type Database = ReturnType<typeof createDb>;
