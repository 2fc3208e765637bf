import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { RevisionSchema } from "~/lib/schemas/revision";
import { requireApiAnyAccount, requireApiToken } from "~/auth/index.server";
import { listRevisions, requestRevision } from "~/domain/orders/fulfilment.server";
import { getOrder } from "~/domain/orders/orders.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders/{id}/revisions: the revision requests with their pinned comments (owner or admin). */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  return apiJson({ success: true, data: await listRevisions(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/** POST /api/v1/orders/{id}/revisions {revision:{note, comments:[{at_seconds,text}]}} (owner) → 201; past the allowance → 409. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const id = requireIdParam(params.id, "Order not found");
  const revision = await readApiBody(request, RevisionSchema, { wrapper: "revision", failure: "Revision could not be requested" });
  await requestRevision(context.db, mailNotice(context), id, token.id, revision);
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, { userId: token.id }))!;
  return apiJson({ success: true, message: "Revision requested", data }, { status: 201 });
});
