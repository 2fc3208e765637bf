import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { YearForm } from "~/components/year-form";
import { Form, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/index.server";
import { monthlyReport, readPeriod, taxReport } from "~/domain/money/reports.server";
import { ratePercent } from "~/domain/money/tax-rules";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";

/** The studio's money reports: sales, discounts, tax and refunds by month, and tax by jurisdiction and rate for a period. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const period = readPeriod(url.searchParams.get("from"), url.searchParams.get("to"));
  const [months, tax] = await Promise.all([monthlyReport(context.db, period), taxReport(context.db, period)]);
  return { from: period.fromText, to: period.toText, months, tax };
}

export const meta: MetaFunction = () => [{ title: "Reports · Admin · Reelcraft" }];

const cell = "px-3 py-2 text-right tabular-nums";
const head = "px-3 py-2 text-right font-semibold";

export default function Reports() {
  const { from, to, months, tax } = useLoaderData<typeof loader>();
  const query = new URLSearchParams({ from, to });
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Reports</h1>
        <p className="mt-1 text-sm text-slate-600">
          From the invoices and credit notes issued (dates in UTC). A sale counts in the month its invoice was issued, a refund in the month of its credit note.
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4">
        <label className="text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={from} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <label className="text-sm font-medium">
          To (inclusive)
          <input type="date" name="to" defaultValue={to} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Show
        </button>
      </Form>

      <section aria-labelledby="monthly-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="monthly-title" className="text-lg font-semibold">
            Sales by month
          </h2>
          <a href={`/admin/reports.csv?kind=monthly&${query}`} className="text-sm font-semibold text-brand-700 hover:underline" download>
            Download CSV
          </a>
        </div>
        {months.length ? (
          <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Month
                  </th>
                  <th scope="col" className={head}>
                    Invoices
                  </th>
                  <th scope="col" className={head}>
                    Net sales
                  </th>
                  <th scope="col" className={head}>
                    Discounts
                  </th>
                  <th scope="col" className={head}>
                    Tax collected
                  </th>
                  <th scope="col" className={head}>
                    Refunds
                  </th>
                  <th scope="col" className={head}>
                    Tax refunded
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {months.map((m) => (
                  <tr key={`${m.month}-${m.currency}`}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {m.month} · {m.currency}
                    </th>
                    <td className={cell}>{m.invoices}</td>
                    <td className={cell}>{formatMoney(m.netSalesMinor, m.currency)}</td>
                    <td className={cell}>{formatMoney(m.discountMinor, m.currency)}</td>
                    <td className={cell}>{formatMoney(m.taxMinor, m.currency)}</td>
                    <td className={cell}>{formatMoney(m.refundsMinor, m.currency)}</td>
                    <td className={cell}>{formatMoney(m.refundsTaxMinor, m.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">No invoices or credit notes in this period.</p>
        )}
      </section>

      <section aria-labelledby="tax-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="tax-title" className="text-lg font-semibold">
            Tax by jurisdiction and rate
          </h2>
          <a href={`/admin/reports.csv?kind=tax&${query}`} className="text-sm font-semibold text-brand-700 hover:underline" download>
            Download CSV
          </a>
        </div>
        {tax.length ? (
          <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Jurisdiction
                  </th>
                  <th scope="col" className={head}>
                    Rate
                  </th>
                  <th scope="col" className={head}>
                    Net amount
                  </th>
                  <th scope="col" className={head}>
                    Tax
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {tax.map((t) => (
                  <tr key={`${t.country}-${t.rateBasisPoints}-${t.currency}`}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {t.country ? countryName(t.country) : "Unknown"} · {t.currency}
                    </th>
                    <td className={cell}>{ratePercent(t.rateBasisPoints)}</td>
                    <td className={cell}>{formatMoney(t.netMinor, t.currency)}</td>
                    <td className={cell}>{formatMoney(t.taxMinor, t.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">No tax in this period.</p>
        )}
      </section>

      <section aria-labelledby="creators-report-title" className="space-y-3">
        <h2 id="creators-report-title" className="text-lg font-semibold">
          Creators' yearly figures
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          For platform reporting (the EU's DAC7, the UK's rules for digital platforms): each creator's identity from their tax details, country of residence,
          and per quarter the orders they were paid for, the amounts paid to them and the fees and commissions kept. The studio files them; the shop files
          nothing itself.
        </p>
        <YearForm action="/admin/reports/creators.csv" />
      </section>
    </div>
  );
}
