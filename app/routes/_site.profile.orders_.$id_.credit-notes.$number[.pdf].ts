import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/auth/index.server";
import { documentDownload } from "~/http/documents.server";

/** A refund's credit note as a PDF download, for the order's owner. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return documentDownload(context.db, "credit-note", params, { customerId: customer.id });
}
