import { apiJson } from "~/lib/api";
import { withdrawStageApproval } from "~/domain/orders/stage-decisions.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/stages/{n}/withdraw (owner) → 200 with the stages; not approved by the caller, or already locked → 409. */
export const action = apiCall("POST /orders/{id}/stages/{n}/withdraw", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const n = requireIdParam(params.n, "Stage not found");
  const data = await withdrawStageApproval(context.db, mailNotice(context), id, caller.id, n);
  return apiJson({ success: true, message: "Approval withdrawn", data });
});
