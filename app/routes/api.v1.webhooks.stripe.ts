import { handleStripeWebhook } from "~/domain/payments/webhooks.server";
import { apiCall } from "~/http/api/call.server";
import { apiJson } from "~/lib/api";

/** POST /api/v1/webhooks/stripe: Stripe's payment_intent and charge.refunded events. */
export const action = apiCall("POST /webhooks/stripe", async ({ caller, context }) =>
  apiJson(await handleStripeWebhook(context.env, context.db, caller.payload, caller.signature)),
);
