import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiUpdateProfile } from "~/services/api-auth.server";

/** PUT /api/v1/users/update_profile (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return apiUpdateProfile(context, request, "customer");
}

export function loader() {
  return methodNotAllowed("PUT");
}
