import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";
import { monthlyReport, readPeriod, taxReport, toCsv } from "~/domain/money/reports.server";
import { rateText } from "~/domain/money/tax-rules";
import { minorToDecimalString } from "~/lib/money-decimal";
import { badRequest } from "~/http/answers.server";

/** GET /admin/reports.csv?kind=monthly|tax&from=YYYY-MM-DD&to=YYYY-MM-DD: a report as CSV, amounts as decimals. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  if (kind !== "monthly" && kind !== "tax") {
    return badRequest("kind must be monthly or tax");
  }
  const period = readPeriod(url.searchParams.get("from"), url.searchParams.get("to"));
  let csv: string;
  if (kind === "monthly") {
    const rows = await monthlyReport(context.db, period);
    const money = (minor: number, currency: string) => minorToDecimalString(minor, currency);
    csv = toCsv(
      ["month", "currency", "invoices", "net_sales", "discounts", "tax_collected", "credit_notes", "refunds", "tax_refunded", "net_tax"],
      rows.map((r) => [
        r.month,
        r.currency,
        r.invoices,
        money(r.netSalesMinor, r.currency),
        money(r.discountMinor, r.currency),
        money(r.taxMinor, r.currency),
        r.creditNotes,
        money(r.refundsMinor, r.currency),
        money(r.refundsTaxMinor, r.currency),
        money(r.netTaxMinor, r.currency),
      ]),
    );
  } else {
    const rows = await taxReport(context.db, period);
    csv = toCsv(
      ["country", "rate_percent", "currency", "net_amount", "tax"],
      rows.map((r) => [
        r.country,
        rateText(r.rateBasisPoints),
        r.currency,
        minorToDecimalString(r.netMinor, r.currency),
        minorToDecimalString(r.taxMinor, r.currency),
      ]),
    );
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${period.fromText}-to-${period.toText}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
