import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleStripeWebhook } from "~/domain/payments/webhooks.server";
import { apiRoute } from "~/http/api-route.server";

/** POST /api/v1/webhooks/stripe: Stripe's payment_intent events. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  return handleStripeWebhook(context.env, context.db, request);
});
