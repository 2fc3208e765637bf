import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { createProduct } from "~/domain/catalogue/product-admin.server";
import { listProducts } from "~/domain/catalogue/products.server";
import { apiCall } from "~/http/api/call.server";

const DEFAULT_LIMIT = 5;

/** GET /api/v1/products?limit&pageNumber[&tag] → { data, meta: { totalPages } } (SPEC §7). */
export const loader = apiCall("GET /products", async ({ query, context }) => {
  const { limit = DEFAULT_LIMIT, pageNumber = 1, tag } = query;
  const page = await listProducts(context.db, { tag }, pageNumber, limit);
  return apiJson(
    { success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } },
    { cache: PUBLIC_CACHE },
  );
});

/**
 * POST /api/v1/products {product:{title, description, description_heading, services_offered,
 * packages:[{short_description, amount, items_included, currency}], tags, draft?}} (admins) → data.id
 * and data.status: on sale at once (SPEC §7), unless sent `draft: true`.
 */
export const action = apiCall("POST /products", async ({ body: { draft = false, ...input }, caller, context }) => {
  await caller.account();
  const id = await createProduct(context.db, input, { draft });
  return apiJson({ success: true, message: "Product created successfully!", data: { id, status: draft ? "draft" : "published" } }, { status: 201 });
});
