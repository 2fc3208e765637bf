import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { openApiDocument } from "~/http/openapi.server";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from its contract. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return apiJson(openApiDocument(new URL(request.url).origin), { cache: PUBLIC_CACHE });
});
