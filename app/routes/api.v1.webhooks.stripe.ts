import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { handleStripeWebhook } from "~/services/payments/webhooks.server";

/** POST /api/v1/webhooks/stripe: Stripe's payment_intent events. */
export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleStripeWebhook(context.env, context.db, request);
}

export function loader() {
  return methodNotAllowed("POST");
}
