import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignUp } from "~/services/api-auth.server";

/** POST /api/v1/sign_up (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiSignUp(context, request);
}
