import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { requireCustomer } from "~/auth/index.server";
import { documentPage } from "~/http/documents.server";

/** The invoice of a paid order, for its owner: printable (print CSS hides the shop's chrome) and as a PDF. */
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
