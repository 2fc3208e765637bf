import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiCustomer } from "~/auth/index.server";
import { exportCustomerData } from "~/domain/privacy/data-export.server";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/users/me/export: everything the shop keeps about the signed-in customer, as JSON (GDPR arts. 15 and 20). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const data = await exportCustomerData(context.db, customer.id, context.origin);
  if (!data) throw refuse.notFound("User not found");
  return apiJson({ success: true, data });
});
