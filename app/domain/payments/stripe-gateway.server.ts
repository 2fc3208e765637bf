/**
 * Stripe through its official SDK with the fetch HTTP client (Workers have no Node http). The
 * STRIPE_API_* variables point it at another host; the tests use that for a fake Stripe server.
 */
import { refuse } from "../refusal";
import Stripe from "stripe";
import {
  type CardSummary,
  type CreateIntentInput,
  type Intent,
  type IntentStatus,
  type PaymentGateway,
  type RefundInput,
  SAVED_CARD_UNUSABLE,
} from "./gateway.server";

export function stripeClient(env: Env): Stripe {
  return new Stripe(env.STRIPE_SECRET_KEY ?? "", {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: Number(env.STRIPE_API_PORT) } : {}),
    ...(env.STRIPE_API_PROTOCOL === "http" ? { protocol: "http" as const } : {}),
  });
}

export function intentFromStripe(pi: Stripe.PaymentIntent): Intent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    status: pi.status as IntentStatus,
    amountMinor: pi.amount,
    currency: pi.currency,
    lastError: pi.last_payment_error?.message ?? null,
    metadata: { ...pi.metadata },
    paymentMethodRef: typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null),
    savesCard: Boolean(pi.setup_future_usage && pi.customer),
    redirectUrl: pi.next_action?.redirect_to_url?.url ?? null,
  };
}

function cardFromStripe(method: Stripe.PaymentMethod): CardSummary | null {
  if (!method.card) return null;
  return { ref: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}

export function createStripeGateway(env: Env): PaymentGateway {
  const stripe = stripeClient(env);
  return {
    name: "stripe",
    async createIntent(input: CreateIntentInput) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          allowed_payment_method_types: ["card"],
          metadata: input.metadata,
          description: input.description,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return intentFromStripe(pi);
    },
    async retrieveIntent(id: string) {
      try {
        return intentFromStripe(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async refund(input: RefundInput) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.intentId,
            amount: input.amountMinor,
            reason: "requested_by_customer",
            metadata: { ...input.metadata, reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") throw refuse.conflict(`Stripe could not refund this payment (${refund.status}).`);
        return { id: refund.id, status: refund.status === "succeeded" ? ("succeeded" as const) : ("pending" as const) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw refuse.conflict(error.message);
        throw error;
      }
    },
    async cancelIntent(id: string) {
      try {
        return intentFromStripe(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Already paid, already cancelled or unknown: report what Stripe holds now.
          if (error.statusCode === 404) return null;
          return intentFromStripe(await stripe.paymentIntents.retrieve(id));
        }
        throw error;
      }
    },
    async ensureCustomer({ userId, email, name, idempotencyKey }) {
      const params = { email, name, metadata: { user_id: String(userId) } };
      try {
        return (await stripe.customers.create(params, { idempotencyKey })).id;
      } catch (error) {
        // The key was used within the day with other details (the name or address changed since): a new record.
        if (error instanceof Stripe.errors.StripeIdempotencyError) return (await stripe.customers.create(params)).id;
        throw error;
      }
    },
    async setSaving(id: string, customerRef: string | null) {
      try {
        const pi = await stripe.paymentIntents.update(
          id,
          customerRef ? { customer: customerRef, setup_future_usage: "on_session" } : { setup_future_usage: "" },
        );
        return intentFromStripe(pi);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          if (error.statusCode === 404) return null;
          // Paid or cancelled already: nothing to change; what Stripe holds now.
          return intentFromStripe(await stripe.paymentIntents.retrieve(id));
        }
        throw error;
      }
    },
    async cardOf(ref: string) {
      try {
        const method = await stripe.paymentMethods.retrieve(ref);
        return method.customer ? cardFromStripe(method) : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async payWithSavedCard({ intentId, customerRef, paymentMethodRef, returnUrl, idempotencyKey }) {
      try {
        const current = await stripe.paymentIntents.retrieve(intentId);
        // Paid, being paid, cancelled, or waiting for its authentication step: what it is (a second press shows the same step).
        if (current.status !== "requires_payment_method") return intentFromStripe(current);
        const customer = typeof current.customer === "string" ? current.customer : (current.customer?.id ?? null);
        if (customer !== customerRef) await stripe.paymentIntents.update(intentId, { customer: customerRef }, { idempotencyKey: `${idempotencyKey}-customer` });
        const pi = await stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethodRef, return_url: returnUrl }, { idempotencyKey });
        return intentFromStripe(pi);
      } catch (error) {
        // A card error leaves the intent waiting for another card, with Stripe's message on it.
        if (error instanceof Stripe.errors.StripeCardError) return intentFromStripe(await stripe.paymentIntents.retrieve(intentId));
        // Another press at the same moment (the key in use, or the intent paid meanwhile), or a card Stripe no longer has: what the intent is now.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
          const now = await stripe.paymentIntents.retrieve(intentId);
          if (now.status !== "requires_payment_method") return intentFromStripe(now);
          console.error("A saved card could not be charged", { intentId, error: error.message });
          throw refuse.conflict(SAVED_CARD_UNUSABLE);
        }
        throw error;
      }
    },
    async detachCard(ref: string) {
      try {
        await stripe.paymentMethods.detach(ref);
      } catch (error) {
        // Detached already (or never known): nothing is left to charge.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
    async forgetCustomer(ref: string) {
      try {
        // Deleting a Customer detaches every card kept for it.
        await stripe.customers.del(ref);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) throw error;
      }
    },
  };
}
