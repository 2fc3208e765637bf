import { apiJson } from "~/lib/api";
import { deliver, listDeliveries } from "~/domain/orders/deliveries.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { deliveryFromForm } from "~/http/order-forms.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { getCreatorOrder } from "~/domain/creators/creator-orders.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders/{id}/deliveries: newest first, the owner or an admin. */
export const loader = apiCall("GET /orders/{id}/deliveries", async ({ caller, params, context }) =>
  apiJson({ success: true, data: await listDeliveries(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) }),
);

/**
 * POST /api/v1/orders/{id}/deliveries (admin): multipart `note`, `files[]` (and the fields below), or
 * JSON `{ delivery: { note, frame_rate, preview_upload_id, master_upload_ids } }` naming completed
 * uploads → 201, the order delivered.
 */
export const action = apiCall("POST /orders/{id}/deliveries", async ({ caller, params, context, readBody }) => {
  const id = requireIdParam(params.id, "Order not found");
  // The order exists, before a byte of the body is read.
  await getWorkState(context.db, id, caller);
  const { json, form } = await readBody();
  const input = form
    ? deliveryFromForm(form)
    : {
        note: json.note ?? null,
        files: [],
        frameRate: json.frame_rate,
        previewUploadId: json.preview_upload_id ?? null,
        masterUploadIds: json.master_upload_ids,
      };
  await deliver(context.db, context.env.MEDIA, mailNotice(context), id, caller, input);
  const deliveries = await listDeliveries(context.db, id, caller);
  // A creator is answered with their own view of the order (never the buyer's money or details).
  if (caller.kind === "creator") {
    const order = await getCreatorOrder(context.db, caller.id, id);
    return apiJson({ success: true, message: "Delivered", data: { order, delivery: deliveries[0] } }, { status: 201 });
  }
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, EVERY_ORDER))!;
  return apiJson({ success: true, message: "Delivered", data: { order: data, delivery: deliveries[0] } }, { status: 201 });
});
