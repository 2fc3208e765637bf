import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignOut } from "~/services/api-auth.server";

/** DELETE /api/v1/admin/sign_out (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiSignOut(context, request, "admin");
}
