import { Column, fillPlaceholders, is, type SQL } from "drizzle-orm";
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

/** What a statement built once may select: table columns, and SQL named with `.as(...)`. */
type Selection = Record<string, Column | SQL.Aliased>;
type BuiltSelect = { toSQL(): { sql: string; params: unknown[] }; _: { result: unknown[] } };

/**
 * How to read a row of `selection` from D1, which returns each row as an object keyed by column
 * name: each field's column name and its decoder (JSON text, timestamps), worked out once.
 */
function rowReader(selection: Selection) {
  const fields = Object.entries(selection).map(([key, field]) =>
    is(field, Column)
      ? { key, name: field.name, decode: (value: unknown) => field.mapFromDriverValue(value) }
      : { key, name: field.fieldAlias, decode: (value: unknown) => value },
  );
  const names = fields.map((field) => field.name);
  const clash = names.find((name, i) => names.indexOf(name) !== i);
  if (clash) throw new Error(`Two selected columns are named "${clash}": D1 would return only one; name one with .as(...)`);
  return (row: Record<string, unknown>) => {
    const read: Record<string, unknown> = {};
    for (const { key, name, decode } of fields) {
      const value = row[name];
      read[key] = value === null || value === undefined ? null : decode(value);
    }
    return read;
  };
}

/**
 * A read the busiest pages send on every request, built once. Drizzle turns a query into SQL anew
 * each time it runs and maps each row field by field through its generic checks: on the catalogue
 * that was about a tenth of the page's CPU (docs/perf.md, ADR 021). Here Drizzle still writes the
 * SQL from the schema, but once per isolate, from `build(selection)`: what changes between
 * requests is a `sql.placeholder(name)`, which `bind` fills for the request's D1 client (its
 * session), ready for `db.$client.batch`; `rowsOf` reads that statement's result as Drizzle would.
 */
export function builtOnce<Fields extends Selection, Query extends BuiltSelect>(selection: Fields, build: (selection: Fields) => Query) {
  let built: { sql: string; params: unknown[]; read: (row: Record<string, unknown>) => Record<string, unknown> } | undefined;
  const statement = () => (built ??= { ...build(selection).toSQL(), read: rowReader(selection) });
  return {
    bind(db: Database, values: Record<string, unknown>): D1PreparedStatement {
      const { sql, params } = statement();
      return db.$client.prepare(sql).bind(...fillPlaceholders(params, values));
    },
    rowsOf(result: D1Result): Query["_"]["result"] {
      const { read } = statement();
      return (result.results as Record<string, unknown>[]).map(read);
    },
  };
}
