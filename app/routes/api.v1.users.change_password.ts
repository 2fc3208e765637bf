import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiChangePassword } from "~/services/api-auth.server";

/** PUT /api/v1/users/change_password (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return apiChangePassword(context, request, "customer");
}

export function loader() {
  return methodNotAllowed("PUT");
}
