import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { listProductReviews } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { firstIssueMessage, searchParamsObject } from "~/lib/query";
import { parseApiInput } from "~/lib/api-messages";
import { ReviewListQuerySchema } from "~/lib/schemas/review";
import { apiRoute, requireIdParam } from "~/http/api-route.server";

/**
 * GET /api/v1/products/{id}/reviews?page=&sort=newest|highest|lowest (public) → a page of the
 * product's shown verified reviews (10 a page) with `meta.totalPages`, `meta.distribution` (stars
 * 1–5), `meta.hidden` (how many the studio hid) and `meta.rating`.
 */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = requireIdParam(params.id, "Product not found");
  const parsed = parseApiInput(ReviewListQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["page", "sort"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { page = 1, sort = "newest" } = parsed.data;
  const reviews = await listProductReviews(context.db, id, page, sort);
  if (!reviews) throw refuse.notFound("Product not found");
  return apiJson({
    success: true,
    data: reviews.data,
    meta: { totalPages: reviews.totalPages, currentPage: page, distribution: reviews.distribution, hidden: reviews.hidden, rating: reviews.rating },
  });
});
