import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiToken } from "~/auth/index.server";
import { hideReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { ReviewHideSchema } from "~/lib/schemas/review";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * POST /api/v1/products/{id}/reviews/{review_id}/hide {reason: personal_data|abuse|off_topic} (admin):
 * hides a review for a policy reason, logged with who and why; its stars and words are never changed.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const productId = requireIdParam(params.id, "Review not found");
  const reviewId = requireIdParam(params.review_id, "Review not found");
  const { reason } = await readApiBody(request, ReviewHideSchema, { pick: (body) => body, failure: "Give the policy reason" });
  return apiJson({ success: true, message: "Review hidden", data: await hideReview(context.db, productId, reviewId, admin.id, reason) });
});
