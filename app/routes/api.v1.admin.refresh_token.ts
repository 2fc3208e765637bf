import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { readJson } from "~/http/request-body.server";
import { RefreshTokenSchema } from "~/lib/schemas/auth";
import { apiRefresh } from "~/auth/index.server";
import { apiRoute } from "~/http/api-route.server";

/** POST /api/v1/admin/refresh_token {refresh_token} → data {access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const parsed = RefreshTokenSchema.safeParse(await readJson(request));
  if (!parsed.success) throw refuse.malformed("refresh_token is required");
  const { subjectId: _admin, ...tokens } = await apiRefresh(context, "admin", parsed.data.refresh_token);
  return apiJson({ success: true, data: tokens });
});
