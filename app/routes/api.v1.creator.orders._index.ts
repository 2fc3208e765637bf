import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { listCreatorOrders, parseCreatorQueueAfter } from "~/domain/creators/creator-orders.server";
import { workingCreator } from "~/auth/index.server";

/** GET /api/v1/creator/orders?status&after&limit: the creator's orders in one status, due dates first, by keyset. */
export const loader = apiCall("GET /creator/orders", async ({ query, caller, context }) => {
  workingCreator(await caller.account());
  const page = await listCreatorOrders(context.db, caller.id, query.status, { after: parseCreatorQueueAfter(query.after), limit: query.limit });
  return apiJson({ success: true, data: page.data, meta: { next_after: page.next, counts: page.counts, limit: query.limit } });
});
