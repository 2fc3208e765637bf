import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { minorToDecimalString } from "~/lib/money-decimal";
import { RefundSchema } from "~/lib/schemas/refund";
import { requireApiToken } from "~/auth/index.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { getOrder } from "~/domain/orders/orders.server";
import { refundOrder } from "~/domain/orders/refunds.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * POST /api/v1/orders/{id}/refund {refund:{reason, amount?}} (admin; an optional `Idempotency-Key`)
 * → 200 with the order, its refunds and what is left; nothing left → 409 and nothing more is refunded.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const id = requireIdParam(params.id, "Order not found");
  const { reason, amount } = await readApiBody(request, RefundSchema, { wrapper: "refund", failure: "Refund could not be made" });
  const key = request.headers.get("Idempotency-Key")?.slice(0, 100) || undefined;
  const done = await refundOrder(context.db, context.payments, id, admin.id, { reason, amount, idempotencyKey: key && `api-${key}` }, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id))!;
  return apiJson({
    success: true,
    message: "Order refunded",
    data: { order, refunds: done.refunds, remaining_amount: minorToDecimalString(done.remainingMinor, done.currency) },
  });
});
