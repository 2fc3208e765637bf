import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/services/media.server";

/** GET /media/{key}: product images and videos from R2. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveMedia(context.env.MEDIA, params["*"] ?? "", request);
}
