import { masterForDownload, recordMasterDownload } from "~/domain/orders/masters.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";
import { serveMasterFile } from "~/http/serve-file.server";

/**
 * GET /api/v1/orders/{id}/deliveries/{delivery_id}/masters/{file_id}: a master's bytes (Range for
 * resuming) to the order's owner once they have approved, and to admins; 403 with a message before.
 */
export const loader = apiCall("GET /orders/{id}/deliveries/{delivery_id}/masters/{file_id}", async ({ caller, params, request, context }) => {
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "File not found");
  const fileId = requireIdParam(params.file_id, "File not found");
  const reader = { kind: caller.kind, id: caller.id };
  const file = await masterForDownload(context.db, orderId, fileId, reader, deliveryId);
  return serveMasterFile(context.env.MEDIA, file, request, () => recordMasterDownload(context.db, orderId, fileId, reader));
});
