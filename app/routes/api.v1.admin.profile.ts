import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiProfile, apiUpdateProfile } from "~/services/api-auth.server";

/** GET /api/v1/admin/profile → data is the admin (SPEC §7). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return apiProfile(context, request, "admin");
}

/** PUT /api/v1/admin/profile {admin:{name}}. */
export function action({ request, context }: ActionFunctionArgs) {
  return apiUpdateProfile(context, request, "admin");
}
