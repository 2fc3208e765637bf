import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { creatorYearCsv, reportYear } from "~/domain/payouts/reports.server";
import { badRequest } from "~/http/answers.server";

/** GET /studio/tax/report.csv?year=2026: the creator's own row of the yearly figures the studio reports (the same columns as the admins'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const year = reportYear(new URL(request.url).searchParams.get("year"));
  if (year === null) return badRequest("year must be a year such as 2026, not one still to come");
  return new Response(await creatorYearCsv(context.db, creator.id, year), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-figures-${year}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
