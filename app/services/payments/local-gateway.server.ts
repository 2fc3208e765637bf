/**
 * The local gateway: a stand-in for Stripe that needs no network and keeps card data inside the
 * app. It follows Stripe's test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0025 0000 3155 needs authentication (approved or failed on our own page). Refused
 * in production (gateway.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { localPaymentIntents } from "../../../db/schema";
import { randomToken } from "../crypto.server";
import type { CreateIntentInput, Intent, PaymentGateway } from "./gateway.server";

export const DECLINED_MESSAGE = "Your card was declined.";
export const AUTHENTICATION_FAILED_MESSAGE = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
export const INCORRECT_NUMBER_MESSAGE = "Your card number is incorrect.";
export const EXPIRED_MESSAGE = "Your card has expired.";
export const INCOMPLETE_CVC_MESSAGE = "Your card's security code is incomplete.";

type Row = typeof localPaymentIntents.$inferSelect;

function toIntent(row: Row): Intent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    lastError: row.lastError,
    metadata: row.metadata,
  };
}

export function createLocalGateway(db: Database): PaymentGateway & LocalGatewayExtras {
  async function byId(id: string) {
    const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)).limit(1);
    return row ?? null;
  }
  return {
    name: "local",
    async createIntent(input: CreateIntentInput) {
      const id = `pi_local_${randomToken(12)}`;
      await db
        .insert(localPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomToken(12)}`,
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          status: "requires_payment_method",
          idempotencyKey: input.idempotencyKey,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: localPaymentIntents.idempotencyKey });
      const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.idempotencyKey, input.idempotencyKey)).limit(1);
      return toIntent(row!);
    },
    async retrieveIntent(id: string) {
      const row = await byId(id);
      return row ? toIntent(row) : null;
    },
    async confirmCard(id: string, card: CardDetails) {
      const row = await byId(id);
      if (!row) return { ok: false as const, message: "No such payment." };
      if (row.status === "succeeded") return { ok: true as const, intent: toIntent(row) };
      const problem = cardProblem(card);
      if (problem) return { ok: false as const, message: problem };
      const number = card.number.replace(/\D/g, "");
      const outcome =
        number === "4000000000000002"
          ? { status: "requires_payment_method" as const, lastError: DECLINED_MESSAGE }
          : number === "4000002500003155"
            ? { status: "requires_action" as const, lastError: null }
            : { status: "succeeded" as const, lastError: null };
      const [updated] = await db.update(localPaymentIntents).set(outcome).where(eq(localPaymentIntents.id, id)).returning();
      return { ok: true as const, intent: toIntent(updated!) };
    },
    async completeAuthentication(id: string, approve: boolean) {
      const row = await byId(id);
      if (!row || row.status !== "requires_action") return row ? toIntent(row) : null;
      const outcome = approve
        ? { status: "succeeded" as const, lastError: null }
        : { status: "requires_payment_method" as const, lastError: AUTHENTICATION_FAILED_MESSAGE };
      const [updated] = await db.update(localPaymentIntents).set(outcome).where(eq(localPaymentIntents.id, id)).returning();
      return toIntent(updated!);
    },
  };
}

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export interface LocalGatewayExtras {
  confirmCard(id: string, card: CardDetails): Promise<{ ok: true; intent: Intent } | { ok: false; message: string }>;
  completeAuthentication(id: string, approve: boolean): Promise<Intent | null>;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Stripe-like messages for a malformed card; null when the card is well formed. */
export function cardProblem(card: CardDetails, now = new Date()): string | null {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return INCORRECT_NUMBER_MESSAGE;
  // "MM / YY", "MM/YYYY", or the digits alone ("1234") as a keyboard user types them.
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return EXPIRED_MESSAGE;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return INCOMPLETE_CVC_MESSAGE;
  return null;
}
