/** The shop's documents (invoices, credit notes) as downloads: PDF bytes, never cached, or a plain 404. */
import { creditNotePdf, invoicePdf, type CreditNote, type Invoice } from "~/domain/money/invoices.server";

export function pdfDownload(bytes: Uint8Array<ArrayBuffer>, filename: string): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function documentNotFound(what: string): Response {
  return new Response(`${what} not found`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The invoice's PDF, or 404 when there is none for this viewer. */
export async function invoicePdfResponse(invoice: Invoice | null): Promise<Response> {
  if (!invoice) return documentNotFound("Invoice");
  return pdfDownload(await invoicePdf(invoice), `invoice-${invoice.number}.pdf`);
}

/** The credit note's PDF, or 404. */
export async function creditNotePdfResponse(note: CreditNote | null): Promise<Response> {
  if (!note) return documentNotFound("Credit note");
  return pdfDownload(await creditNotePdf(note), `credit-note-${note.number}.pdf`);
}
