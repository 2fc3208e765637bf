/**
 * Creators' payout accounts and the money sent to them, behind one interface (ADR 039): Stripe
 * Connect (separate charges and transfers: the studio charges the customer, then transfers each
 * creator's share to their connected account), or the local Connect that runs offline in a local
 * environment with the same behaviour (local-connect.server.ts). The same decision as the card
 * gateway's picks one (payments/mode.server.ts).
 */
import type { Database } from "../../../db/client";
import { isLocalEnvironment } from "../environment.server";
import { paymentsMode } from "../payments/mode.server";
import { createLocalConnect } from "./local-connect.server";
import { createStripeConnect } from "./stripe-connect.server";

/** A connected account as the shop keeps it (Stripe's `account` object, the fields the shop reads). */
export interface ConnectAccount {
  id: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Requirement names still due (`currently_due` and `past_due`). */
  requirementsDue: string[];
  /** Stripe's `requirements.disabled_reason`, or null. */
  disabledReason: string | null;
  /** The currencies the account can be paid in (upper case: its default currency and its bank accounts'); empty when the provider did not say. */
  currencies: string[];
}

export interface CreateAccountInput {
  email: string;
  /** ISO 3166-1 alpha-2: where the creator is. */
  country: string;
  /** `recipient` for a creator outside the studio's country (Stripe's cross-border payouts). */
  serviceAgreement: "full" | "recipient";
  /** One account per creator: the provider answers the same account for the same key. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface TransferInput {
  amountMinor: number;
  currency: string;
  destination: string;
  /** The order's group (`order-12`), as Stripe's separate charges and transfers ask. */
  transferGroup: string;
  /** One per attempt of a payout: a retry after a lost answer gets the same transfer back. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ReversalInput {
  transferId: string;
  amountMinor: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * What the provider answered a transfer or a reversal: its id, or its refusal (insufficient funds,
 * an account that cannot receive) in its words. A network failure throws instead: nothing is known,
 * and the same key is sent again later.
 */
export type MoneyMove = { ok: true; id: string } | { ok: false; message: string };

/** An amount in a charge's currency, and the charge it was paid by. */
export interface SettlementInput {
  paymentIntentId: string;
  amountMinor: number;
  currency: string;
}

export interface ConnectGateway {
  readonly name: "local" | "stripe";
  createAccount(input: CreateAccountInput): Promise<ConnectAccount>;
  retrieveAccount(id: string): Promise<ConnectAccount | null>;
  /** A single-use onboarding link: the creator completes the account there and comes back to `returnUrl` (or `refreshUrl` when the link is spent). */
  accountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /**
   * The amount in the studio's settlement currency at the rate the charge settled at (Stripe's
   * balance transaction: what the studio received for it), rounded half up; null when the charge is
   * not known or was not in `currency`. Transfers to an account that cannot take the order's currency
   * are made in it.
   */
  settlementAmount(input: SettlementInput): Promise<{ amountMinor: number; currency: string } | null>;
  transfer(input: TransferInput): Promise<MoneyMove>;
  reverse(input: ReversalInput): Promise<MoneyMove>;
}

export function createConnectGateway(env: Env, db: Database): ConnectGateway {
  if (paymentsMode(env) === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY");
    return createStripeConnect(env);
  }
  if (!isLocalEnvironment(env)) throw new Error("The local Connect runs only where ENVIRONMENT is development or test: set the Stripe keys.");
  return createLocalConnect(db);
}
