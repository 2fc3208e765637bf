import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { creatorsSitemapXml, pagesSitemapXml, productsSitemapXml } from "~/http/seo.server";
import { notFound } from "~/http/answers.server";

/** GET /sitemaps/pages.xml, /sitemaps/creators.xml and /sitemaps/products-{n}.xml: the files /sitemap.xml lists. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  const products = /^products-([1-9]\d{0,5})\.xml$/.exec(name);
  const body =
    name === "pages.xml"
      ? await pagesSitemapXml(context.db, context.origin)
      : name === "creators.xml"
        ? await creatorsSitemapXml(context.db, context.origin)
        : products
          ? await productsSitemapXml(context.db, context.origin, Number(products[1]))
          : null;
  if (body === null) return notFound("Not found", { cache: "public, max-age=300" });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
