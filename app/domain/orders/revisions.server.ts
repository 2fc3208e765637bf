/** Revision requests on a delivery: the customer's note and pinned comments, within the package's revisions. */
import { stageDecisionStatement } from "./stages.server";
import { rowOf } from "../../../db/insert-select";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderDeliveries, orders, reviewComments, revisionRequests } from "../../../db/schema";
import type { RevisionInput } from "~/lib/schemas/revision";
import { type Actor } from "./work-events.server";
import { type MailNotice } from "../mail/order-emails.server";
import { gatherOpenComments, openComments } from "./review-comments.server";
import { refuse } from "../refusal";
import { NOTHING_TO_CHANGE } from "~/lib/schemas/revision";
import { DAY_MS, getWorkState, moveWork, moveHeld } from "./work-state.server";

/**
 * The customer asks for changes to the latest delivery: the newest version's open review comments
 * they chose (all of them when they did not choose), an optional note, and (the API's older way)
 * comments pinned to moments of its video. One revision of
 * the allowance is used, in the same batch as the move.
 */
export async function requestRevision(
  db: Database,
  notice: MailNotice,
  orderId: number,
  customerId: number,
  input: RevisionInput,
  now = Date.now(),
  /** A named approver asking on the customer's behalf (sign-off.server.ts): kept as theirs in the stage's history. */
  approver?: { guestId: number },
  /** The stage the request was made on (`/stages/{n}/request_changes`): the write re-checks it is still the one in hand. */
  namedStage?: number,
) {
  // Chosen comments only: when they are all the request says, at least one must still be open on the newest version.
  if (input.comment_ids?.length && input.note === "") {
    const [latest] = await db
      .select({ id: orderDeliveries.id })
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, orderId))
      .orderBy(desc(orderDeliveries.version))
      .limit(1);
    const open = latest ? await openComments(db, orderId, latest.id) : [];
    // A state, not a shape: the comments named were resolved, sent already, or are not this version's.
    if (!open.some((c) => input.comment_ids!.includes(c.id))) throw refuse.conflict(NOTHING_TO_CHANGE);
  }
  return moveWork(
    db,
    orderId,
    "request_revision",
    { kind: "customer", id: customerId },
    {
      // Who asked is kept in the stage's history (the creator's side reads "An approver"), not in the note.
      note: input.note,
      now,
      news: { notice, kind: "revision_requested" },
      still: () => (namedStage === undefined ? undefined : eq(orders.stage, namedStage)),
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
                    roundReturnedAt: null,
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
          // The newest version's open comments go with the request: those chosen, or (without a choice) all of them.
          ...(input.comment_ids?.length === 0 ? [] : [gatherOpenComments(db, orderId, revisionId, moveHeld(orderId, read), input.comment_ids)]),
          // An order in stages keeps the decision in the stage's history.
          ...(read.stages.length
            ? [
                stageDecisionStatement(
                  db,
                  orderId,
                  read,
                  "request_changes",
                  approver ? { kind: "guest", id: approver.guestId } : { kind: "customer", id: customerId },
                  now,
                ),
              ]
            : []),
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
export function revisionsQueries(db: Database, orderId: number) {
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
export function toRevisionViews(
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
