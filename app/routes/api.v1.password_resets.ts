import { apiJson } from "~/lib/api";
import { refuse } from "~/domain/refusal";
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT } from "~/lib/password-recovery";
import { requestPasswordReset, resetPassword } from "~/auth/index.server";
import { apiCall, apiCalls } from "~/http/api/call.server";

/**
 * POST /api/v1/password_resets {email}: emails a customer a reset link (the same answer for any email).
 * PUT /api/v1/password_resets {token, password}: sets the new password; every session and token ends.
 */
export const action = apiCalls({
  POST: apiCall("POST /password_resets", async ({ body, request, context }) => {
    await requestPasswordReset(context, request, "customer", body.email);
    return apiJson({ success: true, message: RESET_LINK_SENT });
  }),
  PUT: apiCall("PUT /password_resets", async ({ body, request, context }) => {
    const outcome = await resetPassword(context, request, body.token, body.password);
    if (!outcome.ok) throw refuse.gone(RESET_LINK_INVALID);
    return apiJson({ success: true, message: PASSWORD_RESET_DONE });
  }),
});
