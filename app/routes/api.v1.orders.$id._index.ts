import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { getOrder, ordersOf } from "~/domain/orders/orders.server";
import { parseId } from "~/lib/record-id";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}: the owner or an admin; anyone else gets 404, never data. */
export const loader = apiCall("GET /orders/{id}", async ({ caller, params, context }) => {
  const id = parseId(params.id);
  const order = id ? await getOrder(context.db, id, ordersOf(caller)) : null;
  if (!order) throw refuse.notFound("Order not found");
  const { user_id: _owner, ...data } = order;
  return apiJson({ success: true, data });
});
