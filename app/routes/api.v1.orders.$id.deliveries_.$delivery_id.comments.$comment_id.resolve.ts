import { apiJson } from "~/lib/api";
import { resolveComment } from "~/domain/orders/review-comments.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/resolve (the studio: an admin, or the order's creator) → the comment, resolved. */
export const action = apiCall("POST /orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/resolve", async ({ caller, params, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const commentId = requireIdParam(params.comment_id, "Comment not found");
  return apiJson({ success: true, message: "Comment resolved", data: await resolveComment(context.db, orderId, deliveryId, commentId, caller) });
});
