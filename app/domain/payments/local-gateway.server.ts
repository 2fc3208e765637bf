/**
 * The local gateway: a stand-in for Stripe that needs no network and keeps card data inside the
 * app. It follows Stripe's documented test cards and their messages (TEST_CARDS below): 4242 4242
 * 4242 4242 succeeds, 4000 0000 0000 0002 and the other decline cards are declined with Stripe's
 * message, 4000 0025 0000 3155 needs authentication (approved or failed on our own page). Runs only
 * in a local environment (factory.server.ts).
 */
import { refuse } from "../refusal";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { localPaymentIntents, localPaymentMethods, localRefunds } from "../../../db/schema";
import { randomToken } from "../crypto.server";
import {
  type CardConfirmation,
  type CardDetails,
  type CardSummary,
  type CreateIntentInput,
  type Intent,
  type PaymentGateway,
  type RefundInput,
  SAVED_CARD_UNUSABLE,
} from "./gateway.server";

export const DECLINED_MESSAGE = "Your card was declined.";
export const AUTHENTICATION_FAILED_MESSAGE = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
export const INCORRECT_NUMBER_MESSAGE = "Your card number is incorrect.";
export const EXPIRED_MESSAGE = "Your card has expired.";
export const INCOMPLETE_CVC_MESSAGE = "Your card's security code is incomplete.";
export const CANCELED_MESSAGE = "This payment was cancelled. Please start the checkout again.";

type CardOutcome = { status: "requires_payment_method"; lastError: string } | { status: "requires_action" | "succeeded"; lastError: null };

/** Stripe's test cards (its "Testing" documentation) and what Stripe answers for each; any other valid number succeeds. */
export const TEST_CARDS: Record<string, CardOutcome> = {
  "4000000000000002": { status: "requires_payment_method", lastError: DECLINED_MESSAGE },
  "4000000000009995": { status: "requires_payment_method", lastError: "Your card has insufficient funds." },
  "4000000000009987": { status: "requires_payment_method", lastError: DECLINED_MESSAGE },
  "4000000000009979": { status: "requires_payment_method", lastError: DECLINED_MESSAGE },
  "4000000000000069": { status: "requires_payment_method", lastError: EXPIRED_MESSAGE },
  "4000000000000127": { status: "requires_payment_method", lastError: "Your card's security code is incorrect." },
  "4000000000000119": { status: "requires_payment_method", lastError: "An error occurred while processing your card. Try again in a little bit." },
  "4000000000006975": { status: "requires_payment_method", lastError: DECLINED_MESSAGE },
  // Attached to a customer it is kept; every charge with it is declined.
  "4000000000000341": { status: "requires_payment_method", lastError: DECLINED_MESSAGE },
  "4000002500003155": { status: "requires_action", lastError: null },
  "4000000000003220": { status: "requires_action", lastError: null },
};

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
    paymentMethodRef: row.paymentMethodRef,
    savesCard: row.saveCard && row.customerRef !== null,
    // Its authentication step runs on the shop's own page (/payments/local/{id}).
    redirectUrl: null,
  };
}

/** What a later payment with a kept test card does (Stripe's test cards, on-session; a card the bank refuses later is one a test marks `declined`). */
function outcomeOf(number: string): "succeeded" | "requires_action" | "declined" {
  const outcome = TEST_CARDS[number];
  if (!outcome) return "succeeded";
  return outcome.status === "requires_action" ? "requires_action" : "declined";
}

/** A card's brand from its number, as Stripe names them. */
function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}

export function createLocalGateway(db: Database): PaymentGateway & Required<Pick<PaymentGateway, "confirmCard" | "completeAuthentication">> {
  async function byId(id: string) {
    const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)).limit(1);
    return row ?? null;
  }
  /**
   * Moves an intent from the status read to `changes`, only if it is still that status (a cancel and
   * an approval at once: one wins); what the intent is afterwards either way.
   */
  async function move(row: Row, changes: Partial<typeof localPaymentIntents.$inferInsert>): Promise<Row> {
    const [updated] = await db
      .update(localPaymentIntents)
      .set(changes)
      .where(and(eq(localPaymentIntents.id, row.id), eq(localPaymentIntents.status, row.status)))
      .returning();
    return updated ?? (await byId(row.id))!;
  }
  /** With consent, the card an intent was paid with is kept for its customer once the payment succeeds (as Stripe attaches it). */
  async function keepCardOf(row: Row) {
    if (row.status !== "succeeded" || !row.saveCard || !row.customerRef || !row.paymentMethodRef) return;
    await db
      .update(localPaymentMethods)
      .set({ customerRef: row.customerRef })
      .where(and(eq(localPaymentMethods.id, row.paymentMethodRef), isNull(localPaymentMethods.customerRef), isNull(localPaymentMethods.detachedAt)));
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
    async cancelIntent(id: string) {
      const row = await byId(id);
      if (!row) return null;
      if (row.status === "succeeded" || row.status === "canceled") return toIntent(row);
      return toIntent(await move(row, { status: "canceled", lastError: null }));
    },
    async refund(input: RefundInput) {
      const [same] = await db.select().from(localRefunds).where(eq(localRefunds.idempotencyKey, input.idempotencyKey)).limit(1);
      if (same) return { id: same.id, status: "succeeded" as const };
      const row = await byId(input.intentId);
      if (!row || row.status !== "succeeded") throw refuse.conflict("This payment has not succeeded, so there is nothing to refund.");
      const refunded = await db.select({ amountMinor: localRefunds.amountMinor }).from(localRefunds).where(eq(localRefunds.intentId, row.id));
      const left = row.amountMinor - refunded.reduce((total, r) => total + r.amountMinor, 0);
      if (input.amountMinor > left)
        throw refuse.conflict(left === 0 ? "This payment has already been refunded." : "The refund is larger than what is left of the payment.");
      const id = `re_local_${randomToken(12)}`;
      await db
        .insert(localRefunds)
        .values({ id, intentId: row.id, amountMinor: input.amountMinor, idempotencyKey: input.idempotencyKey, reason: input.reason })
        .onConflictDoNothing({ target: localRefunds.idempotencyKey });
      const [stored] = await db.select().from(localRefunds).where(eq(localRefunds.idempotencyKey, input.idempotencyKey)).limit(1);
      return { id: stored!.id, status: "succeeded" as const };
    },
    async confirmCard(id: string, card: CardDetails): Promise<CardConfirmation> {
      const row = await byId(id);
      if (!row) return { ok: false, message: "No such payment." };
      if (row.status === "succeeded") return { ok: true, intent: toIntent(row) };
      if (row.status === "canceled") return { ok: false, message: CANCELED_MESSAGE };
      const problem = cardProblem(card);
      if (problem) return { ok: false, message: problem };
      const number = card.number.replace(/\D/g, "");
      const outcome = TEST_CARDS[number] ?? { status: "succeeded" as const, lastError: null };
      // The card as a payment method of its own (Stripe's `pm_…`), attached to the intent's customer
      // only once the payment succeeds with consent to keep it.
      let paymentMethodRef: string | null = null;
      if (outcome.status !== "requires_payment_method") {
        const [month, year] = card.expiry.split("/").map((part) => Number(part.replace(/\D/g, "")));
        paymentMethodRef = `pm_local_${randomToken(12)}`;
        await db.insert(localPaymentMethods).values({
          id: paymentMethodRef,
          customerRef: null,
          brand: brandOf(number),
          last4: number.slice(-4),
          expMonth: month ?? 1,
          expYear: (year ?? 0) < 100 ? 2000 + (year ?? 0) : (year ?? 0),
          outcome: outcomeOf(number),
        });
      }
      const updated = await move(row, { ...outcome, paymentMethodRef });
      if (updated.status === "canceled") return { ok: false, message: CANCELED_MESSAGE };
      await keepCardOf(updated);
      return { ok: true, intent: toIntent(updated) };
    },
    async completeAuthentication(id: string, approve: boolean) {
      const row = await byId(id);
      if (!row || row.status !== "requires_action") return row ? toIntent(row) : null;
      const outcome = approve
        ? { status: "succeeded" as const, lastError: null }
        : { status: "requires_payment_method" as const, lastError: AUTHENTICATION_FAILED_MESSAGE };
      const updated = await move(row, outcome);
      await keepCardOf(updated);
      return toIntent(updated);
    },
    async ensureCustomer({ userId }) {
      return `cus_local_${userId}`;
    },
    async setSaving(id: string, customerRef: string | null) {
      const row = await byId(id);
      if (!row) return null;
      if (row.status === "succeeded" || row.status === "canceled") return toIntent(row);
      return toIntent(await move(row, { customerRef, saveCard: customerRef !== null }));
    },
    async cardOf(ref: string): Promise<CardSummary | null> {
      const [card] = await db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, ref)).limit(1);
      if (!card || card.detachedAt) return null;
      return { ref: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },
    async payWithSavedCard({ intentId, customerRef, paymentMethodRef }) {
      const row = await byId(intentId);
      if (!row) throw refuse.notFound("No such payment.");
      // Paid, cancelled, or waiting for its authentication step: what it is (a second press shows the same step again).
      if (row.status !== "requires_payment_method") return toIntent(row);
      const [card] = await db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, paymentMethodRef)).limit(1);
      if (!card || card.detachedAt || card.customerRef !== customerRef) throw refuse.conflict(SAVED_CARD_UNUSABLE);
      const outcome =
        card.outcome === "declined" ? { status: "requires_payment_method" as const, lastError: DECLINED_MESSAGE } : { status: card.outcome, lastError: null };
      return toIntent(await move(row, { ...outcome, customerRef, paymentMethodRef }));
    },
    async detachCard(ref: string) {
      await db.update(localPaymentMethods).set({ detachedAt: new Date() }).where(eq(localPaymentMethods.id, ref));
    },
    async forgetCustomer(customerRef: string) {
      await db.update(localPaymentMethods).set({ detachedAt: new Date() }).where(eq(localPaymentMethods.customerRef, customerRef));
    },
  };
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
