import { apiJson } from "~/lib/api";
import { apiSignIn } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/creator/sign_in {session:{email,password}} → data {creator, access_token, refresh_token}. */
export const action = apiCall("POST /creator/sign_in", async ({ body, request, context }) => {
  const { account, ...tokens } = await apiSignIn(context, request, "creator", body);
  return apiJson({ success: true, message: "Signed in successfully", data: { creator: account, ...tokens } });
});
