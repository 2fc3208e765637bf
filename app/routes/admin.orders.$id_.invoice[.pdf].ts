import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { requireAdmin } from "~/auth/index.server";
import { getInvoice } from "~/domain/money/invoices.server";
import { invoicePdfResponse } from "~/http/documents.server";

/** GET /admin/orders/{id}/invoice.pdf: any paid order's invoice as a PDF, for admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  return invoicePdfResponse(id ? await getInvoice(context.db, id, "studio") : null);
}
