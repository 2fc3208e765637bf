import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { parseId } from "~/lib/record-id";
import { requireAdmin } from "~/auth/index.server";
import { getInvoice, invoiceView } from "~/domain/money/invoices.server";

/** Any paid order's invoice, for the studio's admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const invoice = id ? await getInvoice(context.db, id, "studio") : null;
  if (!invoice) throw new Response("Invoice not found", { status: 404 });
  return { orderId: invoice.orderId, number: invoice.number, document: invoiceView(invoice) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Invoice ${data?.number ?? ""} · Reelcraft admin` }];

export default function AdminInvoicePage() {
  const { orderId, number, document } = useLoaderData<typeof loader>();
  return (
    <InvoiceDocument
      document={document}
      back={{ to: `/admin/orders/${orderId}`, label: `Order #${orderId}` }}
      pdfHref={`/admin/orders/${orderId}/invoice.pdf`}
      pdfName={`invoice-${number}.pdf`}
    />
  );
}
