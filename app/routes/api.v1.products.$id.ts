import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, PUBLIC_CACHE } from "~/lib/api";
import { getProduct } from "~/services/products.server";

/** GET /api/v1/products/{id} → { success, data, message } (SPEC §7). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!/^\d{1,12}$/.test(params.id ?? "") || Number(params.id) < 1) return apiError(400, "Product id must be a positive whole number");
  const product = await getProduct(context.db, Number(params.id));
  if (!product) return apiError(404, "Product not found");
  return apiJson({ success: true, data: product, message: "Product fetched successfully" }, { cache: PUBLIC_CACHE });
}
