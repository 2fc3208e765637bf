import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LocalAuthenticateSchema } from "~/lib/schemas/local-payment";
import { apiJson } from "~/lib/api";
import { refuse } from "~/domain/refusal";
import { readJson } from "~/http/request-body.server";
import { parseApiInput } from "~/lib/api-messages";
import { requireApiCustomer } from "~/auth/index.server";
import { payLocalIntent } from "~/domain/orders/local-payments.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST /api/v1/payments/local/authenticate {client_secret, result: "approve" | "fail"} → data.status.
 * Local mode only: the offline stand-in for the bank's authentication step (card 4000 0025 0000 3155).
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(LocalAuthenticateSchema, await readJson(request));
  if (!parsed.success) throw refuse.invalid(parsed.error.issues[0]?.message ?? "Invalid request");
  const data = await payLocalIntent(context, customer.id, parsed.data.client_secret, { approve: parsed.data.result === "approve" });
  return apiJson({ success: true, data });
});
