import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { AdminLoginSchema } from "~/lib/schemas/auth";
import { apiSignIn, INVALID_CREDENTIALS } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** POST /api/v1/admin/sign_in {session:{email,password}} → data {admin, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const credentials = await readApiBody(request, AdminLoginSchema, { wrapper: "session", failure: INVALID_CREDENTIALS });
  const { account, ...tokens } = await apiSignIn(context, request, "admin", credentials);
  return apiJson({ success: true, message: "Signed in successfully", data: { admin: account, ...tokens } });
});
