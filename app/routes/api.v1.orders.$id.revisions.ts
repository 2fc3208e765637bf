import { apiJson } from "~/lib/api";
import { listRevisions, requestRevision } from "~/domain/orders/revisions.server";
import { getOrder } from "~/domain/orders/orders.server";
import { requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/revisions: the revision requests with their pinned comments (owner or admin). */
export const loader = apiCall("GET /orders/{id}/revisions", async ({ caller, params, context }) => {
  return apiJson({ success: true, data: await listRevisions(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/** POST /api/v1/orders/{id}/revisions {revision:{note, comments:[{at_seconds,text}]}} (owner) → 201; past the allowance → 409. */
export const action = apiCall("POST /orders/{id}/revisions", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  await requestRevision(context.db, mailNotice(context), id, caller.id, body);
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, { userId: caller.id }))!;
  return apiJson({ success: true, message: "Revision requested", data }, { status: 201 });
});
