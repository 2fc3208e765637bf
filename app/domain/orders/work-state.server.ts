/**
 * An order's work state, and the one place it changes. `moveWork` reads the order, checks the move
 * against the current status and the actor (a customer only on their own order; the rules are
 * `~/lib/rules/work-status.ts`), and writes the new status with its event row in one D1 batch. The status
 * carries a version: the write only lands where the version is still the one read, and the event
 * only where that write landed, so of two moves at once exactly one is made. Whether an order still
 * takes attachments is decided here too, from the same state.
 */
import { refuse } from "../refusal";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../../../db/client";
import { deliveryFiles, orderAttachments, orderDeliveries, orderEvents, orderMessages, orders, uploads, type PaymentStatus } from "../../../db/schema";
import type { PackageStage } from "~/lib/rules/stages";
import { decideWorkMove, type WorkMove, type WorkStatus } from "~/lib/rules/work-status";
import { workEventQuery, type Actor } from "./work-events.server";
import { queueWorkEmail, type MailNotice, type WorkNews } from "../mail/order-emails.server";
import { cancellationOpen } from "./closing-refunds.server";
import {
  ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION,
  ORDER_ATTACHMENTS_FULL,
  ORDER_ATTACHMENTS_MAX_BYTES,
  ORDER_CLOSED_TO_FILES,
  STUDIO_FILES_FULL,
  STUDIO_FILES_MAX_BYTES,
} from "~/lib/rules/delivery-rules";

export const DAY_MS = 86_400_000;
export const totalSize = (files: File[]) => files.reduce((sum, file) => sum + file.size, 0);
export const ORDER_NOT_FOUND = "Order not found";
export interface WorkState {
  id: number;
  userId: number;
  /** The creator assigned to make it (null: the studio's admins hold it). */
  creatorId: number | null;
  workStatus: WorkStatus;
  workVersion: number;
  dueAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  paymentStatus: PaymentStatus;
  /** The package's stages as bought (empty: made in one piece), and the one in hand (0-based). */
  stages: PackageStage[];
  stage: number;
  /** The package's promises as bought. */
  deliveryDays: number;
  revisionDays: number;
  startWorkNow: boolean;
  /** When the payment was recorded (its invoice issued). */
  paidAt: Date | null;
  /** A cancellation request nobody has answered or withdrawn (closing-refunds.server.ts). */
  cancellationOpen: boolean;
  /** When a whole refund closing the order was claimed, if one was. */
  closingRefundAt: Date | null;
}
const workColumns = {
  id: orders.id,
  userId: orders.userId,
  creatorId: orders.creatorId,
  workStatus: orders.workStatus,
  workVersion: orders.workVersion,
  dueAt: orders.dueAt,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
  paymentStatus: orders.paymentStatus,
  stages: orders.stages,
  stage: orders.stage,
  deliveryDays: orders.deliveryDays,
  revisionDays: orders.revisionDays,
  startWorkNow: orders.startWorkNow,
  paidAt: orders.invoiceIssuedAt,
  cancellationOpen: sql<boolean>`(${cancellationOpen})`.mapWith(Boolean),
  closingRefundAt: orders.closingRefundAt,
};
/**
 * An order's work state; a customer only sees their own, a creator only the orders assigned to them
 * now (others get 404, as for every order call: a reassignment ends the previous creator's access at
 * the next request).
 */
export async function getWorkState(db: Database, orderId: number, actor: Actor): Promise<WorkState> {
  const [row] = await db.select(workColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || !mayReach(row, actor)) throw refuse.notFound(ORDER_NOT_FOUND);
  return row;
}

/** Whether `actor` may reach an order at all (every kind named). */
function mayReach(row: { userId: number; creatorId: number | null }, actor: Actor): boolean {
  switch (actor.kind) {
    case "customer":
      return row.userId === actor.id;
    case "creator":
      return actor.id !== null && row.creatorId === actor.id;
    case "admin":
    case "system":
      return true;
  }
}
/**
 * Makes `move` on an order: 404 when the customer does not own it, 409 (naming the current status)
 * when the move is not allowed now, and nothing written then. `changes` are more columns set with the
 * status (due date, revisions used); `alongside` are statements of the same batch that must land only
 * with the move (the brief, a delivery's files), each guarded with `moveHeld`. `news` is the email
 * that tells the other side, queued once the move is made. `still` is a condition of the order the
 * write re-checks (a timer's due date, no refund under way), given the state read: where it no
 * longer holds nothing is written and the move is refused with `stillRefusal` (or the order-changed
 * message). `note` may depend on the state read.
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
    news,
    still,
    stillRefusal,
    now = Date.now(),
  }: {
    note?: string | null | ((state: WorkState) => string);
    changes?: SQLiteUpdateSetSource<typeof orders>;
    alongside?: (state: WorkState) => BatchItem<"sqlite">[];
    news?: { notice: MailNotice; kind: WorkNews };
    still?: (state: WorkState) => SQL | undefined;
    stillRefusal?: (current: WorkState) => string | null;
    now?: number;
  } = {},
): Promise<WorkState> {
  const state = await getWorkState(db, orderId, actor);
  const decision = decideWorkMove(state.workStatus, move, actor.kind, { revisionsLeft: state.revisionsAllowed - state.revisionsUsed });
  // Not this actor's move: as if the order were not there for them.
  if (!decision.ok) throw decision.kind === "forbidden" ? refuse.notFound(ORDER_NOT_FOUND) : refuse.conflict(decision.message);
  const version = state.workVersion + 1;
  const [moved] = await db.batch([
    db
      .update(orders)
      .set({ ...changes, workStatus: decision.to, workVersion: version, updatedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), eq(orders.workVersion, state.workVersion), still?.(state)))
      .returning(workColumns),
    workEventQuery(db, { orderId, version, actor, from: decision.from, to: decision.to, note: typeof note === "function" ? note(state) : note, now }),
    ...(alongside ? alongside(state) : []),
  ]);
  if (moved.length === 0) {
    const current = await getWorkState(db, orderId, actor);
    const again = decideWorkMove(current.workStatus, move, actor.kind, { revisionsLeft: current.revisionsAllowed - current.revisionsUsed });
    throw refuse.conflict(
      again.ok ? (stillRefusal?.(current) ?? "The order changed while you were working on it. Please reload and try again.") : again.message,
    );
  }
  if (news) await queueWorkEmail(db, news.notice, orderId, news.kind);
  return moved[0]!;
}
/** A condition for `alongside` statements: true only where this batch's move landed. */
export function moveHeld(orderId: number, state: WorkState) {
  return sql`(SELECT ${orders.workVersion} FROM ${orders} WHERE ${orders.id} = ${orderId}) = ${state.workVersion + 1}`;
}
/**
 * Whether an order takes more attachments: not once it is closed (cancelled, refunded, or completed
 * more than ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION days ago; 409), and not past
 * ORDER_ATTACHMENTS_MAX_BYTES of attachments in all (413). Deliveries are counted apart.
 */
/**
 * Whether an order still takes `incoming` more bytes of attachments: not once it is cancelled or
 * refunded, nor ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION after completion, nor past the order's cap
 * (attachments stored, and those on their way in parts).
 */
/** Who sent an order's files: each has its own budget (the customer's attachments; the studio's deliveries and attachments). */
export type FileParty = "customer" | "studio";
const PARTY_BUDGET: Record<FileParty, { bytes: number; full: string }> = {
  customer: { bytes: ORDER_ATTACHMENTS_MAX_BYTES, full: ORDER_ATTACHMENTS_FULL },
  studio: { bytes: STUDIO_FILES_MAX_BYTES, full: STUDIO_FILES_FULL },
};

/** The party an actor sends files for. */
export const partyOf = (actor: { kind: string }): FileParty => (actor.kind === "customer" ? "customer" : "studio");

/**
 * 413 when `incoming` bytes would take `party` past its budget on the order: what it has stored (the
 * customer's brief and messages' attachments; the studio's messages' attachments and deliveries'
 * files) and what it has on its way (its uploads open or completed and not yet used). One party's
 * files never fill the other's room.
 */
export async function checkFileBudget(db: Database, orderId: number, party: FileParty, incoming: number) {
  const owners = party === "customer" ? (["customer"] as const) : (["admin", "creator"] as const);
  const [stored, delivered, pending] = await db.batch([
    db
      .select({ bytes: sql<number>`coalesce(sum(${orderAttachments.size}), 0)` })
      .from(orderAttachments)
      .leftJoin(orderMessages, eq(orderMessages.id, orderAttachments.messageId))
      .where(
        and(
          eq(orderAttachments.orderId, orderId),
          party === "customer"
            ? sql`(${orderAttachments.messageId} IS NULL OR ${orderMessages.authorKind} = 'customer')`
            : sql`${orderMessages.authorKind} IN ('admin', 'creator')`,
        ),
      ),
    db
      .select({ bytes: sql<number>`coalesce(sum(${deliveryFiles.size}), 0)` })
      .from(deliveryFiles)
      .innerJoin(orderDeliveries, eq(orderDeliveries.id, deliveryFiles.deliveryId))
      // Deliveries are the studio's alone (nothing is read for the customer's budget).
      .where(party === "studio" ? eq(orderDeliveries.orderId, orderId) : sql`0`),
    db
      .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.orderId, orderId), inArray(uploads.status, ["open", "completed"]), inArray(uploads.ownerKind, owners))),
  ]);
  const used = Number(stored[0]?.bytes ?? 0) + Number(delivered[0]?.bytes ?? 0) + Number(pending[0]?.bytes ?? 0);
  if (used + incoming > PARTY_BUDGET[party].bytes) throw refuse.tooLarge(PARTY_BUDGET[party].full);
}

/**
 * Whether `party` may attach `incoming` more bytes to the order: 409 once it is cancelled, refunded
 * or completed more than ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION days ago; 413 past the party's budget.
 */
export async function checkAttachmentRoom(db: Database, state: WorkState, party: FileParty, incoming: number, now: number) {
  if (state.workStatus === "cancelled" || state.paymentStatus === "refunded") throw refuse.conflict(ORDER_CLOSED_TO_FILES);
  if (state.workStatus === "completed") {
    const [completed] = await db
      .select({ at: sql<number | null>`max(${orderEvents.createdAt})` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, state.id), eq(orderEvents.toStatus, "completed")));
    if (completed?.at && now - Number(completed.at) > ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION * 86_400_000) throw refuse.conflict(ORDER_CLOSED_TO_FILES);
  }
  await checkFileBudget(db, state.id, party, incoming);
}
