import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { apiSignIn } from "~/auth/index.server";
import { apiRoute } from "~/http/api-route.server";

/** POST /api/v1/admin/sign_in {session:{email,password}} → data {admin, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { account, ...tokens } = await apiSignIn(context, request, "admin");
  return apiJson({ success: true, message: "Signed in successfully", data: { admin: account, ...tokens } });
});
