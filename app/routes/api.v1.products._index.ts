import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, PUBLIC_CACHE } from "~/lib/api";
import { firstIssueMessage, ProductListQuerySchema, searchParamsObject } from "~/lib/query";
import { listProducts } from "~/services/products.server";

const DEFAULT_LIMIT = 5;

/** GET /api/v1/products?limit&pageNumber[&tag] → { data, meta: { totalPages } } (SPEC §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = ProductListQuerySchema.safeParse(searchParamsObject(url.searchParams, ["limit", "pageNumber", "tag"]));
  if (!parsed.success) return apiError(400, firstIssueMessage(parsed.error));
  const { limit = DEFAULT_LIMIT, pageNumber = 1, tag } = parsed.data;
  const page = await listProducts(context.db, { tag }, pageNumber, limit);
  return apiJson(
    { success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } },
    { cache: PUBLIC_CACHE },
  );
}
