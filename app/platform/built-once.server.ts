/**
 * A framework workaround (listed in this folder's README): Drizzle's own SQL writer and column
 * decoders, driven once per isolate for the busiest reads. Breaks on a Drizzle upgrade that changes
 * `toSQL`, `fillPlaceholders`, `Column.mapFromDriverValue` or `SQL.Aliased.fieldAlias`.
 */
import { Column, fillPlaceholders, is, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";

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
