/**
 * The work an order carries after payment (the state machine is `~/lib/work-status.ts`). `moveWork`
 * is the one place an order's work status changes: it reads the order, checks the move against the
 * current status and the actor (a customer only on their own order), and writes the new status with
 * its event row in one D1 batch. The status carries a version: the write only lands where the
 * version is still the one read, and the event only where that write landed, so of two moves at once
 * exactly one is made.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { orderBriefs, orderEvents, orders } from "../../db/schema";
import type { BriefInput } from "~/lib/schemas/brief";
import { decideWorkMove, type WorkActor, type WorkMove, type WorkStatus } from "~/lib/work-status";
import { getOrder, OrderError } from "./orders.server";
import { workEventQuery, type Actor } from "./work-events.server";

/** Production time from the brief, as the checkout promises ('7-day delivery'). */
export const DELIVERY_DAYS = 7;

export interface WorkState {
  id: number;
  userId: number;
  workStatus: WorkStatus;
  workVersion: number;
  dueAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
}

const workColumns = {
  id: orders.id,
  userId: orders.userId,
  workStatus: orders.workStatus,
  workVersion: orders.workVersion,
  dueAt: orders.dueAt,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
};

/** An order's work state; a customer only sees their own (others get 404, as for every order call). */
export async function getWorkState(db: Database, orderId: number, actor: Actor): Promise<WorkState> {
  const [row] = await db.select(workColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || (actor.kind === "customer" && row.userId !== actor.id)) throw new OrderError(404, "Order not found");
  return row;
}

/**
 * Makes `move` on an order: 404 when the customer does not own it, 409 (naming the current status)
 * when the move is not allowed now, and nothing written then. `changes` are more columns set with the
 * status (due date, revisions used); `alongside` are statements of the same batch that must land only
 * with the move (the brief, a delivery's files), each guarded with `moveHeld`.
 */
export async function moveWork(
  db: Database,
  orderId: number,
  move: WorkMove,
  actor: Actor,
  {
    note = null,
    changes = {},
    alongside,
    now = Date.now(),
  }: { note?: string | null; changes?: SQLiteUpdateSetSource<typeof orders>; alongside?: (state: WorkState) => BatchItem<"sqlite">[]; now?: number } = {},
): Promise<WorkState> {
  const state = await getWorkState(db, orderId, actor);
  const decision = decideWorkMove(state.workStatus, move, actor.kind, { revisionsLeft: state.revisionsAllowed - state.revisionsUsed });
  if (!decision.ok) throw new OrderError(decision.status === 403 ? 404 : 409, decision.message);
  const version = state.workVersion + 1;
  const [moved] = await db.batch([
    db
      .update(orders)
      .set({ ...changes, workStatus: decision.to, workVersion: version, updatedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), eq(orders.workVersion, state.workVersion)))
      .returning(workColumns),
    workEventQuery(db, { orderId, version, actor, from: decision.from, to: decision.to, note, now }),
    ...(alongside ? alongside(state) : []),
  ]);
  if (moved.length === 0) {
    const current = await getWorkState(db, orderId, actor);
    const again = decideWorkMove(current.workStatus, move, actor.kind, { revisionsLeft: current.revisionsAllowed - current.revisionsUsed });
    throw new OrderError(409, again.ok ? "The order changed while you were working on it. Please reload and try again." : again.message);
  }
  return moved[0]!;
}

/** A condition for `alongside` statements: true only where this batch's move landed. */
export function moveHeld(orderId: number, state: WorkState) {
  return sql`(SELECT ${orders.workVersion} FROM ${orders} WHERE ${orders.id} = ${orderId}) = ${state.workVersion + 1}`;
}

/**
 * What an order's page shows of its work: the order (its owner's, or any for an admin), its brief
 * and its timeline. Null when the order is not the caller's.
 */
export async function getOrderWork(db: Database, orderId: number, actor: Actor) {
  const order = await getOrder(db, orderId, actor.kind === "customer" ? { userId: actor.id ?? -1 } : {});
  if (!order) return null;
  const [briefs, events] = await db.batch([
    db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.version), asc(orderEvents.id)),
  ]);
  return { order, brief: briefs[0] ? toBriefView(briefs[0]) : null, events: events.map(toEventView) };
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
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.version), asc(orderEvents.id));
  return rows.map(toEventView);
}

function toEventView(r: typeof orderEvents.$inferSelect): OrderEventView {
  return { actor: r.actorKind, from_status: r.fromStatus, to_status: r.toStatus, note: r.note, created_at: r.createdAt.toISOString() };
}

export interface BriefView {
  purpose: string;
  audience: string | null;
  style: string | null;
  references: string[];
  must_haves: string | null;
  deadline_wish: string | null;
  submitted_at: string;
}

/** An order's brief (null until submitted), for its owner or an admin. */
export async function getBrief(db: Database, orderId: number, actor: Actor): Promise<BriefView | null> {
  await getWorkState(db, orderId, actor);
  const [row] = await db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1);
  return row ? toBriefView(row) : null;
}

function toBriefView(row: typeof orderBriefs.$inferSelect): BriefView {
  return {
    purpose: row.purpose,
    audience: row.audience,
    style: row.style,
    references: row.references,
    must_haves: row.mustHaves,
    deadline_wish: row.deadlineWish,
    submitted_at: row.submittedAt.toISOString(),
  };
}

/**
 * The customer submits the brief of their paid order: production starts and the due date is set
 * (now + DELIVERY_DAYS), in the same batch as the brief. Once submitted it is read-only: a second
 * submission is refused (409) because the order is no longer awaiting its brief.
 */
export async function submitBrief(db: Database, orderId: number, customerId: number, brief: BriefInput, now = Date.now()): Promise<WorkState> {
  return moveWork(
    db,
    orderId,
    "submit_brief",
    { kind: "customer", id: customerId },
    {
      note: "Brief submitted",
      now,
      changes: { dueAt: new Date(now + DELIVERY_DAYS * 86_400_000) },
      alongside: (state) => [
        db
          .insert(orderBriefs)
          .select(
            db
              .select({
                orderId: sql<number>`${orderId}`.as("order_id"),
                purpose: sql<string>`${brief.purpose}`.as("purpose"),
                audience: sql<string | null>`${brief.audience}`.as("audience"),
                style: sql<string | null>`${brief.style}`.as("style"),
                references: sql<string>`${JSON.stringify(brief.references)}`.as("references"),
                mustHaves: sql<string | null>`${brief.must_haves}`.as("must_haves"),
                deadlineWish: sql<string | null>`${brief.deadline_wish}`.as("deadline_wish"),
                submittedAt: sql<number>`${now}`.as("created_at"),
              })
              .from(orders)
              .where(and(eq(orders.id, orderId), moveHeld(orderId, state))),
          )
          .onConflictDoNothing(),
      ],
    },
  );
}
