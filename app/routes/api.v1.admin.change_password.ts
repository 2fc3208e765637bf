import { apiJson } from "~/lib/api";
import { apiChangePassword } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** PUT /api/v1/admin/change_password: SPEC §7 leaves the wrapper open, so `admin`, `user` or a flat body. */
export const action = apiCall("PUT /admin/change_password", async ({ body, caller, request, context }) => {
  await apiChangePassword(context, request, caller, "admin", body);
  return apiJson({ success: true, message: "Password changed successfully. Please sign in again." });
});
