import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { CreateOrderSchema } from "~/lib/schemas/order";
import { apiJson, wrapped } from "~/lib/api";
import { readJson } from "~/http/request-body.server";
import { firstIssueMessage, KeysetQuerySchema, searchParamsObject } from "~/lib/query";
import { requireApiAnyAccount, requireApiCustomer } from "~/auth/index.server";
import { createOrder, listOrders } from "~/domain/orders/orders.server";
import { randomToken } from "~/lib/crypto.server";
import { parseApiInput } from "~/lib/api-messages";
import { apiRoute } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders?limit&pageNumber: a customer's own orders; every order for an admin token; `?after=` walks by keyset. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const parsed = parseApiInput(KeysetQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["limit", "pageNumber", "after"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { limit = caller.kind === "admin" ? 20 : 10, pageNumber = 1, after } = parsed.data;
  const page = await listOrders(context.db, caller.kind === "admin" ? {} : { userId: caller.id }, pageNumber, limit, { after });
  return apiJson(
    { success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } },
    { request },
  );
});

/**
 * POST /api/v1/orders {order:{product_id, billing_address_id, order_amount, currency[, package_index][, promo_code][, start_work_now]}}
 * → 201 data {id, client_secret, …}. The server prices the order; an `order_amount` that disagrees
 * with the package's price (before any discount) is 422. A refused promotion code is 422 with the
 * screen's reason as `message` and as the one entry of `errors`, and `error_code: PROMO_CODE_REFUSED`.
 * An `Idempotency-Key` header makes a replayed request return the same order.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(CreateOrderSchema, wrapped(await readJson(request), "order"));
  if (!parsed.success) throw refuse.invalid(firstIssueMessage(parsed.error));
  const key = request.headers.get("Idempotency-Key")?.slice(0, 100) || `api-${randomToken(16)}`;
  const { order, clientSecret } = await createOrder(
    context.db,
    context,
    customer.id,
    {
      productId: parsed.data.product_id,
      billingAddressId: parsed.data.billing_address_id,
      packageIndex: parsed.data.package_index,
      clientAmount: parsed.data.order_amount,
      currency: parsed.data.currency,
      idempotencyKey: key,
      promoCode: parsed.data.promo_code?.trim() || undefined,
      startWorkNow: parsed.data.start_work_now,
    },
    mailNotice(context),
  );
  // No secret for an order with nothing to pay (a code took the whole price off): it is paid already.
  if (!clientSecret && order.payment_status !== "succeeded") throw refuse.upstream("No client secret returned from the payment provider");
  return apiJson({ success: true, message: "Order created", data: { ...order, client_secret: clientSecret } }, { status: 201, request });
});
