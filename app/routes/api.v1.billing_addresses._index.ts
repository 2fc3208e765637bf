import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, readJsonObject, wrapped } from "~/lib/api";
import { AddressSchema } from "~/lib/schemas/address";
import { AddressLimitError, createAddress, listAddresses } from "~/services/addresses.server";
import { requireApiCustomer } from "~/services/auth.server";
import { parseApiInput } from "~/lib/api-messages";

/** GET /api/v1/billing_addresses → the caller's addresses (SPEC §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireApiCustomer(context, request);
  return apiJson({ success: true, data: await listAddresses(context.db, customer.id) });
}

/** POST /api/v1/billing_addresses {street, city, state, zip_code, country, is_default} (flat or under billing_address). */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireApiCustomer(context, request);
  const body = await readJsonObject(request);
  const parsed = parseApiInput(AddressSchema, body.billing_address ? wrapped(body, "billing_address") : body);
  if (!parsed.success) {
    const errors = [...new Map(parsed.error.issues.map((i) => [i.path.join("."), i.message])).values()];
    return apiError(422, "Billing address is invalid", { errors });
  }
  try {
    return apiJson({ success: true, data: await createAddress(context.db, customer.id, parsed.data) }, { status: 201 });
  } catch (error) {
    if (error instanceof AddressLimitError) return apiError(422, error.message, { errors: [error.message] });
    throw error;
  }
}
