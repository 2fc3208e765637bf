import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, readJsonObject } from "~/lib/api";
import { RefreshTokenSchema } from "~/lib/schemas/auth";
import { getUser } from "~/services/accounts.server";
import { apiRefresh } from "~/services/api-auth.server";
import { apiRoute } from "~/services/api-route.server";

/** POST /api/v1/refresh_token {refresh_token} → data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const parsed = RefreshTokenSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return apiError(400, "refresh_token is required");
  const { subjectId, ...tokens } = await apiRefresh(context, "customer", parsed.data.refresh_token);
  return apiJson({ success: true, data: { user: await getUser(context.db, subjectId), ...tokens } });
});
