import { apiJson } from "~/lib/api";
import { createAddress, listAddresses } from "~/domain/orders/addresses.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/billing_addresses → the caller's addresses (SPEC §7). */
export const loader = apiCall("GET /billing_addresses", async ({ caller, context }) => {
  const customer = await caller.account();
  return apiJson({ success: true, data: await listAddresses(context.db, customer.id) });
});

/** POST /api/v1/billing_addresses {street, city, state, zip_code, country, is_default} (flat or under billing_address). */
export const action = apiCall("POST /billing_addresses", async ({ body, caller, context }) => {
  const customer = await caller.account();
  return apiJson({ success: true, data: await createAddress(context.db, customer.id, body, context.tax.vatNumbers) }, { status: 201 });
});
