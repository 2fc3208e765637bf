import { apiJson } from "~/lib/api";
import { apiRefresh } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/creator/refresh_token {refresh_token} → data {access_token, refresh_token}. */
export const action = apiCall("POST /creator/refresh_token", async ({ body, context }) => {
  const { subjectId: _creator, ...tokens } = await apiRefresh(context, "creator", body.refresh_token);
  return apiJson({ success: true, data: tokens });
});
