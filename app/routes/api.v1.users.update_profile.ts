import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiUpdateProfile } from "~/services/api-auth.server";

/** PUT /api/v1/users/update_profile (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiUpdateProfile(context, request, "customer");
}
