import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount, requireApiToken } from "~/auth/index.server";
import { deliver, getWorkState, listDeliveries } from "~/domain/orders/fulfilment.server";
import { readForm } from "~/http/request-body.server";
import { DELIVERY_FORM, deliveryFromForm } from "~/domain/orders/order-files.server";
import { getOrder } from "~/domain/orders/orders.server";
import { refuse } from "~/domain/refusal";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders/{id}/deliveries: newest first, the owner or an admin. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  return apiJson({ success: true, data: await listDeliveries(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/** POST /api/v1/orders/{id}/deliveries (admin, multipart `note` + `files[]`) → 201, the order delivered. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const id = requireIdParam(params.id, "Order not found");
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data"))
    throw refuse.unsupported("Send the delivery as multipart/form-data with note and files[]");
  // The order exists, before a byte of the body is read.
  await getWorkState(context.db, id, { kind: "admin", id: admin.id });
  const form = await readForm(request, DELIVERY_FORM);
  await deliver(context.db, context.env.MEDIA, mailNotice(context), id, admin.id, deliveryFromForm(form));
  const order = await getOrder(context.db, id);
  const deliveries = await listDeliveries(context.db, id, { kind: "admin", id: admin.id });
  const { user_id: _owner, ...data } = order!;
  return apiJson({ success: true, message: "Delivered", data: { order: data, delivery: deliveries[0] } }, { status: 201 });
});
