import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api";
import { apiProfile, apiUpdateProfile } from "~/services/api-auth.server";

/** GET /api/v1/admin/profile → data is the admin (SPEC §7). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return apiProfile(context, request, "admin");
}

/** PUT /api/v1/admin/profile {admin:{name}}. */
export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  return apiUpdateProfile(context, request, "admin");
}
