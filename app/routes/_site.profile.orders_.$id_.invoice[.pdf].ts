import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { requireCustomer } from "~/auth/index.server";
import { getInvoice } from "~/domain/money/invoices.server";
import { invoicePdfResponse } from "~/http/documents.server";

/** GET /profile/orders/{id}/invoice.pdf: the invoice as a PDF download, for the order's owner only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  return invoicePdfResponse(id ? await getInvoice(context.db, id, { customerId: customer.id }) : null);
}
