import { apiJson } from "~/lib/api";
import { payLocalIntent } from "~/domain/orders/local-payments.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/payments/local/confirm {client_secret, card:{number, expiry, cvc}} → data.status
 * (`succeeded`, `requires_action`, …). Local mode only: the offline stand-in for confirming a card
 * with Stripe.js. Then `PUT /orders/{id}/update_payment_status` reports the order as usual.
 */
export const action = apiCall("POST /payments/local/confirm", async ({ body, caller, context }) => {
  const data = await payLocalIntent(context, caller.id, body.client_secret, { card: body.card });
  return apiJson({ success: true, data });
});
