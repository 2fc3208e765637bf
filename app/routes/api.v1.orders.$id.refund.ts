import { apiJson } from "~/lib/api";
import { minorToDecimalString } from "~/lib/money-decimal";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { refundOrder } from "~/domain/orders/refunds.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/refund {refund:{reason, amount?}} (admin; an optional `Idempotency-Key`)
 * → 200 with the order, its refunds and what is left; nothing left → 409 and nothing more is refunded.
 */
export const action = apiCall("POST /orders/{id}/refund", async ({ body: { reason, amount }, caller, params, request, context }) => {
  const id = requireIdParam(params.id, "Order not found");
  const key = request.headers.get("Idempotency-Key")?.slice(0, 100) || undefined;
  const done = await refundOrder(context.db, context.payments, id, caller.id, { reason, amount, idempotencyKey: key && `api-${key}` }, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id, EVERY_ORDER))!;
  return apiJson({
    success: true,
    message: "Order refunded",
    data: { order, refunds: done.refunds, remaining_amount: minorToDecimalString(done.remainingMinor, done.currency) },
  });
});
