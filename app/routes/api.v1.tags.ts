import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { listTags } from "~/domain/catalogue/products.server";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/tags → { data: string[] } (SPEC §7). */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  return apiJson({ success: true, data: await listTags(context.db) }, { cache: PUBLIC_CACHE });
});
