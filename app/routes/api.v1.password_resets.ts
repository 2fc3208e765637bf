import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/lib/schemas/auth";
import { apiRoute, readApiBody } from "~/http/api-route.server";
import { refuse } from "~/domain/refusal";
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT } from "~/lib/password-recovery";
import { requestPasswordReset, resetPassword } from "~/auth/index.server";

/**
 * POST /api/v1/password_resets {email}: emails a customer a reset link (the same answer for any email).
 * PUT /api/v1/password_resets {token, password}: sets the new password; every session and token ends.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method === "PUT") {
    const input = await readApiBody(request, ResetPasswordSchema, { failure: "Password reset failed" });
    const outcome = await resetPassword(context, request, input.token, input.password);
    if (!outcome.ok) throw refuse.gone(RESET_LINK_INVALID);
    return apiJson({ success: true, message: PASSWORD_RESET_DONE });
  }
  const input = await readApiBody(request, ForgotPasswordSchema, { failure: "Password reset failed" });
  await requestPasswordReset(context, request, "customer", input.email);
  return apiJson({ success: true, message: RESET_LINK_SENT });
});
