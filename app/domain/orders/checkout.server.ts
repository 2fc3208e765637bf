/**
 * Checkout (SPEC §2 and §4, docs/design.md §5): everything between "Continue" on a product and a paid
 * order. The checkout screen calls these functions (the JSON API shares `createOrder` and
 * `syncPaymentStatus` underneath); the route only parses the form, calls and renders.
 *
 * Rules that live here and nowhere else:
 * - the product and package come from the URL; a missing or unknown package goes back to the product;
 * - a retry after a decline pays the same order, unless that order expired or its price changed,
 *   in which case a new order at today's price is paid instead (orders.server.ts), or the promotion
 *   code applied on the page is another than the order's (a new order, with the page's code);
 * - a promotion code comes from the page (`?promo=`, then the pay forms' `promo_code`); the order
 *   checks it again, reserves it with the order, and a refusal says why before any payment;
 * - card details reach our server only for a gateway that confirms cards itself (the local one);
 * - the only GET that writes is `reconcilePayment`: returning from 3-D Secure or Stripe's hosted
 *   page, it records what the gateway says, which is idempotent.
 */
import type { ServiceContext } from "../context";
import { refuse, type Refusal } from "../refusal";
import type { AddressInput } from "~/lib/schemas/address";
import { createAddress, type AddressView } from "./addresses.server";
import { createOrder, createOrderForHostedCheckout, getOrder, getOrderKey, recordIntentStatus, syncPaymentStatus, type OrderView } from "./orders.server";
import type { CardDetails } from "../payments/gateway.server";
import { completeHostedCheckout, startHostedCheckout } from "../payments/hosted-checkout.server";
import { mailNotice } from "../mail/order-emails.server";
import { paymentsMode } from "../payments/mode.server";
import { chooseCardSaving, chooseHostedCardSaving } from "../payments/saved-cards.server";
import type { PackageView, ProductView } from "../catalogue/products.server";
import { normalisePromoCode } from "../money/promotion-rules";
import { paths } from "~/lib/paths";

/** Who pays for what: the signed-in customer, the product and the chosen package. */
export interface CheckoutTarget {
  customer: { id: number; name: string; email: string };
  product: ProductView;
  pkg: PackageView;
  packageIndex: number;
}

/**
 * Saves an address from checkout; answers it as the address to pay with. The SPEC selects a new
 * address only when it is the default or the first; a buyer who just typed an address means to pay
 * with it (its country decides the tax), so it is always selected (docs/design.md lists the departure).
 */
export async function addCheckoutAddress(context: ServiceContext, target: CheckoutTarget, input: AddressInput): Promise<AddressView["id"]> {
  const saved = await createAddress(context.db, target.customer.id, input, context.tax.vatNumbers);
  return saved.id;
}

/**
 * The one GET that writes: back from 3-D Secure or Stripe's hosted page with `?order=`, asks the
 * gateway about the order's payment and records it (idempotent; a paid order never goes back).
 */
export async function reconcilePayment(
  context: ServiceContext,
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
  /** The promotion code applied on the page, if any. */
  promoCode?: string | undefined;
  /** A consumer ticked 'Start work now' (the cancellation period's waiver). */
  startWorkNow?: boolean | undefined;
  /** The card form's 'Save this card for changes to this order' (undefined where no card form asks). */
  saveCard?: boolean | undefined;
}

/**
 * The order to pay and its intent: the declined order of an earlier attempt when there is one for
 * this product, package and address (still payable at today's price), else the page's order.
 */
export async function openPayment(context: ServiceContext, target: CheckoutTarget, request: PaymentRequest) {
  const earlier = request.retryOrderId ? await getOrderKey(context.db, target.customer.id, request.retryOrderId) : null;
  const retry =
    earlier?.key &&
    earlier.productId === target.product.id &&
    earlier.packagePosition === target.packageIndex &&
    earlier.billingAddressId === request.addressId &&
    (earlier.promotionCode ?? null) === (normalisePromoCode(request.promoCode) ?? null) &&
    earlier.paymentStatus !== "succeeded";
  const opened = await createOrder(
    context.db,
    context,
    target.customer.id,
    {
      productId: target.product.id,
      packageIndex: target.packageIndex,
      billingAddressId: request.addressId,
      idempotencyKey: retry ? earlier.key! : request.checkoutKey,
      promoCode: request.promoCode,
      startWorkNow: request.startWorkNow,
    },
    mailNotice(context),
  );
  // The customer's choice about keeping the card, told to the intent before the card is confirmed.
  if (request.saveCard !== undefined && opened.order.payment_status !== "succeeded") {
    await chooseCardSaving(context.db, context.payments, target.customer.id, opened.order.id, request.saveCard);
  }
  return opened;
}

export type CardPaymentOutcome =
  | { kind: "paid"; orderId: number }
  | { kind: "authenticate"; orderId: number; location: string }
  | { kind: "failed"; orderId: number | null; refusal: Refusal };

/** Pays with card details posted to our server (the local gateway; SPEC §4's flow without JavaScript). */
export async function payWithCard(context: ServiceContext, target: CheckoutTarget, request: PaymentRequest, card: CardDetails): Promise<CardPaymentOutcome> {
  const gateway = context.payments;
  if (!gateway.confirmCard) return { kind: "failed", orderId: null, refusal: refuse.unavailable("Card payments need JavaScript in this shop right now.") };
  const { order, intent } = await openPayment(context, target, request);
  if (order.payment_status === "succeeded") return { kind: "paid", orderId: order.id };
  const outcome = await gateway.confirmCard(intent.id, card);
  if (!outcome.ok) return { kind: "failed", orderId: order.id, refusal: refuse.invalid(outcome.message) };
  const status = await recordIntentStatus(context.db, order.id, outcome.intent, mailNotice(context));
  const back = paths.checkout(target.product.id, target.packageIndex, { order: order.id });
  if (outcome.intent.status === "requires_action") {
    return {
      kind: "authenticate",
      orderId: order.id,
      location: `/payments/local/${encodeURIComponent(intent.id)}?${new URLSearchParams({ return_to: back })}`,
    };
  }
  if (status === "succeeded") return { kind: "paid", orderId: order.id };
  return { kind: "failed", orderId: order.id, refusal: refuse.paymentDeclined(outcome.intent.lastError ?? `Payment status: ${status}`) };
}

/** Stripe with JavaScript: the order and the client secret Stripe.js confirms the card with (none when nothing is to be paid: `paid`). */
export async function openBrowserPayment(context: ServiceContext, target: CheckoutTarget, request: PaymentRequest) {
  const { order, clientSecret } = await openPayment(context, target, request);
  return { orderId: order.id, clientSecret, paid: order.payment_status === "succeeded" };
}

/**
 * An order a promotion code made free (nothing to pay, no card asked): made and paid at once. If
 * the total is no longer zero (the code ran out meanwhile), nothing is charged and the customer is
 * told to review the new total.
 */
export async function placeFreeOrder(context: ServiceContext, target: CheckoutTarget, request: PaymentRequest): Promise<CardPaymentOutcome> {
  const { order } = await openPayment(context, target, request);
  if (order.payment_status === "succeeded") return { kind: "paid", orderId: order.id };
  return { kind: "failed", orderId: order.id, refusal: refuse.conflict(FREE_ORDER_CHANGED) };
}

export const FREE_ORDER_CHANGED = "The total is no longer zero: review it and pay by card.";

/** Stripe without JavaScript: the Stripe-hosted page to pay on; it returns to this checkout. */
export async function openHostedPayment(context: ServiceContext, target: CheckoutTarget, request: PaymentRequest, origin: string) {
  const order = await createOrderForHostedCheckout(
    context.db,
    context.tax,
    target.customer.id,
    {
      productId: target.product.id,
      packageIndex: target.packageIndex,
      billingAddressId: request.addressId,
      idempotencyKey: request.checkoutKey,
      promoCode: request.promoCode,
      startWorkNow: request.startWorkNow,
    },
    mailNotice(context),
  );
  // Nothing to pay: the order is paid already; no Stripe page.
  if (order.payment_status === "succeeded") return paths.checkout(target.product.id, target.packageIndex, { order: order.id });
  // With consent, Stripe's page keeps the card for the customer's record (their choice recorded on the order).
  const savingFor = await chooseHostedCardSaving(context.db, context.payments, target.customer.id, order.id, request.saveCard ?? false);
  return startHostedCheckout(
    context.env,
    order,
    {
      success: `${origin}${paths.checkout(target.product.id, target.packageIndex, { order: order.id })}&session_id={CHECKOUT_SESSION_ID}`,
      cancel: `${origin}${paths.checkout(target.product.id, target.packageIndex, request.promoCode ? { promo: request.promoCode } : {})}`,
    },
    savingFor,
  );
}

/** After Stripe.js confirmed: the status the gateway reports for the customer's order (null: no such order). */
export async function syncCheckoutPayment(context: ServiceContext, target: CheckoutTarget, orderId: number) {
  const order = await getOrder(context.db, orderId, { userId: target.customer.id });
  if (!order) return null;
  return { orderId: order.id, paymentStatus: await syncPaymentStatus(context.db, context.payments, order.id, mailNotice(context)) };
}
