/**
 * The select list of a version-guarded insert-select (`INSERT INTO t SELECT … FROM orders WHERE
 * work_version = ?`: the row is written only if the order is still as read). SQLite matches the
 * selected values to the table's columns by position, and Drizzle names them by their aliases: each
 * value here is aliased with its column's own name in `table`, so the aliases follow the schema
 * instead of being typed by hand. Values may be plain values or SQL (a subquery).
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export function rowOf<T extends SQLiteTable, V extends { [K in keyof T["$inferInsert"]]?: unknown }>(
  table: T,
  values: V,
): { [K in keyof V]: SQL.Aliased<V[K]> } {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column of this table`);
      return [key, sql`${value}`.as(column.name)];
    }),
  ) as { [K in keyof V]: SQL.Aliased<V[K]> };
}
