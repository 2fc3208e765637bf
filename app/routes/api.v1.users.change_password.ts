import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { ChangePasswordSchema } from "~/lib/schemas/auth";
import { apiChangePassword, requireApiToken } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** PUT /api/v1/users/change_password {user:{current_password,password,password_confirmation}}: every session and token ends (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const input = await readApiBody(request, ChangePasswordSchema, { wrapper: "user", failure: "Password change failed" });
  await apiChangePassword(context, request, token, "customer", input);
  return apiJson({ success: true, message: "Password changed successfully. Please login again." });
});
