import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { adminTaxDetails } from "~/domain/payouts/tax-details.server";

/** GET /api/v1/admin/creators/{id}/tax_details → a creator's tax details (null until given), for the studio's records. */
export const loader = apiCall("GET /admin/creators/{id}/tax_details", async ({ params, caller, context }) => {
  const id = requireIdParam(params.id, "Creator not found");
  await caller.account();
  return apiJson({ success: true, data: await adminTaxDetails(context.db, id) });
});
