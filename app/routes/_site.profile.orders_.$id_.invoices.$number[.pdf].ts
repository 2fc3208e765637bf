import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/auth/index.server";
import { documentDownload } from "~/http/documents.server";

/** GET /profile/orders/{id}/invoices/{number}.pdf: one of the order's invoices as a PDF download, for its owner only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return documentDownload(context.db, "invoice", params, { customerId: customer.id });
}
