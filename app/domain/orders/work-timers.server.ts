/**
 * The work's timers (run by the Cron Trigger, app/edge/maintenance.server.ts): a delivery unanswered
 * for AUTO_COMPLETE_DAYS completes, scheduled work starts, a brief not sent is reminded, late work is
 * flagged. Each timer picks due orders, then acts on each order in a write that re-checks what it read.
 */
import { isRefusal } from "../refusal";
import { and, eq, inArray, isNull, lt, lte, not, sql } from "drizzle-orm";
import { countCompletionStatements } from "./package-figures.server";
import type { Database } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import { AUTO_COMPLETE_DAYS } from "~/lib/rules/work-status";
import { firstStageDays, SHOP_ACTOR } from "./work-events.server";
import { queueWorkEmail, type MailNotice } from "../mail/order-emails.server";
import { cancellationOpen, noClosingRefund } from "./closing-refunds.server";
import { DAY_MS, getWorkState, moveWork, moveHeld } from "./work-state.server";
import { noResponseStatements } from "./sign-off.server";
import { approvesAStage, nextStageChanges, stageDecisionStatement } from "./stages.server";

/**
 * The timer's part (the scheduled handler, `maintenance.server.ts`): an order delivered
 * AUTO_COMPLETE_DAYS ago (counted from its newest delivery, moved by the days the customer added to
 * its review) without an answer completes on its own, unless a cancellation request is open (it
 * waits for the studio's answer or the request's own timer). Found through orders_review_from_idx,
 * oldest first, at most `limit` a run. Returns how many orders completed.
 */
export async function autoCompleteDeliveries(db: Database, notice: MailNotice, now = Date.now(), limit = 100): Promise<number> {
  // Named, so that the planner never walks every delivered order by orders_work_status_idx instead
  // (it did, at 100,000 delivered: D1 keeps no statistics); a query the index cannot serve fails.
  const due = await db.all<{ id: number }>(
    sql`SELECT ${orders.id} AS id FROM ${orders} INDEXED BY orders_review_from_idx WHERE ${orders.workStatus} = 'delivered' AND ${autoCompleteDue(now)} ORDER BY ${orders.reviewFromAt} LIMIT ${limit}`,
  );
  let completed = 0;
  for (const { id } of due) if (await autoCompleteOrder(db, notice, id, now)) completed++;
  return completed;
}
/** Due for auto-completion at `now`: the review window over, no cancellation request open, no refund closing the order under way. */
const autoCompleteDue = (now: number) =>
  and(lte(orders.reviewFromAt, new Date(now - AUTO_COMPLETE_DAYS * DAY_MS)), not(cancellationOpen), noClosingRefund(now));
/**
 * The timer's act on one order it picked: the completing write re-checks that it is still due (a
 * customer who answered, asked to cancel or got more days meanwhile wins: nothing is written). True
 * when this call completed it.
 */
export async function autoCompleteOrder(db: Database, notice: MailNotice, orderId: number, now = Date.now()): Promise<boolean> {
  try {
    // An order in stages: a stage before the last approves itself and the next starts; the last completes the order.
    const before = await getWorkState(db, orderId, SHOP_ACTOR);
    const stage = approvesAStage(before);
    await moveWork(db, orderId, stage ? "auto_approve_stage" : "auto_complete", SHOP_ACTOR, {
      note: stage
        ? `No answer for ${AUTO_COMPLETE_DAYS} days: ${before.stages[before.stage]!.name} approved automatically; ${before.stages[before.stage + 1]!.name} started`
        : `No answer for ${AUTO_COMPLETE_DAYS} days: completed automatically`,
      now,
      news: { notice, kind: stage ? "stage_auto_approved" : "auto_completed" },
      changes: stage ? nextStageChanges(before, now) : {},
      still: () => and(autoCompleteDue(now), eq(orders.stage, before.stage)),
      alongside: (read) => [
        ...(stage ? [] : countCompletionStatements(db, orderId, moveHeld(orderId, read))),
        ...(read.stages.length ? [stageDecisionStatement(db, orderId, read, "approve", SHOP_ACTOR as { kind: "system"; id: null }, now)] : []),
        // Named approvers (and the customer) who never answered are recorded.
        ...noResponseStatements(db, orderId, read, now),
      ],
    });
    return true;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return false;
  }
}
/**
 * The timer's part: scheduled work whose cancellation period is over moves to production, due the
 * package's delivery days from now. Returns how many orders started.
 */
export async function startScheduledWork(db: Database, now = Date.now(), limit = 100): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.workStatus, "scheduled"), lte(orders.startsAt, new Date(now))))
    .limit(limit);
  let started = 0;
  for (const { id } of due) if (await startScheduledOrder(db, id, now)) started++;
  return started;
}
/** The timer's act on one scheduled order: the start's write re-checks its start date (moved, or cancelled meanwhile: nothing written). */
export async function startScheduledOrder(db: Database, orderId: number, now = Date.now()): Promise<boolean> {
  try {
    await moveWork(db, orderId, "start", SHOP_ACTOR, {
      note: "The cancellation period is over: work started",
      now,
      changes: { workStartedAt: new Date(now), dueAt: sql`${now} + ${firstStageDays} * ${DAY_MS}` },
      still: () => lte(orders.startsAt, new Date(now)),
    });
    return true;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return false;
  }
}
/** How long a paid order waits for its brief before the customer is reminded (once) and the studio sees the flag. */
export const BRIEF_REMINDER_HOURS = 24;
/**
 * The timer's part: a paid order that has waited BRIEF_REMINDER_HOURS for its brief is flagged and
 * its customer reminded, once (the flag is set by the same statement that picks the order).
 */
export async function flagBriefReminders(db: Database, notice: MailNotice, now = Date.now(), limit = 100): Promise<number> {
  const paidAt = sql`(SELECT max(${orderEvents.createdAt}) FROM ${orderEvents} WHERE ${orderEvents.orderId} = ${orders.id} AND ${orderEvents.toStatus} = 'awaiting_brief')`;
  // At most `limit` a run (orders_work_status_idx); the rest are flagged by the next run.
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.workStatus, "awaiting_brief"), isNull(orders.briefReminderAt), sql`${paidAt} <= ${now - BRIEF_REMINDER_HOURS * 3_600_000}`))
    .limit(limit);
  const flagged = await db
    .update(orders)
    .set({ briefReminderAt: new Date(now) })
    .where(and(inArray(orders.id, due), isNull(orders.briefReminderAt)))
    .returning({ id: orders.id });
  for (const { id } of flagged) await queueWorkEmail(db, notice, id, "brief_reminder");
  return flagged.length;
}
/** The timer's part: an order in production past its due date is marked overdue, once, and the studio told. */
export async function markOverdueOrders(db: Database, notice: MailNotice, now = Date.now(), limit = 100): Promise<number> {
  // At most `limit` a run, by due date (orders_overdue_unflagged_idx: only orders not flagged yet); the rest are marked by the next run.
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.workStatus, ["in_progress", "revision_requested"]), lt(orders.dueAt, new Date(now)), isNull(orders.overdueAt)))
    .limit(limit);
  const marked = await db
    .update(orders)
    .set({ overdueAt: new Date(now) })
    .where(and(inArray(orders.id, due), isNull(orders.overdueAt)))
    .returning({ id: orders.id });
  for (const { id } of marked) await queueWorkEmail(db, notice, id, "overdue");
  return marked.length;
}

// ----- Messages -----
