import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/http/serve-file.server";

/** GET /media/{key}: product images and videos from R2, and their AVIF/WebP variants (made on first request). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveMedia(context.env.MEDIA, params["*"] ?? "", request, { images: context.env.IMAGES });
}
