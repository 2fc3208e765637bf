import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleStripeWebhook, requireWebhookSecret } from "~/domain/payments/webhooks.server";
import { apiRoute } from "~/http/api-route.server";
import { readText, WEBHOOK_MAX_BYTES } from "~/http/request-body.server";
import { apiJson } from "~/lib/api";
import { refuse } from "~/domain/refusal";

/** POST /api/v1/webhooks/stripe: Stripe's payment_intent and charge.refunded events. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  requireWebhookSecret(context.env);
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) throw refuse.malformed("Missing Stripe-Signature header");
  // Capped before the signature is checked: nothing larger is a Stripe event.
  const payload = await readText(request, WEBHOOK_MAX_BYTES);
  return apiJson(await handleStripeWebhook(context.env, context.db, payload, signature));
});
