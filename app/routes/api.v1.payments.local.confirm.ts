import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiError, methodNotAllowed, readJsonObject } from "~/lib/api";
import { parseApiInput } from "~/lib/api-messages";
import { requireApiCustomer } from "~/services/auth.server";
import { payLocalIntent } from "~/services/checkout.server";
import { localPaymentAnswer } from "~/services/local-payment-answer.server";

const ConfirmSchema = z.object({
  client_secret: z.string({ required_error: "client_secret is required" }).min(1, "client_secret is required").max(200),
  card: z.object(
    {
      number: z.string({ required_error: "card.number is required" }).max(40),
      expiry: z.string({ required_error: "card.expiry is required" }).max(10),
      cvc: z.string({ required_error: "card.cvc is required" }).max(8),
    },
    { required_error: "card is required" },
  ),
});

/**
 * POST /api/v1/payments/local/confirm {client_secret, card:{number, expiry, cvc}} → data.status
 * (`succeeded`, `requires_action`, …). Local mode only: the offline stand-in for confirming a card
 * with Stripe.js. Then `PUT /orders/{id}/update_payment_status` reports the order as usual.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(ConfirmSchema, await readJsonObject(request));
  if (!parsed.success) return apiError(422, parsed.error.issues[0]?.message ?? "Invalid request");
  return localPaymentAnswer(await payLocalIntent(context, customer.id, parsed.data.client_secret, { card: parsed.data.card }));
}

export function loader() {
  return methodNotAllowed("POST");
}

