/**
 * Full-text indexes (FTS5 virtual tables), described for queries only: drizzle-kit does not model
 * virtual tables, so they are not in db/schema.ts (which drizzle-kit reads) and their migrations are
 * written by hand (migrations/0021_customer_search.sql, 0024_product_search.sql; ADR 026, 028).
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The catalogue's search: each product's title, description, services and tags, by product id (rowid). */
export const productsFts = sqliteTable("products_fts", {
  rowid: integer("rowid").notNull(),
  title: text("title"),
  description: text("description"),
  services: text("services"),
  tags: text("tags"),
});
