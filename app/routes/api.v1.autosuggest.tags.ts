import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { suggestTags } from "~/domain/catalogue/products.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/autosuggest/tags?query → { data: string[] } (SPEC §7). */
export const loader = apiCall("GET /autosuggest/tags", async ({ query, context }) => {
  return apiJson({ success: true, data: await suggestTags(context.db, query.query) }, { cache: PUBLIC_CACHE });
});
