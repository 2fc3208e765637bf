import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { requireAdmin } from "~/auth/index.server";
import { documentPage } from "~/http/documents.server";

/** Any of a paid order's invoices by its number (one per payment), for the studio's admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return documentPage(context.db, "invoice", params, "studio", "/admin/orders");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.title ?? "Not found"} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function DocumentPage() {
  return <InvoiceDocument {...useLoaderData<typeof loader>()} />;
}
