import { apiJson } from "~/lib/api";
import { approveOffer } from "~/domain/orders/change-offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/orders/{id}/change_offers/{offer_id}/approve (admin) → 200: a creator's large offer is shown to the customer; not waiting → 409. */
export const action = apiCall("POST /orders/{id}/change_offers/{offer_id}/approve", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const offerId = requireIdParam(params.offer_id, "Change offer not found");
  const data = await approveOffer(context.db, mailNotice(context), id, offerId, caller.id);
  return apiJson({ success: true, message: "Change offer approved", data });
});
