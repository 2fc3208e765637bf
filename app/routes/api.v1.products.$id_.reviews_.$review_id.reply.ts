import { replyToReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/products/{id}/reviews/{review_id}/reply {reply:{body}} (admin): the studio's one public answer; a second → 409. */
export const action = apiCall("POST /products/{id}/reviews/{review_id}/reply", async ({ body, caller, params, context }) => {
  await caller.account();
  const productId = requireIdParam(params.id, "Review not found");
  const reviewId = requireIdParam(params.review_id, "Review not found");
  return apiJson({ success: true, message: "Answer published", data: await replyToReview(context.db, productId, reviewId, body.body) });
});
