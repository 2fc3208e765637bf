import { apiJson } from "~/lib/api";
import { minorToDecimalString } from "~/lib/money-decimal";
import { claimGuarantee } from "~/domain/orders/guarantee.server";
import { EVERY_ORDER, getOrder } from "~/domain/orders/orders.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/guarantee (the order's customer): the first-order money-back guarantee,
 * a full refund at once within 30 days of paying while the order is not completed; 409 with the
 * reason otherwise (not the first order, too late, completed, refunded already).
 */
export const action = apiCall("POST /orders/{id}/guarantee", async ({ caller, params, context }) => {
  const customer = await caller.account();
  const id = requireIdParam(params.id, "Order not found");
  const done = await claimGuarantee(context.db, context.payments, customer.id, id, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id, EVERY_ORDER))!;
  return apiJson({
    success: true,
    message: "Order refunded under the money-back guarantee",
    data: { order, refunds: done.refunds, remaining_amount: minorToDecimalString(done.remainingMinor, done.currency) },
  });
});
