import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { parseId } from "~/lib/record-id";
import { requireCustomer } from "~/auth/index.server";
import { getInvoice, invoiceView } from "~/domain/money/invoices.server";

/** The invoice of a paid order, for its owner: printable (print CSS hides the shop's chrome) and as a PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  const invoice = id ? await getInvoice(context.db, id, { customerId: customer.id }) : null;
  if (!invoice) throw new Response("Invoice not found", { status: 404 });
  return { orderId: invoice.orderId, number: invoice.number, document: invoiceView(invoice) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Invoice ${data?.number ?? ""} · Reelcraft` }, { name: "robots", content: "noindex" }];

export default function InvoicePage() {
  const { orderId, number, document } = useLoaderData<typeof loader>();
  return (
    <InvoiceDocument
      document={document}
      back={{ to: `/profile/orders/${orderId}`, label: `Order #${orderId}` }}
      pdfHref={`/profile/orders/${orderId}/invoice.pdf`}
      pdfName={`invoice-${number}.pdf`}
    />
  );
}
