import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { getCreatorOrderWork } from "~/domain/creators/creator-orders.server";
import { workingCreator } from "~/auth/index.server";

/** GET /api/v1/creator/orders/{id}: an order assigned to the creator, as they see it (404 otherwise). */
export const loader = apiCall("GET /creator/orders/{id}", async ({ params, caller, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  workingCreator(await caller.account());
  const { order, brief, events, deliveries, revisions, messages } = await getCreatorOrderWork(context.db, caller.id, orderId);
  return apiJson({ success: true, data: { ...order, brief, events, deliveries, revisions, messages } });
});
