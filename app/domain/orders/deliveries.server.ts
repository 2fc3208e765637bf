/**
 * What the studio delivers, version by version: the files (a preview, masters held until approval),
 * the customer's approval that completes the order, and the links to each file.
 */
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { and, asc, desc, eq, ne, not, sql } from "drizzle-orm";
import { countCompletionStatements } from "./package-figures.server";
import type { Database } from "../../../db/client";
import { deliveryFiles, orderDeliveries, orders } from "../../../db/schema";
import { DELIVERY_FILES, removeOrderFiles, storeOrderFiles } from "./order-files.server";
import { decideWorkMove, type WorkStatus } from "~/lib/rules/work-status";
import { type Actor } from "./work-events.server";
import { queueWorkEmail, type MailNotice } from "../mail/order-emails.server";
import { DeliveryNoteSchema } from "~/lib/schemas/delivery";
import { DeliveryUploadsSchema } from "~/lib/schemas/upload";
import { PREVIEW_RULE } from "~/lib/rules/upload-rules";
import { markUploadsUsed, takeUploads } from "../uploads/uploads.server";
import { CLOSING_REFUND_UNDER_WAY, cancellationOpen, closingRefundHeld, noClosingRefund, withdrawOpenCancellation } from "./closing-refunds.server";
import { DAY_MS, getWorkState, moveWork, moveHeld, type WorkState } from "./work-state.server";
import { approvesAStage, checkStageInHand, nextStageChanges, stageDecisionStatement } from "./stages.server";
import {
  askApprovers,
  completesWith,
  completingApproval,
  readSignOff,
  recordApproval,
  signedOffWith,
  stillNewest,
  stillSigner,
  tellCustomer,
  type Signer,
} from "./sign-off.server";
import { SIGN_OFF_MESSAGES } from "~/lib/rules/sign-off";
import { paths } from "~/lib/paths";

/** The studio's side of an order: an admin, or the creator assigned to it. */
export type StudioActor = { kind: "admin" | "creator"; id: number };

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
export async function deliver(
  db: Database,
  bucket: R2Bucket,
  notice: MailNotice,
  orderId: number,
  studio: StudioActor,
  input: DeliveryInput,
  now = Date.now(),
) {
  const admin: Actor = studio;
  const state = await getWorkState(db, orderId, admin);
  const decision = decideWorkMove(state.workStatus, "deliver", studio.kind);
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
  let delivered: WorkState;
  try {
    delivered = await moveWork(db, orderId, "deliver", admin, {
      note: note.data ?? "Delivered",
      now,
      changes: { firstDeliveredAt: firstDeliveredAfter(state, orderId, now) },
      news: { notice, kind: "delivered" },
      // Not while a refund that closes the order is being made (a stop after a stage, a cancellation):
      // the work it refunds must not be delivered meanwhile.
      still: () => noClosingRefund(now),
      stillRefusal: (current) => (closingRefundHeld(current.closingRefundAt, now) ? DELIVERY_REFUND_UNDER_WAY : null),
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
                    adminId: studio.kind === "admin" ? studio.id : null,
                    frameRate: frameRate,
                    stage: read.stage,
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
  // The customer hears through the move's news; the approvers they named are asked for their sign-off.
  await askApprovers(db, notice, orderId);
  return delivered;
}
/**
 * What the package's figures measure a delivery by (`first_delivered_at`: the start of work plus the
 * studio's own time to first deliver). An order in one piece: its first delivery. An order in stages:
 * the first stage's first delivery, then each later stage's first delivery adds the time from that
 * stage's start (its due date less its days) to it, so the time the customer took to approve is never
 * counted against the studio, and the summed days the package promises are what it is measured against.
 */
function firstDeliveredAfter(state: WorkState, orderId: number, now: number) {
  if (state.stages.length === 0 || state.stage === 0) return sql`coalesce(${orders.firstDeliveredAt}, ${now})`;
  const days = state.stages[state.stage]!.days;
  return sql`CASE WHEN EXISTS (SELECT 1 FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orderId} AND ${orderDeliveries.stage} = ${state.stage})
    THEN ${orders.firstDeliveredAt}
    ELSE coalesce(${orders.firstDeliveredAt}, ${orders.workStartedAt}, ${now}) + max(0, ${now} - (${orders.dueAt} - ${days * DAY_MS})) END`;
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
  return toDeliveryViews(orderId, deliveries, files, (stage) => mastersReleased(state, actor, stage));
}
/**
 * Masters are released by the customer's approval: the order completed, or (an order in stages) the
 * delivery's stage approved, before the stage in hand. The studio (admins, the order's creator)
 * always has them.
 */
export function mastersReleased(order: { workStatus: WorkStatus; stage: number }, actor: Pick<Actor, "kind">, deliveryStage: number): boolean {
  return actor.kind === "admin" || actor.kind === "creator" || order.workStatus === "completed" || deliveryStage < order.stage;
}
export function deliveriesQueries(db: Database, orderId: number) {
  return [
    db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(desc(orderDeliveries.version)),
    db.select().from(deliveryFiles).where(eq(deliveryFiles.orderId, orderId)).orderBy(asc(deliveryFiles.position)),
  ] as const;
}
export function toDeliveryViews(
  orderId: number,
  deliveries: (typeof orderDeliveries.$inferSelect)[],
  files: (typeof deliveryFiles.$inferSelect)[],
  /** Whether a delivery of this stage has its masters released to the reader. */
  releasedFor: (deliveryStage: number) => boolean,
): DeliveryView[] {
  return deliveries.map((d, i) => {
    const own = files.filter((f) => f.deliveryId === d.id);
    const released = releasedFor(d.stage);
    return {
      id: d.id,
      number: deliveries.length - i,
      note: d.note,
      frame_rate: d.frameRate,
      review_extension_days: d.reviewExtensionDays,
      created_at: d.createdAt.toISOString(),
      files: own
        .filter((f) => f.role !== "master")
        .map((f) => ({ ...fileFacts(f), role: f.role === "preview" ? ("preview" as const) : ("file" as const), url: paths.deliveryFile(orderId, f.id) })),
      masters: own.filter((f) => f.role === "master").map((f) => ({ ...fileFacts(f), released, url: released ? paths.masterApi(orderId, d.id, f.id) : null })),
    };
  });
}
/** What every answer says of a delivered file. */
function fileFacts(f: typeof deliveryFiles.$inferSelect) {
  return { id: f.id, name: f.name, content_type: f.contentType, size: f.size, kind: f.kind };
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
export const DELIVERY_REFUND_UNDER_WAY = "The refund of this order is being made: nothing more can be delivered.";
/**
 * The customer approves the delivery: the order is completed. A cancellation request of theirs that
 * is still open is withdrawn by it (the timeline and the studio are told); approval is refused while
 * a refund that closes the order is being made. The write re-checks both as read, so a request or a
 * refund's claim landing meanwhile refuses the approval instead of slipping past it.
 */
export async function approveDelivery(
  db: Database,
  notice: MailNotice,
  orderId: number,
  customerId: number,
  now = Date.now(),
  /** The stage the customer named (0-based; `/stages/{n}/approve`): refused unless it is the one in hand, and the write re-checks it. */
  namedStage?: number,
  /** Who approves: the customer (the default), or one of the approvers they named (sign-off.server.ts). */
  signer: Signer = { kind: "customer" },
  /** A retry's: the delivery the first read found under review (a newer one means the approval is not for it). */
  readDelivery?: number | null,
): Promise<WorkState> {
  const customer = { kind: "customer" as const, id: customerId };
  // An order in stages: approving a stage before the last locks it and starts the next (the move
  // re-checks the stage read); approving the last completes the order. Either way the decision is kept.
  const before = await getWorkState(db, orderId, customer);
  // The stage the URL named must be the one in hand (404 past the stages, 409 otherwise), on this same read.
  if (namedStage !== undefined) checkStageInHand(before, namedStage + 1, "approve");
  // With named approvers, an approval that leaves others awaited is recorded and the order waits; the
  // one that completes the set makes the move, which re-checks the set in its write.
  const signOff = before.workStatus === "delivered" ? await readSignOff(db, orderId) : null;
  const signing = signOff !== null && signOff.approvers.length > 0 && signOff.deliveryId !== null;
  if (signer.kind === "guest" && !(signing && signOff.approvers.some((a) => a.id === signer.guestId)))
    throw signOff && before.workStatus === "delivered" ? refuse.forbidden(SIGN_OFF_MESSAGES.notApprover) : refuse.conflict(SIGN_OFF_MESSAGES.nothingToSign);
  // Approving withdraws an open cancellation request: the customer's own choice, never an approver's.
  if (signer.kind === "guest" && before.cancellationOpen) throw refuse.conflict(SIGN_OFF_MESSAGES.cancellationOpen);
  if (readDelivery !== undefined && signOff?.deliveryId !== readDelivery) throw refuse.conflict(SIGN_OFF_MESSAGES.newVersion);
  if (signing && !completesWith(signOff, signer)) {
    if (await recordApproval(db, orderId, signOff, before.stage, signer, now)) {
      if (signer.kind === "guest") await tellCustomer(db, notice, orderId, signer.guestId, "approved", before);
      return before;
    }
    // Another approval landed meanwhile and this one completes the set now (or the order moved): read
    // again, once, for the same delivery.
    if (readDelivery === undefined) return approveDelivery(db, notice, orderId, customerId, now, namedStage, signer, signOff.deliveryId);
  }
  const stage = approvesAStage(before);
  let withdraws = false;
  const decider = signer.kind === "guest" ? { kind: "guest" as const, id: signer.guestId } : customer;
  const approved = await moveWork(db, orderId, stage ? "approve_stage" : "approve", customer, {
    note: (read) => {
      withdraws = read.cancellationOpen;
      const approvedWhat = stage ? `${read.stages[read.stage]!.name} approved; ${read.stages[read.stage + 1]!.name} started` : "Approved";
      return withdraws ? `${approvedWhat}. ${WITHDRAWN_BY_APPROVAL}` : approvedWhat;
    },
    now,
    news: { notice, kind: stage ? "stage_approved" : "completed" },
    changes: { cancellationWithdrawnAt: withdrawOpenCancellation(now), ...(stage ? nextStageChanges(before, now) : {}) },
    still: (read) =>
      and(
        noClosingRefund(now),
        read.cancellationOpen ? cancellationOpen : not(cancellationOpen),
        eq(orders.stage, before.stage),
        // Signed off counting this approval, as the write sees the others' (a withdrawal meanwhile stops
        // it), on the delivery read (not a newer one), by a signer who still may.
        signing ? and(signedOffWith(orderId, signOff.deliveryId!, signer), stillNewest(orderId, signOff.deliveryId!), stillSigner(orderId, signer)) : undefined,
      ),
    stillRefusal: (current) =>
      closingRefundHeld(current.closingRefundAt, now)
        ? CLOSING_REFUND_UNDER_WAY
        : signing
          ? "An approval was withdrawn meanwhile. Please reload and try again."
          : null,
    alongside: (read) => [
      ...(stage ? [] : countCompletionStatements(db, orderId, moveHeld(orderId, read))),
      ...(read.stages.length
        ? [stageDecisionStatement(db, orderId, read, "approve", decider, now)]
        : signing
          ? [completingApproval(db, orderId, read, signOff, signer, now)]
          : []),
    ],
  });
  if (signer.kind === "guest") await tellCustomer(db, notice, orderId, signer.guestId, "approved", before);
  // The write re-checked the request as read, so it was withdrawn exactly when it was read open.
  if (withdraws) await queueWorkEmail(db, notice, orderId, "cancellation_withdrawn");
  return approved;
}
