/**
 * Stripe Connect through the official SDK (ADR 039): connected accounts with the Express dashboard,
 * the platform responsible for losses and fees and Stripe collecting identity; onboarding by account
 * links; separate charges and transfers (`transfer_group` the order), reversed for clawbacks.
 */
import Stripe from "stripe";
import { stripeClient } from "../payments/stripe-gateway.server";
import type { ConnectAccount, ConnectGateway, MoneyMove } from "./connect.server";
import { STUDIO_SETTLEMENT_CURRENCY } from "~/lib/rules/payouts";

export function accountFromStripe(
  account: Pick<Stripe.Account, "id" | "payouts_enabled" | "details_submitted" | "requirements"> &
    Partial<Pick<Stripe.Account, "default_currency" | "external_accounts">>,
): ConnectAccount {
  const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
  // The currencies it can be paid in: its default, and its bank accounts' (Stripe lists them to the platform).
  const currencies = [account.default_currency, ...(account.external_accounts?.data ?? []).map((bank) => bank.currency)]
    .filter((code): code is string => typeof code === "string" && /^[a-z]{3}$/i.test(code))
    .map((code) => code.toUpperCase());
  return {
    id: account.id,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    requirementsDue: [...new Set(due)].slice(0, 50),
    disabledReason: account.requirements?.disabled_reason ?? null,
    currencies: [...new Set(currencies)].slice(0, 20),
  };
}

/** Stripe's answer to a money movement: a refusal (insufficient funds, an account that cannot receive) is the provider's word; anything else is thrown (nothing known, try again with the same key). */
async function moneyMove(call: () => Promise<{ id: string }>): Promise<MoneyMove> {
  try {
    return { ok: true, id: (await call()).id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError) {
      return { ok: false, message: error.message };
    }
    // The key was used with other parameters: nothing is known of the first; an admin looks it up before retrying.
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      return { ok: false, message: `${error.message} Look the payout up at Stripe (its transfer group names the order) before retrying.` };
    }
    throw error;
  }
}

export function createStripeConnect(env: Env): ConnectGateway {
  const stripe = stripeClient(env);
  return {
    name: "stripe",
    async createAccount(input) {
      const account = await stripe.accounts.create(
        {
          country: input.country,
          email: input.email,
          controller: {
            stripe_dashboard: { type: "express" },
            fees: { payer: "application" },
            losses: { payments: "application" },
            requirement_collection: "stripe",
          },
          capabilities: { transfers: { requested: true } },
          ...(input.serviceAgreement === "recipient" ? { tos_acceptance: { service_agreement: "recipient" } } : {}),
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return accountFromStripe(account);
    },
    async retrieveAccount(id) {
      try {
        return accountFromStripe(await stripe.accounts.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async accountLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: "account_onboarding" });
      return { url: link.url };
    },
    async settlementAmount(input) {
      // What the studio received for the charge, in its settlement currency (the charge's balance transaction).
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(input.paymentIntentId, { expand: ["latest_charge.balance_transaction"] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const settled = charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
      if (!charge || !settled || charge.currency.toUpperCase() !== input.currency.toUpperCase() || charge.amount <= 0) return null;
      // Settled in another currency (the studio's balance holds more than pounds): not the conversion the transfer needs.
      if (settled.currency.toUpperCase() !== STUDIO_SETTLEMENT_CURRENCY) return null;
      return { amountMinor: Math.floor((input.amountMinor * settled.amount) / charge.amount + 0.5), currency: settled.currency.toUpperCase() };
    },
    transfer: (input) =>
      moneyMove(() =>
        stripe.transfers.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            destination: input.destination,
            transfer_group: input.transferGroup,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    reverse: (input) =>
      moneyMove(() =>
        stripe.transfers.createReversal(input.transferId, { amount: input.amountMinor, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey }),
      ),
  };
}
