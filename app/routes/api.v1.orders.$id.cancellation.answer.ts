import { apiJson } from "~/lib/api";
import { answerCancellation } from "~/domain/orders/cancellation.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/cancellation/answer {cancellation:{amount, note}} (admin): the studio's
 * answer to a cancellation of work already started: a refund for the work not done ("0": none) with a
 * note of the work done; the order is cancelled. 409 when there is no open request.
 */
export const action = apiCall("POST /orders/{id}/cancellation/answer", async ({ body, caller, params, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  await answerCancellation(context.db, context.payments, caller.id, id, body, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id, EVERY_ORDER))!;
  return apiJson({ success: true, message: "Cancellation answered", data: { order } });
});
