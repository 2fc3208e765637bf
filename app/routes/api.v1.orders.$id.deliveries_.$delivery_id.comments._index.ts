import { apiJson } from "~/lib/api";
import { addComment, COMMENT_PAGE, listComments } from "~/domain/orders/review-comments.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/deliveries/{delivery_id}/comments: the version's comments in timeline order, with replies. */
export const loader = apiCall("GET /orders/{id}/deliveries/{delivery_id}/comments", async ({ caller, params, query, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const page = await listComments(context.db, orderId, deliveryId, caller, query.after ?? null);
  return apiJson({ success: true, data: page.comments, meta: { next_after: page.next, limit: COMMENT_PAGE } });
});

/** POST …/comments `{ comment: { at_frame, end_frame?, text, drawing? } }` → 201, the comment. */
export const action = apiCall("POST /orders/{id}/deliveries/{delivery_id}/comments", async ({ body, caller, params, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  return apiJson({ success: true, data: await addComment(context.db, orderId, deliveryId, caller, body) }, { status: 201 });
});
