import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/http/serve-file.server";

/** A creator's avatar and portfolio can be removed, or erased with their account: caches keep them an hour, not a year. */
const CREATOR_MEDIA_CACHE = "public, max-age=3600";

/** GET /media/{key}: product images and videos and creators' portfolios from R2, and their AVIF/WebP variants (made on first request). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  return serveMedia(context.env.MEDIA, key, request, {
    images: context.env.IMAGES,
    cacheControl: key.startsWith("creators/") ? CREATOR_MEDIA_CACHE : undefined,
  });
}
