import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { ReconcileSchema } from "~/lib/schemas/reconcile";
import { requireApiToken } from "~/auth/index.server";
import { reconcileKeptFigures } from "~/domain/counts/reconcile.server";
import { refuse } from "~/domain/refusal";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/**
 * POST /api/v1/admin/reconcile {reconcile:{cursor?, repair?}} (admins): one call of the kept
 * figures' reconciliation (at most 10,000 rows read); `data.cursor` goes on, null once done.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  await requireApiToken(context, request, "admin");
  const { cursor, repair } = await readApiBody(request, ReconcileSchema, { wrapper: "reconcile", failure: "Reconciliation could not start" });
  const report = await reconcileKeptFigures(context.db, cursor, { repair });
  if (!report) throw refuse.invalid("Reconciliation could not start", ["cursor must be the cursor a previous call returned"]);
  return apiJson({
    success: true,
    message: report.done ? "Reconciliation done" : "Reconciliation goes on",
    data: {
      done: report.done,
      cursor: report.cursor,
      phase: report.phase,
      rows_read: report.rowsRead,
      repaired: report.repaired,
      moved: report.moved,
      differences: report.differences.map((d) => ({ ...d, key: d.key.split("\t") })),
    },
  });
});
