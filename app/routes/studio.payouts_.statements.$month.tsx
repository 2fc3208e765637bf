import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PrintButton } from "~/components/print-button";
import { requireCreator } from "~/auth/index.server";
import { creatorStatement, movementLine, statementTitle } from "~/domain/payouts/statements.server";
import { formatMoney } from "~/lib/money";
import { notFound } from "~/http/answers.server";
import { STATEMENT_MESSAGES } from "~/lib/rules/payouts";

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
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Statement"} · Studio · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function Statement() {
  const { statement, title, lines } = useLoaderData<typeof loader>();
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
    </article>
  );
}
