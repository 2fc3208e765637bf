import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { createOrder, listOrders, ordersOf } from "~/domain/orders/orders.server";
import { randomToken } from "~/domain/crypto.server";
import { apiCall } from "~/http/api/call.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders?limit&pageNumber: a customer's own orders; every order for an admin token; `?after=` walks by keyset. */
export const loader = apiCall("GET /orders", async ({ query, caller, context }) => {
  const { limit = caller.kind === "admin" ? 20 : 10, pageNumber = 1, after } = query;
  const page = await listOrders(context.db, ordersOf(caller), pageNumber, limit, { after });
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});

/**
 * POST /api/v1/orders {order:{product_id, billing_address_id, order_amount, currency[, package_index][, promo_code][, start_work_now]}}
 * → 201 data {id, client_secret, …}. The server prices the order; an `order_amount` that disagrees
 * with the package's price (before any discount) is 422. A refused promotion code is 422 with the
 * screen's reason as `message` and as the one entry of `errors`, and `error_code: PROMO_CODE_REFUSED`.
 * An `Idempotency-Key` header makes a replayed request return the same order.
 */
export const action = apiCall("POST /orders", async ({ body, caller, request, context }) => {
  const key = request.headers.get("Idempotency-Key")?.slice(0, 100) || `api-${randomToken(16)}`;
  const { order, clientSecret } = await createOrder(
    context.db,
    context,
    caller.id,
    {
      productId: body.product_id,
      billingAddressId: body.billing_address_id,
      packageIndex: body.package_index,
      clientAmount: body.order_amount,
      currency: body.currency,
      idempotencyKey: key,
      promoCode: body.promo_code?.trim() || undefined,
      startWorkNow: body.start_work_now,
    },
    mailNotice(context),
  );
  // No secret for an order with nothing to pay (a code took the whole price off): it is paid already.
  if (!clientSecret && order.payment_status !== "succeeded") throw refuse.upstream("No client secret returned from the payment provider");
  return apiJson({ success: true, message: "Order created", data: { ...order, client_secret: clientSecret } }, { status: 201 });
});
