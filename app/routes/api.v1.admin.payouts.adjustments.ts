import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { adjustBalance } from "~/domain/payouts/admin.server";
import { ADJUSTMENT_MESSAGES } from "~/lib/rules/payouts";

/** POST /api/v1/admin/payouts/adjustments {adjustment:{creator_id, amount, currency, reason, key?}} → 201, the ledger's adjustment row. */
export const action = apiCall("POST /admin/payouts/adjustments", async ({ body, caller, context }) => {
  const adjustment = await adjustBalance(context.db, caller.id, body);
  return apiJson({ success: true, message: ADJUSTMENT_MESSAGES.done, data: adjustment }, { status: 201 });
});
