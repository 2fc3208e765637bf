import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";
import { selfBilledInvoice, selfBilledInvoicePdf } from "~/domain/payouts/self-billing.server";
import { settle } from "~/domain/refusal";
import { notFound } from "~/http/answers.server";
import { parseId } from "~/lib/record-id";
import { SELF_BILLING_MESSAGES } from "~/lib/rules/self-billing";

/** GET /admin/settings/self-billing/invoices/{id}/invoice.pdf: a self-billed invoice the studio issued, for its records (admins). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const found = id ? await settle(selfBilledInvoice(context.db, id, null)) : null;
  if (!found?.ok) throw notFound(SELF_BILLING_MESSAGES.invoiceNotFound);
  return new Response(await selfBilledInvoicePdf(found.value), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${found.value.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
