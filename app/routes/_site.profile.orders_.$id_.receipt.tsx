import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PrintButton } from "~/components/print-button";
import { parseId } from "~/lib/record-id";
import { SHOP, TAX_NOTE } from "~/lib/shop";
import { requireCustomer } from "~/auth/index.server";
import { getReceipt, receiptRows } from "~/domain/orders/receipts.server";

/** The receipt of a paid order, for its owner: printable (print CSS hides the shop's chrome) and as a PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  const receipt = id ? await getReceipt(context.db, id, customer.id) : null;
  if (!receipt) throw new Response("Receipt not found", { status: 404 });
  return { receipt, rows: receiptRows(receipt) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Receipt for order #${data?.receipt.orderId ?? ""} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function ReceiptPage() {
  const { receipt, rows } = useLoaderData<typeof loader>();
  return (
    <article aria-labelledby="receipt-title" className="max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={`/profile/orders/${receipt.orderId}`} className="text-sm font-semibold text-brand-700 hover:underline">
          ← Order #{receipt.orderId}
        </Link>
        <span className="flex-1" />
        <PrintButton />
        <a
          href={`/profile/orders/${receipt.orderId}/receipt.pdf`}
          download={`receipt-order-${receipt.orderId}.pdf`}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download PDF
        </a>
      </div>
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0">
        <header>
          <p className="text-xl font-bold">{SHOP.name}</p>
          <p className="text-sm text-slate-600">{SHOP.address}</p>
          <p className="text-sm text-slate-600">{SHOP.email}</p>
        </header>
        <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
          Receipt for order #{receipt.orderId}
        </h1>
        <div>
          <h2 className="text-sm font-semibold text-slate-500">Billed to</h2>
          <address className="mt-1 text-sm not-italic">
            {receipt.customer.name}
            <br />
            {receipt.customer.email}
            {(receipt.billingAddress ?? ["Billing address no longer on record"]).map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </address>
        </div>
        <dl className="divide-y divide-slate-100 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[10rem_minmax(0,1fr)] gap-4 py-2">
              <dt className="text-slate-500">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">{TAX_NOTE}.</p>
      </div>
    </article>
  );
}
