import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { listTags } from "~/domain/catalogue/products.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/tags → { data: string[] } (SPEC §7). */
export const loader = apiCall("GET /tags", async ({ context }) => apiJson({ success: true, data: await listTags(context.db) }, { cache: PUBLIC_CACHE }));
