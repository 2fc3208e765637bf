import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapXml } from "~/http/seo.server";

/** GET /sitemap.xml: home, the listing and every product on sale, with lastmod. */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapXml(context.db, context.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
