import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRefresh } from "~/services/api-auth.server";

/** POST /api/v1/refresh_token (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRefresh(context, request, "customer");
}
