import { apiJson } from "~/lib/api";
import { declineOffer } from "~/domain/orders/change-offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/change_offers/{offer_id}/decline {decline:{reason?}} (owner) → 200; answered or expired → 409. */
export const action = apiCall("POST /orders/{id}/change_offers/{offer_id}/decline", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const offerId = requireIdParam(params.offer_id, "Change offer not found");
  const data = await declineOffer(context.db, context.payments, mailNotice(context), id, offerId, caller.id, body.reason);
  return apiJson({ success: true, message: "Change offer declined", data });
});
