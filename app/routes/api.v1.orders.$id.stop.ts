import { apiJson } from "~/lib/api";
import { stopAfterStage } from "~/domain/orders/stop.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { refundSummary } from "~/domain/orders/refunds.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/stop (the order's customer): an order made in stages stops after its
 * latest approved stage, the stages not started refunded; 409 with the reason otherwise.
 */
export const action = apiCall("POST /orders/{id}/stop", async ({ caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  await stopAfterStage(context.db, context.payments, mailNotice(context), id, caller.id);
  const { user_id: _owner, ...order } = (await getOrder(context.db, id, EVERY_ORDER))!;
  const { refunds } = await refundSummary(context.db, id);
  return apiJson({ success: true, message: "Stopped: the stages not started are refunded", data: { order, refunds } });
});
