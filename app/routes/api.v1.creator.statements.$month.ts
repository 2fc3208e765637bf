import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { creatorStatement } from "~/domain/payouts/statements.server";
import { refuse } from "~/domain/refusal";
import { STATEMENT_MESSAGES } from "~/lib/rules/payouts";

/** GET /api/v1/creator/statements/{yyyy-mm} → the creator's statement for that month (404 for a malformed month or one not begun). */
export const loader = apiCall("GET /creator/statements/{month}", async ({ params, caller, context }) => {
  await caller.account();
  const statement = await creatorStatement(context.db, caller.id, String(params.month ?? "").slice(0, 10));
  if (!statement) throw refuse.notFound(STATEMENT_MESSAGES.notFound);
  return apiJson({ success: true, data: statement });
});
