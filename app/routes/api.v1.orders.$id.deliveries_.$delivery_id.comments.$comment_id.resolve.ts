import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiToken } from "~/auth/index.server";
import { resolveComment } from "~/domain/orders/review-comments.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";

/** POST /api/v1/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/resolve (the studio) → the comment, resolved. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const commentId = requireIdParam(params.comment_id, "Comment not found");
  return apiJson({ success: true, message: "Comment resolved", data: await resolveComment(context.db, orderId, deliveryId, commentId, admin.id) });
});
