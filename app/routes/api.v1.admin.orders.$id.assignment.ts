import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { assignOrder } from "~/domain/creators/creators.server";

/** POST /api/v1/admin/orders/{id}/assignment {assignment:{creator_id, reason}}: the order given to one of its product's creators. */
export const action = apiCall("POST /admin/orders/{id}/assignment", async ({ params, body, caller, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const assigned = await assignOrder(context.db, caller.id, orderId, body);
  return apiJson({ success: true, message: "Order assigned", data: { order_id: orderId, ...assigned } });
});
