import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiSignOut } from "~/services/api-auth.server";

/** DELETE /api/v1/sign_out (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  return apiSignOut(context, request, "customer");
}

export function loader() {
  return methodNotAllowed("DELETE");
}
