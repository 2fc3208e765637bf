import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";
import { payoutView, retryPayout } from "~/domain/payouts/transfers.server";
import { RETRY_MESSAGES } from "~/lib/rules/payouts";

/** POST /api/v1/admin/payouts/{id}/retry: a failed transfer sent again, with a new key. */
export const action = apiCall("POST /admin/payouts/{id}/retry", async ({ params, caller, context }) => {
  const id = requireIdParam(params.id, RETRY_MESSAGES.notFound);
  await caller.account();
  const payout = await retryPayout(context.db, createConnectGateway(context.env, context.db), id);
  return apiJson({ success: true, data: payoutView(payout) });
});
