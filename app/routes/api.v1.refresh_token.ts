import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { readJson } from "~/http/request-body.server";
import { RefreshTokenSchema } from "~/lib/schemas/auth";
import { getUser, apiRefresh } from "~/auth/index.server";
import { apiRoute } from "~/http/api-route.server";

/** POST /api/v1/refresh_token {refresh_token} → data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const parsed = RefreshTokenSchema.safeParse(await readJson(request));
  if (!parsed.success) throw refuse.malformed("refresh_token is required");
  const { subjectId, ...tokens } = await apiRefresh(context, "customer", parsed.data.refresh_token);
  return apiJson({ success: true, data: { user: await getUser(context.db, subjectId), ...tokens } });
});
