/**
 * Stripe webhooks (docs/design.md §5): the signature is verified on the raw body, each event id is
 * applied once, and an event moves its order only if the intent matches the order's amount and currency.
 * `charge.refunded` records what the charge has refunded and the shop has not (refunds.server.ts; a
 * refund the studio made here is already recorded, one made in Stripe's dashboard is recorded now).
 * An order's later payments (order-payments.server.ts) are found by their own intents.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../../db/client";
import { orders, paymentEvents } from "../../../db/schema";
import { refuse } from "../refusal";
import { getOrderIdByIntent, recordIntentStatus } from "../orders/orders.server";
import { recordProviderRefund } from "../orders/refunds.server";
import { intentFromStripe, stripeClient } from "./stripe-gateway.server";
import { paymentByIntent, recordLaterPaymentStatus } from "./order-payments.server";
import { tellAccepted } from "../orders/change-offers.server";
import type { MailNotice } from "../mail/order-emails.server";
import { shopOrigin } from "../environment.server";
import { recordAccountState } from "../payouts/accounts.server";
import { createConnectGateway } from "../payouts/connect.server";
import { clawBackLostChangeDispute, clawBackLostDispute } from "../payouts/clawbacks.server";
import { accountFromStripe } from "../payouts/stripe-connect.server";

const HANDLED = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.processing", "payment_intent.canceled"]);

/** What the shop did with an event, as Stripe is told (`received: true` and what was applied or why not). */
export type WebhookReceipt = { received: true } & Record<string, unknown>;

/** Whether webhooks can be verified here (a 503 before the body is read when they cannot). */
export function requireWebhookSecret(env: Env): string {
  if (!env.STRIPE_WEBHOOK_SECRET) throw refuse.unavailable("Stripe webhooks are not configured");
  return env.STRIPE_WEBHOOK_SECRET;
}

/**
 * An event Stripe signed, applied once; the caller has read `payload` within WEBHOOK_MAX_BYTES. The
 * platform's events are signed with STRIPE_WEBHOOK_SECRET, the connected accounts' (Connect's
 * endpoint) with STRIPE_CONNECT_WEBHOOK_SECRET: either verifies.
 */
export async function handleStripeWebhook(env: Env, db: Database, payload: string, signature: string): Promise<WebhookReceipt> {
  const secrets = [requireWebhookSecret(env), env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret));
  const stripe = stripeClient(env);
  let event: Stripe.Event | null = null;
  for (const secret of secrets) {
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
      break;
    } catch {
      // The other endpoint's secret may verify it.
    }
  }
  if (!event) throw refuse.malformed("Invalid webhook signature");
  if (event.type === "charge.refunded") return handleChargeRefunded(db, event, payload, { env, origin: shopOrigin(env) });
  if (event.type === "account.updated") return handleAccountUpdated(env, db, event, payload);
  if (event.type === "charge.dispute.closed") return handleDisputeClosed(db, event, payload);
  if (!HANDLED.has(event.type)) return { received: true, ignored: true };
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
    throw refuse.malformed("Webhook event has no payment intent to apply");
  }

  const intent = intentFromStripe(object as Stripe.PaymentIntent);
  // A later payment of an order (work added to it) is recorded on its own; the checkout payment through its order.
  const payment = await paymentByIntent(db, intent.id);
  if (payment && payment.sequence > 1) {
    return applyOnce(db, event, payload, payment.orderId, async (id) => {
      const status = await recordLaterPaymentStatus(db, payment.id, intent);
      if (status === "succeeded") await tellAccepted(db, { env, origin: shopOrigin(env) }, payment.orderId);
      return { received: true, order_id: id, payment_id: payment.id, payment_status: status };
    });
  }
  const orderId = (await getOrderIdByIntent(db, intent.id)) ?? null;
  return applyOnce(db, event, payload, orderId, async (id) => {
    const status = await recordIntentStatus(db, id, intent, { env, origin: shopOrigin(env) });
    return { received: true, order_id: id, payment_status: status };
  });
}

/** A charge refunded, in full or in part: what the shop has not recorded of it is recorded once (refunds.server.ts). */
async function handleChargeRefunded(db: Database, event: Stripe.Event, payload: string, notice: MailNotice): Promise<WebhookReceipt> {
  const charge = (event as { data?: { object?: unknown } }).data?.object as Partial<Stripe.Charge> | null | undefined;
  const intentId = typeof charge?.payment_intent === "string" ? charge.payment_intent : charge?.payment_intent?.id;
  if (typeof event.id !== "string" || !event.id || !charge || typeof charge !== "object" || typeof intentId !== "string") {
    throw refuse.malformed("Webhook event has no charge to apply");
  }
  const refundId = charge.refunds?.data?.[0]?.id ?? event.id;
  const refundedInAll = typeof charge.amount_refunded === "number" ? charge.amount_refunded : null;
  // Each payment of an order is its own charge: the refund is recorded against the payment it refunded.
  const payment = await paymentByIntent(db, intentId);
  return applyOnce(db, event, payload, payment?.orderId ?? null, async (id) => {
    await recordProviderRefund(db, payment!.id, { providerRefundId: refundId, refundedInAllMinor: refundedInAll }, notice);
    const [order] = await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, id)).limit(1);
    return { received: true, order_id: id, payment_status: order?.status ?? null };
  });
}

/** A connected account changed (onboarding finished, requirements due, payouts disabled): kept, and earnings that waited for it released. */
async function handleAccountUpdated(env: Env, db: Database, event: Stripe.Event, payload: string): Promise<WebhookReceipt> {
  const account = (event as { data?: { object?: unknown } }).data?.object as Partial<Stripe.Account> | null | undefined;
  if (typeof event.id !== "string" || !event.id || !account || typeof account !== "object" || typeof account.id !== "string") {
    throw refuse.malformed("Webhook event has no account to apply");
  }
  const view = accountFromStripe(account as Stripe.Account);
  return claimEvent(db, event, payload, null, async () => {
    // Stripe does not promise events in order: one not newer than the state kept changes nothing by
    // itself. Its time is whole seconds, so it may still be the newer news: the account is asked for.
    const kept = await recordAccountState(db, view, { asOf: typeof event.created === "number" ? event.created * 1000 : Date.now() });
    if (kept === null) return { received: true, unknown_account: true };
    if (kept.applied) return { received: true, creator_id: kept.creatorId, payouts_enabled: view.payoutsEnabled };
    const now = await createConnectGateway(env, db).retrieveAccount(view.id);
    if (now) await recordAccountState(db, now);
    return { received: true, creator_id: kept.creatorId, stale: true, payouts_enabled: now?.payoutsEnabled ?? null };
  });
}

/** A dispute closed: lost, the creator's share of what the customer took back is clawed back like a refund's. */
async function handleDisputeClosed(db: Database, event: Stripe.Event, payload: string): Promise<WebhookReceipt> {
  const dispute = (event as { data?: { object?: unknown } }).data?.object as Partial<Stripe.Dispute> | null | undefined;
  const intentId = typeof dispute?.payment_intent === "string" ? dispute.payment_intent : dispute?.payment_intent?.id;
  if (
    typeof event.id !== "string" ||
    !event.id ||
    !dispute ||
    typeof dispute.id !== "string" ||
    typeof dispute.amount !== "number" ||
    typeof intentId !== "string"
  ) {
    throw refuse.malformed("Webhook event has no dispute to apply");
  }
  const payment = await paymentByIntent(db, intentId);
  return applyOnce(db, event, payload, payment?.orderId ?? null, async (id) => {
    // The checkout payment's dispute takes back from the order's own earnings; a change's, from that change's earning.
    if (dispute.status !== "lost" || !payment) return { received: true, order_id: id, ignored: true };
    const lost = { disputeId: dispute.id!, amountMinor: dispute.amount! };
    const clawback = payment.sequence === 1 ? await clawBackLostDispute(db, id, lost) : await clawBackLostChangeDispute(db, payment.id, lost);
    return { received: true, order_id: id, clawback_minor: clawback };
  });
}

/** Claims an event's id (once), then applies it; a failure forgets the claim so Stripe's retry is applied. */
async function claimEvent(
  db: Database,
  event: Stripe.Event,
  payload: string,
  orderId: number | null,
  apply: () => Promise<WebhookReceipt>,
): Promise<WebhookReceipt> {
  const claimed = await db
    .insert(paymentEvents)
    .values({ id: event.id, orderId, type: event.type, payload: payload.slice(0, 20_000) })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!claimed.length) return { received: true, duplicate: true };
  try {
    return await apply();
  } catch (error) {
    await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}

/** Applies an event once: its id is claimed first; a failure forgets it again, so Stripe's retry is not taken for a duplicate. */
async function applyOnce(
  db: Database,
  event: Stripe.Event,
  payload: string,
  orderId: number | null,
  apply: (orderId: number) => Promise<WebhookReceipt>,
): Promise<WebhookReceipt> {
  return claimEvent(db, event, payload, orderId, async () => (orderId === null ? { received: true, unknown_order: true } : apply(orderId)));
}
