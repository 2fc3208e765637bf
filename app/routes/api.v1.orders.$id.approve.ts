import { apiJson } from "~/lib/api";
import { approveDelivery } from "~/domain/orders/deliveries.server";
import { getOrder } from "~/domain/orders/orders.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/approve (owner) → 200, the order completed; before a delivery → 409. */
export const action = apiCall("POST /orders/{id}/approve", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  await approveDelivery(context.db, mailNotice(context), id, caller.id);
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, { userId: caller.id }))!;
  return apiJson({ success: true, message: "Delivery approved", data });
});
