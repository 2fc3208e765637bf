import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { AutosuggestQuerySchema, firstIssueMessage, searchParamsObject } from "~/lib/query";
import { suggestProducts } from "~/domain/catalogue/products.server";
import { parseApiInput } from "~/lib/api-messages";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/autosuggest/products?query → { data: [{ id, title }] } (SPEC §7: defined, unused by the screens). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const parsed = parseApiInput(AutosuggestQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["query"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  return apiJson({ success: true, data: await suggestProducts(context.db, parsed.data.query) }, { cache: PUBLIC_CACHE });
});
