import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { RefundSchema } from "~/lib/schemas/refund";
import { requireApiToken } from "~/auth/index.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { getOrder } from "~/domain/orders/orders.server";
import { refundOrder } from "~/domain/orders/refunds.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * POST /api/v1/orders/{id}/refund {refund:{reason}} (admin) → 200 with `payment_status: "refunded"`
 * (open work is cancelled with it); a second call → 409 and nothing more is refunded.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const id = requireIdParam(params.id, "Order not found");
  const { reason } = await readApiBody(request, RefundSchema, { wrapper: "refund", failure: "Refund could not be made" });
  await refundOrder(context.db, context.payments, id, admin.id, reason, mailNotice(context));
  const { user_id: _owner, ...data } = (await getOrder(context.db, id))!;
  return apiJson({ success: true, message: "Order refunded", data });
});
