import { apiJson } from "~/lib/api";
import { getOrder, ordersOf } from "~/domain/orders/orders.server";
import { invoiceJson, invoiceViewerOf, listInvoices } from "~/domain/money/invoices.server";
import { refuse } from "~/domain/refusal";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/invoices: every invoice of the order (one per payment), for its owner or an admin. */
export const loader = apiCall("GET /orders/{id}/invoices", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  if (!(await getOrder(context.db, id, ordersOf(caller)))) throw refuse.notFound("Order not found");
  return apiJson({ success: true, data: (await listInvoices(context.db, id, invoiceViewerOf(caller))).map(invoiceJson) });
});
