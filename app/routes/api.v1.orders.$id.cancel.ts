import { apiJson } from "~/lib/api";
import { CANCELLATION_MESSAGES } from "~/lib/rules/cancellation-rules";
import { cancelOrder } from "~/domain/orders/cancellation.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/cancel (the order's customer): the withdrawal within 14 days of paying.
 * 200 with the order when it was refunded at once (work not started), 202 when it became a request
 * the studio answers, 409 with the reason when it is no longer possible.
 */
export const action = apiCall("POST /orders/{id}/cancel", async ({ caller, params, context }) => {
  const customer = await caller.account();
  const id = requireIdParam(params.id, "Order not found");
  const outcome = await cancelOrder(context.db, context.payments, customer.id, id, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id, EVERY_ORDER))!;
  return apiJson(
    { success: true, message: outcome === "refunded" ? CANCELLATION_MESSAGES.refunded : CANCELLATION_MESSAGES.requested, data: { order } },
    { status: outcome === "refunded" ? 200 : 202 },
  );
});
