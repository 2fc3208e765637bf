import { apiJson } from "~/lib/api";
import { apiSignOut } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** DELETE /api/v1/creator/sign_out: refresh tokens revoked and access tokens refused from now on. */
export const action = apiCall("DELETE /creator/sign_out", async ({ request, context }) => {
  await apiSignOut(context, request, "creator");
  return apiJson({ success: true, message: "Signed out successfully" });
});
