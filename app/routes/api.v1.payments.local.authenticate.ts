import { apiJson } from "~/lib/api";
import { payLocalIntent } from "~/domain/orders/local-payments.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/payments/local/authenticate {client_secret, result: "approve" | "fail"} → data.status.
 * Local mode only: the offline stand-in for the bank's authentication step (card 4000 0025 0000 3155).
 */
export const action = apiCall("POST /payments/local/authenticate", async ({ body, caller, context }) => {
  const data = await payLocalIntent(context, caller.id, body.client_secret, { approve: body.result === "approve" });
  return apiJson({ success: true, data });
});
