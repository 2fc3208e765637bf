import { exportCustomerData } from "~/domain/privacy/data-export.server";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/users/me/export: everything the shop keeps about the signed-in customer, as JSON (GDPR arts. 15 and 20). */
export const loader = apiCall("GET /users/me/export", async ({ caller, context }) => {
  const customer = await caller.account();
  const data = await exportCustomerData(context.db, customer.id, context.origin);
  if (!data) throw refuse.notFound("User not found");
  return apiJson({ success: true, data });
});
