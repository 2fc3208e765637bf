import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { creatorBalances, creatorLedger } from "~/domain/payouts/ledger.server";
import { creatorPayoutAccount } from "~/domain/payouts/accounts.server";

/** GET /api/v1/creator/payouts?after&limit: the creator's balances and ledger, newest first, by keyset (a suspended creator's too: it is their money). */
export const loader = apiCall("GET /creator/payouts", async ({ query, caller, context }) => {
  await caller.account();
  const [page, balances, account] = await Promise.all([
    creatorLedger(context.db, caller.id, { after: query.after ?? null, limit: query.limit }),
    creatorBalances(context.db, caller.id),
    creatorPayoutAccount(context.db, caller.id),
  ]);
  return apiJson({ success: true, data: page.data, meta: { balances, account, next_after: page.next, limit: query.limit } });
});
