import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiToken } from "~/auth/index.server";
import { approveDelivery } from "~/domain/orders/fulfilment.server";
import { getOrder } from "~/domain/orders/orders.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** POST /api/v1/orders/{id}/approve (owner) → 200, the order completed; before a delivery → 409. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const id = requireIdParam(params.id, "Order not found");
  await approveDelivery(context.db, mailNotice(context), id, token.id);
  const { user_id: _owner, ...data } = (await getOrder(context.db, id, { userId: token.id }))!;
  return apiJson({ success: true, message: "Delivery approved", data });
});
