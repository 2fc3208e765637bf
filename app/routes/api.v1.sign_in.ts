import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { LoginSchema } from "~/lib/schemas/auth";
import { apiSignIn } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** POST /api/v1/sign_in {session:{email,password}} → data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const credentials = await readApiBody(request, LoginSchema, { wrapper: "session", failure: "Login failed" });
  const { account, ...tokens } = await apiSignIn(context, request, "customer", credentials);
  return apiJson({ success: true, message: "Signed in successfully", data: { user: account, ...tokens } });
});
