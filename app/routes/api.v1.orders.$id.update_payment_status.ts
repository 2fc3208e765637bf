import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { getOrder, syncPaymentStatus } from "~/domain/orders/orders.server";
import { parseId } from "~/lib/record-id";
import { apiRoute } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/**
 * PUT /api/v1/orders/{id}/update_payment_status → data.payment_status. Whatever status the client
 * sends is ignored: the server asks the payment provider and records what it says (docs/design.md §5).
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const id = parseId(params.id);
  const order = id ? await getOrder(context.db, id, caller.kind === "admin" ? {} : { userId: caller.id }) : null;
  if (!order) throw refuse.notFound("Order not found");
  const paymentStatus = await syncPaymentStatus(context.db, context.payments, order.id, mailNotice(context));
  return apiJson({ success: true, data: { id: order.id, payment_status: paymentStatus } });
});
