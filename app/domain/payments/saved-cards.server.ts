/**
 * Cards saved with the customer's consent (ADR 041): at checkout, "Save this card for changes to this
 * order" (unticked by default) keeps the card the order is paid with at the provider, for that
 * customer (Stripe's Customer and `setup_future_usage: "on_session"`; the local gateway alike). The
 * shop keeps only the provider's reference, the brand, the last four digits and the expiry. A saved
 * card pays only later payments of its own order, with the customer present (on-session), with the
 * authentication step when the card asks for it. The customer sees and removes their cards.
 */
import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderPayments, orders, paymentCustomers, savedCards, users } from "../../../db/schema";
import { refuse } from "../refusal";
import type { CardDetails, Intent, PaymentGateway } from "./gateway.server";
import { cancelLaterPayment, PAID_STATUSES, recordLaterPaymentStatus } from "./order-payments.server";
import { offerPaymentRefusal } from "../orders/change-offer-acceptance.server";

/** Said where an order has no saved card to pay its added work with. */
export const NO_SAVED_CARD = "No card is saved for this order. Pay with a card on the payment’s page.";

/** The most cards a customer keeps (one per order at most; the oldest are not removed for them). */
export const SAVED_CARDS_SHOWN = 50;

/** A saved card as the profile and the API show it. */
export interface SavedCardView {
  id: number;
  order_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: string;
}

/** The customer's record at this gateway, made the first time it is needed (the same key, the same record). */
async function customerRefFor(db: Database, gateway: PaymentGateway, userId: number): Promise<string> {
  const kept = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.gateway, gateway.name));
  const [known] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(kept).limit(1);
  if (known) return known.ref;
  const [user] = await db.select({ email: users.email, name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw refuse.notFound("Account not found");
  // The account's own key (its id and when it was made: another database's account of the same id has another key).
  const idempotencyKey = `customer-${userId}-${user.createdAt.getTime()}`;
  const ref = await gateway.ensureCustomer({ userId, email: user.email, name: user.name, idempotencyKey });
  await db.insert(paymentCustomers).values({ userId, gateway: gateway.name, customerRef: ref }).onConflictDoNothing();
  const [stored] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(kept).limit(1);
  return stored!.ref;
}

/**
 * The customer's choice at checkout, before they pay: with consent the order's intent keeps its card
 * for them; without, it keeps none. Recorded on the order (its `save_card`) only while it is unpaid.
 */
export async function chooseCardSaving(db: Database, gateway: PaymentGateway, userId: number, orderId: number, consent: boolean): Promise<void> {
  const [order] = await db
    .select({ intentId: orders.paymentIntentId, status: orders.paymentStatus, saveCard: orders.saveCard })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order?.intentId || (order.status !== "initiated" && order.status !== "failed")) return;
  if (!consent && !order.saveCard) return;
  let told: Intent | null;
  try {
    told = await gateway.setSaving(order.intentId, consent ? await customerRefFor(db, gateway, userId) : null);
  } catch (error) {
    console.error("Saving the card could not be set up", { orderId, error });
    throw refuse.unavailable(CARD_SAVING_UNAVAILABLE);
  }
  // What the provider now holds is what the order records: a card kept there is one the customer can see and remove.
  await db
    .update(orders)
    .set({ saveCard: told?.savesCard ?? false })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
}

/**
 * The customer's choice on Stripe's hosted page (checkout without JavaScript), whose session makes
 * the intent: recorded on the unpaid order, and, with consent, the customer's record the session is
 * to keep the card for (null without). Whether the card was kept is read from the paid intent, as
 * for the other forms (`rememberPendingCards`).
 */
export async function chooseHostedCardSaving(db: Database, gateway: PaymentGateway, userId: number, orderId: number, consent: boolean): Promise<string | null> {
  let customerRef: string | null = null;
  if (consent) {
    try {
      customerRef = await customerRefFor(db, gateway, userId);
    } catch (error) {
      console.error("Saving the card could not be set up", { orderId, error });
      throw refuse.unavailable(CARD_SAVING_UNAVAILABLE);
    }
  }
  await db
    .update(orders)
    .set({ saveCard: consent })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.paymentStatus, ["initiated", "failed"])));
  return customerRef;
}

/** Why checkout could not take the choice to save the card. */
export const CARD_SAVING_UNAVAILABLE =
  "We could not set up saving your card just now. Untick “Save this card for changes to this order”, or try again in a minute.";

/**
 * After an order with consent was paid: its card, as the provider kept it, saved for the order's later
 * payments (once: one card per order). Nothing when the customer did not consent or the provider kept none.
 */
export async function rememberCard(db: Database, gateway: PaymentGateway, orderId: number, intent: Intent): Promise<boolean> {
  if (intent.status !== "succeeded" || !intent.paymentMethodRef) return false;
  const [order] = await db
    .select({ userId: orders.userId, saveCard: orders.saveCard, intentId: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.saveCard || order.intentId !== intent.id) return false;
  const card = await gateway.cardOf(intent.paymentMethodRef);
  if (!card) return false;
  const customerRef = await customerRefFor(db, gateway, order.userId);
  const inserted = await db
    .insert(savedCards)
    .values({
      userId: order.userId,
      orderId,
      gateway: gateway.name,
      customerRef,
      paymentMethodRef: card.ref,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .onConflictDoNothing()
    .returning({ id: savedCards.id });
  return inserted.length > 0;
}

/** How many paid orders with consent one look remembers the cards of (each asks the provider twice). */
const REMEMBERED_AT_ONCE = 5;

/**
 * The cards of the customer's paid orders with consent not saved yet, as the provider kept them: the
 * payment's own recording (a webhook, a redirect) need not ask the provider about the card, and a
 * card is saved whichever of them came first. At most a few a call; a removed card is not saved again
 * (its order's consent is withdrawn as it is removed).
 */
export async function rememberPendingCards(db: Database, gateway: PaymentGateway, userId: number, orderId?: number): Promise<number> {
  const pending = await db
    .select({ id: orders.id, intentId: orders.paymentIntentId })
    .from(orders)
    .leftJoin(savedCards, eq(savedCards.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.saveCard, true),
        eq(orders.gateway, gateway.name),
        inArray(orders.paymentStatus, [...PAID_STATUSES]),
        isNull(savedCards.id),
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(REMEMBERED_AT_ONCE);
  let saved = 0;
  for (const order of pending) {
    const intent = order.intentId ? await gateway.retrieveIntent(order.intentId) : null;
    if (intent && (await rememberCard(db, gateway, order.id, intent))) saved++;
    // The provider kept no card for it (paid on Stripe's own page, or the card removed there): nothing to save, and not asked again.
    else
      await db
        .update(orders)
        .set({ saveCard: false })
        .where(and(eq(orders.id, order.id), eq(orders.saveCard, true)));
  }
  return saved;
}

/** The customer's saved cards, newest first. */
export async function listSavedCards(db: Database, userId: number): Promise<SavedCardView[]> {
  const rows = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(desc(savedCards.id)).limit(SAVED_CARDS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    order_id: row.orderId,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    created_at: row.createdAt.toISOString(),
  }));
}

/** The customer removes a saved card: forgotten at the provider, then here. `not_found` for a card that is not theirs. */
export async function removeSavedCard(db: Database, gateway: PaymentGateway, userId: number, cardId: number): Promise<void> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .limit(1);
  if (!card) throw refuse.notFound("Saved card not found");
  if (card.gateway === gateway.name) await gateway.detachCard(card.paymentMethodRef);
  // Removed, and the order's consent withdrawn with it: the card is not saved again.
  await db.batch([
    db.delete(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId))),
    db.update(orders).set({ saveCard: false }).where(eq(orders.id, card.orderId)),
  ]);
}

/** The card saved for an order of the customer's, at this gateway; null when none is. */
export async function savedCardOf(db: Database, gateway: PaymentGateway, userId: number, orderId: number) {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.orderId, orderId), eq(savedCards.userId, userId), eq(savedCards.gateway, gateway.name)))
    .limit(1);
  return card ?? null;
}

export type SavedCardPayment = { kind: "paid" } | { kind: "authenticate"; location: string } | { kind: "failed"; message: string };

/**
 * The customer, present, pays a later payment of their order with the card saved for it. Refusals:
 * `not_found` (not their payment), `conflict` (paid or closed already, no saved card, or the card can
 * no longer be used). The authentication step, when the card asks for it: Stripe's page, or the
 * local gateway's own (/payments/local/{intent}); either returns to `returnUrl`.
 */
export async function payWithSavedCard(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  paymentId: number,
  returnUrl: string,
  /** The attempt's own key (the pay form's, one per page view): a double submit charges once. */
  attemptKey: string,
): Promise<SavedCardPayment> {
  const payment = await openLaterPayment(db, userId, orderId, paymentId);
  await rememberPendingCards(db, gateway, userId, payment.orderId);
  const card = await savedCardOf(db, gateway, userId, payment.orderId);
  if (!card) throw refuse.conflict(NO_SAVED_CARD);
  const intent = await gateway.payWithSavedCard({
    intentId: payment.intentId!,
    customerRef: card.customerRef,
    paymentMethodRef: card.paymentMethodRef,
    returnUrl,
    idempotencyKey: `saved-card-${paymentId}-${attemptKey}`,
  });
  const status = await recordLaterPaymentStatus(db, paymentId, intent);
  if (status === "succeeded") return { kind: "paid" };
  if (intent.status === "requires_action") {
    return {
      kind: "authenticate",
      location: intent.redirectUrl ?? `/payments/local/${encodeURIComponent(intent.id)}?${new URLSearchParams({ return_to: new URL(returnUrl).pathname })}`,
    };
  }
  return { kind: "failed", message: intent.lastError ?? `Payment status: ${status}` };
}

/** With Stripe, another card is taken by Stripe.js in the browser: without JavaScript, the page says so. */
export const NEW_CARD_NEEDS_SCRIPT = "Paying with another card needs JavaScript turned on; the card saved for this order pays without it.";

/**
 * The customer pays a later payment of their order with a new card posted to our server (the local
 * gateway; with Stripe the browser confirms through Stripe.js and the page records what it reads).
 * The same refusals as `payWithSavedCard`; a card the gateway refuses is `invalid` with its message.
 */
export async function payLaterWithCard(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  paymentId: number,
  card: CardDetails,
  returnPath: string,
): Promise<SavedCardPayment> {
  const payment = await openLaterPayment(db, userId, orderId, paymentId);
  if (!gateway.confirmCard) throw refuse.unavailable(NEW_CARD_NEEDS_SCRIPT);
  const outcome = await gateway.confirmCard(payment.intentId!, card);
  if (!outcome.ok) throw refuse.invalid(outcome.message);
  const status = await recordLaterPaymentStatus(db, paymentId, outcome.intent);
  if (status === "succeeded") return { kind: "paid" };
  if (outcome.intent.status === "requires_action") {
    return { kind: "authenticate", location: `/payments/local/${encodeURIComponent(outcome.intent.id)}?${new URLSearchParams({ return_to: returnPath })}` };
  }
  return { kind: "failed", message: outcome.intent.lastError ?? `Payment status: ${status}` };
}

/** A later payment of the customer's order that may be paid now (404 when not theirs; 409 when paid, closed, or a change offer no longer open). */
async function openLaterPayment(db: Database, userId: number, orderId: number, paymentId: number) {
  const [found] = await db
    .select({ payment: orderPayments })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.orderId, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!found || found.payment.sequence === 1) throw refuse.notFound("Payment not found");
  const { payment } = found;
  if (payment.status !== "initiated" && payment.status !== "failed") throw refuse.conflict(`This payment is ${payment.status}.`);
  if (!payment.intentId) throw refuse.conflict("This payment cannot be made yet.");
  // A change offer's payment is made only while the offer is open.
  const closed = await offerPaymentRefusal(db, paymentId);
  if (closed) throw closed;
  return payment;
}

/**
 * A later payment of the customer's order as its page shows it, with the card saved for the order
 * (remembered first if the provider kept it). Back from the provider's authentication page
 * (`returnedIntent`: Stripe's `?payment_intent=`), what the provider says is recorded first. Null
 * when it is not the customer's, or is the order's checkout payment.
 */
export async function laterPaymentFor(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  paymentId: number,
  returnedIntent: string | null,
) {
  const [found] = await db
    .select({ payment: orderPayments })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.orderId, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!found || found.payment.sequence === 1) return null;
  let { payment } = found;
  // A change offer's payment whose offer ended (or whose order closed) is cancelled here: nothing is to be paid on it.
  if ((payment.status === "initiated" || payment.status === "failed") && (await offerPaymentRefusal(db, payment.id))) {
    await cancelLaterPayment(db, gateway, payment);
    const [now] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
    if (!now) return null;
    payment = now;
  }
  const open = payment.status === "initiated" || payment.status === "failed";
  /** What the provider said of the attempt just made, when it was not paid. */
  let problem: string | null = null;
  if (open && returnedIntent && returnedIntent === payment.intentId) {
    const intent = await gateway.retrieveIntent(returnedIntent);
    if (intent) {
      const status = await recordLaterPaymentStatus(db, payment.id, intent);
      if (status !== "succeeded") problem = intent.lastError ?? "The payment was not completed.";
      // As recorded (its invoice number, once paid).
      const [recorded] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
      if (!recorded) return null;
      payment = recorded;
    }
  }
  if (open) await rememberPendingCards(db, gateway, userId, orderId);
  const card = await savedCardOf(db, gateway, userId, orderId);
  return {
    payment,
    problem,
    card: card ? { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear } : null,
  };
}

/** The account's records at the payment providers (read before its erasure, to forget them after). */
export function paymentCustomersOf(db: Database, userId: number) {
  return db.select({ gateway: paymentCustomers.gateway, ref: paymentCustomers.customerRef }).from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
}

/** The erasure batch's part (each statement under its `held` condition): the saved cards, the provider records and every order's consent. */
export function savedCardsErasure(db: Database, userId: number, held: SQL) {
  return [
    db.delete(savedCards).where(and(eq(savedCards.userId, userId), held)),
    db.delete(paymentCustomers).where(and(eq(paymentCustomers.userId, userId), held)),
    db
      .update(orders)
      .set({ saveCard: false })
      .where(and(eq(orders.userId, userId), eq(orders.saveCard, true), held)),
  ] as const;
}

/** Forgets the erased account's records at the provider (every card kept for them detached); a failure is logged with the record to remove by hand. */
export async function forgetCustomers(gateway: PaymentGateway, customers: { gateway: string; ref: string }[]) {
  for (const customer of customers) {
    if (customer.gateway !== gateway.name) continue;
    try {
      await gateway.forgetCustomer(customer.ref);
    } catch (error) {
      console.error("An erased account's payment record could not be removed at the provider; remove it by hand", { customer: customer.ref, error });
    }
  }
}
