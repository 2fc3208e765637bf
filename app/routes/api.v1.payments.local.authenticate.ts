import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LocalAuthenticateSchema } from "~/lib/schemas/local-payment";
import { apiError } from "~/lib/api";
import { readJson } from "~/http/request-body.server";
import { parseApiInput } from "~/lib/api-messages";
import { requireApiCustomer } from "~/auth/auth.server";
import { payLocalIntent } from "~/domain/orders/checkout.server";
import { localPaymentAnswer } from "~/domain/orders/local-payment-answer.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST /api/v1/payments/local/authenticate {client_secret, result: "approve" | "fail"} → data.status.
 * Local mode only: the offline stand-in for the bank's authentication step (card 4000 0025 0000 3155).
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(LocalAuthenticateSchema, await readJson(request));
  if (!parsed.success) return apiError(422, parsed.error.issues[0]?.message ?? "Invalid request");
  return localPaymentAnswer(await payLocalIntent(context, customer.id, parsed.data.client_secret, { approve: parsed.data.result === "approve" }));
});
