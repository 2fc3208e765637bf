import { apiJson } from "~/lib/api";
import { apiChangePassword } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** PUT /api/v1/creator/change_password (under `creator` or unwrapped): every session and token of the creator ends. */
export const action = apiCall("PUT /creator/change_password", async ({ body, caller, request, context }) => {
  await apiChangePassword(context, request, caller, "creator", body);
  return apiJson({ success: true, message: "Password changed successfully. Please sign in again." });
});
