/**
 * An order's work as its page shows it, read in one batch: the order, its brief, refunds, timeline,
 * deliveries, revision requests and messages (each kept by its own module beside this one), and its
 * timeline of events.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderBriefs, orderEvents, orderPayments, orders } from "../../../db/schema";
import { type WorkActor, type WorkStatus } from "~/lib/rules/work-status";
import { getOrder, ordersOf } from "./orders.server";
import { type Actor } from "./work-events.server";
import { refundsQuery, toRefundView } from "./refund-views.server";
import { getWorkState } from "./work-state.server";
import { attachmentsQuery } from "./attachments.server";
import { MAX_ORDER_INVOICES } from "../money/invoices.server";
import { toBriefView } from "./brief.server";
import { mastersReleased, deliveriesQueries, toDeliveryViews } from "./deliveries.server";
import { revisionsQueries, toRevisionViews } from "./revisions.server";
import { messagesQuery, toMessageView } from "./thread.server";
import { stagesQueries, toOrderStages } from "./stages.server";

/**
 * What an order's page shows of its work: the order (its owner's, or any for an admin), its brief,
 * refund, timeline, deliveries, revision requests and messages, read in one batch after the order. Null when
 * the order is not the caller's.
 */
export async function getOrderWork(db: Database, orderId: number, actor: Actor) {
  const order = await getOrder(db, orderId, ordersOf(actor));
  if (!order) return null;
  const [seen, laterInvoices, briefs, refunds, attachments, events, deliveries, files, revisions, comments, messages, ...stageRows] = await db.batch([
    db.select({ customer: orders.customerSeenMessageId, studio: orders.studioSeenMessageId }).from(orders).where(eq(orders.id, orderId)).limit(1),
    // Its later payments (work added to it; the first is the order's own): their invoices, and those still to pay.
    db
      .select({
        id: orderPayments.id,
        number: orderPayments.invoiceNumber,
        status: orderPayments.status,
        description: orderPayments.description,
        amountMinor: orderPayments.amountMinor,
        currency: orderPayments.currency,
      })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), gt(orderPayments.sequence, 1)))
      .orderBy(asc(orderPayments.sequence))
      .limit(MAX_ORDER_INVOICES),
    db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1),
    refundsQuery(db, orderId),
    attachmentsQuery(db, orderId),
    eventsQuery(db, orderId),
    ...deliveriesQueries(db, orderId),
    ...revisionsQueries(db, orderId),
    messagesQuery(db, orderId),
    ...stagesQueries(db, orderId),
  ]);
  return {
    /** An order made in stages: its stages (empty otherwise), and when it should be finished if each is approved as delivered. */
    ...toOrderStages(order, stageRows),
    order,
    brief: briefs[0] ? toBriefView(briefs[0], attachments) : null,
    refunds: refunds.map(toRefundView),
    /** The buyer's documents: never a creator's to see. */
    laterInvoices: actor.kind === "creator" ? [] : laterInvoices.flatMap((row) => (row.number ? [row.number] : [])),
    /** Later payments the buyer is asked to make (unpaid, or declined and to try again). */
    paymentsDue:
      actor.kind === "creator"
        ? []
        : laterInvoices
            .filter((row) => row.status === "initiated" || row.status === "failed")
            .map((row) => ({
              id: row.id,
              description: row.description ?? "",
              amountMinor: row.amountMinor,
              currency: row.currency,
              failed: row.status === "failed",
            })),
    events: events.map(toEventView),
    // An order in stages: an approved stage's masters are the customer's before the order completes.
    deliveries: toDeliveryViews(orderId, deliveries, files, (stage) =>
      mastersReleased({ workStatus: order.work_status, stage: stageRows[0][0]?.stage ?? 0 }, actor, stage),
    ),
    revisions: toRevisionViews(revisions, comments),
    messages: messages.map((m) => toMessageView(m, attachments)),
    /** The newest message the viewer has seen: the other side's messages after it are new. */
    seenMessageId: (actor.kind === "customer" ? seen[0]?.customer : seen[0]?.studio) ?? 0,
  };
}
export interface OrderEventView {
  actor: WorkActor;
  from_status: WorkStatus;
  to_status: WorkStatus;
  note: string | null;
  created_at: string;
}
/** An order's timeline, oldest first. */
export async function listOrderEvents(db: Database, orderId: number, actor: Actor): Promise<OrderEventView[]> {
  await getWorkState(db, orderId, actor);
  return (await eventsQuery(db, orderId)).map(toEventView);
}
function eventsQuery(db: Database, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.version), asc(orderEvents.id));
}
function toEventView(r: typeof orderEvents.$inferSelect): OrderEventView {
  return { actor: r.actorKind, from_status: r.fromStatus, to_status: r.toStatus, note: r.note, created_at: r.createdAt.toISOString() };
}
