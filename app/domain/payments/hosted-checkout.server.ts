/**
 * Stripe mode without JavaScript: Stripe Elements cannot run, so the button sends the customer to a
 * Stripe-hosted Checkout page and back (docs/design.md §5). The session creates the order's one
 * PaymentIntent; on return the app links it to the order and reads its status from Stripe.
 */
import type { Database } from "../../../db/client";
import { decimalToMinor } from "~/lib/money-decimal";
import { attachIntent, EVERY_ORDER, getOrder, syncPaymentStatus, type OrderView } from "../orders/orders.server";
import type { MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "./gateway.server";
import { stripeClient } from "./stripe-gateway.server";

/**
 * The hosted page for the order; with `savingFor` (the customer's Stripe record, given with their
 * consent) the card paid with is kept for them, as Elements' `setup_future_usage` does. Each choice
 * has its own session key: a customer who changes their mind gets a session that says so.
 */
export async function startHostedCheckout(
  env: Env,
  order: OrderView,
  urls: { success: string; cancel: string },
  savingFor: string | null = null,
): Promise<string> {
  const stripe = stripeClient(env);
  // Stripe takes minor units, and whole units for zero-decimal currencies such as JPY.
  const amount = decimalToMinor(order.order_amount, order.currency);
  if (amount === null) throw new Error(`Order ${order.id} has an unreadable amount`);
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id) },
      payment_intent_data: { metadata: { order_id: String(order.id) }, ...(savingFor ? { setup_future_usage: "on_session" as const } : {}) },
      ...(savingFor ? { customer: savingFor } : {}),
      line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: amount, product_data: { name: order.product.title } } }],
      success_url: urls.success,
      cancel_url: urls.cancel,
    },
    { idempotencyKey: `order-${order.id}-checkout-session${savingFor ? "-saving" : ""}` },
  );
  if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
  return session.url;
}

/** Back from Stripe: link the session's intent to the order (if the session is this order's) and record its status. */
export async function completeHostedCheckout(env: Env, db: Database, gateway: PaymentGateway, orderId: number, sessionId: string, notice: MailNotice) {
  if (!/^cs_[A-Za-z0-9_]{4,200}$/.test(sessionId)) return null;
  const session = await stripeClient(env).checkout.sessions.retrieve(sessionId);
  if (session.client_reference_id !== String(orderId)) return null;
  const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!intentId) return null;
  await attachIntent(db, orderId, intentId);
  await syncPaymentStatus(db, gateway, orderId, notice);
  return getOrder(db, orderId, EVERY_ORDER);
}
