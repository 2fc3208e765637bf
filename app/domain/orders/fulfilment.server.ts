/**
 * The work an order carries after payment (the state machine is `~/lib/work-status.ts`). `moveWork`
 * is the one place an order's work status changes: it reads the order, checks the move against the
 * current status and the actor (a customer only on their own order), and writes the new status with
 * its event row in one D1 batch. The status carries a version: the write only lands where the
 * version is still the one read, and the event only where that write landed, so of two moves at once
 * exactly one is made.
 */
import { rowOf } from "../../../db/insert-select";
import { isRefusal, refuse } from "../refusal";
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, not, sql, type SQL } from "drizzle-orm";
import { CANCELLATION_DAYS } from "~/lib/cancellation-rules";
import { countCompletionStatements } from "./package-figures.server";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../../../db/client";
import {
  deliveryFiles,
  orderAttachments,
  orderBriefs,
  orderDeliveries,
  orderEvents,
  orderMessages,
  orders,
  reviewComments,
  revisionRequests,
  uploads,
  type PaymentStatus,
} from "../../../db/schema";
import type { MessageInput } from "~/lib/schemas/message";
import type { RevisionInput } from "~/lib/schemas/revision";
import { ATTACHMENTS, DELIVERY_FILES, removeOrderFiles, storeOrderFiles, type StoredOrderFile } from "./order-files.server";
import type { BriefInput } from "~/lib/schemas/brief";
import { AUTO_COMPLETE_DAYS, decideWorkMove, type WorkActor, type WorkMove, type WorkStatus } from "~/lib/work-status";
import { getOrder, type ThreadReader } from "./orders.server";
import { SHOP_ACTOR, workEventQuery, type Actor } from "./work-events.server";
import { refundsQuery, toRefundView } from "./refund-views.server";
import { queueWorkEmail, type MailNotice, type WorkNews } from "../mail/order-emails.server";
import { DeliveryNoteSchema } from "~/lib/schemas/delivery";
import { DeliveryUploadsSchema } from "~/lib/schemas/upload";
import { PREVIEW_RULE } from "~/lib/upload-rules";
import { markUploadsUsed, takeUploads, type TakenUpload } from "../uploads/uploads.server";
import { gatherOpenComments } from "./review-comments.server";
import { CLOSING_REFUND_UNDER_WAY, cancellationOpen, closingRefundHeld, noClosingRefund, withdrawOpenCancellation } from "./closing-refunds.server";
import { ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION, ORDER_ATTACHMENTS_FULL, ORDER_ATTACHMENTS_MAX_BYTES, ORDER_CLOSED_TO_FILES } from "~/lib/delivery-rules";

const DAY_MS = 86_400_000;
const totalSize = (files: File[]) => files.reduce((sum, file) => sum + file.size, 0);
const ORDER_NOT_FOUND = "Order not found";

export interface WorkState {
  id: number;
  userId: number;
  workStatus: WorkStatus;
  workVersion: number;
  dueAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  paymentStatus: PaymentStatus;
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
  workStatus: orders.workStatus,
  workVersion: orders.workVersion,
  dueAt: orders.dueAt,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
  paymentStatus: orders.paymentStatus,
  deliveryDays: orders.deliveryDays,
  revisionDays: orders.revisionDays,
  startWorkNow: orders.startWorkNow,
  paidAt: orders.invoiceIssuedAt,
  cancellationOpen: sql<boolean>`(${cancellationOpen})`.mapWith(Boolean),
  closingRefundAt: orders.closingRefundAt,
};

/** An order's work state; a customer only sees their own (others get 404, as for every order call). */
export async function getWorkState(db: Database, orderId: number, actor: Actor): Promise<WorkState> {
  const [row] = await db.select(workColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || (actor.kind === "customer" && row.userId !== actor.id)) throw refuse.notFound(ORDER_NOT_FOUND);
  return row;
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
 * What an order's page shows of its work: the order (its owner's, or any for an admin), its brief,
 * refund, timeline, deliveries, revision requests and messages, read in one batch after the order. Null when
 * the order is not the caller's.
 */
export async function getOrderWork(db: Database, orderId: number, actor: Actor) {
  const order = await getOrder(db, orderId, actor.kind === "customer" ? { userId: actor.id ?? -1 } : {});
  if (!order) return null;
  const [seen, briefs, refunds, attachments, events, deliveries, files, revisions, comments, messages] = await db.batch([
    db.select({ customer: orders.customerSeenMessageId, studio: orders.studioSeenMessageId }).from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1),
    refundsQuery(db, orderId),
    attachmentsQuery(db, orderId),
    eventsQuery(db, orderId),
    ...deliveriesQueries(db, orderId),
    ...revisionsQueries(db, orderId),
    messagesQuery(db, orderId),
  ]);
  return {
    order,
    brief: briefs[0] ? toBriefView(briefs[0], attachments) : null,
    refunds: refunds.map(toRefundView),
    events: events.map(toEventView),
    deliveries: toDeliveryViews(orderId, deliveries, files, mastersReleased(order.work_status, actor)),
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

export interface BriefView {
  purpose: string;
  audience: string | null;
  style: string | null;
  references: string[];
  must_haves: string | null;
  deadline_wish: string | null;
  submitted_at: string;
  attachments: AttachmentView[];
}

export interface AttachmentView {
  id: number;
  name: string;
  content_type: string;
  size: number;
  kind: (typeof orderAttachments.$inferSelect)["kind"];
  /** Served to the order's owner and admins only. */
  url: string;
}

function attachmentsQuery(db: Database, orderId: number) {
  return db.select().from(orderAttachments).where(eq(orderAttachments.orderId, orderId)).orderBy(asc(orderAttachments.id));
}

/** The attachments of the brief (`messageId` null) or of one message. */
function attachmentViews(rows: (typeof orderAttachments.$inferSelect)[], messageId: number | null): AttachmentView[] {
  return rows
    .filter((a) => a.messageId === messageId)
    .map((a) => ({ id: a.id, name: a.name, content_type: a.contentType, size: a.size, kind: a.kind, url: `/orders/${a.orderId}/attachments/${a.id}` }));
}

/** An attachment's R2 key and name, if the actor may see the order. */
export async function getAttachment(db: Database, orderId: number, attachmentId: number, actor: Actor) {
  await getWorkState(db, orderId, actor);
  const [file] = await db
    .select({ key: orderAttachments.r2Key, name: orderAttachments.name, kind: orderAttachments.kind, contentType: orderAttachments.contentType })
    .from(orderAttachments)
    .where(and(eq(orderAttachments.id, attachmentId), eq(orderAttachments.orderId, orderId)))
    .limit(1);
  if (!file) throw refuse.notFound("File not found");
  return file;
}

/** The statements that name stored attachments, each landing only where `guard` holds (the move or the message landed). */
/** An attachment's row: stored with the form, or an upload in parts taken by id. */
type AttachmentRow = { key: string; name: string; contentType: string; size: number; kind: (typeof orderAttachments.$inferSelect)["kind"] };

const storedRows = (stored: StoredOrderFile[]): AttachmentRow[] =>
  stored.map((file) => ({ key: file.key, name: file.name, contentType: file.mime, size: file.file.size, kind: file.kind }));

/**
 * The attachment rows of files stored with the form and of uploads taken by id (which are marked
 * used in the same batch, only where `guard` holds).
 */
function attachmentInserts(db: Database, orderId: number, stored: StoredOrderFile[], taken: TakenUpload[], messageId: SQL | null, guard: SQL, now: number) {
  const rows = [...storedRows(stored), ...taken.map((t) => ({ key: t.key, name: t.name, contentType: t.contentType, size: t.size, kind: t.kind }))];
  const inserts = rows.map((file) =>
    db.insert(orderAttachments).select(
      db
        .select(
          rowOf(orderAttachments, {
            id: null,
            orderId,
            messageId,
            r2Key: file.key,
            name: file.name,
            contentType: file.contentType,
            size: file.size,
            kind: file.kind,
            createdAt: now,
          }),
        )
        .from(orders)
        .where(and(eq(orders.id, orderId), guard)),
    ),
  );
  return taken.length
    ? [
        ...inserts,
        markUploadsUsed(
          db,
          taken.map((t) => t.id),
          guard,
        ),
      ]
    : inserts;
}

/** An order's brief (null until submitted), for its owner or an admin. */
export async function getBrief(db: Database, orderId: number, actor: Actor): Promise<BriefView | null> {
  await getWorkState(db, orderId, actor);
  const [[row], attachments] = await db.batch([db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1), attachmentsQuery(db, orderId)]);
  return row ? toBriefView(row, attachments) : null;
}

function toBriefView(row: typeof orderBriefs.$inferSelect, attachments: (typeof orderAttachments.$inferSelect)[]): BriefView {
  return {
    purpose: row.purpose,
    audience: row.audience,
    style: row.style,
    references: row.references,
    must_haves: row.mustHaves,
    deadline_wish: row.deadlineWish,
    submitted_at: row.submittedAt.toISOString(),
    attachments: attachmentViews(attachments, null),
  };
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
export async function checkAttachmentRoom(db: Database, state: WorkState, incoming: number, now: number) {
  if (state.workStatus === "cancelled" || state.paymentStatus === "refunded") throw refuse.conflict(ORDER_CLOSED_TO_FILES);
  const [completed, stored, pending] = await db.batch([
    db
      .select({ at: sql<number | null>`max(${orderEvents.createdAt})` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, state.id), eq(orderEvents.toStatus, "completed"))),
    db
      .select({ bytes: sql<number>`coalesce(sum(${orderAttachments.size}), 0)` })
      .from(orderAttachments)
      .where(eq(orderAttachments.orderId, state.id)),
    db
      .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.orderId, state.id), inArray(uploads.status, ["open", "completed"]), eq(uploads.purpose, "attachment"))),
  ]);
  const completedAt = state.workStatus === "completed" ? completed[0]?.at : null;
  if (completedAt && now - Number(completedAt) > ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION * 86_400_000) throw refuse.conflict(ORDER_CLOSED_TO_FILES);
  if (Number(stored[0]?.bytes ?? 0) + Number(pending[0]?.bytes ?? 0) + incoming > ORDER_ATTACHMENTS_MAX_BYTES) throw refuse.tooLarge(ORDER_ATTACHMENTS_FULL);
}

/**
 * The customer submits the brief of their paid order: production starts and the due date is set
 * (now + the package's delivery days), in the same batch as the brief. A consumer who did not ask
 * for work to start at once waits out the cancellation period: the order is `scheduled` until
 * CANCELLATION_DAYS after payment, and due that many delivery days after it starts. Once submitted it is read-only: a second
 * submission is refused (409) because the order is no longer awaiting its brief. Its attachments are
 * stored first and named in the same batch (removed again if the brief is refused).
 */
export async function submitBrief(
  db: Database,
  bucket: R2Bucket,
  notice: MailNotice,
  orderId: number,
  customerId: number,
  brief: BriefInput,
  files: File[] = [],
  now = Date.now(),
): Promise<WorkState> {
  const customer: Actor = { kind: "customer", id: customerId };
  const state = await getWorkState(db, orderId, customer);
  const decision = decideWorkMove(state.workStatus, "submit_brief", "customer");
  if (!decision.ok) throw refuse.conflict(decision.message);
  if (files.length > 0) await checkAttachmentRoom(db, state, totalSize(files), now);
  const taken = await takeUploads(db, { orderId }, "attachment", brief.upload_ids ?? [], { kind: "customer", id: customerId });
  if (files.length + taken.length > ATTACHMENTS.files) throw refuse.invalid(`At most ${ATTACHMENTS.files} files ${ATTACHMENTS.per}`);
  const stored = await storeOrderFiles(bucket, orderId, "attachments", files, ATTACHMENTS);
  try {
    return await briefMove(db, notice, orderId, customer, brief, stored, taken, now, scheduledStart(state, now));
  } catch (error) {
    await removeOrderFiles(bucket, stored);
    throw error;
  }
}

/** When the work of an order whose brief arrives now may start, if it must wait (else null: at once). */
function scheduledStart(state: WorkState, now: number): number | null {
  if (state.startWorkNow || !state.paidAt) return null;
  const startsAt = state.paidAt.getTime() + CANCELLATION_DAYS * DAY_MS;
  return startsAt > now ? startsAt : null;
}

function briefMove(
  db: Database,
  notice: MailNotice,
  orderId: number,
  customer: Actor,
  brief: BriefInput,
  stored: StoredOrderFile[],
  taken: TakenUpload[],
  now: number,
  startsAt: number | null,
) {
  return moveWork(db, orderId, startsAt === null ? "submit_brief" : "schedule", customer, {
    note: startsAt === null ? "Brief submitted" : "Brief submitted; work starts when the cancellation period ends",
    now,
    news: { notice, kind: startsAt === null ? "brief_submitted" : "brief_scheduled" },
    changes:
      startsAt === null
        ? { dueAt: sql`${now} + ${orders.deliveryDays} * ${DAY_MS}`, workStartedAt: new Date(now) }
        : { startsAt: new Date(startsAt), dueAt: sql`${startsAt} + ${orders.deliveryDays} * ${DAY_MS}` },
    alongside: (state) => [
      db
        .insert(orderBriefs)
        .select(
          db
            .select(
              rowOf(orderBriefs, {
                orderId: orderId,
                purpose: brief.purpose,
                audience: brief.audience,
                style: brief.style,
                references: JSON.stringify(brief.references),
                mustHaves: brief.must_haves,
                deadlineWish: brief.deadline_wish,
                submittedAt: now,
              }),
            )
            .from(orders)
            .where(and(eq(orders.id, orderId), moveHeld(orderId, state))),
        )
        .onConflictDoNothing(),
      ...attachmentInserts(db, orderId, stored, taken, null, moveHeld(orderId, state), now),
    ],
  });
}

// ----- Deliveries, review, approval -----

export interface DeliveryInput {
  note: string | null;
  /** Small files sent with the form itself, seen at once. */
  files: File[];
  /** Files sent in parts beforehand (app/domain/uploads), by completed upload id. */
  previewUploadId?: string | null;
  masterUploadIds?: string[];
  frameRate?: string | null;
}

/**
 * The studio delivers: the files go to R2 under server-made keys first, then the move to `delivered`
 * is written with the delivery and its file rows in one batch. If the move is refused (409) or the
 * batch fails, the stored files are removed again, so nothing is half-written.
 * Files sent in parts beforehand (a preview, masters) are completed uploads of this order; the
 * same batch marks them used, so an upload is named by one delivery only.
 */
export async function deliver(db: Database, bucket: R2Bucket, notice: MailNotice, orderId: number, adminId: number, input: DeliveryInput, now = Date.now()) {
  const admin: Actor = { kind: "admin", id: adminId };
  const state = await getWorkState(db, orderId, admin);
  const decision = decideWorkMove(state.workStatus, "deliver", "admin");
  if (!decision.ok) throw refuse.conflict(decision.message);
  const parsed = DeliveryUploadsSchema.safeParse({
    note: input.note ?? undefined,
    frame_rate: input.frameRate || undefined,
    preview_upload_id: input.previewUploadId || null,
    master_upload_ids: input.masterUploadIds ?? [],
  });
  if (!parsed.success) throw refuse.invalid(parsed.error.issues[0]!.message, [parsed.error.issues[0]!.message]);
  const { preview_upload_id: previewId, master_upload_ids: masterIds, frame_rate: frameRate } = parsed.data;
  if (input.files.length === 0 && !previewId && masterIds.length === 0) throw refuse.invalid("Add at least one file to deliver");
  if (previewId && masterIds.includes(previewId)) throw refuse.invalid("The preview cannot also be a master");
  const note = DeliveryNoteSchema.safeParse(input.note);
  if (!note.success) throw refuse.invalid(note.error.issues[0]!.message);
  const [preview] = await takeUploads(db, { orderId }, "delivery", previewId ? [previewId] : []);
  if (preview && !PREVIEW_TYPES.includes(preview.contentType)) throw refuse.invalid(`${preview.name} cannot be the preview. ${PREVIEW_RULE}`);
  const masters = await takeUploads(db, { orderId }, "delivery", masterIds);
  const stored = await storeOrderFiles(bucket, orderId, "deliveries", input.files, DELIVERY_FILES);
  const rows: DeliveredFileRow[] = [
    ...stored.map((file) => ({ key: file.key, name: file.name, contentType: file.mime, size: file.file.size, kind: file.kind, role: "file" as const })),
    ...(preview ? [{ ...preview, role: "preview" as const }] : []),
    ...masters.map((master) => ({ ...master, role: "master" as const })),
  ];
  const uploadIds = [...(preview ? [preview.id] : []), ...masters.map((m) => m.id)];
  try {
    return await moveWork(db, orderId, "deliver", admin, {
      note: note.data ?? "Delivered",
      now,
      changes: { firstDeliveredAt: sql`coalesce(${orders.firstDeliveredAt}, ${now})` },
      news: { notice, kind: "delivered" },
      alongside: (read) => {
        const version = read.workVersion + 1;
        const deliveryId = sql`(SELECT ${orderDeliveries.id} FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orderId} AND ${orderDeliveries.version} = ${version})`;
        return [
          db
            .insert(orderDeliveries)
            .select(
              db
                .select(
                  rowOf(orderDeliveries, {
                    id: null,
                    orderId: orderId,
                    version: version,
                    note: note.data,
                    adminId: adminId,
                    frameRate: frameRate,
                    reviewExtensionDays: 0,
                    createdAt: now,
                  }),
                )
                .from(orders)
                .where(and(eq(orders.id, orderId), moveHeld(orderId, read))),
            )
            .onConflictDoNothing(),
          ...rows.map((file, position) =>
            db.insert(deliveryFiles).select(
              db
                .select(
                  rowOf(deliveryFiles, {
                    id: null,
                    deliveryId: deliveryId,
                    orderId: orderId,
                    r2Key: file.key,
                    name: file.name,
                    contentType: file.contentType,
                    size: file.size,
                    kind: file.kind,
                    position: position,
                    role: file.role,
                  }),
                )
                .from(orderDeliveries)
                .where(and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.version, version), moveHeld(orderId, read))),
            ),
          ),
          ...(uploadIds.length ? [markUploadsUsed(db, uploadIds, moveHeld(orderId, read))] : []),
        ];
      },
    });
  } catch (error) {
    await removeOrderFiles(bucket, stored);
    throw error;
  }
}

type DeliveredFileRow = { key: string; name: string; contentType: string; size: number; kind: DeliveredFileKind; role: "file" | "preview" | "master" };
type DeliveredFileKind = (typeof deliveryFiles.$inferSelect)["kind"];
const PREVIEW_TYPES = ["video/mp4", "video/webm"];

export interface DeliveredFileView {
  id: number;
  name: string;
  content_type: string;
  size: number;
  kind: DeliveredFileKind;
  /** `file`: sent with the form; `preview`: the video to review. */
  role: "file" | "preview";
  url: string;
}

export interface MasterView {
  id: number;
  name: string;
  content_type: string;
  size: number;
  kind: DeliveredFileKind;
  /** Whether it may be downloaded now: once the customer has approved (admins always). */
  released: boolean;
  /** The API's download (a Bearer token's holder); null until released. */
  url: string | null;
}

export interface DeliveryView {
  id: number;
  /** v1, v2, …: the order's deliveries counted from its first. */
  number: number;
  note: string | null;
  frame_rate: string;
  /** Days the customer added to its review window (once an order). */
  review_extension_days: number;
  created_at: string;
  files: DeliveredFileView[];
  masters: MasterView[];
}

/** An order's deliveries, newest first, with their files (URLs served to the owner and admins only). */
export async function listDeliveries(db: Database, orderId: number, actor: Actor): Promise<DeliveryView[]> {
  const state = await getWorkState(db, orderId, actor);
  const [deliveries, files] = await db.batch(deliveriesQueries(db, orderId));
  return toDeliveryViews(orderId, deliveries, files, mastersReleased(state.workStatus, actor));
}

/** Masters are released by the customer's approval (the order completed); the studio always has them. */
export function mastersReleased(workStatus: WorkStatus, actor: Pick<Actor, "kind">): boolean {
  return actor.kind === "admin" || workStatus === "completed";
}

function deliveriesQueries(db: Database, orderId: number) {
  return [
    db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(desc(orderDeliveries.version)),
    db.select().from(deliveryFiles).where(eq(deliveryFiles.orderId, orderId)).orderBy(asc(deliveryFiles.position)),
  ] as const;
}

function toDeliveryViews(
  orderId: number,
  deliveries: (typeof orderDeliveries.$inferSelect)[],
  files: (typeof deliveryFiles.$inferSelect)[],
  released: boolean,
): DeliveryView[] {
  return deliveries.map((d, i) => {
    const own = files.filter((f) => f.deliveryId === d.id);
    return {
      id: d.id,
      number: deliveries.length - i,
      note: d.note,
      frame_rate: d.frameRate,
      review_extension_days: d.reviewExtensionDays,
      created_at: d.createdAt.toISOString(),
      files: own
        .filter((f) => f.role !== "master")
        .map((f) => ({ ...fileFacts(f), role: f.role === "preview" ? ("preview" as const) : ("file" as const), url: deliveryFileUrl(orderId, f.id) })),
      masters: own.filter((f) => f.role === "master").map((f) => ({ ...fileFacts(f), released, url: released ? masterApiUrl(orderId, d.id, f.id) : null })),
    };
  });
}

/** What every answer says of a delivered file. */
function fileFacts(f: typeof deliveryFiles.$inferSelect) {
  return { id: f.id, name: f.name, content_type: f.contentType, size: f.size, kind: f.kind };
}

export function deliveryFileUrl(orderId: number, fileId: number) {
  return `/orders/${orderId}/files/${fileId}`;
}

export function masterApiUrl(orderId: number, deliveryId: number, fileId: number) {
  return `/api/v1/orders/${orderId}/deliveries/${deliveryId}/masters/${fileId}`;
}

/** A delivered file's R2 key and name, if the actor may see the order. */
export async function getDeliveryFile(db: Database, orderId: number, fileId: number, actor: Actor) {
  await getWorkState(db, orderId, actor);
  const [file] = await db
    .select({ key: deliveryFiles.r2Key, name: deliveryFiles.name, kind: deliveryFiles.kind, contentType: deliveryFiles.contentType })
    .from(deliveryFiles)
    // Masters are served by their own route, once released (masters.server.ts).
    .where(and(eq(deliveryFiles.id, fileId), eq(deliveryFiles.orderId, orderId), ne(deliveryFiles.role, "master")))
    .limit(1);
  if (!file) throw refuse.notFound("File not found");
  return file;
}

export const WITHDRAWN_BY_APPROVAL = "Cancellation withdrawn by approval";

/**
 * The customer approves the delivery: the order is completed. A cancellation request of theirs that
 * is still open is withdrawn by it (the timeline and the studio are told); approval is refused while
 * a refund that closes the order is being made. The write re-checks both as read, so a request or a
 * refund's claim landing meanwhile refuses the approval instead of slipping past it.
 */
export async function approveDelivery(db: Database, notice: MailNotice, orderId: number, customerId: number, now = Date.now()) {
  let withdraws = false;
  const approved = await moveWork(
    db,
    orderId,
    "approve",
    { kind: "customer", id: customerId },
    {
      note: (read) => {
        withdraws = read.cancellationOpen;
        return withdraws ? `Approved. ${WITHDRAWN_BY_APPROVAL}` : "Approved";
      },
      now,
      news: { notice, kind: "completed" },
      changes: { cancellationWithdrawnAt: withdrawOpenCancellation(now) },
      still: (read) => and(noClosingRefund(now), read.cancellationOpen ? cancellationOpen : not(cancellationOpen)),
      stillRefusal: (current) => (closingRefundHeld(current.closingRefundAt, now) ? CLOSING_REFUND_UNDER_WAY : null),
      alongside: (read) => countCompletionStatements(db, orderId, moveHeld(orderId, read)),
    },
  );
  // The write re-checked the request as read, so it was withdrawn exactly when it was read open.
  if (withdraws) await queueWorkEmail(db, notice, orderId, "cancellation_withdrawn");
  return approved;
}

/**
 * The customer asks for changes to the latest delivery, with a note and comments pinned to moments
 * of its video; the newest version's open review comments are gathered with it. One revision of
 * the allowance is used, in the same batch as the move.
 */
export function requestRevision(db: Database, notice: MailNotice, orderId: number, customerId: number, input: RevisionInput, now = Date.now()) {
  return moveWork(
    db,
    orderId,
    "request_revision",
    { kind: "customer", id: customerId },
    {
      note: input.note,
      now,
      news: { notice, kind: "revision_requested" },
      // The revision is due the package's revision days from now (and may be flagged overdue again).
      changes: { revisionsUsed: sql`${orders.revisionsUsed} + 1`, dueAt: sql`${now} + ${orders.revisionDays} * ${DAY_MS}`, overdueAt: null },
      alongside: (read) => {
        const version = read.workVersion + 1;
        const latestDelivery = sql`(SELECT ${orderDeliveries.id} FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orderId} ORDER BY ${orderDeliveries.version} DESC LIMIT 1)`;
        const revisionId = sql`(SELECT ${revisionRequests.id} FROM ${revisionRequests} WHERE ${revisionRequests.orderId} = ${orderId} AND ${revisionRequests.version} = ${version})`;
        return [
          db
            .insert(revisionRequests)
            .select(
              db
                .select(
                  rowOf(revisionRequests, {
                    id: null,
                    orderId: orderId,
                    deliveryId: latestDelivery,
                    version: version,
                    note: input.note,
                    createdAt: now,
                  }),
                )
                .from(orders)
                .where(and(eq(orders.id, orderId), moveHeld(orderId, read))),
            )
            .onConflictDoNothing(),
          ...input.comments.map((comment) =>
            db.insert(reviewComments).select(
              db
                .select(
                  rowOf(reviewComments, {
                    id: null,
                    revisionId: revisionId,
                    atSeconds: comment.at_seconds,
                    text: comment.text,
                  }),
                )
                .from(revisionRequests)
                .where(and(eq(revisionRequests.orderId, orderId), eq(revisionRequests.version, version), moveHeld(orderId, read))),
            ),
          ),
          // The newest version's open comments go with the request.
          gatherOpenComments(db, orderId, revisionId, moveHeld(orderId, read)),
        ];
      },
    },
  );
}

export interface RevisionView {
  note: string;
  created_at: string;
  delivery_id: number | null;
  comments: { at_seconds: number; text: string }[];
}

/** An order's revision requests, newest first, with their pinned comments in time order. */
export async function listRevisions(db: Database, orderId: number, actor: Actor): Promise<RevisionView[]> {
  await getWorkState(db, orderId, actor);
  const [revisions, comments] = await db.batch(revisionsQueries(db, orderId));
  return toRevisionViews(revisions, comments);
}

function revisionsQueries(db: Database, orderId: number) {
  return [
    db.select().from(revisionRequests).where(eq(revisionRequests.orderId, orderId)).orderBy(desc(revisionRequests.version)),
    db
      .select({ revisionId: reviewComments.revisionId, atSeconds: reviewComments.atSeconds, text: reviewComments.text })
      .from(reviewComments)
      .innerJoin(revisionRequests, eq(revisionRequests.id, reviewComments.revisionId))
      .where(eq(revisionRequests.orderId, orderId))
      .orderBy(asc(reviewComments.atSeconds), asc(reviewComments.id)),
  ] as const;
}

function toRevisionViews(
  revisions: (typeof revisionRequests.$inferSelect)[],
  comments: { revisionId: number; atSeconds: number; text: string }[],
): RevisionView[] {
  return revisions.map((r) => ({
    note: r.note,
    created_at: r.createdAt.toISOString(),
    delivery_id: r.deliveryId,
    comments: comments.filter((c) => c.revisionId === r.id).map((c) => ({ at_seconds: c.atSeconds, text: c.text })),
  }));
}

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
    await moveWork(db, orderId, "auto_complete", SHOP_ACTOR, {
      note: `No answer for ${AUTO_COMPLETE_DAYS} days: completed automatically`,
      now,
      news: { notice, kind: "auto_completed" },
      still: () => autoCompleteDue(now),
      alongside: (read) => countCompletionStatements(db, orderId, moveHeld(orderId, read)),
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
      changes: { workStartedAt: new Date(now), dueAt: sql`${now} + ${orders.deliveryDays} * ${DAY_MS}` },
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

export interface MessageView {
  id: number;
  author: "customer" | "studio";
  body: string;
  created_at: string;
  attachments: AttachmentView[];
}

/** An order's thread, oldest first: its owner or an admin. */
export async function listMessages(db: Database, orderId: number, actor: Actor): Promise<MessageView[]> {
  await getWorkState(db, orderId, actor);
  const [messages, attachments] = await db.batch([messagesQuery(db, orderId), attachmentsQuery(db, orderId)]);
  return messages.map((m) => toMessageView(m, attachments));
}

function messagesQuery(db: Database, orderId: number) {
  return db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(asc(orderMessages.id));
}

function toMessageView(m: typeof orderMessages.$inferSelect, attachments: (typeof orderAttachments.$inferSelect)[]): MessageView {
  return {
    id: m.id,
    author: m.authorKind === "admin" ? "studio" : "customer",
    body: m.body,
    created_at: m.createdAt.toISOString(),
    attachments: attachmentViews(attachments, m.id),
  };
}

/**
 * Adds a message to a paid order's thread (the owner or an admin), with attachments stored first and
 * named in the same batch as the message; an unpaid order has no thread yet (409). `state` is the
 * order as `getWorkState` read it for this actor (its owner or an admin), before the body was read.
 */
export async function postMessage(
  db: Database,
  bucket: R2Bucket,
  state: WorkState,
  actor: Actor,
  input: MessageInput,
  files: File[] = [],
  now = Date.now(),
): Promise<MessageView> {
  const orderId = state.id;
  if (state.workStatus === "awaiting_payment") throw refuse.conflict("Messages open once the order is paid.");
  if (actor.kind === "system" || actor.id === null) throw refuse.notFound(ORDER_NOT_FOUND);
  if (files.length > 0) await checkAttachmentRoom(db, state, totalSize(files), now);
  const taken = await takeUploads(db, { orderId }, "attachment", input.upload_ids ?? [], { kind: actor.kind === "admin" ? "admin" : "customer", id: actor.id });
  if (files.length + taken.length > ATTACHMENTS.files) throw refuse.invalid(`At most ${ATTACHMENTS.files} files ${ATTACHMENTS.per}`);
  const stored = await storeOrderFiles(bucket, orderId, "attachments", files, ATTACHMENTS);
  // In the batch's transaction, the order's newest message is the one just written.
  const thisMessage = sql`(SELECT max(${orderMessages.id}) FROM ${orderMessages} WHERE ${orderMessages.orderId} = ${orderId})`;
  try {
    const [[row], , ...rest] = await db.batch([
      db
        .insert(orderMessages)
        .values({ orderId, authorKind: actor.kind, authorId: actor.id, body: input.body, createdAt: new Date(now) })
        .returning(),
      // Writing in the thread means having read it, up to one's own message.
      db
        .update(orders)
        .set(seenUpToLatest(orderId, actor.kind === "customer" ? "customer" : "studio"))
        .where(eq(orders.id, orderId)),
      ...attachmentInserts(db, orderId, stored, taken, thisMessage, sql`1 = 1`, now),
      attachmentsQuery(db, orderId),
    ]);
    return toMessageView(row!, rest.at(-1) as (typeof orderAttachments.$inferSelect)[]);
  } catch (error) {
    await removeOrderFiles(bucket, stored);
    throw error;
  }
}

function seenUpToLatest(orderId: number, reader: ThreadReader) {
  const latest = sql<number>`coalesce((SELECT max(${orderMessages.id}) FROM ${orderMessages} WHERE ${orderMessages.orderId} = ${orderId}), 0)`;
  return reader === "customer" ? { customerSeenMessageId: latest } : { studioSeenMessageId: latest };
}

/**
 * Marks an order's thread read for its customer or the studio (a POST: the order pages send it on
 * their own with JavaScript, or with the 'Mark as read' button without).
 */
export async function markThreadRead(db: Database, orderId: number, actor: Actor): Promise<void> {
  await getWorkState(db, orderId, actor);
  await db
    .update(orders)
    .set(seenUpToLatest(orderId, actor.kind === "customer" ? "customer" : "studio"))
    .where(eq(orders.id, orderId));
}
