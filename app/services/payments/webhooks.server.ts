/**
 * Stripe webhooks (DESIGN.md §5): the signature is verified on the raw body, each event id is
 * applied once, and an event moves its order only if the intent matches the order's amount and currency.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../../db/client";
import { paymentEvents } from "../../../db/schema";
import { apiError, apiJson } from "~/lib/api";
import { getOrderIdByIntent, recordIntentStatus } from "../orders.server";
import { intentFromStripe, stripeClient } from "./stripe-gateway.server";

const HANDLED = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.processing", "payment_intent.canceled"]);

export async function handleStripeWebhook(env: Env, db: Database, request: Request): Promise<Response> {
  if (!env.STRIPE_WEBHOOK_SECRET) return apiError(503, "Stripe webhooks are not configured");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return apiError(400, "Missing Stripe-Signature header");
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(payload, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return apiError(400, "Invalid webhook signature");
  }
  if (!HANDLED.has(event.type)) return apiJson({ received: true, ignored: true });
  // Signed but malformed (no id, no payment intent inside): nothing to apply, and nothing Stripe should retry.
  const object = (event as { data?: { object?: unknown } }).data?.object as Partial<Stripe.PaymentIntent> | null | undefined;
  if (
    typeof event.id !== "string" ||
    !event.id ||
    !object ||
    typeof object !== "object" ||
    typeof object.id !== "string" ||
    typeof object.amount !== "number" ||
    typeof object.currency !== "string"
  ) {
    return apiError(400, "Webhook event has no payment intent to apply");
  }

  const intent = intentFromStripe(object as Stripe.PaymentIntent);
  const orderId = (await getOrderIdByIntent(db, intent.id)) ?? null;
  const claimed = await db
    .insert(paymentEvents)
    .values({ id: event.id, orderId, type: event.type, payload: payload.slice(0, 20_000) })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!claimed.length) return apiJson({ received: true, duplicate: true });
  if (orderId === null) return apiJson({ received: true, unknown_order: true });
  try {
    const status = await recordIntentStatus(db, orderId, intent, { env, origin: new URL(request.url).origin });
    return apiJson({ received: true, order_id: orderId, payment_status: status });
  } catch (error) {
    // Let Stripe retry: forget the event so the retry is not taken for a duplicate.
    await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}
