import { apiJson } from "~/lib/api";
import { getBrief, submitBrief } from "~/domain/orders/brief.server";
import { getOrder } from "~/domain/orders/orders.server";
import { requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/brief: the owner or an admin; `data` is null until the brief is submitted. */
export const loader = apiCall("GET /orders/{id}/brief", async ({ caller, params, context }) => {
  const brief = await getBrief(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id });
  return apiJson({ success: true, data: brief });
});

/** PUT /api/v1/orders/{id}/brief {brief:{…}}: the owner submits it once; production starts (409 afterwards). */
export const action = apiCall("PUT /orders/{id}/brief", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  await submitBrief(context.db, context.env.MEDIA, mailNotice(context), id, caller.id, body);
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, { userId: caller.id }))!;
  return apiJson({ success: true, message: "Brief submitted", data });
});
