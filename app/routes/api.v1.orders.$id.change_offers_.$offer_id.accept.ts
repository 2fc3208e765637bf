import { apiJson } from "~/lib/api";
import { acceptOffer, offerWithPayment } from "~/domain/orders/change-offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { randomToken } from "~/domain/crypto.server";
import { refuse } from "~/domain/refusal";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";
import { paths } from "~/lib/paths";

/**
 * POST /api/v1/orders/{id}/change_offers/{offer_id}/accept {accept:{method?}} (owner) → 200 with the
 * offer, its payment and the next step (null once paid); a declined saved card → 402; answered or
 * expired → 409.
 */
export const action = apiCall("POST /orders/{id}/change_offers/{offer_id}/accept", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const offerId = requireIdParam(params.offer_id, "Change offer not found");
  const page = (paymentId: number) => new URL(paths.laterPayment(id, paymentId), context.origin).toString();
  const outcome = await acceptOffer(context.db, context.payments, mailNotice(context), id, offerId, caller.id, {
    method: body.method,
    // Each call is its own attempt: a client retrying after a decline tries again.
    attemptKey: randomToken(12),
    returnUrlFor: page,
  });
  if (outcome.kind === "failed") throw refuse.paymentDeclined(outcome.message);
  const { change_offer, payment } = await offerWithPayment(context.db, id, offerId);
  const next_action =
    outcome.kind === "authenticate"
      ? { type: "authenticate" as const, url: new URL(outcome.location, context.origin).toString() }
      : outcome.kind === "pay"
        ? { type: "pay" as const, client_secret: outcome.clientSecret, url: page(outcome.paymentId) }
        : null;
  return apiJson({ success: true, message: next_action ? "Pay to accept the change" : "Change offer accepted", data: { change_offer, payment, next_action } });
});
