import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { onboardingUrls, startOnboarding } from "~/domain/payouts/accounts.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";

/** POST /api/v1/creator/payout_account: opens the creator's payout account (once) and answers a new onboarding link; a suspended creator's too (what they earned stays theirs). */
export const action = apiCall("POST /creator/payout_account", async ({ caller, context }) => {
  await caller.account();
  const started = await startOnboarding(context.db, createConnectGateway(context.env, context.db), caller.id, onboardingUrls(context.origin));
  return apiJson({ success: true, data: started });
});
