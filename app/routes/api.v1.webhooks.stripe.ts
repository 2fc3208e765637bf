import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleStripeWebhook } from "~/services/payments/webhooks.server";

/** POST /api/v1/webhooks/stripe: Stripe's payment_intent events. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleStripeWebhook(context.env, context.db, request);
}
