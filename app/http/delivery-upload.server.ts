/**
 * The order pages' delivery (the admin's and the creator's), through the one service:
 * - with JavaScript (`/deliveries`): the order reached by the studio's side first, then the form read
 *   within its limits, answered in JSON (`{ success: true, location }`, or the API's error shape) so
 *   the page can show each file's progress while the request streams;
 * - without it (the page's own form, `intent=deliver`): back to the page with a notice, or the
 *   refusal with the note kept.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { settle } from "~/domain/refusal";
import { refusedData } from "./screen-refusal.server";
import { deliver, type StudioActor } from "~/domain/orders/deliveries.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { DELIVERY_FORM, deliveryFromForm } from "./order-forms.server";
import { readForm } from "./request-body.server";

export async function deliverFromPage(context: AppLoadContext, request: Request, orderId: number, studio: StudioActor, pagePath: string): Promise<Response> {
  // The order is theirs to deliver, before a byte of the body is read.
  await getWorkState(context.db, orderId, studio);
  const form = await readForm(request, DELIVERY_FORM);
  await deliver(context.db, context.env.MEDIA, mailNotice(context), orderId, studio, deliveryFromForm(form));
  return Response.json({ success: true, location: `${pagePath}?delivered=1` }, { status: 201 });
}

/** The page's own delivery form (already read): delivered → the page with `?delivered=1`; refused → its reason, the note kept. */
export async function deliverFromForm(context: AppLoadContext, form: FormData, orderId: number, studio: StudioActor, pagePath: string) {
  const delivery = deliveryFromForm(form);
  const delivered = await settle(deliver(context.db, context.env.MEDIA, mailNotice(context), orderId, studio, delivery));
  if (!delivered.ok) return refusedData(delivered.refusal, { note: delivery.note ?? "" });
  return redirect(`${pagePath}?delivered=1`);
}
