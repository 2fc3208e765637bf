import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { getOrder } from "~/domain/orders/orders.server";
import { refundSummary } from "~/domain/orders/refunds.server";
import { refuse } from "~/domain/refusal";
import { apiRoute, requireIdParam } from "~/http/api-route.server";

/** GET /api/v1/orders/{id}/credit_notes: the order's refunds with their credit notes, for its owner or an admin. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = requireIdParam(params.id, "Order not found");
  if (!(await getOrder(context.db, id, caller.kind === "admin" ? {} : { userId: caller.id }))) throw refuse.notFound("Order not found");
  return apiJson({ success: true, data: (await refundSummary(context.db, id)).refunds });
});
