import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { suggestProducts } from "~/domain/catalogue/products.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/autosuggest/products?query → { data: [{ id, title }] } (SPEC §7: defined, unused by the screens). */
export const loader = apiCall("GET /autosuggest/products", async ({ query, context }) => {
  return apiJson({ success: true, data: await suggestProducts(context.db, query.query) }, { cache: PUBLIC_CACHE });
});
