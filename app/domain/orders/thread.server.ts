/** An order's thread between the customer and the studio: messages with attachments, and what each side has read. */
import { refuse } from "../refusal";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creators, type orderAttachments, orderMessages, orders } from "../../../db/schema";
import type { MessageInput } from "~/lib/schemas/message";
import { ATTACHMENTS, removeOrderFiles, storeOrderFiles } from "./order-files.server";
import { type ThreadReader } from "./orders.server";
import { type Actor } from "./work-events.server";
import { takeUploads } from "../uploads/uploads.server";
import { totalSize, ORDER_NOT_FOUND, type WorkState, getWorkState, checkAttachmentRoom, partyOf } from "./work-state.server";
import { type AttachmentView, attachmentsQuery, attachmentViews, attachmentInserts } from "./attachments.server";

export interface MessageView {
  id: number;
  /** `creator`: the order's creator wrote it (the studio's side, by name); clients accept kinds added later. */
  author: "customer" | "studio" | "creator";
  /** The creator's display name on their messages; null otherwise. */
  author_name: string | null;
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
/** A creator's display name beside their message (one lookup by primary key per creator message). */
const creatorName = sql<
  string | null
>`CASE WHEN ${orderMessages.authorKind} = 'creator' THEN (SELECT ${creators.name} FROM ${creators} WHERE ${creators.id} = ${orderMessages.authorId}) END`;
export function messagesQuery(db: Database, orderId: number) {
  return db
    .select({ ...getTableColumns(orderMessages), creatorName })
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.id));
}
const AUTHOR = { admin: "studio", creator: "creator", customer: "customer" } as const;
export function toMessageView(
  m: typeof orderMessages.$inferSelect & { creatorName?: string | null },
  attachments: (typeof orderAttachments.$inferSelect)[],
): MessageView {
  return {
    id: m.id,
    author: AUTHOR[m.authorKind],
    author_name: m.creatorName ?? null,
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
  if (files.length > 0) await checkAttachmentRoom(db, state, partyOf(actor), totalSize(files), now);
  const taken = await takeUploads(db, { orderId }, "attachment", input.upload_ids ?? [], { kind: actor.kind, id: actor.id });
  if (files.length + taken.length > ATTACHMENTS.files) throw refuse.invalid(`At most ${ATTACHMENTS.files} files ${ATTACHMENTS.per}`);
  const stored = await storeOrderFiles(bucket, orderId, "attachments", files, ATTACHMENTS);
  // In the batch's transaction, the order's newest message is the one just written.
  const thisMessage = sql`(SELECT max(${orderMessages.id}) FROM ${orderMessages} WHERE ${orderMessages.orderId} = ${orderId})`;
  try {
    const [[row], , ...rest] = await db.batch([
      db
        .insert(orderMessages)
        .values({ orderId, authorKind: actor.kind, authorId: actor.id, body: input.body, createdAt: new Date(now) })
        .returning({ ...getTableColumns(orderMessages), creatorName }),
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
