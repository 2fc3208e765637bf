import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { DELIVERY_LIMITS } from "~/lib/delivery-rules";
import { parseId } from "~/lib/record-id";
import { requireAdminForFetch } from "~/auth/auth.server";
import { deliver, getWorkState } from "~/domain/orders/fulfilment.server";
import { BodyRefusal, readForm } from "~/http/request-body.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { DELIVERY_FORM, formFiles } from "~/domain/orders/order-files.server";
import { OrderError } from "~/domain/orders/orders.server";

/**
 * POST /admin/orders/{id}/deliveries: the admin order page's upload with JavaScript (it shows each
 * file's progress while the request streams), answered in JSON. Without JavaScript the page's own
 * form posts to the page; both deliver through the same service.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminForFetch(context, request);
  const orderId = parseId(params.id);
  if (orderId === null) return Response.json({ ok: false, message: "Order not found" }, { status: 404 });
  let form: FormData;
  try {
    // The order exists, before a byte of the body is read.
    await getWorkState(context.db, orderId, { kind: "admin", id: admin.id });
    form = await readForm(request, DELIVERY_FORM);
  } catch (error) {
    if (error instanceof OrderError || error instanceof BodyRefusal) return Response.json({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
  const noteField = form.get("note");
  const note = typeof noteField === "string" ? noteField.trim().slice(0, DELIVERY_LIMITS.noteMax) || null : null;
  try {
    await deliver(context.db, context.env.MEDIA, mailNotice(context), orderId, admin.id, { note, files: formFiles(form, "files") });
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    return Response.json({ ok: false, message: error.message }, { status: error.status });
  }
  return Response.json({ ok: true, location: `/admin/orders/${orderId}?delivered=1` }, { status: 201 });
}
