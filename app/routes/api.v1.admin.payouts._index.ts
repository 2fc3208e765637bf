import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { payoutsOverview } from "~/domain/payouts/admin.server";

/** GET /api/v1/admin/payouts: creators' payouts per creator and currency, and the transfers that failed. */
export const loader = apiCall("GET /admin/payouts", async ({ caller, context }) => {
  await caller.account();
  const overview = await payoutsOverview(context.db);
  return apiJson({ success: true, data: overview.creators, meta: { failed: overview.failed } });
});
