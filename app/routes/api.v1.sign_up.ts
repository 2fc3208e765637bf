import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiSignUp } from "~/services/api-auth.server";

/** POST /api/v1/sign_up (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiSignUp(context, request);
}

export function loader() {
  return methodNotAllowed("POST");
}
