import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { ProductCreateSchema } from "~/lib/schemas/product";
import { requireApiAdmin } from "~/auth/index.server";
import { createProduct } from "~/domain/catalogue/product-admin.server";
import { firstIssueMessage, ProductListQuerySchema, searchParamsObject } from "~/lib/query";
import { listProducts } from "~/domain/catalogue/products.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";
import { parseApiInput } from "~/lib/api-messages";

const DEFAULT_LIMIT = 5;

/** GET /api/v1/products?limit&pageNumber[&tag] → { data, meta: { totalPages } } (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const parsed = parseApiInput(ProductListQuerySchema, searchParamsObject(url.searchParams, ["limit", "pageNumber", "tag"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { limit = DEFAULT_LIMIT, pageNumber = 1, tag } = parsed.data;
  const page = await listProducts(context.db, { tag }, pageNumber, limit);
  return apiJson(
    { success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } },
    { cache: PUBLIC_CACHE, request },
  );
});

/**
 * POST /api/v1/products {product:{title, description, description_heading, services_offered,
 * packages:[{short_description, amount, items_included, currency}], tags, draft?}} (admins) → data.id
 * and data.status: on sale at once (SPEC §7), unless sent `draft: true`.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  await requireApiAdmin(context, request);
  const { draft = false, ...input } = await readApiBody(request, ProductCreateSchema, { wrapper: "product", failure: "Failed to create product" });
  const id = await createProduct(context.db, input, { draft });
  return apiJson({ success: true, message: "Product created successfully!", data: { id, status: draft ? "draft" : "published" } }, { status: 201 });
});
