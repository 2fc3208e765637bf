import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PrintButton } from "~/components/print-button";
import { requireCreator } from "~/auth/index.server";
import { creatorStatement, movementLine, statementTitle } from "~/domain/payouts/statements.server";
import { formatMoney } from "~/lib/money";
import { notFound } from "~/http/answers.server";
import { STATEMENT_MESSAGES } from "~/lib/rules/payouts";
import { invoiceDate, invoiceLine, invoiceNotes, selfBilledTitle, supplierLines, taxLabel } from "~/domain/payouts/self-billing.server";
import { monthLabel } from "~/lib/rules/statements";

/** A creator's monthly statement, printable: per currency the opening balance, each movement and the closing balance. Their own only; a suspended creator's too. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const statement = await creatorStatement(context.db, creator.id, params.month ?? "");
  if (!statement) throw notFound(STATEMENT_MESSAGES.notFound);
  return {
    statement,
    title: statementTitle(statement),
    lines: statement.currencies.map((block) => ({
      currency: block.currency,
      movements: block.movements.map((movement) => ({ id: movement.id, line: movementLine(movement, block.currency) })),
    })),
    // Under the creator's self-billing agreement, the month's invoices to the studio, as their PDFs print them.
    invoices: statement.self_billed_invoices.map((invoice) => ({
      id: invoice.id,
      title: selfBilledTitle(invoice),
      supplier: supplierLines(invoice),
      customer: [
        invoice.customer.name,
        invoice.customer.address,
        ...(invoice.customer.tax_id ? [`${invoice.tax_name} number: ${invoice.customer.tax_id}`] : []),
      ],
      facts: [
        ["Invoice number", invoice.number],
        ["Date of issue", invoiceDate(invoice.issued_at)],
        ["Supplies in", monthLabel(invoice.month)],
      ] as const,
      lines: invoice.lines.map((line) => ({ id: line.id, line: invoiceLine(line, invoice.currency) })),
      totals: [
        ["Net", formatMoney(invoice.net_minor, invoice.currency)],
        [taxLabel(invoice), formatMoney(invoice.tax_minor, invoice.currency)],
        ["Total", formatMoney(invoice.total_minor, invoice.currency)],
      ] as const,
      notes: invoiceNotes(invoice),
      number: invoice.number,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Statement"} · Studio · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function Statement() {
  const { statement, title, lines, invoices } = useLoaderData<typeof loader>();
  const pdf = `/studio/payouts/statements/${statement.month}/statement.pdf`;
  return (
    <article aria-labelledby="statement-title" className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to="/studio/payouts" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Payouts
        </Link>
        <span className="flex-1" />
        <PrintButton />
        <a
          href={pdf}
          download={`statement-${statement.month}.pdf`}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download PDF
        </a>
      </div>
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0">
        <header>
          <p className="text-xl font-bold">{statement.studio.name}</p>
          <p className="text-sm text-slate-600">{statement.studio.address}</p>
          {statement.studio.tax_id ? <p className="text-sm text-slate-600">{`VAT number: ${statement.studio.tax_id}`}</p> : null}
        </header>
        <div>
          <h1 id="statement-title" className="text-2xl font-bold tracking-tight">
            {title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{`${statement.creator.name} (creator #${statement.creator.id})`}</p>
        </div>
        {statement.currencies.length ? (
          statement.currencies.map((block, i) => (
            <section key={block.currency} aria-labelledby={`statement-${block.currency}`} className="space-y-2" data-testid="statement-currency">
              <h2 id={`statement-${block.currency}`} className="text-lg font-semibold">
                {block.currency}
              </h2>
              <table className="w-full text-left text-sm">
                <thead className="sr-only">
                  <tr>
                    <th scope="col">Movement</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  <tr>
                    <th scope="row" className="py-2 font-semibold">
                      Opening balance
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{formatMoney(block.opening_minor, block.currency)}</td>
                  </tr>
                  {lines[i]!.movements.map(({ id, line: [what, amount] }) => (
                    <tr key={id}>
                      <td className="py-2 pr-4 break-words">{what}</td>
                      <td className="py-2 text-right whitespace-nowrap tabular-nums">{amount}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className="py-2 font-semibold">
                      Closing balance
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{formatMoney(block.closing_minor, block.currency)}</td>
                  </tr>
                </tbody>
              </table>
              <p className="text-sm text-slate-600">
                {`Earned ${formatMoney(block.earned_minor, block.currency)}; paid to you ${formatMoney(block.paid_minor, block.currency)}; taken back ${formatMoney(block.clawed_back_minor, block.currency)}; adjusted ${formatMoney(block.adjusted_minor, block.currency)}.`}
              </p>
              {block.truncated ? <p className="text-sm text-amber-900">Only the first movements are listed; the balances count them all.</p> : null}
            </section>
          ))
        ) : (
          <p className="text-slate-600">No movements and no balance this month.</p>
        )}
      </div>
      {invoices.map((invoice) => (
        <section
          key={invoice.id}
          aria-labelledby={`invoice-${invoice.id}`}
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 print:break-before-page print:border-0 print:p-0"
          data-testid="self-billed-invoice"
        >
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={`invoice-${invoice.id}`} className="flex-1 text-xl font-bold tracking-tight">
              {invoice.title}
            </h2>
            <a
              href={`/studio/payouts/invoices/${invoice.id}/invoice.pdf`}
              download={`${invoice.number}.pdf`}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 print:hidden"
            >
              Download invoice PDF
            </a>
          </div>
          <div className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Supplier</h3>
              {invoice.supplier.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Customer</h3>
              {invoice.customer.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {invoice.facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <table className="w-full text-left text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Supply</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoice.lines.map(({ id, line: [what, amount] }) => (
                <tr key={id}>
                  <td className="py-2 pr-4 break-words">{what}</td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{amount}</td>
                </tr>
              ))}
              {invoice.totals.map(([label, amount]) => (
                <tr key={label}>
                  <th scope="row" className="py-2 font-semibold">
                    {label}
                  </th>
                  <td className="py-2 text-right font-semibold tabular-nums">{amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {invoice.notes.map((note) => (
            <p key={note} className="text-sm text-slate-600">
              {note}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
