import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { requireCustomer } from "~/auth/index.server";
import { documentPage } from "~/http/documents.server";

/** One of a paid order's invoices by its number (one per payment), for its owner: printable and as a PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return documentPage(context.db, "invoice", params, { customerId: customer.id }, "/profile/orders");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.title ?? "Not found"} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function DocumentPage() {
  return <InvoiceDocument {...useLoaderData<typeof loader>()} />;
}
