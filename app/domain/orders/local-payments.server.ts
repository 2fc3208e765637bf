/**
 * The local gateway's stand-in for Stripe.js, for API clients in local mode: confirm a test card for
 * an order's client secret, then approve or fail the authentication step.
 */
import type { ServiceContext } from "../context";
import { Refusal, refuse } from "../refusal";
import { cancelUnpaidOrder, getPayableOrderByIntent, recordIntentStatus } from "./orders.server";
import type { CardDetails } from "../payments/gateway.server";
import { mailNotice } from "../mail/order-emails.server";
import { isLocalEnvironment } from "../environment.server";
import { paymentsMode } from "../payments/mode.server";

/** The intent's status after a local payment step, and the order's payment status. */
export type LocalPaymentStep = { status: string; payment_status: string };
const PAYMENT_NOT_FOUND = "Payment not found";

/**
 * For API clients in local mode, the calls that play the card provider's part (what Stripe.js does
 * with a client secret): confirm a card, then approve or fail the authentication step. Only the
 * customer who owns the order may; in Stripe mode and outside a local environment there is nothing
 * here (not found). The result is recorded on the order as the screens would.
 */
export async function payLocalIntent(
  context: ServiceContext,
  customerId: number,
  clientSecret: string,
  step: { card: CardDetails } | { approve: boolean },
): Promise<LocalPaymentStep> {
  if (paymentsMode(context.env) !== "local" || !isLocalEnvironment(context.env)) throw refuse.notFound(PAYMENT_NOT_FOUND);
  const gateway = context.payments;
  const intentId = /^(pi_local_[A-Za-z0-9_-]+)_secret_[A-Za-z0-9_-]+$/.exec(clientSecret)?.[1];
  const intent = intentId ? await gateway.retrieveIntent(intentId) : null;
  if (!intent || intent.clientSecret !== clientSecret || !gateway.confirmCard || !gateway.completeAuthentication) throw refuse.notFound(PAYMENT_NOT_FOUND);
  const found = await getPayableOrderByIntent(context.db, customerId, intent.id);
  if (!found) throw refuse.notFound(PAYMENT_NOT_FOUND);
  if (!found.payable) {
    await cancelUnpaidOrder(context.db, gateway, found.order, mailNotice(context));
    throw refuse.conflict("This order can no longer be paid (it expired or its price changed). Create a new order.");
  }
  let result = intent;
  if ("card" in step) {
    const confirmed = await gateway.confirmCard(intent.id, step.card);
    if (!confirmed.ok) throw refuse.invalid(confirmed.message);
    result = confirmed.intent;
  } else {
    const authenticated = await gateway.completeAuthentication(intent.id, step.approve);
    if (!authenticated) throw refuse.notFound(PAYMENT_NOT_FOUND);
    result = authenticated;
  }
  const paymentStatus = await recordIntentStatus(context.db, found.order.id, result, mailNotice(context));
  // Declined (the order is recorded as failed): the card's own message, and a code to branch on.
  if (result.lastError) throw new Refusal("payment_declined", result.lastError, { code: "PAYMENT_DECLINED" });
  return { status: result.status, payment_status: paymentStatus };
}
