import { apiJson } from "~/lib/api";
import { getApprovers, setApprovers } from "~/domain/orders/sign-off.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/approvers (owner): the required approvers and the rule. */
export const loader = apiCall("GET /orders/{id}/approvers", async ({ caller, params, context }) =>
  apiJson({ success: true, data: await getApprovers(context.db, requireIdParam(params.id, "Order not found"), caller.id) }),
);

/** PUT /api/v1/orders/{id}/approvers {approvers:{guest_ids, required}} (owner, order open) → 200 with the approvers; a guest not the order's or whose link ended → 409. */
export const action = apiCall("PUT /orders/{id}/approvers", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const data = await setApprovers(context.db, mailNotice(context), id, caller.id, body);
  return apiJson({ success: true, message: "Approvers saved", data });
});
