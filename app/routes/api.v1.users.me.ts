import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiCustomer } from "~/auth/index.server";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/users/me → data is the user (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  return apiJson({ success: true, data: await requireApiCustomer(context, request) });
});
