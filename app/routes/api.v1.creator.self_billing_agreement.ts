import { apiJson } from "~/lib/api";
import { apiCall, apiCalls } from "~/http/api/call.server";
import { acceptAgreement, creatorAgreement, endAgreement } from "~/domain/payouts/self-billing.server";
import { SELF_BILLING_MESSAGES } from "~/lib/rules/self-billing";

/** GET /api/v1/creator/self_billing_agreement → the operator's agreement and the creator's acceptance (a suspended creator's too). */
export const loader = apiCall("GET /creator/self_billing_agreement", async ({ caller, context }) => {
  await caller.account();
  return apiJson({ success: true, data: await creatorAgreement(context.db, caller.id) });
});

export const action = apiCalls({
  /** POST {self_billing_agreement:{accept:true}}: accept the operator's current text. */
  POST: apiCall("POST /creator/self_billing_agreement", async ({ caller, context }) => {
    await caller.account();
    return apiJson({ success: true, message: SELF_BILLING_MESSAGES.accepted, data: await acceptAgreement(context.db, caller.id) });
  }),
  /** DELETE: end it (the months before this one are still issued). */
  DELETE: apiCall("DELETE /creator/self_billing_agreement", async ({ caller, context }) => {
    await caller.account();
    return apiJson({ success: true, message: SELF_BILLING_MESSAGES.ended, data: await endAgreement(context.db, caller.id) });
  }),
});
