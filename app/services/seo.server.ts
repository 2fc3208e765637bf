/**
 * What the shop tells crawlers: the sitemap (home, the listing, every product on sale, with when it
 * last changed), robots.txt (private areas disallowed, the sitemap named), and which paths carry
 * `X-Robots-Tag: noindex` (server.ts sets it on every answer there, whatever the page's own meta).
 */
import { desc, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema";

/** Signed-in, one-off and machine paths: never indexed. */
const PRIVATE =
  /^\/(admin|profile|api|payments|orders|verify-email|reset-password|forgot-password|unsubscribe|logout|subscribe)(\/|$)|^\/products\/[^/]+\/checkout(\/|$)/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE.test(pathname);
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The sitemap: archived products leave it. */
export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(desc(products.updatedAt));
  const newest = rows[0]?.updatedAt.toISOString();
  const urls = [
    { loc: `${origin}/home`, lastmod: newest },
    { loc: `${origin}/products`, lastmod: newest },
    ...rows.map((r) => ({ loc: `${origin}/products/${r.id}`, lastmod: r.updatedAt.toISOString() })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`),
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /profile",
    "Disallow: /products/*/checkout",
    "Disallow: /api/",
    "Disallow: /payments/",
    "Disallow: /orders/",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
