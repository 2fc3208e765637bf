import { apiJson } from "~/lib/api";
import { apiSignUp } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/sign_up {user:{name,email,password}} → 201 data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiCall("POST /sign_up", async ({ body, request, context }) => {
  const data = await apiSignUp(context, request, body);
  return apiJson({ success: true, message: "Signed up successfully", data }, { status: 201 });
});
