/**
 * Card payments behind one interface (docs/design.md §5). The adapters (Stripe, and the built-in local
 * gateway that runs offline with Stripe's test-card behaviour) implement it; `factory.server.ts`
 * picks one per request and the load context carries it as `context.payments`.
 */
import type { PaymentStatus } from "../../../db/schema";

/** The provider's own intent statuses (Stripe's names; the local gateway uses a subset). */
export type IntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "succeeded" | "canceled";

export interface Intent {
  id: string;
  clientSecret: string | null;
  status: IntentStatus;
  amountMinor: number;
  currency: string;
  /** The provider's message about the last failed attempt, if any. */
  lastError: string | null;
  metadata: Record<string, string>;
  /** The card it was paid (or tried) with, when the provider says (a saved card's reference). */
  paymentMethodRef?: string | null;
  /** Whether its card is to be kept for a customer once paid (Stripe's `setup_future_usage` with a `customer`). */
  savesCard?: boolean;
  /** Where the customer completes the authentication step (3-D Secure) the provider asks for; null when it runs on our own page (the local gateway). */
  redirectUrl?: string | null;
}

/** A saved card the provider no longer lets the shop charge (removed, or kept for someone else). */
export const SAVED_CARD_UNUSABLE =
  "This saved card can no longer be used for this order. Write to the studio in the order’s messages and we will send you another way to pay.";

/** A card kept at the provider for a customer: what the shop may show of it. */
export interface CardSummary {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  /** One intent per order: the provider returns the same intent for the same key. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
}

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export interface RefundInput {
  intentId: string;
  amountMinor: number;
  /** One refund per order: the provider returns the same refund for the same key. */
  idempotencyKey: string;
  reason: string;
  metadata: Record<string, string>;
}

/** A refund the provider accepted (`pending` until the card network confirms; cards usually answer at once). */
export interface Refund {
  id: string;
  status: "pending" | "succeeded";
}

/** The provider would not refund (already refunded, not paid, …): its message, for the admin. */

export type CardConfirmation = { ok: true; intent: Intent } | { ok: false; message: string };

export interface PaymentGateway {
  readonly name: "local" | "stripe";
  createIntent(input: CreateIntentInput): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
  /** Makes an unpaid intent unpayable (an expired or re-priced order); null when there is no such intent. */
  cancelIntent(id: string): Promise<Intent | null>;
  /** Refunds `amountMinor` of a succeeded intent; throws a `conflict` refusal with the provider's message when it will not. */
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Confirms an intent with card details posted to our own server. Only a gateway that may see card
   * numbers has it (the local one); with Stripe the browser confirms through Stripe.js instead.
   */
  confirmCard?(id: string, card: CardDetails): Promise<CardConfirmation>;
  /** Finishes the authentication step (3-D Secure) of a confirmed intent, where the gateway runs it itself. */
  completeAuthentication?(id: string, approve: boolean): Promise<Intent | null>;
  /** The customer's record at the provider for a shop account (made once: the same key, the same customer). */
  ensureCustomer(input: { userId: number; email: string; name: string; idempotencyKey: string }): Promise<string>;
  /**
   * Whether the card an unpaid intent is paid with is kept for `customerRef` (Stripe's `customer` and
   * `setup_future_usage: "on_session"`), or not (null: the customer did not consent, or withdrew it).
   */
  setSaving(intentId: string, customerRef: string | null): Promise<Intent | null>;
  /** A kept card's brand, last four digits and expiry; null when the provider no longer has it. */
  cardOf(paymentMethodRef: string): Promise<CardSummary | null>;
  /**
   * Pays an unpaid intent with a kept card, the customer present (on-session): succeeded, declined
   * (`requires_payment_method` with its message), or `requires_action` with where to authenticate.
   * One attempt per `idempotencyKey`.
   */
  payWithSavedCard(input: { intentId: string; customerRef: string; paymentMethodRef: string; returnUrl: string; idempotencyKey: string }): Promise<Intent>;
  /** Forgets a kept card at the provider (it can no longer be charged). */
  detachCard(paymentMethodRef: string): Promise<void>;
  /** Forgets a customer's record at the provider, with every card kept for it (the account erased). */
  forgetCustomer(customerRef: string): Promise<void>;
}

/**
 * What an order records for a provider status. A declined attempt leaves the intent waiting for a
 * new card with an error: the order shows `failed` until a retry succeeds.
 */
export function orderStatusFor(intent: Pick<Intent, "status" | "lastError">): PaymentStatus {
  switch (intent.status) {
    case "succeeded":
      return "succeeded";
    case "processing":
    case "requires_capture":
      return "pending";
    case "canceled":
      return "canceled";
    case "requires_payment_method":
      return intent.lastError ? "failed" : "initiated";
    default:
      return "initiated";
  }
}
