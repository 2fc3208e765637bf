import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { getInvoice, invoiceJson } from "~/domain/money/invoices.server";
import { refuse } from "~/domain/refusal";
import { apiRoute, requireIdParam } from "~/http/api-route.server";

/** GET /api/v1/orders/{id}/invoice: the invoice of a paid order, for its owner or an admin. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = requireIdParam(params.id, "Invoice not found");
  const invoice = await getInvoice(context.db, id, caller.kind === "admin" ? "studio" : { customerId: caller.id });
  if (!invoice) throw refuse.notFound("Invoice not found");
  return apiJson({ success: true, data: invoiceJson(invoice) });
});
