import { apiJson } from "~/lib/api";
import { getInvoice, invoiceViewerOf, invoiceJson } from "~/domain/money/invoices.server";
import { refuse } from "~/domain/refusal";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/orders/{id}/invoice: the invoice of a paid order, for its owner or an admin. */
export const loader = apiCall("GET /orders/{id}/invoice", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Invoice not found");
  const invoice = await getInvoice(context.db, id, invoiceViewerOf(caller));
  if (!invoice) throw refuse.notFound("Invoice not found");
  return apiJson({ success: true, data: invoiceJson(invoice) });
});
