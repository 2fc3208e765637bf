import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { SignupSchema } from "~/lib/schemas/auth";
import { apiSignUp } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** POST /api/v1/sign_up {user:{name,email,password}} → 201 data {user, access_token, refresh_token} (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = await readApiBody(request, SignupSchema, { wrapper: "user", failure: "Signup failed" });
  const data = await apiSignUp(context, request, input);
  return apiJson({ success: true, message: "Signed up successfully", data }, { status: 201 });
});
