import { apiJson } from "~/lib/api";
import { getUser, apiRefresh } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/refresh_token {refresh_token} → data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiCall("POST /refresh_token", async ({ body, context }) => {
  const { subjectId, ...tokens } = await apiRefresh(context, "customer", body.refresh_token);
  return apiJson({ success: true, data: { user: await getUser(context.db, subjectId), ...tokens } });
});
