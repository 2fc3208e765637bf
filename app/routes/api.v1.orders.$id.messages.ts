import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { MessageSchema } from "~/lib/schemas/message";
import { requireApiAnyAccount } from "~/services/auth.server";
import { listMessages, postMessage } from "~/services/fulfilment.server";
import { apiRoute, readApiBody, requireIdParam } from "~/services/api-route.server";

/** GET /api/v1/orders/{id}/messages: the thread, oldest first (the owner or an admin). */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  return apiJson({ success: true, data: await listMessages(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/** POST /api/v1/orders/{id}/messages {message:{body}} (the owner or an admin) → 201. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = requireIdParam(params.id, "Order not found");
  const message = await readApiBody(request, MessageSchema, { wrapper: "message", failure: "Message could not be sent" });
  const data = await postMessage(context.db, id, { kind: caller.kind, id: caller.id }, message);
  return apiJson({ success: true, message: "Message sent", data }, { status: 201 });
});
