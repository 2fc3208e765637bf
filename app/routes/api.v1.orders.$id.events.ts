import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { listOrderEvents } from "~/domain/orders/fulfilment.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";

/** GET /api/v1/orders/{id}/events: the order's timeline, oldest first (the owner or an admin). */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = requireIdParam(params.id, "Order not found");
  return apiJson({ success: true, data: await listOrderEvents(context.db, id, { kind: caller.kind, id: caller.id }) });
});
