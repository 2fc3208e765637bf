/**
 * The order pages' delivery with JavaScript (the admin's and the creator's `/deliveries`): the
 * order reached by the studio's side first, then the form read within its limits and delivered
 * through the one service, answered in JSON (`{ success: true, location }`, or the API's error shape)
 * so the page can show each file's progress while the request streams.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
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
