/**
 * What a change offer's payment succeeding does, in the batch that records the success
 * (order-payments.server.ts `recordLaterPaymentStatus`): the offer is accepted, the order's due date
 * moves by its days (an event on the work's timeline), and a revision request whose every comment is
 * now accepted new scope gives its round back. Every statement is conditioned on the offer not being
 * accepted yet and on the payment being paid, and the offer's own update comes last: of two
 * recordings at once (a webhook and the customer's return), the first batch does it all and the
 * second finds the offer accepted and does nothing. Money taken wins: an offer that expired or was
 * declined while its payment was already going through is accepted all the same.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { changeOffers, deliveryComments, orderEvents, orderPayments, orders, revisionRequests } from "../../../db/schema";
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { OFFER_MESSAGES } from "~/lib/rules/change-offers";

const DAY_MS = 86_400_000;
/** Work statuses of an order that takes offers (and their payments). */
export const OPEN_WORK: string[] = ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"];

/** The payment's offer, not yet accepted, with the payment paid (the batch's first statement recorded it). */
function unaccepted(paymentId: number) {
  return sql`EXISTS (SELECT 1 FROM ${changeOffers} WHERE ${changeOffers.paymentId} = ${paymentId} AND ${changeOffers.status} IN ('open', 'expired', 'declined'))
    AND EXISTS (SELECT 1 FROM ${orderPayments} WHERE ${orderPayments.id} = ${paymentId} AND ${orderPayments.status} IN ('succeeded', 'completed', 'refunded'))`;
}

const offerColumn = (paymentId: number, column: "extra_days" | "comment_id" | "description") =>
  sql.raw(`(SELECT "${column}" FROM "change_offers" WHERE "payment_id" = `).append(sql`${paymentId} LIMIT 1)`);

/**
 * The revision request of the offer's comment, when every one of its comments is covered by an
 * accepted offer (counting this payment's) and its round was not given back yet.
 */
function roundToReturn(paymentId: number) {
  return sql`EXISTS (SELECT 1 FROM ${revisionRequests} rr
    WHERE rr.id = (SELECT ${deliveryComments.revisionId} FROM ${deliveryComments} WHERE ${deliveryComments.id} = ${offerColumn(paymentId, "comment_id")})
      AND rr.round_returned_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${deliveryComments} dc WHERE dc.revision_id = rr.id
        AND NOT EXISTS (SELECT 1 FROM ${changeOffers} co WHERE co.comment_id = dc.id AND (co.status = 'accepted' OR co.payment_id = ${paymentId}))))`;
}

/** The statements, after a later payment's success in its batch, that accept the change it pays for (nothing when it pays for none). */
export function offerAcceptanceStatements(db: Database, paymentId: number, now: Date) {
  const orderId = sql`(SELECT ${orderPayments.orderId} FROM ${orderPayments} WHERE ${orderPayments.id} = ${paymentId})`;
  const extra = sql`(${offerColumn(paymentId, "extra_days")} * ${DAY_MS})`;
  const at = now.getTime();
  return [
    // The due date moves by the change's days (before the brief, when there is none yet, the promise does); a new version marks it on the timeline.
    db
      .update(orders)
      .set({
        dueAt: sql`CASE WHEN ${orders.dueAt} IS NULL THEN NULL ELSE ${orders.dueAt} + ${extra} END`,
        // Before the brief there is no due date yet: the days its clock will run grow instead (an order in stages: its first stage's).
        deliveryDays: sql`CASE WHEN ${orders.dueAt} IS NULL AND json_array_length(${orders.stages}) = 0 THEN ${orders.deliveryDays} + ${offerColumn(paymentId, "extra_days")} ELSE ${orders.deliveryDays} END`,
        stages: sql`CASE WHEN ${orders.dueAt} IS NULL AND json_array_length(${orders.stages}) > 0 THEN json_set(${orders.stages}, '$[0].days', json_extract(${orders.stages}, '$[0].days') + ${offerColumn(paymentId, "extra_days")}) ELSE ${orders.stages} END`,
        overdueAt: sql`CASE WHEN ${orders.dueAt} IS NOT NULL AND ${orders.dueAt} + ${extra} > ${at} THEN NULL ELSE ${orders.overdueAt} END`,
        revisionsAllowed: sql`${orders.revisionsAllowed} + CASE WHEN ${roundToReturn(paymentId)} THEN 1 ELSE 0 END`,
        workVersion: sql`${orders.workVersion} + 1`,
      })
      .where(and(sql`${orders.id} = ${orderId}`, unaccepted(paymentId))),
    db.insert(orderEvents).select(
      db
        .select(
          rowOf(orderEvents, {
            id: null,
            orderId: orders.id,
            version: orders.workVersion,
            actorKind: "customer",
            actorId: orders.userId,
            fromStatus: orders.workStatus,
            toStatus: orders.workStatus,
            note: sql`'Change accepted and paid: ' || ${offerColumn(paymentId, "description")} || CASE WHEN ${offerColumn(paymentId, "extra_days")} > 0 THEN ' (' || ${offerColumn(paymentId, "extra_days")} || CASE WHEN ${offerColumn(paymentId, "extra_days")} = 1 THEN ' day' ELSE ' days' END || ' added to the due date)' ELSE '' END || CASE WHEN ${roundToReturn(paymentId)} THEN '; the revision round it came from is given back' ELSE '' END`,
            createdAt: at,
          }),
        )
        .from(orders)
        .where(and(sql`${orders.id} = ${orderId}`, unaccepted(paymentId))),
    ),
    db
      .update(revisionRequests)
      .set({ roundReturnedAt: now })
      .where(
        and(
          sql`${revisionRequests.id} = (SELECT ${deliveryComments.revisionId} FROM ${deliveryComments} WHERE ${deliveryComments.id} = ${offerColumn(paymentId, "comment_id")})`,
          sql`${roundToReturn(paymentId)}`,
          unaccepted(paymentId),
        ),
      ),
    db
      .update(changeOffers)
      .set({ status: "accepted", decidedAt: now, declineReason: null })
      .where(and(eq(changeOffers.paymentId, paymentId), sql`${changeOffers.status} IN ('open', 'expired', 'declined')`, unaccepted(paymentId))),
  ] as const;
}

/**
 * Whether a later payment may be made now: a change offer's only while the offer is open and not
 * past its expiry (or accepted: then it is paid already). Null when the payment is no offer's.
 */
export async function offerPaymentRefusal(db: Database, paymentId: number, now = Date.now()) {
  const [found] = await db
    .select({ offer: changeOffers, paymentStatus: orders.paymentStatus, workStatus: orders.workStatus })
    .from(changeOffers)
    .innerJoin(orders, eq(orders.id, changeOffers.orderId))
    .where(eq(changeOffers.paymentId, paymentId))
    .limit(1);
  if (!found || found.offer.status === "accepted") return null;
  const { offer } = found;
  // The order closed meanwhile (completed, cancelled, refunded): its change is no longer for sale.
  if (!["succeeded", "completed"].includes(found.paymentStatus) || !OPEN_WORK.includes(found.workStatus)) return refuse.conflict(OFFER_MESSAGES.closed);
  if (offer.status === "open" && offer.expiresAt && offer.expiresAt.getTime() > now) return null;
  return refuse.conflict(OFFER_MESSAGES.notOpen);
}

/** The change offer a later payment pays for, as its page tells it (null: the payment is no offer's). */
export async function offerOfPayment(db: Database, paymentId: number) {
  const [offer] = await db
    .select({ description: changeOffers.description, extraDays: changeOffers.extraDays, status: changeOffers.status })
    .from(changeOffers)
    .where(eq(changeOffers.paymentId, paymentId))
    .limit(1);
  return offer ?? null;
}
