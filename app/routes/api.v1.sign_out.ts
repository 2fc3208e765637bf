import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { apiSignOut } from "~/auth/index.server";
import { apiRoute } from "~/http/api-route.server";

/** DELETE /api/v1/sign_out: refresh tokens revoked and access tokens refused from now on (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  await apiSignOut(context, request, "customer");
  return apiJson({ success: true, message: "Signed out successfully" });
});
