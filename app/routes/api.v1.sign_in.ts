import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignIn } from "~/services/api-auth.server";

/** POST /api/v1/sign_in (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiSignIn(context, request, "customer");
}
