import { apiJson } from "~/lib/api";
import { listOffers, raiseOffer } from "~/domain/orders/change-offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/change_offers: the customer's offered ones; all of them for the studio (an admin, the assigned creator). */
export const loader = apiCall("GET /orders/{id}/change_offers", async ({ caller, params, context }) =>
  apiJson({ success: true, data: await listOffers(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id }) }),
);

/** POST /api/v1/orders/{id}/change_offers {change_offer:{description, amount, extra_days, comment_id?, message_id?}} (admin, assigned creator) → 201. */
export const action = apiCall("POST /orders/{id}/change_offers", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const data = await raiseOffer(context.db, mailNotice(context), id, { kind: caller.kind as "admin" | "creator", id: caller.id }, body);
  return apiJson({ success: true, message: data.status === "open" ? "Change offered" : "Change offer waits for an admin's approval", data }, { status: 201 });
});
