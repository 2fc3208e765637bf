import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount, requireApiToken } from "~/auth/index.server";
import { deliver, getWorkState, listDeliveries } from "~/domain/orders/fulfilment.server";
import { readForm } from "~/http/request-body.server";
import { DELIVERY_FORM, deliveryFromForm } from "~/domain/orders/order-files.server";
import { getOrder } from "~/domain/orders/orders.server";
import { refuse } from "~/domain/refusal";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { DeliveryUploadsSchema } from "~/lib/schemas/upload";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders/{id}/deliveries: newest first, the owner or an admin. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  return apiJson({ success: true, data: await listDeliveries(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/**
 * POST /api/v1/orders/{id}/deliveries (admin): multipart `note`, `files[]` (and the fields below), or
 * JSON `{ delivery: { note, frame_rate, preview_upload_id, master_upload_ids } }` naming completed
 * uploads → 201, the order delivered.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const id = requireIdParam(params.id, "Order not found");
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/json"))
    throw refuse.unsupported("Send the delivery as multipart/form-data with note and files[], or as JSON naming completed uploads");
  // The order exists, before a byte of the body is read.
  await getWorkState(context.db, id, { kind: "admin", id: admin.id });
  const input = type.startsWith("application/json")
    ? await readApiBody(request, DeliveryUploadsSchema, { wrapper: "delivery", failure: "Delivery is invalid" }).then((d) => ({
        note: d.note ?? null,
        files: [],
        frameRate: d.frame_rate,
        previewUploadId: d.preview_upload_id ?? null,
        masterUploadIds: d.master_upload_ids,
      }))
    : deliveryFromForm(await readForm(request, DELIVERY_FORM));
  await deliver(context.db, context.env.MEDIA, mailNotice(context), id, admin.id, input);
  const order = await getOrder(context.db, id);
  const deliveries = await listDeliveries(context.db, id, { kind: "admin", id: admin.id });
  const { user_id: _owner, ...data } = order!;
  return apiJson({ success: true, message: "Delivered", data: { order: data, delivery: deliveries[0] } }, { status: 201 });
});
