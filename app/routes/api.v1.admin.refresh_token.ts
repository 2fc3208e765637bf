import { apiJson } from "~/lib/api";
import { apiRefresh } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/admin/refresh_token {refresh_token} → data {access_token, refresh_token} (SPEC §7). */
export const action = apiCall("POST /admin/refresh_token", async ({ body, context }) => {
  const { subjectId: _admin, ...tokens } = await apiRefresh(context, "admin", body.refresh_token);
  return apiJson({ success: true, data: tokens });
});
