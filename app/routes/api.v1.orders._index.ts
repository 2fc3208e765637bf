import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonNumber } from "~/lib/schemas/json-number";
import { z } from "zod";
import { apiError, apiJson, methodNotAllowed, readJsonObject, wrapped } from "~/lib/api";
import { firstIssueMessage, PaginationQuerySchema, searchParamsObject } from "~/lib/query";
import { requireApiAnyAccount, requireApiCustomer } from "~/services/auth.server";
import { createOrder, listOrders, OrderError } from "~/services/orders.server";
import { randomToken } from "~/services/crypto.server";
import { parseApiInput } from "~/lib/api-messages";

/** GET /api/v1/orders?limit&pageNumber: a customer's own orders; every order for an admin token. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireApiAnyAccount(context, request);
  const parsed = parseApiInput(PaginationQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["limit", "pageNumber"]));
  if (!parsed.success) return apiError(400, firstIssueMessage(parsed.error));
  const { limit = caller.kind === "admin" ? 20 : 10, pageNumber = 1 } = parsed.data;
  const page = await listOrders(context.db, caller.kind === "admin" ? {} : { userId: caller.id }, pageNumber, limit);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } }, { request });
}

const CreateOrderSchema = z.object({
  product_id: jsonNumber("product_id must be a number", "product_id is required").pipe(z.number().int("product_id must be a whole number").positive("product_id is required")),
  billing_address_id: jsonNumber("billing_address_id must be a number", "billing_address_id is required").pipe(z.number().int("billing_address_id must be a whole number").positive("billing_address_id is required")),
  order_amount: z.union([z.string().max(20), z.number()]).optional(),
  currency: z.string().max(3).optional(),
  package_index: jsonNumber("package_index must be a number").pipe(z.number().int("package_index must be 0, 1 or 2").min(0, "package_index must be 0, 1 or 2").max(10, "package_index must be 0, 1 or 2")).optional(),
});

/**
 * POST /api/v1/orders {order:{product_id, billing_address_id, order_amount, currency[, package_index]}}
 * → 201 data {id, client_secret, …}. The server prices the order; a disagreeing amount is 422. An
 * `Idempotency-Key` header makes a replayed request return the same order.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const customer = await requireApiCustomer(context, request);
  const parsed = parseApiInput(CreateOrderSchema, wrapped(await readJsonObject(request), "order"));
  if (!parsed.success) return apiError(422, firstIssueMessage(parsed.error));
  const key = request.headers.get("Idempotency-Key")?.slice(0, 100) || `api-${randomToken(16)}`;
  try {
    const { order, clientSecret } = await createOrder(context.db, context.payments, customer.id, {
      productId: parsed.data.product_id,
      billingAddressId: parsed.data.billing_address_id,
      packageIndex: parsed.data.package_index,
      clientAmount: parsed.data.order_amount,
      currency: parsed.data.currency,
      idempotencyKey: key,
    });
    if (!clientSecret) return apiError(502, "No client secret returned from the payment provider");
    return apiJson({ success: true, message: "Order created", data: { ...order, client_secret: clientSecret } }, { status: 201, request });
  } catch (error) {
    if (error instanceof OrderError) return apiError(error.status, error.message);
    throw error;
  }
}
