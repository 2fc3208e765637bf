/**
 * Checkout (SPEC §2 and §4, DESIGN.md §5): everything between "Continue" on a product and a paid
 * order. The checkout screen calls these functions (the JSON API shares `createOrder` and
 * `syncPaymentStatus` underneath); the route only parses the form, calls and renders.
 *
 * Rules that live here and nowhere else:
 * - the product and package come from the URL; a missing or unknown package goes back to the product;
 * - a retry after a decline pays the same order, unless that order expired or its price changed,
 *   in which case a new order at today's price is paid instead (orders.server.ts);
 * - card details reach our server only for a gateway that confirms cards itself (the local one);
 * - the only GET that writes is `reconcilePayment`: returning from 3-D Secure or Stripe's hosted
 *   page, it records what the gateway says, which is idempotent.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { AddressInput } from "~/lib/schemas/address";
import { createAddress, listAddresses, preferredAddress, type AddressView } from "./addresses.server";
import { requireCustomer } from "../../auth/auth.server";
import { sessionSubject } from "../../auth/sessions.server";
import type { UserView } from "../../auth/accounts.server";
import {
  cancelUnpaidOrder,
  createOrder,
  createOrderForHostedCheckout,
  getOrder,
  getOrderKey,
  getPayableOrderByIntent,
  recordIntentStatus,
  syncPaymentStatus,
  type OrderView,
} from "./orders.server";
import type { CardDetails } from "../payments/gateway.server";
import { completeHostedCheckout, startHostedCheckout } from "../payments/hosted-checkout.server";
import { mailNotice } from "../mail/order-emails.server";
import { isLocalEnvironment } from "../environment.server";
import { paymentsMode } from "../payments/mode.server";
import { getProduct, type PackageView, type ProductView } from "../catalogue/products.server";
import { parseId } from "~/lib/record-id";

export interface CheckoutTarget {
  customer: UserView;
  product: ProductView;
  pkg: PackageView;
  packageIndex: number;
}

export function checkoutUrl(productId: number, packageIndex: number, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams({ package: String(packageIndex) });
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return `/products/${productId}/checkout?${params}`;
}

export function parseIndex(value: string | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/** The signed-in customer, product and package of a checkout URL (SPEC §2: no package → back to the product). */
export async function getCheckoutTarget(context: AppLoadContext, request: Request, productIdParam: string | undefined): Promise<CheckoutTarget> {
  const productId = parseId(productIdParam);
  // Both at once: the product is read beside the session, and shown only once the session holds.
  const [customer, product] = await Promise.all([requireCustomer(context, request), productId ? getProduct(context.db, productId) : null]);
  if (!product) throw new Response("Product not found", { status: 404 });
  const packageIndex = parseIndex(new URL(request.url).searchParams.get("package"));
  const pkg = packageIndex === null ? undefined : product.packages[packageIndex];
  if (packageIndex === null || !pkg) throw redirect(`/products/${product.id}`);
  return { customer, product, pkg, packageIndex };
}

/**
 * The checkout page's data in one round trip: the target (session, product, package) and the
 * customer's addresses, read beside the session through its subject, with the address checkout
 * selects: the requested one, else the default, else the first (SPEC §4).
 */
export async function checkoutPage(context: AppLoadContext, request: Request, productIdParam: string | undefined, requestedAddressId: number | null) {
  const [target, addresses] = await Promise.all([
    getCheckoutTarget(context, request, productIdParam),
    sessionSubject(request, "customer").then((customerId) => listAddresses(context.db, customerId)),
  ]);
  const selected = addresses.find((a) => a.id === requestedAddressId) ?? preferredAddress(addresses) ?? null;
  return { target, addresses, selectedAddressId: selected?.id ?? null };
}

/** Saves an address from checkout; answers the address to select next (SPEC §4: the new one if default or first). */
export async function addCheckoutAddress(
  context: AppLoadContext,
  target: CheckoutTarget,
  input: AddressInput,
  currentSelection: number | null,
): Promise<AddressView["id"]> {
  const saved = await createAddress(context.db, target.customer.id, input);
  return saved.is_default || !currentSelection ? saved.id : currentSelection;
}

/**
 * The one GET that writes: back from 3-D Secure or Stripe's hosted page with `?order=`, asks the
 * gateway about the order's payment and records it (idempotent; a paid order never goes back).
 */
export async function reconcilePayment(
  context: AppLoadContext,
  target: CheckoutTarget,
  { orderId, hostedSessionId }: { orderId: number | null; hostedSessionId: string | null },
): Promise<{ order: OrderView | null; paymentError: string | null }> {
  let order = orderId ? await getOrder(context.db, orderId, { userId: target.customer.id }) : null;
  if (!order || order.product_id !== target.product.id) return { order: null, paymentError: null };
  if (hostedSessionId && paymentsMode(context.env) === "stripe") {
    order = (await completeHostedCheckout(context.env, context.db, context.payments, order.id, hostedSessionId, mailNotice(context))) ?? order;
  }
  if (order.payment_status === "succeeded" || !order.stripe_transaction_id) return { order, paymentError: null };
  const intent = await context.payments.retrieveIntent(order.stripe_transaction_id);
  if (!intent) return { order, paymentError: null };
  const status = await recordIntentStatus(context.db, order.id, intent, mailNotice(context));
  return { order: { ...order, payment_status: status }, paymentError: intent.lastError ?? (status === "succeeded" ? null : `Payment status: ${status}`) };
}

export interface PaymentRequest {
  addressId: number;
  /** The page's own key: a double-clicked or replayed submit of one page view makes one order. */
  checkoutKey: string;
  /** The order of an earlier, declined attempt on this page. */
  retryOrderId?: number | undefined;
}

/**
 * The order to pay and its intent: the declined order of an earlier attempt when there is one for
 * this product, package and address (still payable at today's price), else the page's order.
 */
export async function openPayment(context: AppLoadContext, target: CheckoutTarget, request: PaymentRequest) {
  const earlier = request.retryOrderId ? await getOrderKey(context.db, target.customer.id, request.retryOrderId) : null;
  const retry =
    earlier?.key &&
    earlier.productId === target.product.id &&
    earlier.packagePosition === target.packageIndex &&
    earlier.billingAddressId === request.addressId &&
    earlier.paymentStatus !== "succeeded";
  return createOrder(
    context.db,
    context.payments,
    target.customer.id,
    {
      productId: target.product.id,
      packageIndex: target.packageIndex,
      billingAddressId: request.addressId,
      idempotencyKey: retry ? earlier.key! : request.checkoutKey,
    },
    mailNotice(context),
  );
}

export type CardPaymentOutcome =
  | { kind: "paid"; orderId: number }
  | { kind: "authenticate"; orderId: number; location: string }
  | { kind: "failed"; orderId: number | null; message: string; status: 400 | 402 };

/** Pays with card details posted to our server (the local gateway; SPEC §4's flow without JavaScript). */
export async function payWithCard(context: AppLoadContext, target: CheckoutTarget, request: PaymentRequest, card: CardDetails): Promise<CardPaymentOutcome> {
  const gateway = context.payments;
  if (!gateway.confirmCard) return { kind: "failed", orderId: null, message: "Card payments need JavaScript in this shop right now.", status: 400 };
  const { order, intent } = await openPayment(context, target, request);
  const outcome = await gateway.confirmCard(intent.id, card);
  if (!outcome.ok) return { kind: "failed", orderId: order.id, message: outcome.message, status: 400 };
  const status = await recordIntentStatus(context.db, order.id, outcome.intent, mailNotice(context));
  const back = checkoutUrl(target.product.id, target.packageIndex, { order: order.id });
  if (outcome.intent.status === "requires_action") {
    return {
      kind: "authenticate",
      orderId: order.id,
      location: `/payments/local/${encodeURIComponent(intent.id)}?${new URLSearchParams({ return_to: back })}`,
    };
  }
  if (status === "succeeded") return { kind: "paid", orderId: order.id };
  return { kind: "failed", orderId: order.id, message: outcome.intent.lastError ?? `Payment status: ${status}`, status: 402 };
}

/** Stripe with JavaScript: the order and the client secret Stripe.js confirms the card with. */
export async function openBrowserPayment(context: AppLoadContext, target: CheckoutTarget, request: PaymentRequest) {
  const { order, clientSecret } = await openPayment(context, target, request);
  return { orderId: order.id, clientSecret };
}

/** Stripe without JavaScript: the Stripe-hosted page to pay on; it returns to this checkout. */
export async function openHostedPayment(context: AppLoadContext, target: CheckoutTarget, request: PaymentRequest, origin: string) {
  const order = await createOrderForHostedCheckout(
    context.db,
    target.customer.id,
    {
      productId: target.product.id,
      packageIndex: target.packageIndex,
      billingAddressId: request.addressId,
      idempotencyKey: request.checkoutKey,
    },
    mailNotice(context),
  );
  return startHostedCheckout(context.env, order, {
    success: `${origin}${checkoutUrl(target.product.id, target.packageIndex, { order: order.id })}&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${origin}${checkoutUrl(target.product.id, target.packageIndex)}`,
  });
}

/** After Stripe.js confirmed: the status the gateway reports for the customer's order (null: no such order). */
export async function syncCheckoutPayment(context: AppLoadContext, target: CheckoutTarget, orderId: number) {
  const order = await getOrder(context.db, orderId, { userId: target.customer.id });
  if (!order) return null;
  return { orderId: order.id, paymentStatus: await syncPaymentStatus(context.db, context.payments, order.id, mailNotice(context)) };
}

export type LocalPaymentOutcome =
  | { kind: "not-found" }
  | { kind: "expired"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "done"; status: string; paymentStatus: string; error: string | null };

/**
 * For API clients in local mode, the calls that play the card provider's part (what Stripe.js does
 * with a client secret): confirm a card, then approve or fail the authentication step. Only the
 * customer who owns the order may; in Stripe mode and outside a local environment there is nothing
 * here (not found). The result is recorded on the order as the screens would.
 */
export async function payLocalIntent(
  context: AppLoadContext,
  customerId: number,
  clientSecret: string,
  step: { card: CardDetails } | { approve: boolean },
): Promise<LocalPaymentOutcome> {
  if (paymentsMode(context.env) !== "local" || !isLocalEnvironment(context.env)) return { kind: "not-found" };
  const gateway = context.payments;
  const intentId = /^(pi_local_[A-Za-z0-9_-]+)_secret_[A-Za-z0-9_-]+$/.exec(clientSecret)?.[1];
  const intent = intentId ? await gateway.retrieveIntent(intentId) : null;
  if (!intent || intent.clientSecret !== clientSecret || !gateway.confirmCard || !gateway.completeAuthentication) return { kind: "not-found" };
  const found = await getPayableOrderByIntent(context.db, customerId, intent.id);
  if (!found) return { kind: "not-found" };
  if (!found.payable) {
    await cancelUnpaidOrder(context.db, gateway, found.order, mailNotice(context));
    return { kind: "expired", message: "This order can no longer be paid (it expired or its price changed). Create a new order." };
  }
  let result = intent;
  if ("card" in step) {
    const confirmed = await gateway.confirmCard(intent.id, step.card);
    if (!confirmed.ok) return { kind: "refused", message: confirmed.message };
    result = confirmed.intent;
  } else {
    const authenticated = await gateway.completeAuthentication(intent.id, step.approve);
    if (!authenticated) return { kind: "not-found" };
    result = authenticated;
  }
  const paymentStatus = await recordIntentStatus(context.db, found.order.id, result, mailNotice(context));
  return { kind: "done", status: result.status, paymentStatus, error: result.lastError };
}
