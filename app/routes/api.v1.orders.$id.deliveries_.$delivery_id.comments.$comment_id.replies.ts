import { apiJson } from "~/lib/api";
import { replyToComment } from "~/domain/orders/review-comments.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/replies `{ reply: { text } }` → 201, the comment with its replies. */
export const action = apiCall("POST /orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/replies", async ({ body, caller, params, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const commentId = requireIdParam(params.comment_id, "Comment not found");
  return apiJson({ success: true, data: await replyToComment(context.db, orderId, deliveryId, commentId, caller, body.text) }, { status: 201 });
});
