/**
 * What creators earn (app/domain/payouts/), in numbers the screens show as well as the server
 * applies. Isomorphic.
 */
import { formatMoney } from "../money";

/** The movements of the creators' ledger (ADR 038). */
export const LEDGER_KINDS = ["earning", "release", "transfer", "reversal", "clawback", "adjustment"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Each movement as the creator reads it on /studio/payouts, and as the admins read it on an order. */
export const LEDGER_KIND_LABELS: Record<"creator" | "admin", Record<LedgerKind, string>> = {
  creator: {
    earning: "Earning",
    release: "Released",
    transfer: "Paid to you",
    reversal: "Transfer reversed",
    clawback: "Taken back (refund)",
    adjustment: "Adjustment",
  },
  admin: {
    earning: "Earning",
    release: "Released",
    transfer: "Transfer",
    reversal: "Transfer reversed",
    clawback: "Clawback",
    adjustment: "Adjustment",
  },
};

/** The creator's share of an order's net price where neither the creator nor the product sets one: 70.00%. */
export const DEFAULT_SHARE_BASIS_POINTS = 7000;
/** Days an earning is held after its order completes before it is paid. */
export const DEFAULT_CLEARANCE_DAYS = 7;

/**
 * A share of a net amount (after discount and refunds, before tax), rounded half up once per
 * earning: the ledger's trigger (migration 0051) computes the same in SQL.
 */
export function earningOf(netMinor: number, shareBasisPoints: number): number {
  return Math.floor((Math.max(0, netMinor) * shareBasisPoints + 5000) / 10000);
}

/** "You earn £699.30". */
export function youEarn(earns: { amount_minor: number; currency: string }): string {
  return `You earn ${formatMoney(earns.amount_minor, earns.currency)}`;
}

/** An earning's state as its creator sees it (its payout's, once its clearance is over). */
export const EARNING_STATES = ["held", "ready", "waiting", "on_its_way", "paid", "failed", "set_off"] as const;
export type EarningState = (typeof EARNING_STATES)[number];

/** Each state as the creator reads it (`held` names its date beside). */
export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  held: "Held until",
  ready: "Ready to pay",
  waiting: "Waiting for your payout account",
  on_its_way: "On its way",
  paid: "Paid",
  failed: "Payment failed: the studio will retry",
  set_off: "Set against a refund",
};

/** The studio's own country: a creator elsewhere is onboarded with Stripe's `recipient` service agreement (cross-border payouts). */
export const STUDIO_COUNTRY = "GB";
/** The currency the studio's Stripe balance settles in: a transfer the creator's account cannot take in the order's currency is made in it. */
export const STUDIO_SETTLEMENT_CURRENCY = "GBP";

/**
 * Beside a transfer made in the studio's settlement currency, what moved: "Sent as £63.20"; beside
 * its reversal, "Taken back as £12.64". Null where the money moved in the row's own currency.
 */
export function sentNote(row: { kind: LedgerKind; sentAmountMinor: number | null; sentCurrency: string | null; currency: string }): string | null {
  if (row.sentAmountMinor === null || !row.sentCurrency || row.sentCurrency === row.currency) return null;
  return `${row.kind === "reversal" ? "Taken back as" : "Sent as"} ${formatMoney(Math.abs(row.sentAmountMinor), row.sentCurrency)}`;
}

/** A converted amount: `minor` in `from`'s minor units, times `rate` (units of `to` per unit of `from`), in `to`'s minor units, rounded half up. */
export function convertMinor(minor: number, fromExponent: number, toExponent: number, rate: number): number {
  return Math.floor((minor * rate * 10 ** toExponent) / 10 ** fromExponent + 0.5);
}

/** Where a creator's payout account stands, as /studio/payouts and the API say it. */
export const PAYOUT_ACCOUNT_STATES = ["none", "incomplete", "enabled", "disabled"] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

/** The provider's reasons for disabled payouts (Stripe's `requirements.disabled_reason`), in plain words. */
const DISABLED_REASONS: Record<string, string> = {
  "requirements.past_due": "Stripe needs more information from you before it can pay you.",
  "requirements.pending_verification": "Stripe is checking the details you gave; this usually takes a few minutes, sometimes a day or two.",
  under_review: "Stripe is reviewing your account.",
  listed: "Stripe is reviewing your account.",
  platform_paused: "Payouts to your account are paused by the studio.",
  "rejected.fraud": "Stripe closed your payout account. Write to the studio.",
  "rejected.terms_of_service": "Stripe closed your payout account. Write to the studio.",
  "rejected.listed": "Stripe closed your payout account. Write to the studio.",
  "rejected.other": "Stripe closed your payout account. Write to the studio.",
  "action_required.requested_capabilities": "Stripe needs more information from you before it can pay you.",
};

/** Why a disabled account cannot be paid, in plain words. */
export function disabledReasonText(reason: string | null): string {
  return (reason && DISABLED_REASONS[reason]) ?? "Stripe needs more information from you before it can pay you.";
}

/** Onboarding links a creator may ask for in an hour (each is made at the provider). */
export const ONBOARDING_LINKS_PER_HOUR = 20;

export const PAYOUT_MESSAGES = {
  noAccount: "Your earnings wait because you have no payout account yet. Set one up and the studio pays what is due at once.",
  incomplete: "Your earnings wait until your payout account is complete. Continue where you left off.",
  enabled: "Your payout account is ready: each earning is paid to it when its clearance ends.",
  held: "Your payouts are on hold by the studio:",
  needsCountry: "Add the country you live in to your profile first: your payout account is opened there.",
  linkSpent: "That set-up link was used or has expired: here is a new one.",
  tooManyLinks: "You asked for a set-up link many times in the last hour: try again later, or continue in the window you opened.",
} as const;

/** An admin's retry of a failed transfer, refused. */
export const RETRY_MESSAGES = {
  notFound: "Payout not found",
  notFailed: "Only a failed transfer can be retried.",
} as const;

/** A creator's monthly statement, refused. */
export const STATEMENT_MESSAGES = {
  notFound: "Statement not found: give a month such as 2026-11, not one still to come.",
} as const;

/** An admin's adjustment of a creator's balance. */
export const ADJUSTMENT_MESSAGES = {
  done: "Balance adjusted: what is owed to the creator is paid by the next run; what is taken is set against their next transfers.",
  notFound: "Creator not found",
  keyReused: "That key was used for a different adjustment.",
} as const;

/** An admin's hold on a creator's payouts, and its release. */
export const HOLD_MESSAGES = {
  held: "Payouts held: nothing is sent to this creator until you release them.",
  released: "Payouts released: what is due is paid by the next run.",
  alreadyHeld: "This creator's payouts are already held.",
  notHeld: "This creator's payouts are not held.",
  notFound: "Creator not found",
} as const;
