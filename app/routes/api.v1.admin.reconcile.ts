import { apiJson } from "~/lib/api";
import { reconcileKeptFigures } from "~/domain/counts/reconcile.server";
import { refuse } from "~/domain/refusal";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/admin/reconcile {reconcile:{cursor?, repair?}} (admins): one call of the kept
 * figures' reconciliation (at most 10,000 rows read); `data.cursor` goes on, null once done. One run
 * at a time: another caller, or a cursor used twice, gets 409 with Retry-After.
 */
export const action = apiCall("POST /admin/reconcile", async ({ body: { cursor, repair }, context }) => {
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
