import { apiJson } from "~/lib/api";
import { apiSignIn } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/admin/sign_in {session:{email,password}} → data {admin, access_token, refresh_token} (SPEC §7). */
export const action = apiCall("POST /admin/sign_in", async ({ body, request, context }) => {
  const { account, ...tokens } = await apiSignIn(context, request, "admin", body);
  return apiJson({ success: true, message: "Signed in successfully", data: { admin: account, ...tokens } });
});
