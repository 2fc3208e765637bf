import { and, isNotNull, isNull, type Column, type SQL } from "drizzle-orm";
import { products } from "../../../db/schema";

/**
 * A product the shop sells: published (not a draft) and not archived. Drafts and archived products
 * are never listed, searched, suggested, in the sitemap, in the public API or bought.
 */
export function onSale(table: { archivedAt: Column; publishedAt: Column } = products): SQL {
  return and(isNull(table.archivedAt), isNotNull(table.publishedAt))!;
}
