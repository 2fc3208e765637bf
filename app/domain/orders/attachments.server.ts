/** The files a customer attaches to an order (on its brief or in its thread): their views, and the rows a write adds. */
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderAttachments, orders } from "../../../db/schema";
import { type StoredOrderFile } from "./order-files.server";
import { type Actor } from "./work-events.server";
import { markUploadsUsed, type TakenUpload } from "../uploads/uploads.server";
import { getWorkState } from "./work-state.server";
import { paths } from "~/lib/paths";

export interface AttachmentView {
  id: number;
  name: string;
  content_type: string;
  size: number;
  kind: (typeof orderAttachments.$inferSelect)["kind"];
  /** Served to the order's owner and admins only. */
  url: string;
}
export function attachmentsQuery(db: Database, orderId: number) {
  return db.select().from(orderAttachments).where(eq(orderAttachments.orderId, orderId)).orderBy(asc(orderAttachments.id));
}
/** The attachments of the brief (`messageId` null) or of one message. */
export function attachmentViews(rows: (typeof orderAttachments.$inferSelect)[], messageId: number | null): AttachmentView[] {
  return rows
    .filter((a) => a.messageId === messageId)
    .map((a) => ({ id: a.id, name: a.name, content_type: a.contentType, size: a.size, kind: a.kind, url: paths.orderAttachment(a.orderId, a.id) }));
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
export function attachmentInserts(
  db: Database,
  orderId: number,
  stored: StoredOrderFile[],
  taken: TakenUpload[],
  messageId: SQL | null,
  guard: SQL,
  now: number,
) {
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
