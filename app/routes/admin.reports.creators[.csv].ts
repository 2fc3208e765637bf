import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";
import { creatorsYearCsv, reportYear } from "~/domain/payouts/reports.server";
import { badRequest } from "~/http/answers.server";

/** GET /admin/reports/creators.csv?year=2026: every creator's figures for platform reporting, by quarter, streamed. The operator files them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const year = reportYear(new URL(request.url).searchParams.get("year"));
  if (year === null) return badRequest("year must be a year such as 2026, not one still to come");
  return new Response(creatorsYearCsv(context.db, year), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="creators-${year}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
