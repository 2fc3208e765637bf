import { Link } from "@remix-run/react";
import { PrintButton } from "~/components/print-button";

/** What an invoice or credit note page shows (built on the server by app/domain/money). */
export interface DocumentView {
  title: string;
  seller: string[];
  buyer: string[];
  rows: [string, string][];
  notes: string[];
}

/**
 * A printable invoice or credit note: the seller, the buyer, the rows and the notes. Print CSS
 * hides the shop's chrome and the buttons; the PDF beside it says the same.
 */
export function InvoiceDocument({
  document,
  back,
  pdfHref,
  pdfName,
}: {
  document: DocumentView;
  back: { to: string; label: string };
  pdfHref: string;
  pdfName: string;
}) {
  return (
    <article aria-labelledby="document-title" className="max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={back.to} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {back.label}
        </Link>
        <span className="flex-1" />
        <PrintButton />
        <a href={pdfHref} download={pdfName} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Download PDF
        </a>
      </div>
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0">
        <header>
          <p className="text-xl font-bold">{document.seller[0]}</p>
          {document.seller.slice(1).map((line) => (
            <p key={line} className="text-sm text-slate-600">
              {line}
            </p>
          ))}
        </header>
        <h1 id="document-title" className="text-2xl font-bold tracking-tight">
          {document.title}
        </h1>
        <div>
          <h2 className="text-sm font-semibold text-slate-600">Billed to</h2>
          <address className="mt-1 text-sm not-italic">
            {document.buyer.map((line, i) => (
              <span key={`${i}-${line}`}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </address>
        </div>
        <dl className="divide-y divide-slate-100 text-sm">
          {document.rows.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[10rem_minmax(0,1fr)] gap-4 py-2">
              <dt className="text-slate-600">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {document.notes.length ? (
          <div className="space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-600">
            {document.notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
