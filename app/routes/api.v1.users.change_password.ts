import { apiJson } from "~/lib/api";
import { apiChangePassword } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** PUT /api/v1/users/change_password {user:{current_password,password,password_confirmation}}: every session and token ends (SPEC §7). */
export const action = apiCall("PUT /users/change_password", async ({ body, caller, request, context }) => {
  await apiChangePassword(context, request, caller, "customer", body);
  return apiJson({ success: true, message: "Password changed successfully. Please login again." });
});
