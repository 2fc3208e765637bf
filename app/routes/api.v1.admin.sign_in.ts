import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { AdminLoginSchema } from "~/lib/schemas/auth";
import { apiSignIn } from "~/services/api-auth.server";
import { apiRoute, readApiBody } from "~/services/api-route.server";
import { INVALID_CREDENTIALS } from "~/services/sign-in.server";

/** POST /api/v1/admin/sign_in {session:{email,password}} → data {admin, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = await readApiBody(request, AdminLoginSchema, { wrapper: "session", failure: INVALID_CREDENTIALS });
  const { account, ...tokens } = await apiSignIn(context, request, "admin", input);
  return apiJson({ success: true, message: "Signed in successfully", data: { admin: account, ...tokens } });
});
