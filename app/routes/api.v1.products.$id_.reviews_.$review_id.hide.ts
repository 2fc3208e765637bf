import { hideReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/products/{id}/reviews/{review_id}/hide {reason: personal_data|abuse|off_topic} (admin):
 * hides a review for a policy reason, logged with who and why; its stars and words are never changed.
 */
export const action = apiCall("POST /products/{id}/reviews/{review_id}/hide", async ({ body, caller, params, context }) => {
  const productId = requireIdParam(params.id, "Review not found");
  const reviewId = requireIdParam(params.review_id, "Review not found");
  return apiJson({ success: true, message: "Review hidden", data: await hideReview(context.db, productId, reviewId, caller.id, body.reason) });
});
