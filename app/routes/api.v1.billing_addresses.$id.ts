import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson, wrapped } from "~/lib/api";
import { AddressSchema } from "~/lib/schemas/address";
import { deleteAddress, getAddress, updateAddress } from "~/domain/orders/addresses.server";
import { ADDRESS_DELETED } from "~/lib/api-answers";
import { requireApiCustomer } from "~/auth/index.server";
import { parseId } from "~/lib/record-id";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** GET /api/v1/billing_addresses/{id}: the owner only, whatever SPEC §7 says about its auth header. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const id = parseId(params.id);
  const address = id ? await getAddress(context.db, customer.id, id) : null;
  if (!address) throw refuse.notFound("Billing address not found");
  return apiJson({ success: true, data: address });
});

/**
 * PUT /api/v1/billing_addresses/{id}: the owner changes an address (every field, as POST takes them;
 * flat or under billing_address). DELETE: the owner deletes it.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const id = parseId(params.id);
  if (!id) throw refuse.notFound("Billing address not found");
  if (request.method === "DELETE") {
    await deleteAddress(context.db, customer.id, id);
    return apiJson({ success: true, message: ADDRESS_DELETED });
  }
  const input = await readApiBody(request, AddressSchema, {
    pick: (body) => (body.billing_address ? wrapped(body, "billing_address") : body),
    failure: "Billing address is invalid",
  });
  return apiJson({ success: true, data: await updateAddress(context.db, customer.id, id, input) });
});
