import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LocalConfirmSchema } from "~/lib/schemas/local-payment";
import { apiError } from "~/lib/api";
import { readJson } from "~/http/request-body.server";
import { parseApiInput } from "~/lib/api-messages";
import { requireApiCustomer } from "~/auth/auth.server";
import { payLocalIntent } from "~/domain/orders/checkout.server";
import { localPaymentAnswer } from "~/domain/orders/local-payment-answer.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST /api/v1/payments/local/confirm {client_secret, card:{number, expiry, cvc}} → data.status
 * (`succeeded`, `requires_action`, …). Local mode only: the offline stand-in for confirming a card
 * with Stripe.js. Then `PUT /orders/{id}/update_payment_status` reports the order as usual.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(LocalConfirmSchema, await readJson(request));
  if (!parsed.success) return apiError(422, parsed.error.issues[0]?.message ?? "Invalid request");
  return localPaymentAnswer(await payLocalIntent(context, customer.id, parsed.data.client_secret, { card: parsed.data.card }));
});
