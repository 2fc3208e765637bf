/**
 * The shop's documents (invoices, credit notes) for a viewer: what their printable page shows, or
 * their PDF download (never cached); a plain 404 for a document that is not there for that viewer.
 * The customer's and the studio's routes differ only in who they let in and where they link back.
 */
import type { Params } from "@remix-run/react";
import type { Database } from "../../db/client";
import {
  creditNotePdf,
  creditNoteView,
  getCreditNote,
  getInvoice,
  getInvoiceByNumber,
  invoicePdf,
  invoiceView,
  type InvoiceViewer,
} from "~/domain/money/invoices.server";
import { parseId } from "~/lib/record-id";

export type DocumentKind = "invoice" | "credit-note";
/** Where the viewer's order pages live: the owner's, or the studio's. */
export type OrderPages = "/profile/orders" | "/admin/orders";

const NAME = { invoice: "Invoice", "credit-note": "Credit note" } as const;

async function find(db: Database, kind: DocumentKind, params: Params, viewer: InvoiceViewer) {
  const id = parseId(params.id);
  if (!id) return null;
  if (kind === "invoice") {
    // An order's first invoice at `…/invoice`; any of its invoices (a payment's each) at `…/invoices/{number}`.
    const invoice = params.number ? await getInvoiceByNumber(db, id, params.number.slice(0, 40), viewer) : await getInvoice(db, id, viewer);
    return invoice && { orderId: id, number: invoice.number, view: invoiceView(invoice), pdf: () => invoicePdf(invoice), numbered: Boolean(params.number) };
  }
  const note = params.number ? await getCreditNote(db, id, params.number.slice(0, 40), viewer) : null;
  return note && { orderId: id, number: note.number, view: creditNoteView(note), pdf: () => creditNotePdf(note), numbered: true };
}

function notFound(kind: DocumentKind): Response {
  return new Response(`${NAME[kind]} not found`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** A document page's data (app/components/invoice-document.tsx shows it); 404 when there is none for this viewer. */
export async function documentPage(db: Database, kind: DocumentKind, params: Params, viewer: InvoiceViewer, pages: OrderPages) {
  const found = await find(db, kind, params, viewer);
  if (!found) throw notFound(kind);
  const path =
    kind === "credit-note"
      ? `${pages}/${found.orderId}/credit-notes/${found.number}`
      : found.numbered
        ? `${pages}/${found.orderId}/invoices/${found.number}`
        : `${pages}/${found.orderId}/invoice`;
  return {
    document: found.view,
    back: { to: `${pages}/${found.orderId}`, label: `Order #${found.orderId}` },
    pdfHref: `${path}.pdf`,
    pdfName: `${kind}-${found.number}.pdf`,
  };
}

/** A document's PDF download, or 404 when there is none for this viewer. */
export async function documentDownload(db: Database, kind: DocumentKind, params: Params, viewer: InvoiceViewer): Promise<Response> {
  const found = await find(db, kind, params, viewer);
  if (!found) return notFound(kind);
  return new Response(await found.pdf(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${kind}-${found.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
