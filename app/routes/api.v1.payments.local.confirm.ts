import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LocalConfirmSchema } from "~/lib/schemas/local-payment";
import { apiJson } from "~/lib/api";
import { refuse } from "~/domain/refusal";
import { readJson } from "~/http/request-body.server";
import { parseApiInput } from "~/lib/api-messages";
import { requireApiCustomer } from "~/auth/index.server";
import { payLocalIntent } from "~/domain/orders/local-payments.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST /api/v1/payments/local/confirm {client_secret, card:{number, expiry, cvc}} → data.status
 * (`succeeded`, `requires_action`, …). Local mode only: the offline stand-in for confirming a card
 * with Stripe.js. Then `PUT /orders/{id}/update_payment_status` reports the order as usual.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(LocalConfirmSchema, await readJson(request));
  if (!parsed.success) throw refuse.invalid(parsed.error.issues[0]?.message ?? "Invalid request");
  const data = await payLocalIntent(context, customer.id, parsed.data.client_secret, { card: parsed.data.card });
  return apiJson({ success: true, data });
});
