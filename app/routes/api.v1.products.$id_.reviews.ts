import { refuse } from "~/domain/refusal";
import { listProductReviews } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * GET /api/v1/products/{id}/reviews?page=&sort=newest|highest|lowest (public) → a page of the
 * product's shown verified reviews (10 a page) with `meta.totalPages`, `meta.distribution` (stars
 * 1–5), `meta.hidden` (how many the studio hid) and `meta.rating`.
 */
export const loader = apiCall("GET /products/{id}/reviews", async ({ query, params, context }) => {
  const id = requireIdParam(params.id, "Product not found");
  const { page = 1, sort = "newest" } = query;
  const reviews = await listProductReviews(context.db, id, page, sort);
  if (!reviews) throw refuse.notFound("Product not found");
  return apiJson({
    success: true,
    data: reviews.data,
    meta: { totalPages: reviews.totalPages, currentPage: page, distribution: reviews.distribution, hidden: reviews.hidden, rating: reviews.rating },
  });
});
