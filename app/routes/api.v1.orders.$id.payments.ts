import { apiJson } from "~/lib/api";
import { getOrder, ordersOf } from "~/domain/orders/orders.server";
import { orderPaymentsOf, toPaymentView } from "~/domain/payments/order-payments.server";
import { refuse } from "~/domain/refusal";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/payments: the order's payments, oldest first, for its owner or an admin. */
export const loader = apiCall("GET /orders/{id}/payments", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  if (!(await getOrder(context.db, id, ordersOf(caller)))) throw refuse.notFound("Order not found");
  return apiJson({ success: true, data: (await orderPaymentsOf(context.db, id)).map(toPaymentView) });
});
