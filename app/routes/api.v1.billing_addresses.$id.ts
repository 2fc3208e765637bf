import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { getAddress } from "~/domain/orders/addresses.server";
import { requireApiCustomer } from "~/auth/index.server";
import { parseId } from "~/lib/record-id";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/billing_addresses/{id}: the owner only, whatever SPEC §7 says about its auth header. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const id = parseId(params.id);
  const address = id ? await getAddress(context.db, customer.id, id) : null;
  if (!address) throw refuse.notFound("Billing address not found");
  return apiJson({ success: true, data: address });
});
