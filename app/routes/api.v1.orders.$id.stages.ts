import { apiJson } from "~/lib/api";
import { listOrderStages } from "~/domain/orders/stages.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/stages: an order's stages in order (empty when it is made in one piece): its owner, its creator or an admin. */
export const loader = apiCall("GET /orders/{id}/stages", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  return apiJson({ success: true, data: await listOrderStages(context.db, id, { kind: caller.kind, id: caller.id }) });
});
