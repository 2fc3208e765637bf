import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapIndexXml } from "~/http/seo.server";

/** GET /sitemap.xml: the index of the shop's sitemaps (its pages, and its products by id range). */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapIndexXml(context.db, context.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
