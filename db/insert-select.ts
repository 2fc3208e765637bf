/**
 * The select list of a version-guarded insert-select (`INSERT INTO t SELECT … FROM orders WHERE
 * work_version = ?`: the row is written only if the order is still as read). SQLite matches the
 * selected values to the table's columns by position, and Drizzle names them by their aliases: each
 * value here is aliased with its column's own name in `table`, so the aliases follow the schema
 * instead of being typed by hand. Values may be plain values or SQL (a subquery).
 */
import { getTableColumns, is, sql, SQL, type Column } from "drizzle-orm";
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

/**
 * The whole row of a conditional insert (`INSERT INTO t SELECT … WHERE condition`): every column of
 * `table` in its order, aliased with its name, with `values` where given (encoded as the column
 * stores them, as `.values()` would) and the column's default elsewhere, else NULL. For tables with
 * many defaulted columns (an order), where `rowOf` would have each typed by hand.
 */
export function fullRowOf<T extends SQLiteTable>(
  table: T,
  values: { [K in keyof T["$inferInsert"]]?: T["$inferInsert"][K] | SQL },
): { [K in keyof T["$inferInsert"]]-?: SQL.Aliased } {
  const columns = getTableColumns(table) as Record<string, Column>;
  for (const key of Object.keys(values)) if (!columns[key]) throw new Error(`${key} is not a column of this table`);
  const given = values as Record<string, unknown>;
  const row: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(columns)) {
    // As Drizzle's own insert: a generated column takes no value (the method is not in its types).
    if ((column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert()) continue;
    const value = given[key] !== undefined ? given[key] : column.default !== undefined && column.default !== null ? column.default : column.defaultFn?.();
    const expression = value === undefined || value === null ? sql`null` : is(value, SQL) ? value : sql`${sql.param(value, column)}`;
    row[key] = sql`${expression}`.as(column.name);
  }
  return row as { [K in keyof T["$inferInsert"]]-?: SQL.Aliased };
}
