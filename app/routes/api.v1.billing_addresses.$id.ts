import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { deleteAddress, getAddress, updateAddress } from "~/domain/orders/addresses.server";
import { ADDRESS_DELETED } from "~/lib/api-answers";
import { parseId } from "~/lib/record-id";
import { apiCall, apiCalls } from "~/http/api/call.server";

const NOT_FOUND = "Billing address not found";

/** GET /api/v1/billing_addresses/{id}: the owner only, whatever SPEC §7 says about its auth header. */
export const loader = apiCall("GET /billing_addresses/{id}", async ({ caller, params, context }) => {
  const customer = await caller.account();
  const id = parseId(params.id);
  const address = id ? await getAddress(context.db, customer.id, id) : null;
  if (!address) throw refuse.notFound(NOT_FOUND);
  return apiJson({ success: true, data: address });
});

/**
 * PUT /api/v1/billing_addresses/{id}: the owner changes an address (every field, as POST takes them;
 * flat or under billing_address). DELETE: the owner deletes it.
 */
export const action = apiCalls({
  PUT: apiCall("PUT /billing_addresses/{id}", async ({ body, caller, params, context }) => {
    const customer = await caller.account();
    const id = parseId(params.id);
    if (!id) throw refuse.notFound(NOT_FOUND);
    return apiJson({ success: true, data: await updateAddress(context.db, customer.id, id, body, context.tax.vatNumbers) });
  }),
  DELETE: apiCall("DELETE /billing_addresses/{id}", async ({ caller, params, context }) => {
    const customer = await caller.account();
    const id = parseId(params.id);
    if (!id) throw refuse.notFound(NOT_FOUND);
    await deleteAddress(context.db, customer.id, id);
    return apiJson({ success: true, message: ADDRESS_DELETED });
  }),
});
