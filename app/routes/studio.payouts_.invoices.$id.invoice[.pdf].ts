import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { selfBilledInvoice, selfBilledInvoicePdf } from "~/domain/payouts/self-billing.server";
import { settle } from "~/domain/refusal";
import { notFound } from "~/http/answers.server";
import { parseId } from "~/lib/record-id";
import { SELF_BILLING_MESSAGES } from "~/lib/rules/self-billing";

/** GET /studio/payouts/invoices/{id}/invoice.pdf: one of the creator's self-billed invoices as a PDF, theirs only (a suspended creator's too). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const id = parseId(params.id);
  const found = id ? await settle(selfBilledInvoice(context.db, id, creator.id)) : null;
  if (!found?.ok) throw notFound(SELF_BILLING_MESSAGES.invoiceNotFound);
  return new Response(await selfBilledInvoicePdf(found.value), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${found.value.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
