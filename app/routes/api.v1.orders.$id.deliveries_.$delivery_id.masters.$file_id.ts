import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiAnyAccount } from "~/auth/index.server";
import { masterForDownload, recordMasterDownload } from "~/domain/orders/masters.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { serveMasterFile } from "~/http/serve-file.server";

/**
 * GET /api/v1/orders/{id}/deliveries/{delivery_id}/masters/{file_id}: a master's bytes (Range for
 * resuming) to the order's owner once they have approved, and to admins; 403 with a message before.
 */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "File not found");
  const fileId = requireIdParam(params.file_id, "File not found");
  const reader = { kind: caller.kind, id: caller.id };
  const file = await masterForDownload(context.db, orderId, fileId, reader, deliveryId);
  return serveMasterFile(context.env.MEDIA, file, request, () => recordMasterDownload(context.db, orderId, fileId, reader));
});
