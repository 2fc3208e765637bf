import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiProfile } from "~/services/api-auth.server";

/** GET /api/v1/users/me → data is the user (SPEC §7). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return apiProfile(context, request, "customer");
}
