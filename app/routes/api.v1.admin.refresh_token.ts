import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiRefresh } from "~/services/api-auth.server";

/** POST /api/v1/admin/refresh_token (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiRefresh(context, request, "admin");
}

export function loader() {
  return methodNotAllowed("POST");
}
