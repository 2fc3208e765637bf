import { apiJson } from "~/lib/api";
import { requestStageChanges } from "~/domain/orders/stage-decisions.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/stages/{n}/request_changes {revision:{comment_ids?, note}} (owner) → 201 with the stages; not the stage in hand, or its rounds used → 409. */
export const action = apiCall("POST /orders/{id}/stages/{n}/request_changes", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const n = requireIdParam(params.n, "Stage not found");
  const data = await requestStageChanges(context.db, mailNotice(context), id, caller.id, n, body);
  return apiJson({ success: true, message: "Changes requested", data }, { status: 201 });
});
