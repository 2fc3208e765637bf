/**
 * Change offers (app/lib/rules/change-offers.ts): the studio (an admin, or the creator assigned to
 * the order) prices new scope from the frame comment or message that asked for it: what changes, a
 * net price, the days it adds, and the stage it extends where the order has stages. A creator's offer
 * above half the order's net price waits for an admin's approval before the customer sees it. The
 * customer declines it (with an optional reason), or it expires OFFER_EXPIRY_DAYS after it was
 * offered; every answer is one conditional write from `open`, so an answer racing the expiry lands
 * once. Accepting it asks for a later payment of the order under the offer's own key (its own
 * invoice; the tax at the order's rate), claimed by the offer while it is open, and pays it with the
 * card saved for the order, the customer present (or a new card on the payment's page); the payment's
 * success accepts the offer in the batch that records it (change-offer-acceptance.server.ts). A
 * decline or the expiry cancels an offer's payment not yet made.
 */
import { and, count, desc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { changeOffers, creators, deliveryComments, orderMessages, orders } from "../../../db/schema";
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { queueEmail } from "../mail/mail.server";
import { studioRecipients, type MailNotice } from "../mail/order-emails.server";
import { WorkUpdateEmail } from "../mail/templates";
import { decimalToMinor, minorToDecimalString } from "~/lib/money-decimal";
import { formatMoney } from "~/lib/money";
import {
  CREATOR_OFFER_APPROVAL_SHARE,
  CREATOR_OFFER_DAYS_WITHOUT_APPROVAL,
  OFFER_EXPIRY_DAYS,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  OFFERS_PER_ORDER_PER_DAY,
  OPEN_OFFERS_PER_ORDER,
  offerExpiryText,
} from "~/lib/rules/change-offers";
import type { ChangeOfferInput } from "~/lib/schemas/change-offer";
import { paths } from "~/lib/paths";
import { getWorkState } from "./work-state.server";
import { OPEN_WORK } from "./change-offer-acceptance.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { cancelLaterPayment, orderPaymentsOf, PAYMENT_DESCRIPTION_MAX, requestLaterPayment, toPaymentView } from "../payments/order-payments.server";
import { payWithSavedCard, rememberPendingCards, savedCardOf } from "../payments/saved-cards.server";
import { taxOn } from "../money/tax-rules";
import { orderPayments, users } from "../../../db/schema";
import { cancellationOpen, noClosingRefund } from "./closing-refunds.server";
import type { Actor } from "./work-events.server";

const DAY_MS = 86_400_000;

export interface ChangeOfferView {
  id: number;
  description: string;
  /** Its price before tax, in major units of `currency`. */
  amount: string;
  currency: string;
  extra_days: number;
  /** The stage it extends (from 1), where the order has stages. */
  stage: number | null;
  comment_id: number | null;
  message_id: number | null;
  status: "pending_approval" | "open" | "accepted" | "declined" | "expired";
  raised_by: "admin" | "creator";
  decline_reason: string | null;
  created_at: string;
  expires_at: string | null;
  decided_at: string | null;
  /** The later payment accepting it asked for (its invoice once paid); null until the customer accepts. */
  payment_id: number | null;
}

type OfferRow = typeof changeOffers.$inferSelect;

function toView(row: OfferRow): ChangeOfferView {
  return {
    id: row.id,
    description: row.description,
    amount: minorToDecimalString(row.netMinor, row.currency),
    currency: row.currency,
    extra_days: row.extraDays,
    stage: row.stage === null ? null : row.stage + 1,
    comment_id: row.commentId,
    message_id: row.messageId,
    status: row.status,
    raised_by: row.raisedByKind,
    decline_reason: row.declineReason,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    payment_id: row.paymentId,
  };
}

/**
 * Raises an offer on an order (an admin, or its assigned creator: 404 for anyone else): 409 while the
 * order is unpaid or closed, for a comment or message not the order's, or past OPEN_OFFERS_PER_ORDER
 * waiting (held in the insert's own condition); 422 for an amount the currency cannot hold.
 */
export async function raiseOffer(
  db: Database,
  notice: MailNotice,
  orderId: number,
  studio: { kind: "admin" | "creator"; id: number },
  input: ChangeOfferInput,
  now = Date.now(),
) {
  const state = await getWorkState(db, orderId, studio);
  const [order] = await db
    .select({ currency: orders.currency, subtotalMinor: orders.subtotalMinor, discountMinor: orders.discountMinor })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || !["succeeded", "completed"].includes(state.paymentStatus) || !OPEN_WORK.includes(state.workStatus))
    throw refuse.conflict(OFFER_MESSAGES.closed);
  const netMinor = decimalToMinor(input.amount, order.currency);
  if (netMinor !== null && netMinor > OFFER_LIMITS.netMax) throw refuse.invalid(OFFER_MESSAGES.tooLarge, [OFFER_MESSAGES.tooLarge]);
  if (netMinor === null || netMinor <= 0)
    throw refuse.invalid(`amount must be in ${order.currency}, with at most its decimals`, [`amount must be in ${order.currency}, with at most its decimals`]);
  const [[comment], [message]] = await db.batch([
    db
      .select({ id: deliveryComments.id })
      .from(deliveryComments)
      .where(and(eq(deliveryComments.id, input.comment_id ?? 0), eq(deliveryComments.orderId, orderId)))
      .limit(1),
    db
      .select({ id: orderMessages.id })
      .from(orderMessages)
      .where(and(eq(orderMessages.id, input.message_id ?? 0), eq(orderMessages.orderId, orderId)))
      .limit(1),
  ]);
  if ((input.comment_id !== undefined && !comment) || (input.message_id !== undefined && !message)) throw refuse.conflict(OFFER_MESSAGES.notTheirs);
  // A creator's offers on the order taken together (those waiting and accepted, with this one): above
  // half the order's net price, or adding many days, this one waits for an admin. Read in the insert
  // itself, so offers raised at once cannot each slip under the line.
  const orderNet = Math.max(0, order.subtotalMinor - order.discountMinor);
  const creatorsTotal = sql`(SELECT coalesce(sum(${changeOffers.netMinor}), 0) FROM ${changeOffers} WHERE ${changeOffers.orderId} = ${orderId} AND ${changeOffers.raisedByKind} = 'creator' AND ${changeOffers.status} IN ('pending_approval', 'open', 'accepted'))`;
  const pending =
    studio.kind === "creator"
      ? sql`(${creatorsTotal} + ${netMinor} > ${orderNet * CREATOR_OFFER_APPROVAL_SHARE} OR ${input.extra_days} > ${CREATOR_OFFER_DAYS_WITHOUT_APPROVAL})`
      : sql`0`;
  const [row] = await db
    .insert(changeOffers)
    .select(
      db
        .select(
          rowOf(changeOffers, {
            id: null,
            orderId,
            commentId: input.comment_id ?? null,
            messageId: input.message_id ?? null,
            stage: state.stages.length ? state.stage : null,
            description: input.description,
            netMinor,
            currency: order.currency,
            extraDays: input.extra_days,
            status: sql`CASE WHEN ${pending} THEN 'pending_approval' ELSE 'open' END`,
            raisedByKind: studio.kind,
            raisedById: studio.id,
            approvedById: null,
            declineReason: null,
            createdAt: now,
            offeredAt: sql`CASE WHEN ${pending} THEN NULL ELSE ${now} END`,
            expiresAt: sql`CASE WHEN ${pending} THEN NULL ELSE ${now + OFFER_EXPIRY_DAYS * DAY_MS} END`,
            decidedAt: null,
            paymentId: null,
            acceptedToldAt: null,
          }),
        )
        .from(orders)
        .where(and(eq(orders.id, orderId), takesOffers(now), underOfferCaps(orderId, now))),
    )
    .returning();
  if (!row) throw await raiseRefusal(db, orderId, now);
  await tellAbout(db, notice, row);
  if (row.status === "open") await tellCustomer(db, notice, row);
  return toView(row);
}

/** An admin approves a creator's offer that waits for it: the customer sees it from now, and it expires OFFER_EXPIRY_DAYS later. */
export async function approveOffer(db: Database, notice: MailNotice, orderId: number, offerId: number, adminId: number, now = Date.now()) {
  const [row] = await db
    .update(changeOffers)
    .set({ status: "open", approvedById: adminId, offeredAt: new Date(now), expiresAt: new Date(now + OFFER_EXPIRY_DAYS * DAY_MS) })
    .where(
      and(
        eq(changeOffers.id, offerId),
        eq(changeOffers.orderId, orderId),
        eq(changeOffers.status, "pending_approval"),
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${takesOffers(now)})`,
      ),
    )
    .returning();
  if (!row) {
    const found = await offerOf(db, orderId, offerId);
    if (!found) throw refuse.notFound("Change offer not found");
    throw refuse.conflict(found.status === "pending_approval" ? OFFER_MESSAGES.closed : OFFER_MESSAGES.notPending);
  }
  await tellStudio(db, notice, row, `An admin approved the change "${row.description}": it is offered to the customer for ${OFFER_EXPIRY_DAYS} days.`);
  await tellCustomer(db, notice, row);
  return toView(row);
}

/**
 * The customer declines an open offer, with an optional reason: one conditional write from `open`
 * before its expiry, so a decline racing the expiry (or another answer) lands once (409 after).
 */
export async function declineOffer(
  db: Database,
  gateway: PaymentGateway | null,
  notice: MailNotice,
  orderId: number,
  offerId: number,
  customerId: number,
  reason: string | undefined,
  now = Date.now(),
) {
  await getWorkState(db, orderId, { kind: "customer", id: customerId });
  const [row] = await db
    .update(changeOffers)
    .set({ status: "declined", declineReason: reason || null, decidedAt: new Date(now) })
    .where(and(eq(changeOffers.id, offerId), eq(changeOffers.orderId, orderId), eq(changeOffers.status, "open"), sql`${changeOffers.expiresAt} > ${now}`))
    .returning();
  if (!row) {
    const found = await offerOf(db, orderId, offerId);
    if (!found || found.status === "pending_approval") throw refuse.notFound("Change offer not found");
    throw refuse.conflict(OFFER_MESSAGES.notOpen);
  }
  // A payment asked for by an acceptance left unfinished can no longer be made (one that went through meanwhile accepts it all the same).
  const settled = await endOfferPayment(db, gateway, row).catch((error: unknown) => {
    // The scheduled run's sweep cancels it later (ended offers' payments still open).
    console.error("A declined offer's payment could not be cancelled now", { offer: row.id, error });
    return row;
  });
  if (settled.status === "accepted") {
    await tellAccepted(db, notice, orderId, now);
    return toView(settled);
  }
  // The customer's own words go to the studio's admins; the creator hears only that it was declined.
  await tellStudio(db, notice, row, `The customer declined the change "${row.description}"${row.declineReason ? `: ${row.declineReason}` : "."}`, {
    creatorLine: `The customer declined the change "${row.description}".`,
  });
  return toView(row);
}

/** The timer's part: open offers past their expiry expire (at most `limit` a run, by the status-and-expiry index). */
export async function expireOffers(db: Database, gateway: PaymentGateway | null, notice: MailNotice, now = Date.now(), limit = 100): Promise<number> {
  const due = db
    .select({ id: changeOffers.id })
    .from(changeOffers)
    .where(and(eq(changeOffers.status, "open"), lte(changeOffers.expiresAt, new Date(now))))
    .limit(limit);
  // An order that closed (completed, cancelled, refunded) takes no more: its waiting offers end with it.
  const closed = db
    .select({ id: changeOffers.id })
    .from(changeOffers)
    .innerJoin(orders, eq(orders.id, changeOffers.orderId))
    .where(and(inArray(changeOffers.status, ["open", "pending_approval"]), sql`NOT (${takesOffers(now)})`))
    .limit(limit);
  const expired = await db
    .update(changeOffers)
    .set({ status: "expired", decidedAt: new Date(now) })
    .where(
      or(
        and(inArray(changeOffers.id, due), eq(changeOffers.status, "open"), lte(changeOffers.expiresAt, new Date(now))),
        and(inArray(changeOffers.id, closed), inArray(changeOffers.status, ["open", "pending_approval"])),
      ),
    )
    .returning();
  for (const row of expired) {
    const settled = await endOfferPayment(db, gateway, row).catch((error: unknown) => {
      console.error("An expired offer's payment could not be cancelled now", { offer: row.id, error });
      return row;
    });
    if (settled.status === "accepted") await tellAccepted(db, notice, row.orderId, now);
    else await tellStudio(db, notice, row, `The change "${row.description}" had no answer for ${OFFER_EXPIRY_DAYS} days and expired.`);
  }
  // Ended offers whose payment is still open (its cancellation failed, or it fell back from pending): cancelled now.
  if (gateway) {
    const stranded = await db
      .select({ payment: orderPayments, orderId: changeOffers.orderId })
      .from(changeOffers)
      .innerJoin(orderPayments, eq(orderPayments.id, changeOffers.paymentId))
      .where(and(inArray(changeOffers.status, ["expired", "declined"]), inArray(orderPayments.status, ["initiated", "failed"])))
      .limit(limit);
    for (const { payment, orderId } of stranded) {
      try {
        if ((await cancelLaterPayment(db, gateway, payment)) === "succeeded") await tellAccepted(db, notice, orderId, now);
      } catch (error) {
        console.error("An ended offer's payment could not be cancelled", { payment: payment.id, error });
      }
    }
  }
  return expired.length;
}

export type OfferAcceptance =
  | { kind: "paid"; paymentId: number }
  /** The card asks for its authentication step: where to go (it returns to the payment's page). */
  | { kind: "authenticate"; paymentId: number; location: string }
  | { kind: "failed"; paymentId: number; message: string }
  /** No saved card was used: the payment waits on its page for a new card (`clientSecret` for Stripe.js). */
  | { kind: "pay"; paymentId: number; clientSecret: string | null };

/**
 * The customer accepts an open offer (404 when it is not theirs or not offered to them; 409 once it
 * was answered or expired): the offer's later payment asked for under its own key (the same
 * acceptance again finds the same payment), claimed by the offer in one conditional write while the
 * offer is open and the order takes offers, then paid with the card saved for the order when
 * `method` is `saved_card` (one attempt per `attemptKey`), or left for a new card. Two acceptances at
 * once share the payment and its one intent: the money moves once. Lost to the expiry or a decline,
 * the payment is cancelled and the refusal is 409.
 */
export async function acceptOffer(
  db: Database,
  gateway: PaymentGateway,
  notice: MailNotice,
  orderId: number,
  offerId: number,
  customerId: number,
  attempt: { method: "saved_card" | "new_card"; attemptKey: string; returnUrlFor: (paymentId: number) => string },
  now = Date.now(),
): Promise<OfferAcceptance> {
  await getWorkState(db, orderId, { kind: "customer", id: customerId });
  const offer = await offerOf(db, orderId, offerId);
  if (!offer || offer.status === "pending_approval") throw refuse.notFound("Change offer not found");
  if (offer.status === "accepted" && offer.paymentId) return { kind: "paid", paymentId: offer.paymentId };
  if (offer.status !== "open" || !offer.expiresAt || offer.expiresAt.getTime() <= now) throw refuse.conflict(OFFER_MESSAGES.notOpen);
  const { payment, intent } = await requestLaterPayment(db, gateway, orderId, {
    // Cut by characters, never inside one (the invoice line of the payment).
    description: Array.from(`Change: ${offer.description}`).slice(0, PAYMENT_DESCRIPTION_MAX).join(""),
    netMinor: offer.netMinor,
    idempotencyKey: `change-offer-${offer.id}`,
    purpose: "change",
  });
  const [claimed] = await db
    .update(changeOffers)
    .set({ paymentId: payment.id })
    .where(
      and(
        eq(changeOffers.id, offer.id),
        eq(changeOffers.status, "open"),
        // The clock read now, after the provider was asked: the offer must still be open at the claim.
        sql`${changeOffers.expiresAt} > ${Math.max(now, Date.now())}`,
        sql`(${changeOffers.paymentId} IS NULL OR ${changeOffers.paymentId} = ${payment.id})`,
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${takesOffers(now)})`,
      ),
    )
    .returning();
  if (!claimed) {
    const current = await offerOf(db, orderId, offerId);
    if (current?.status === "accepted" && current.paymentId) return { kind: "paid", paymentId: current.paymentId };
    // Answered, expired or closed meanwhile: the payment just asked for can never be made.
    if (!current?.paymentId || current.paymentId === payment.id) {
      if ((await cancelLaterPayment(db, gateway, payment)) === "succeeded") return { kind: "paid", paymentId: payment.id };
    }
    throw refuse.conflict(current?.status === "open" ? OFFER_MESSAGES.closed : OFFER_MESSAGES.notOpen);
  }
  if (payment.status === "succeeded" || payment.status === "completed") {
    await tellAccepted(db, notice, orderId, now);
    return { kind: "paid", paymentId: payment.id };
  }
  if (attempt.method === "new_card") return { kind: "pay", paymentId: payment.id, clientSecret: intent.clientSecret ?? null };
  let paid;
  try {
    paid = await payWithSavedCard(db, gateway, customerId, orderId, payment.id, attempt.returnUrlFor(payment.id), attempt.attemptKey);
  } catch (error) {
    // A second acceptance at the same moment: the first one's payment went through.
    const current = await offerOf(db, orderId, offerId);
    if (current?.status === "accepted" && current.paymentId) {
      await tellAccepted(db, notice, orderId, now);
      return { kind: "paid", paymentId: current.paymentId };
    }
    throw error;
  }
  if (paid.kind === "paid") {
    await tellAccepted(db, notice, orderId, now);
    return { kind: "paid", paymentId: payment.id };
  }
  if (paid.kind === "authenticate") return { kind: "authenticate", paymentId: payment.id, location: paid.location };
  return { kind: "failed", paymentId: payment.id, message: paid.message };
}

/** An offer as the API answers its acceptance: the offer and its payment, as they stand now. */
export async function offerWithPayment(db: Database, orderId: number, offerId: number) {
  const offer = await offerOf(db, orderId, offerId);
  if (!offer) throw refuse.notFound("Change offer not found");
  const payment = offer.paymentId ? (await orderPaymentsOf(db, orderId)).find((p) => p.id === offer.paymentId) : undefined;
  return { change_offer: toView(offer), payment: payment ? toPaymentView(payment) : null };
}

/** An offer that ended unanswered or declined: its payment, if one was asked for and not made, cancelled; the offer as it then stands. */
async function endOfferPayment(db: Database, gateway: PaymentGateway | null, row: OfferRow): Promise<OfferRow> {
  if (!row.paymentId || !gateway) return row;
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.id, row.paymentId)).limit(1);
  if (!payment) return row;
  await cancelLaterPayment(db, gateway, payment);
  return (await offerOf(db, row.orderId, row.id)) ?? row;
}

/**
 * The studio (and the creator who raised it) hears once of each accepted offer of the order, whichever
 * path saw its payment succeed first (the acceptance, the return from the authentication step, the
 * payment page, the provider's webhook): one conditional write claims the telling.
 */
export async function tellAccepted(db: Database, notice: MailNotice, orderId: number, now = Date.now()) {
  const told = await db
    .update(changeOffers)
    .set({ acceptedToldAt: new Date(now) })
    .where(and(eq(changeOffers.orderId, orderId), eq(changeOffers.status, "accepted"), isNull(changeOffers.acceptedToldAt)))
    .returning();
  for (const row of told) {
    await tellStudio(
      db,
      notice,
      row,
      `The customer accepted and paid the change "${row.description}" (${formatMoney(row.netMinor, row.currency)} before tax)${row.extraDays ? `: the due date moves by ${row.extraDays} ${row.extraDays === 1 ? "day" : "days"}` : ""}.`,
    );
  }
}

/**
 * An order's offers, newest first: its customer sees those offered to them (not those waiting for an
 * admin); the studio (an admin, the assigned creator) sees them all. 404 for anyone else.
 */
export async function listOffers(db: Database, orderId: number, actor: Actor): Promise<ChangeOfferView[]> {
  await getWorkState(db, orderId, actor);
  return toViews(await offersQuery(db, orderId, actor.kind === "customer"));
}

/** An order's offers, newest first (the customer's: those offered to them), as a query for a caller's batch. */
function offersQuery(db: Database, orderId: number, forCustomer: boolean) {
  return db
    .select()
    .from(changeOffers)
    .where(and(eq(changeOffers.orderId, orderId), forCustomer ? sql`${changeOffers.status} != 'pending_approval'` : undefined))
    .orderBy(desc(changeOffers.id))
    .limit(100);
}

/** One past its expiry that the scheduled run has not reached yet is expired all the same. */
function toViews(rows: OfferRow[]): ChangeOfferView[] {
  return rows.map((row) => toView(row.status === "open" && row.expiresAt && row.expiresAt.getTime() <= Date.now() ? { ...row, status: "expired" } : row));
}

export interface CustomerOfferView extends ChangeOfferView {
  /** What accepting it charges: its net price, the tax at the order's rate, and the total, formatted. */
  net: string;
  tax: string;
  total: string;
}

/**
 * The customer's order page's offers (those offered to them, newest first; the page has read the order as theirs), each priced with the tax
 * at the order's rate (its checkout payment's, as the payment accepting it will be), and the card
 * saved for the order that Accept pays with (null: none, a new card is asked for).
 */
export async function customerOffers(db: Database, gateway: PaymentGateway, orderId: number, customerId: number) {
  // One round trip: the page read the order as the customer's already.
  const [rows, [first]] = await db.batch([
    offersQuery(db, orderId, true),
    db
      .select({ rate: orderPayments.taxRateBasisPoints })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.sequence, 1)))
      .limit(1),
  ]);
  const offers = toViews(rows);
  const open = offers.some((o) => o.status === "open");
  // The card kept with the checkout's payment is remembered first, if the provider kept it since.
  if (open) await rememberPendingCards(db, gateway, customerId, orderId);
  const card = open ? await savedCardOf(db, gateway, customerId, orderId) : null;
  return {
    offers: offers.map((offer): CustomerOfferView => {
      const netMinor = decimalToMinor(offer.amount, offer.currency) ?? 0;
      const taxMinor = taxOn(netMinor, first?.rate ?? 0);
      return {
        ...offer,
        net: formatMoney(netMinor, offer.currency),
        tax: formatMoney(taxMinor, offer.currency),
        total: formatMoney(netMinor + taxMinor, offer.currency),
      };
    }),
    card: card ? { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear } : null,
  };
}

/**
 * The studio's pages' offers, all of them, with the order's currency (the one a new offer is priced
 * in), in one round trip. The page has read the order as the admin's or its assigned creator's already.
 */
export async function studioOffers(db: Database, orderId: number) {
  const [rows, [order]] = await db.batch([
    offersQuery(db, orderId, false),
    db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId)).limit(1),
  ]);
  return { list: toViews(rows), currency: order?.currency ?? "" };
}

/** The order takes offers: paid, its work open, no refund closing it under way and no cancellation asked, in SQL (on `orders`). */
function takesOffers(now: number) {
  return sql`${orders.paymentStatus} IN ('succeeded', 'completed') AND ${orders.workStatus} IN ${OPEN_WORK} AND NOT (${cancellationOpen}) AND ${noClosingRefund(now)}`;
}

/** At most OPEN_OFFERS_PER_ORDER waiting (past their expiry they wait no more), and OFFERS_PER_ORDER_PER_DAY raised in 24 hours. */
function underOfferCaps(orderId: number, now: number) {
  return sql`(SELECT count(*) FROM ${changeOffers} WHERE ${changeOffers.orderId} = ${orderId} AND (${changeOffers.status} = 'pending_approval' OR (${changeOffers.status} = 'open' AND ${changeOffers.expiresAt} > ${now}))) < ${OPEN_OFFERS_PER_ORDER}
    AND (SELECT count(*) FROM ${changeOffers} WHERE ${changeOffers.orderId} = ${orderId} AND ${changeOffers.createdAt} > ${now - DAY_MS}) < ${OFFERS_PER_ORDER_PER_DAY}`;
}

/** Why an offer was not inserted, in the order the insert's condition reads it. */
async function raiseRefusal(db: Database, orderId: number, now: number) {
  const [[order], [waiting], [today]] = await db.batch([
    db
      .select({ ok: sql<number>`${takesOffers(now)}` })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1),
    db
      .select({ n: count() })
      .from(changeOffers)
      .where(
        and(
          eq(changeOffers.orderId, orderId),
          sql`(${changeOffers.status} = 'pending_approval' OR (${changeOffers.status} = 'open' AND ${changeOffers.expiresAt} > ${now}))`,
        ),
      ),
    db
      .select({ n: count() })
      .from(changeOffers)
      .where(and(eq(changeOffers.orderId, orderId), sql`${changeOffers.createdAt} > ${now - DAY_MS}`)),
  ]);
  if (!order?.ok) return refuse.conflict(OFFER_MESSAGES.closed);
  if ((waiting?.n ?? 0) >= OPEN_OFFERS_PER_ORDER) return refuse.conflict(OFFER_MESSAGES.tooMany);
  if ((today?.n ?? 0) >= OFFERS_PER_ORDER_PER_DAY) return refuse.throttled(DAY_MS / 1000, OFFER_MESSAGES.perDay);
  return refuse.conflict(OFFER_MESSAGES.closed);
}

async function offerOf(db: Database, orderId: number, offerId: number) {
  const [row] = await db
    .select()
    .from(changeOffers)
    .where(and(eq(changeOffers.id, offerId), eq(changeOffers.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/** An offer waiting for an admin is told to the studio (the customer hears of it once it is approved). */
async function tellAbout(db: Database, notice: MailNotice, row: OfferRow) {
  if (row.status !== "pending_approval") return;
  await tellStudio(
    db,
    notice,
    row,
    `A creator offered "${row.description}" for ${formatMoney(row.netMinor, row.currency)} before tax, adding ${row.extraDays} ${row.extraDays === 1 ? "day" : "days"}: with their other offers on the order above half its price (or many days), it waits for an admin's approval.`,
  );
}

/** The studio hears of an offer's steps; a creator, of their own offers' (while they may work). */
async function tellStudio(db: Database, notice: MailNotice, row: OfferRow, line: string, { creatorLine = line }: { creatorLine?: string } = {}) {
  const [maker] =
    row.raisedByKind === "creator"
      ? await db
          .select({ email: creators.email })
          .from(creators)
          .where(and(eq(creators.id, row.raisedById), ne(creators.status, "suspended"), isNull(creators.erasedAt)))
          .limit(1)
      : [];
  if (maker && row.status !== "pending_approval") {
    await queueEmail(notice.env, db, {
      to: maker.email,
      subject: `Your change offer is ${row.status.replace("_", " ")}: order #${row.orderId}`,
      kind: `work_change_offer_${row.status}`,
      body: createElement(WorkUpdateEmail, {
        greeting: "Hello,",
        title: "Your change offer",
        lines: [creatorLine],
        link: notice.origin ? `${notice.origin}${paths.studioOrder(row.orderId)}` : null,
        linkLabel: "Open the order",
      }),
    });
  }
  for (const to of await studioRecipients(db, notice)) {
    await queueEmail(notice.env, db, {
      to,
      // The order's number ends the subject and the kind is work's: erasing the customer's account finds these.
      subject: `Change offer ${row.status.replace("_", " ")}: order #${row.orderId}`,
      kind: `work_change_offer_${row.status}`,
      body: createElement(WorkUpdateEmail, {
        greeting: "Hello,",
        title: "A change offer",
        lines: [line],
        link: notice.origin ? `${notice.origin}${paths.adminOrder(row.orderId)}` : null,
        linkLabel: "Open the order",
      }),
    });
  }
}

/** The customer hears of an offer once it is offered to them (raised by an admin, or approved), with what it costs and until when. */
async function tellCustomer(db: Database, notice: MailNotice, row: OfferRow) {
  const [customer] = await db
    .select({ email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, row.orderId))
    .limit(1);
  if (!customer || !row.expiresAt) return;
  await queueEmail(notice.env, db, {
    to: customer.email,
    subject: `A change is offered for order #${row.orderId}`,
    kind: "work_change_offer_offered",
    body: createElement(WorkUpdateEmail, {
      greeting: `Hello ${customer.name},`,
      title: "A change to your order",
      lines: [
        `The studio offers: ${row.description}`,
        `It costs ${formatMoney(row.netMinor, row.currency)} before tax${row.extraDays ? ` and adds ${row.extraDays} ${row.extraDays === 1 ? "day" : "days"} to the due date` : ""}.`,
        `Accept or decline it on your order's page by ${offerExpiryText(row.expiresAt)}; unanswered, it expires and nothing changes.`,
      ],
      link: notice.origin ? `${notice.origin}${paths.customerOrder(row.orderId)}` : null,
      linkLabel: "Open the order",
    }),
  });
}
