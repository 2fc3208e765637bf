import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { monthLabel, statementMonths } from "~/domain/payouts/statements.server";

/** GET /api/v1/creator/statements → the months the creator has statements for, newest first (the last 24). */
export const loader = apiCall("GET /creator/statements", async ({ caller, context }) => {
  await caller.account();
  const months = await statementMonths(context.db, caller.id);
  return apiJson({
    success: true,
    data: months.map((month) => ({ month, label: monthLabel(month), pdf: `/studio/payouts/statements/${month}/statement.pdf` })),
  });
});
