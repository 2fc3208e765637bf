/** An order's brief: what the customer asks for, submitted once, which starts production (or schedules it after the cancellation period). */
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { and, eq, sql } from "drizzle-orm";
import { CANCELLATION_DAYS } from "~/lib/rules/cancellation-rules";
import type { Database } from "../../../db/client";
import { type orderAttachments, orderBriefs, orders } from "../../../db/schema";
import { ATTACHMENTS, removeOrderFiles, storeOrderFiles, type StoredOrderFile } from "./order-files.server";
import type { BriefInput } from "~/lib/schemas/brief";
import { decideWorkMove } from "~/lib/rules/work-status";
import { firstStageDays, type Actor } from "./work-events.server";
import { type MailNotice } from "../mail/order-emails.server";
import { takeUploads, type TakenUpload } from "../uploads/uploads.server";
import { offerWork } from "../creators/offers.server";
import { DAY_MS, totalSize, type WorkState, getWorkState, moveWork, moveHeld, checkAttachmentRoom } from "./work-state.server";
import { type AttachmentView, attachmentsQuery, attachmentViews, attachmentInserts } from "./attachments.server";

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
/** An order's brief (null until submitted), for its owner or an admin. */
export async function getBrief(db: Database, orderId: number, actor: Actor): Promise<BriefView | null> {
  await getWorkState(db, orderId, actor);
  const [[row], attachments] = await db.batch([db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1), attachmentsQuery(db, orderId)]);
  return row ? toBriefView(row, attachments) : null;
}
export function toBriefView(row: typeof orderBriefs.$inferSelect, attachments: (typeof orderAttachments.$inferSelect)[]): BriefView {
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
  if (files.length > 0) await checkAttachmentRoom(db, state, "customer", totalSize(files), now);
  const taken = await takeUploads(db, { orderId }, "attachment", brief.upload_ids ?? [], { kind: "customer", id: customerId });
  if (files.length + taken.length > ATTACHMENTS.files) throw refuse.invalid(`At most ${ATTACHMENTS.files} files ${ATTACHMENTS.per}`);
  const stored = await storeOrderFiles(bucket, orderId, "attachments", files, ATTACHMENTS);
  try {
    const moved = await briefMove(db, notice, orderId, customer, brief, stored, taken, now, scheduledStart(state, now));
    // Work starts now: it is offered to a creator of the product (scheduled work is, when it starts).
    // The brief is in whatever happens here: a failed offer is made again by the next scheduled run.
    if (moved.workStatus === "in_progress")
      await offerWork(db, notice, orderId, now).catch((error: unknown) => console.error("Offering order failed", orderId, error));
    return moved;
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
        ? { dueAt: sql`${now} + ${firstStageDays} * ${DAY_MS}`, workStartedAt: new Date(now) }
        : { startsAt: new Date(startsAt), dueAt: sql`${startsAt} + ${firstStageDays} * ${DAY_MS}` },
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
