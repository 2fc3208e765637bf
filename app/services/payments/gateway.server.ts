/**
 * Card payments behind one interface (DESIGN.md §5): Stripe when keys are set, otherwise the
 * built-in local gateway, which runs offline with Stripe's test-card behaviour.
 */
import type { Database } from "../../../db/client";
import type { PaymentStatus } from "../../../db/schema";
import { createLocalGateway } from "./local-gateway.server";
import { createStripeGateway } from "./stripe-gateway.server";

/** The provider's own intent statuses (Stripe's names; the local gateway uses a subset). */
export type IntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "succeeded"
  | "canceled";

export interface Intent {
  id: string;
  clientSecret: string | null;
  status: IntentStatus;
  amountMinor: number;
  currency: string;
  /** The provider's message about the last failed attempt, if any. */
  lastError: string | null;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  /** One intent per order: the provider returns the same intent for the same key. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
}

export interface PaymentGateway {
  readonly name: "local" | "stripe";
  createIntent(input: CreateIntentInput): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
}

export type PaymentsMode = "local" | "stripe";

/** Stripe when PAYMENTS=stripe, or when a secret key is set and PAYMENTS says nothing; local otherwise. */
export function paymentsMode(env: Env): PaymentsMode {
  if (env.PAYMENTS === "stripe") return "stripe";
  if (env.PAYMENTS === "local") return "local";
  return env.STRIPE_SECRET_KEY ? "stripe" : "local";
}

export function getGateway(env: Env, db: Database): PaymentGateway {
  const mode = paymentsMode(env);
  if (mode === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY");
    return createStripeGateway(env);
  }
  if (env.ENVIRONMENT === "production") throw new Error("The local payment gateway is refused in production: set the Stripe keys.");
  return createLocalGateway(db);
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
