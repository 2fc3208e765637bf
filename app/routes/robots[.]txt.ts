import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { robotsTxt } from "~/http/seo.server";

/** GET /robots.txt: private areas disallowed; the sitemap named. */
export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
