import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiChangePassword } from "~/services/api-auth.server";

/** PUT /api/v1/admin/change_password (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiChangePassword(context, request, "admin");
}
