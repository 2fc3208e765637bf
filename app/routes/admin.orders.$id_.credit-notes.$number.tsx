import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceDocument } from "~/components/invoice-document";
import { parseId } from "~/lib/record-id";
import { requireAdmin } from "~/auth/index.server";
import { creditNoteView, getCreditNote } from "~/domain/money/invoices.server";

/** A refund's credit note, printable and as a PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const note = id && params.number ? await getCreditNote(context.db, id, params.number.slice(0, 40), "studio") : null;
  if (!note) throw new Response("Credit note not found", { status: 404 });
  return { orderId: note.orderId, number: note.number, document: creditNoteView(note) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Credit note ${data?.number ?? ""} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function CreditNotePage() {
  const { orderId, number, document } = useLoaderData<typeof loader>();
  return (
    <InvoiceDocument
      document={document}
      back={{ to: `/admin/orders/${orderId}`, label: `Order #${orderId}` }}
      pdfHref={`/admin/orders/${orderId}/credit-notes/${number}.pdf`}
      pdfName={`credit-note-${number}.pdf`}
    />
  );
}
