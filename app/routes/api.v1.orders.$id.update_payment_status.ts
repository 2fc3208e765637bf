import { apiJson } from "~/lib/api";
import { getOrder, ordersOf, syncPaymentStatus } from "~/domain/orders/orders.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { refuse } from "~/domain/refusal";

/**
 * PUT /api/v1/orders/{id}/update_payment_status → data.payment_status. Whatever status the client
 * sends is ignored: the server asks the payment provider and records what it says (docs/design.md §5).
 */
export const action = apiCall("PUT /orders/{id}/update_payment_status", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const order = await getOrder(context.db, id, ordersOf(caller));
  if (!order) throw refuse.notFound("Order not found");
  const paymentStatus = await syncPaymentStatus(context.db, context.payments, order.id, mailNotice(context));
  return apiJson({ success: true, data: { id: order.id, payment_status: paymentStatus } });
});
