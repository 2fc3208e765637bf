import { apiJson } from "~/lib/api";
import { apiSignOut } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** DELETE /api/v1/sign_out: refresh tokens revoked and access tokens refused from now on (SPEC §7). */
export const action = apiCall("DELETE /sign_out", async ({ request, context }) => {
  await apiSignOut(context, request, "customer");
  return apiJson({ success: true, message: "Signed out successfully" });
});
