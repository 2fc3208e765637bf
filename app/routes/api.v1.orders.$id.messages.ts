import { apiJson } from "~/lib/api";
import { getWorkState } from "~/domain/orders/work-state.server";
import { listMessages, postMessage } from "~/domain/orders/thread.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";
import { formFiles } from "~/http/order-forms.server";

/** GET /api/v1/orders/{id}/messages: the thread, oldest first (the owner or an admin). */
export const loader = apiCall("GET /orders/{id}/messages", async ({ caller, params, context }) =>
  apiJson({ success: true, data: await listMessages(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) }),
);

/**
 * POST /api/v1/orders/{id}/messages (the owner or an admin) → 201: JSON {message:{body}}, or
 * multipart `message[body]` with `files[]` attachments.
 */
export const action = apiCall("POST /orders/{id}/messages", async ({ caller, params, context, readBody }) => {
  const id = requireIdParam(params.id, "Order not found");
  const actor = { kind: caller.kind, id: caller.id };
  // Whose order it is, before a byte of the body is read.
  const order = await getWorkState(context.db, id, actor);
  const { json: message, form } = await readBody();
  const files = form ? formFiles(form, "files[]", "files") : [];
  const data = await postMessage(context.db, context.env.MEDIA, order, actor, message, files);
  return apiJson({ success: true, message: "Message sent", data }, { status: 201 });
});
