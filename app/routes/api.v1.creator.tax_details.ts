import { apiJson } from "~/lib/api";
import { apiCall, apiCalls } from "~/http/api/call.server";
import { getTaxDetails, saveTaxDetails } from "~/domain/payouts/tax-details.server";
import { TAX_SAVED } from "~/lib/schemas/creator-tax";

/** GET /api/v1/creator/tax_details → the creator's tax details, or null until given (a suspended creator's too). */
export const loader = apiCall("GET /creator/tax_details", async ({ caller, context }) => {
  await caller.account();
  return apiJson({ success: true, data: await getTaxDetails(context.db, caller.id) });
});

export const action = apiCalls({
  /** PUT /api/v1/creator/tax_details {tax_details:{entity, legal_name, date_of_birth | company_number, taxpayer_id, vat_number, street, city, state, zip_code, country}}. */
  PUT: apiCall("PUT /creator/tax_details", async ({ body, caller, context }) => {
    await caller.account();
    return apiJson({ success: true, message: TAX_SAVED, data: await saveTaxDetails(context.db, caller.id, body) });
  }),
});
