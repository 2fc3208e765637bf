import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, wrapped } from "~/lib/api";
import { AddressSchema } from "~/lib/schemas/address";
import { createAddress, listAddresses } from "~/domain/orders/addresses.server";
import { requireApiCustomer } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** GET /api/v1/billing_addresses → the caller's addresses (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  return apiJson({ success: true, data: await listAddresses(context.db, customer.id) });
});

/** POST /api/v1/billing_addresses {street, city, state, zip_code, country, is_default} (flat or under billing_address). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const input = await readApiBody(request, AddressSchema, {
    pick: (body) => (body.billing_address ? wrapped(body, "billing_address") : body),
    failure: "Billing address is invalid",
  });
  return apiJson({ success: true, data: await createAddress(context.db, customer.id, input) }, { status: 201 });
});
