import { apiJson } from "~/lib/api";
import { listOrderEvents } from "~/domain/orders/fulfilment.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/events: the order's timeline, oldest first (the owner or an admin). */
export const loader = apiCall("GET /orders/{id}/events", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  return apiJson({ success: true, data: await listOrderEvents(context.db, id, { kind: caller.kind, id: caller.id }) });
});
