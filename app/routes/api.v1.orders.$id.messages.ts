import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { MessageSchema } from "~/lib/schemas/message";
import { requireApiAnyAccount } from "~/auth/index.server";
import { getWorkState, listMessages, postMessage } from "~/domain/orders/fulfilment.server";
import { isMultipart, readForm } from "~/http/request-body.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { refuse } from "~/domain/refusal";
import { ATTACHMENT_FORM, formFiles } from "~/domain/orders/order-files.server";

/** GET /api/v1/orders/{id}/messages: the thread, oldest first (the owner or an admin). */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  return apiJson({ success: true, data: await listMessages(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) });
});

/**
 * POST /api/v1/orders/{id}/messages (the owner or an admin) → 201: JSON {message:{body}}, or
 * multipart `message[body]` with `files[]` attachments.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = requireIdParam(params.id, "Order not found");
  const actor = { kind: caller.kind, id: caller.id };
  // Whose order it is, before a byte of the body is read.
  const order = await getWorkState(context.db, id, actor);
  let message;
  let files: File[] = [];
  if (isMultipart(request)) {
    const form = await readForm(request, ATTACHMENT_FORM);
    const parsed = MessageSchema.safeParse({ body: form.get("message[body]") ?? undefined });
    if (!parsed.success)
      throw refuse.invalid(
        "Message could not be sent",
        parsed.error.issues.map((i) => i.message),
      );
    message = parsed.data;
    files = formFiles(form, "files[]", "files");
  } else {
    message = await readApiBody(request, MessageSchema, { wrapper: "message", failure: "Message could not be sent" });
  }
  const data = await postMessage(context.db, context.env.MEDIA, order, actor, message, files);
  return apiJson({ success: true, message: "Message sent", data }, { status: 201 });
});
