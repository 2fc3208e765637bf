/**
 * The review of an order's work, version by version (each delivery is a version: v1, v2, …):
 * comments at a frame or over a range, with a drawing on the frame, replies from either side (and
 * from guests the customer invited), the studio's "resolved", and their exports (CSV, and a CMX3600
 * EDL of markers that Resolve and Premiere import). A revision request gathers its version's open
 * comments (fulfilment.server.ts). Who may read or write is the order's: its owner, admins, and the
 * order's guests through their link.
 */
import { briefName } from "~/lib/rules/creators";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { admins, creators, deliveryComments, orderDeliveries, users } from "../../../db/schema";
import { COMMENT_LIMITS, commentLimitMessages } from "~/lib/rules/review-rules";
import type { Drawing, ReviewCommentInput } from "~/lib/schemas/review-comment";
import { formatSmpte, timecodeText } from "~/lib/timecode";
import { FRAME_RATES, type FrameRate } from "~/lib/rules/upload-rules";
import type { WorkStatus } from "~/lib/rules/work-status";
import { refuse } from "../refusal";
import { getWorkState } from "./work-state.server";

/** Who writes or reads: the order's owner, an admin, or a guest of the order (by their guest id). */
export type Reviewer = { kind: "customer" | "admin" | "creator"; id: number } | { kind: "guest"; id: number; orderId: number; name: string };

export interface CommentView {
  id: number;
  author: { kind: "customer" | "admin" | "creator" | "guest"; name: string };
  at_frame: number;
  end_frame: number | null;
  /** The frame (and range) as the review shows it, at the version's frame rate. */
  timecode: string;
  text: string;
  drawing: Drawing | null;
  resolved: boolean;
  /** Gathered by a revision request (it is in the studio's hands). */
  in_revision: boolean;
  created_at: string;
  replies: { id: number; author: { kind: "customer" | "admin" | "creator" | "guest"; name: string }; text: string; created_at: string }[];
}

/** A comment's place on the timeline, without its words or drawing: every one of a version is read. */
export interface CommentMarker {
  id: number;
  at_frame: number;
  end_frame: number | null;
  timecode: string;
  author: string;
  resolved: boolean;
}

/**
 * The comments a page shows of a version: COMMENT_PAGE of them in timeline order from `after` (each
 * with its replies and drawing), the cursor of the next ones (null at the end), and the light list of
 * every comment's marker for the timeline. What a page reads follows what it shows, not how many
 * comments the version has.
 */
export interface CommentPage {
  /** Each drawing as its stored JSON (a page's data carries it as one string, parsed when it is shown). */
  comments: PagedComment[];
  markers: CommentMarker[];
  after: string | null;
  next: string | null;
}

/** A comment as a page shows it: its drawing as stored, and how many of its earlier replies are not shown. */
export type PagedComment = Omit<CommentView, "drawing"> & { drawing: string | null; earlier_replies: number };

/** The replies a page shows under a comment (its newest); the API answers them all. */
export const REPLIES_SHOWN = 10;

/** Comments a page or an API answer holds at a time. */
export const COMMENT_PAGE = 25;

/** A keyset cursor over (at_frame, id): `120.45`; null when it is not one. */
export function parseCommentCursor(value: string | null | undefined): { atFrame: number; id: number } | null {
  const match = /^(\d{1,9})\.(\d{1,12})$/.exec(value ?? "");
  return match ? { atFrame: Number(match[1]), id: Number(match[2]) } : null;
}

const CLOSED: WorkStatus[] = ["completed", "cancelled", "awaiting_payment", "awaiting_brief", "scheduled"];
export const REVIEW_CLOSED = "This order is not open for review comments.";
/** An order made in stages: an approved stage's versions and their comments are read-only. */
export const STAGE_LOCKED = "This version's stage is approved and locked: its comments are read-only.";

function rateOf(value: string): FrameRate {
  return (FRAME_RATES as readonly string[]).includes(value) ? (value as FrameRate) : "25";
}

/** The version, if the reviewer may see its order: 404 otherwise (a guest only their own order). */
async function versionFor(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer) {
  let state: { workStatus: WorkStatus; stage: number };
  if (reviewer.kind === "guest") {
    if (reviewer.orderId !== orderId) throw refuse.notFound("Order not found");
    state = await getWorkState(db, orderId, { kind: "admin", id: 0 });
  } else {
    state = await getWorkState(db, orderId, reviewer);
  }
  const [delivery] = await db
    .select({ id: orderDeliveries.id, frameRate: orderDeliveries.frameRate, stage: orderDeliveries.stage })
    .from(orderDeliveries)
    .where(and(eq(orderDeliveries.id, deliveryId), eq(orderDeliveries.orderId, orderId)))
    .limit(1);
  if (!delivery) throw refuse.notFound("Delivery not found");
  // A version of a stage before the one in hand: that stage is approved and locked.
  return { ...delivery, rate: rateOf(delivery.frameRate), workStatus: state.workStatus, locked: delivery.stage < state.stage };
}

/** Refuses a change to the comments of a version that no longer takes any: the order closed, or its stage approved. */
function checkOpenForComments(version: { workStatus: WorkStatus; locked: boolean }) {
  if (CLOSED.includes(version.workStatus)) throw refuse.conflict(REVIEW_CLOSED);
  if (version.locked) throw refuse.conflict(STAGE_LOCKED);
}

async function authorName(db: Database, reviewer: Reviewer): Promise<string> {
  if (reviewer.kind === "guest") return reviewer.name;
  if (reviewer.kind === "admin") {
    const [admin] = await db.select({ name: admins.name }).from(admins).where(eq(admins.id, reviewer.id)).limit(1);
    return admin?.name ?? "The studio";
  }
  if (reviewer.kind === "creator") {
    const [creator] = await db.select({ name: creators.name }).from(creators).where(eq(creators.id, reviewer.id)).limit(1);
    return creator?.name ?? "The studio";
  }
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, reviewer.id)).limit(1);
  return user?.name ?? "The customer";
}

/** The version's frame rate, if the reviewer may see it (what a typed time is read at). */
export async function versionRate(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer): Promise<FrameRate> {
  return (await versionFor(db, orderId, deliveryId, reviewer)).rate;
}

type NewComment = {
  orderId: number;
  deliveryId: number;
  parentId: number | null;
  reviewer: Reviewer;
  name: string;
  atFrame: number;
  endFrame: number | null;
  text: string;
  drawing: string | null;
};

/**
 * Inserts a comment or a reply while its author is within COMMENT_LIMITS on the version (comments
 * and replies counted apart), the limits held in the insert's own condition so that posts sent at
 * once cannot pass them: past the minute's, 429 with the wait; past the version's, 409. The row's id.
 */
async function insertWithinLimits(db: Database, comment: NewComment, now: number): Promise<number> {
  const { reviewer, deliveryId, parentId } = comment;
  const mine = sql`delivery_id = ${deliveryId} AND author_kind = ${reviewer.kind} AND author_id = ${reviewer.id} AND parent_id IS ${parentId === null ? sql`NULL` : sql`NOT NULL`}`;
  const minuteAgo = now - 60_000;
  const inserted = await db.run(sql`
    INSERT INTO ${deliveryComments} (order_id, delivery_id, parent_id, author_kind, author_id, author_name, at_frame, end_frame, text, drawing, created_at)
    SELECT ${comment.orderId}, ${deliveryId}, ${parentId}, ${reviewer.kind}, ${reviewer.id}, ${comment.name}, ${comment.atFrame}, ${comment.endFrame}, ${comment.text}, ${comment.drawing}, ${now}
    WHERE (SELECT count(*) FROM ${deliveryComments} WHERE ${mine}) < ${COMMENT_LIMITS.perVersion}
      AND (SELECT count(*) FROM ${deliveryComments} WHERE ${mine} AND created_at > ${minuteAgo}) < ${COMMENT_LIMITS.perMinute}`);
  if (inserted.meta.changes) return Number(inserted.meta.last_row_id);
  const told = commentLimitMessages(parentId === null ? "comments" : "replies");
  const [[lastMinute], [first]] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(deliveryComments)
      .where(sql`${mine} AND created_at > ${minuteAgo}`),
    db
      .select({ at: deliveryComments.createdAt })
      .from(deliveryComments)
      .where(sql`${mine} AND created_at > ${minuteAgo}`)
      .orderBy(asc(deliveryComments.createdAt))
      .limit(1),
  ]);
  if ((lastMinute?.n ?? 0) >= COMMENT_LIMITS.perMinute) throw refuse.throttled(((first?.at.getTime() ?? now) + 60_000 - now) / 1000, told.perMinute);
  throw refuse.conflict(told.perVersion);
}

/**
 * Adds a comment to a version: 409 once the order is not open for review (completed, cancelled, not
 * yet delivered) or past the author's COMMENT_LIMITS (429 past a minute's).
 */
export async function addComment(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer, input: ReviewCommentInput, now = Date.now()) {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  checkOpenForComments(version);
  const id = await insertWithinLimits(
    db,
    {
      orderId,
      deliveryId,
      parentId: null,
      reviewer,
      name: await authorName(db, reviewer),
      atFrame: input.at_frame,
      endFrame: input.end_frame ?? null,
      text: input.text,
      drawing: input.drawing ? JSON.stringify(input.drawing) : null,
    },
    now,
  );
  const [row] = await db.select().from(deliveryComments).where(eq(deliveryComments.id, id)).limit(1);
  return toViews([row!], version.rate, reviewer.kind === "creator")[0]!;
}

async function topComment(db: Database, orderId: number, deliveryId: number, commentId: number) {
  const [comment] = await db
    .select()
    .from(deliveryComments)
    .where(
      and(
        eq(deliveryComments.id, commentId),
        eq(deliveryComments.deliveryId, deliveryId),
        eq(deliveryComments.orderId, orderId),
        isNull(deliveryComments.parentId),
      ),
    )
    .limit(1);
  if (!comment) throw refuse.notFound("Comment not found");
  return comment;
}

/** A reply on a comment, from either side or a guest. */
export async function replyToComment(db: Database, orderId: number, deliveryId: number, commentId: number, reviewer: Reviewer, text: string, now = Date.now()) {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  checkOpenForComments(version);
  const parent = await topComment(db, orderId, deliveryId, commentId);
  await insertWithinLimits(
    db,
    { orderId, deliveryId, parentId: parent.id, reviewer, name: await authorName(db, reviewer), atFrame: parent.atFrame, endFrame: null, text, drawing: null },
    now,
  );
  return commentWithReplies(db, deliveryId, parent.id, version.rate, reviewer.kind === "creator");
}

/** The studio (an admin, or the order's creator) marks a comment resolved (again: no change). */
export async function resolveComment(
  db: Database,
  orderId: number,
  deliveryId: number,
  commentId: number,
  reviewer: { kind: "admin" | "creator"; id: number },
  now = Date.now(),
) {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  if (version.locked) throw refuse.conflict(STAGE_LOCKED);
  const comment = await topComment(db, orderId, deliveryId, commentId);
  if (!comment.resolvedAt)
    await db
      .update(deliveryComments)
      .set({ resolvedAt: new Date(now) })
      .where(eq(deliveryComments.id, comment.id));
  return commentWithReplies(db, deliveryId, comment.id, version.rate, reviewer.kind === "creator");
}

function parseDrawing(text: string | null): Drawing | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Drawing;
  } catch {
    return null;
  }
}

/**
 * The name beside a comment: as written, but a creator reads the buyer's side (the customer and the
 * colleagues they invited) by first name and last initial, as everywhere else in their workspace.
 */
function nameSeen(kind: (typeof deliveryComments.$inferSelect)["authorKind"], name: string, forCreator: boolean): string {
  return forCreator && (kind === "customer" || kind === "guest") ? briefName(name) : name;
}

function toViews(rows: (typeof deliveryComments.$inferSelect)[], rate: FrameRate, forCreator = false): CommentView[] {
  const top = rows.filter((r) => r.parentId === null);
  return top.map((c) => ({
    id: c.id,
    author: { kind: c.authorKind, name: nameSeen(c.authorKind, c.authorName, forCreator) },
    at_frame: c.atFrame,
    end_frame: c.endFrame,
    timecode: timecodeText(c.atFrame, c.endFrame, rate),
    text: c.text,
    drawing: parseDrawing(c.drawing),
    resolved: c.resolvedAt !== null,
    in_revision: c.revisionId !== null,
    created_at: c.createdAt.toISOString(),
    replies: rows
      .filter((r) => r.parentId === c.id)
      .map((r) => ({
        id: r.id,
        author: { kind: r.authorKind, name: nameSeen(r.authorKind, r.authorName, forCreator) },
        text: r.text,
        created_at: r.createdAt.toISOString(),
      })),
  }));
}

/**
 * A version's comments in timeline order, COMMENT_PAGE at a time from `after` (a cursor a previous
 * page returned), each with its replies (oldest first), and the cursor of the next ones.
 */
export async function listComments(
  db: Database,
  orderId: number,
  deliveryId: number,
  reviewer: Reviewer,
  after: string | null = null,
): Promise<{ comments: CommentView[]; next: string | null }> {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  const page = await commentsFrom(db, deliveryId, version.rate, after, Infinity, reviewer.kind === "creator");
  return { comments: page.comments.map(({ earlier_replies: _earlier, ...c }) => ({ ...c, drawing: parseDrawing(c.drawing) })), next: page.next };
}

/**
 * Every comment of a version with its replies, for the exports (a file downloaded, not a page): as
 * many as COMMENT_LIMITS let the version's reviewers write.
 */
async function everyComment(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer): Promise<CommentView[]> {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  const rows = await db
    .select()
    .from(deliveryComments)
    .where(eq(deliveryComments.deliveryId, deliveryId))
    .orderBy(asc(deliveryComments.atFrame), asc(deliveryComments.id));
  return toViews(rows, version.rate, reviewer.kind === "creator");
}

/** One comment of a version with its replies (what a reply or resolving answers). */
async function commentWithReplies(db: Database, deliveryId: number, commentId: number, rate: FrameRate, forCreator: boolean): Promise<CommentView> {
  const rows = await db
    .select()
    .from(deliveryComments)
    .where(and(eq(deliveryComments.deliveryId, deliveryId), sql`(${deliveryComments.id} = ${commentId} OR ${deliveryComments.parentId} = ${commentId})`))
    .orderBy(asc(deliveryComments.id));
  return toViews(rows, rate, forCreator)[0]!;
}

/** COMMENT_PAGE comments of a version from `after`, with their replies, and the cursor of the next ones. */
async function commentsFrom(db: Database, deliveryId: number, rate: FrameRate, after: string | null, repliesShown = Infinity, forCreator = false) {
  const cursor = parseCommentCursor(after);
  const top = await db
    .select()
    .from(deliveryComments)
    .where(
      and(
        eq(deliveryComments.deliveryId, deliveryId),
        isNull(deliveryComments.parentId),
        cursor
          ? sql`(${deliveryComments.atFrame} > ${cursor.atFrame} OR (${deliveryComments.atFrame} = ${cursor.atFrame} AND ${deliveryComments.id} > ${cursor.id}))`
          : undefined,
      ),
    )
    .orderBy(asc(deliveryComments.atFrame), asc(deliveryComments.id))
    .limit(COMMENT_PAGE + 1);
  const shown = top.slice(0, COMMENT_PAGE);
  const ids = shown.map((c) => c.id);
  // A page shows a comment's newest `repliesShown` replies and counts the others (read by the (parent_id, id) index).
  const capped = Number.isFinite(repliesShown);
  const [replies, counts] = ids.length
    ? await db.batch([
        db
          .select()
          .from(deliveryComments)
          .where(
            capped
              ? inArray(
                  deliveryComments.id,
                  sql`(SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY parent_id ORDER BY id DESC) AS newest FROM ${deliveryComments} WHERE parent_id IN (${sql.join(ids, sql`, `)})) WHERE newest <= ${repliesShown})`,
                )
              : inArray(deliveryComments.parentId, ids),
          )
          .orderBy(asc(deliveryComments.id)),
        db
          .select({ parentId: deliveryComments.parentId, n: sql<number>`count(*)` })
          .from(deliveryComments)
          .where(inArray(deliveryComments.parentId, ids))
          .groupBy(deliveryComments.parentId),
      ])
    : [[], []];
  const replyCount = new Map(counts.map((c) => [c.parentId, c.n]));
  const last = shown.at(-1);
  const drawings = new Map(shown.map((c) => [c.id, c.drawing]));
  return {
    comments: toViews([...shown, ...replies], rate, forCreator).map((c) => ({
      ...c,
      drawing: drawings.get(c.id) ?? null,
      earlier_replies: Math.max(0, (replyCount.get(c.id) ?? 0) - c.replies.length),
    })),
    next: top.length > COMMENT_PAGE && last ? `${last.atFrame}.${last.id}` : null,
  };
}

/**
 * The comments of the version a page shows (`deliveryId`, one of `deliveries`, which the caller read
 * for a reader who may see them) from `after`, keyed by its id as the pages take them; nothing when
 * there is none.
 */
export async function shownVersionComments(
  db: Database,
  deliveries: { id: number; frame_rate: string }[],
  deliveryId: number | null,
  after: string | null = null,
  forCreator = false,
): Promise<Record<string, CommentPage>> {
  const shown = deliveries.find((d) => d.id === deliveryId);
  if (!shown) return {};
  const rate = rateOf(shown.frame_rate);
  const [page, markers] = await Promise.all([
    commentsFrom(db, shown.id, rate, after, REPLIES_SHOWN, forCreator),
    db
      .select({
        id: deliveryComments.id,
        atFrame: deliveryComments.atFrame,
        endFrame: deliveryComments.endFrame,
        author: deliveryComments.authorName,
        authorKind: deliveryComments.authorKind,
        resolvedAt: deliveryComments.resolvedAt,
      })
      .from(deliveryComments)
      .where(and(eq(deliveryComments.deliveryId, shown.id), isNull(deliveryComments.parentId)))
      .orderBy(asc(deliveryComments.atFrame), asc(deliveryComments.id)),
  ]);
  return {
    [String(shown.id)]: {
      ...page,
      after: parseCommentCursor(after) ? after : null,
      markers: markers.map((m) => ({
        id: m.id,
        at_frame: m.atFrame,
        end_frame: m.endFrame,
        timecode: timecodeText(m.atFrame, m.endFrame, rate),
        author: nameSeen(m.authorKind, m.author, forCreator),
        resolved: m.resolvedAt !== null,
      })),
    },
  };
}

/** The statement that hands the newest version's open comments to a revision request (its id as SQL). */
export function gatherOpenComments(db: Database, orderId: number, revisionId: ReturnType<typeof sql>, held: ReturnType<typeof sql>, only?: readonly number[]) {
  const newest = sql`(SELECT ${orderDeliveries.id} FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orderId} ORDER BY ${orderDeliveries.version} DESC LIMIT 1)`;
  return db
    .update(deliveryComments)
    .set({ revisionId: sql`${revisionId}` })
    .where(
      and(
        eq(deliveryComments.orderId, orderId),
        sql`${deliveryComments.deliveryId} = ${newest}`,
        isNull(deliveryComments.parentId),
        isNull(deliveryComments.resolvedAt),
        isNull(deliveryComments.revisionId),
        only ? inArray(deliveryComments.id, [...only]) : undefined,
        held,
      ),
    );
}

/** The newest version's open comments (not resolved, in no request yet), in timeline order: what a revision request may include. */
export async function openComments(db: Database, orderId: number, deliveryId: number) {
  return db
    .select({
      id: deliveryComments.id,
      author: deliveryComments.authorName,
      text: deliveryComments.text,
      at_frame: deliveryComments.atFrame,
      end_frame: deliveryComments.endFrame,
    })
    .from(deliveryComments)
    .where(
      and(
        eq(deliveryComments.orderId, orderId),
        eq(deliveryComments.deliveryId, deliveryId),
        isNull(deliveryComments.parentId),
        isNull(deliveryComments.resolvedAt),
        isNull(deliveryComments.revisionId),
      ),
    )
    .orderBy(asc(deliveryComments.atFrame), asc(deliveryComments.id))
    .limit(COMMENT_LIMITS.perVersion);
}

// ----- Exports -----

function csvCell(value: string): string {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A version's comments as CSV: one row per comment and reply, in timeline order. */
export async function commentsCsv(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer): Promise<string> {
  const comments = await everyComment(db, orderId, deliveryId, reviewer);
  const lines = [["timecode", "frame", "end_frame", "author", "text", "status", "reply_to", "created_at"].join(",")];
  for (const c of comments) {
    lines.push(
      [
        c.timecode,
        String(c.at_frame),
        c.end_frame === null ? "" : String(c.end_frame),
        c.author.name,
        c.text,
        c.resolved ? "resolved" : "open",
        "",
        c.created_at,
      ]
        .map(csvCell)
        .join(","),
    );
    for (const r of c.replies) lines.push([c.timecode, String(c.at_frame), "", r.author.name, r.text, "", String(c.id), r.created_at].map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/**
 * A version's comments as a CMX3600 EDL of markers (one event per comment, its text as the marker's
 * comment, its range as the event's length), timed from 01:00:00:00 as editing timelines start.
 */
export async function markersEdl(db: Database, orderId: number, deliveryId: number, reviewer: Reviewer, title: string): Promise<string> {
  const version = await versionFor(db, orderId, deliveryId, reviewer);
  const comments = await everyComment(db, orderId, deliveryId, reviewer);
  const rate = version.rate;
  const lines = [`TITLE: ${title.replace(/[^\x20-\x7e]/g, "").slice(0, 60)}`, "FCM: NON-DROP FRAME", ""];
  comments.forEach((c, i) => {
    const end = c.end_frame ?? c.at_frame + 1;
    const inTc = formatSmpte(c.at_frame, rate, 1);
    const outTc = formatSmpte(end, rate, 1);
    lines.push(`${String(i + 1).padStart(3, "0")}  001      V     C        ${inTc} ${outTc} ${inTc} ${outTc}  `);
    const text = `${c.author.name}: ${c.text}`.replace(/[\r\n|]+/g, " ").replace(/[^\x20-\x7e]/g, "?");
    lines.push(` |C:ResolveColor${c.resolved ? "Green" : "Red"} |M:${text.slice(0, 200)} |D:${Math.max(1, end - c.at_frame)}`);
    lines.push("");
  });
  return lines.join("\r\n");
}

/** How many of the guests' open comments the customer's page lists before approving (the rest are counted). */
export const GUEST_COMMENTS_LISTED = 5;

/** Guests' open comments on a version (the customer reads them before approving): the first few in timeline order, and how many there are. */
export async function openGuestComments(db: Database, orderId: number, deliveryId: number) {
  const open = and(
    eq(deliveryComments.orderId, orderId),
    eq(deliveryComments.deliveryId, deliveryId),
    eq(deliveryComments.authorKind, "guest"),
    isNull(deliveryComments.parentId),
    isNull(deliveryComments.resolvedAt),
  );
  const [listed, [counted]] = await db.batch([
    db
      .select({ id: deliveryComments.id, name: deliveryComments.authorName, text: deliveryComments.text, atFrame: deliveryComments.atFrame })
      .from(deliveryComments)
      .where(open)
      .orderBy(asc(deliveryComments.atFrame), asc(deliveryComments.id))
      .limit(GUEST_COMMENTS_LISTED),
    db
      .select({ n: sql<number>`count(*)` })
      .from(deliveryComments)
      .where(open),
  ]);
  return { listed, total: counted?.n ?? 0 };
}
