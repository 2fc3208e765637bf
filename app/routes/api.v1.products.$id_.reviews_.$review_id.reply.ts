import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiAdmin } from "~/auth/index.server";
import { replyToReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { ReviewReplySchema } from "~/lib/schemas/review";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/** POST /api/v1/products/{id}/reviews/{review_id}/reply {reply:{body}} (admin): the studio's one public answer; a second → 409. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  await requireApiAdmin(context, request);
  const productId = requireIdParam(params.id, "Review not found");
  const reviewId = requireIdParam(params.review_id, "Review not found");
  const { body } = await readApiBody(request, ReviewReplySchema, { wrapper: "reply", failure: "Answer is invalid" });
  return apiJson({ success: true, message: "Answer published", data: await replyToReview(context.db, productId, reviewId, body) });
});
