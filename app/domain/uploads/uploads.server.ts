/**
 * Files of any size, sent in parts straight into R2 (its multipart upload through the Worker's
 * binding): a studio's masters of several gigabytes, a customer's raw footage, product videos.
 *
 * - `createUpload` checks who may send what where before the first byte (an order's owner or an
 *   admin, the order's state, the declared size against the purpose's limit and, for attachments, the
 *   order's cap), opens the R2 upload under a server-made key and records it with its part plan.
 * - `putPart` streams one part's body into `uploadPart` (never held whole): its length must be the
 *   plan's; part 1's first bytes decide the file's type, and a type the purpose does not take aborts
 *   the whole upload. Each part taken is recorded (number, size, etag), so a client that lost its
 *   place asks `getUpload` and sends only what is missing.
 * - `completeUpload` joins the parts once every one has arrived and part 1 has passed; `abortUpload`
 *   (and the scheduled run's `abortIdleUploads`) leaves nothing in R2.
 * - `takeUploads` hands completed uploads to what names them (a delivery's preview and masters), with
 *   the statements that mark them used in the same batch.
 *
 * Every call but create finds the upload by its id and its owner: someone else's upload is not found.
 */
import { and, asc, count, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { OPEN_UPLOADS_LIMITS } from "~/lib/rules/delivery-rules";
import type { Database } from "../../../db/client";
import { products, uploadParts, uploads } from "../../../db/schema";
import { refuse } from "../refusal";
import { sniffUploadType, UPLOAD_HEAD_BYTES } from "../media/file-types";
import { checkAttachmentRoom, checkFileBudget, getWorkState, partyOf } from "../orders/work-state.server";
import { decideWorkMove } from "~/lib/rules/work-status";
import {
  partLength,
  partPlan,
  UPLOAD_IDLE_HOURS,
  UPLOAD_KIND_REFUSED,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
  type UploadKind,
  type UploadPurpose,
} from "~/lib/rules/upload-rules";

export type Uploader = { kind: "customer" | "admin" | "creator"; id: number };

export interface UploadRequest {
  purpose: UploadPurpose;
  orderId: number | null;
  productId: number | null;
  name: string;
  size: number;
  contentType: string;
}

export interface UploadView {
  id: string;
  purpose: UploadPurpose;
  order_id: number | null;
  product_id: number | null;
  name: string;
  size: number;
  /** What part 1's first bytes said the file is; null until part 1 has arrived. */
  content_type: string | null;
  kind: UploadKind | null;
  status: "open" | "completed" | "used" | "aborted";
  part_size: number;
  part_count: number;
  parts: { number: number; size: number; etag: string }[];
  created_at: string;
}

export type UploadRow = typeof uploads.$inferSelect;

const NOT_FOUND = "Upload not found";
const MB = 1024 * 1024;

function toView(row: UploadRow, parts: { number: number; size: number; etag: string }[]): UploadView {
  return {
    id: row.id,
    purpose: row.purpose,
    order_id: row.orderId,
    product_id: row.productId,
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    kind: row.kind,
    status: row.status,
    part_size: row.partSize,
    part_count: row.partCount,
    parts,
    created_at: row.createdAt.toISOString(),
  };
}

function sizeText(bytes: number) {
  return bytes >= 1024 * MB ? `${Math.round((bytes / (1024 * MB)) * 10) / 10} GB` : `${Math.round(bytes / MB)} MB`;
}

/** Where an upload goes, checked before the first byte: 404 for an order or product the sender may not see. */
async function checkDestination(db: Database, uploader: Uploader, input: UploadRequest, now: number): Promise<string> {
  const folder = crypto.randomUUID();
  if (input.purpose === "product_media") {
    if (uploader.kind !== "admin" || input.productId === null) throw refuse.notFound("Product not found");
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).limit(1);
    if (!product) throw refuse.notFound("Product not found");
    return `products/${input.productId}/${folder}`;
  }
  if (input.purpose === "creator_media") {
    // A creator's own avatar, showreel or portfolio piece: nobody else sends one.
    if (uploader.kind !== "creator") throw refuse.forbidden("Only a creator sends portfolio files");
    return `creators/${uploader.id}/uploads/${folder}`;
  }
  if (input.orderId === null) throw refuse.invalid("order_id is required", ["order_id is required"]);
  const state = await getWorkState(db, input.orderId, uploader);
  if (input.purpose === "delivery") {
    if (uploader.kind === "customer") throw refuse.notFound("Order not found");
    const decision = decideWorkMove(state.workStatus, "deliver", uploader.kind);
    if (!decision.ok) throw refuse.conflict(decision.message);
    await checkFileBudget(db, input.orderId, "studio", input.size);
    return `orders/${input.orderId}/deliveries/${folder}`;
  }
  await checkAttachmentRoom(db, state, partyOf(uploader), input.size, now);
  return `orders/${input.orderId}/attachments/${folder}`;
}

/** Opens an upload: its id, part size and part count. Nothing is stored in R2 but the open upload. */
export async function createUpload(
  db: Database,
  bucket: R2Bucket,
  uploader: Uploader,
  input: UploadRequest,
  { now = Date.now(), partBytes }: { now?: number; partBytes?: number } = {},
): Promise<UploadView> {
  const name = input.name;
  const limit = UPLOAD_MAX_BYTES[input.purpose];
  if (input.size > limit) throw refuse.tooLarge(`${name} is too large: at most ${sizeText(limit)} per file`);
  const key = await checkDestination(db, uploader, input, now);
  const orderId = input.purpose === "product_media" || input.purpose === "creator_media" ? null : input.orderId;
  await checkOpenUploads(db, uploader, orderId);
  const plan = partPlan(input.size, partBytes);
  const multipart = await bucket.createMultipartUpload(key, { customMetadata: { upload: "parts" } });
  const id = crypto.randomUUID();
  // The open uploads' limits again in the insert's own condition: uploads opened at once cannot pass them.
  const inserted = await db.run(sql`
    INSERT INTO ${uploads} (id, purpose, owner_kind, owner_id, order_id, product_id, name, size, declared_type, r2_key, r2_upload_id, part_size, part_count, status, created_at, updated_at)
    SELECT ${id}, ${input.purpose}, ${uploader.kind}, ${uploader.id}, ${orderId}, ${input.purpose === "product_media" ? input.productId : null}, ${name}, ${input.size},
      ${input.contentType.slice(0, 100)}, ${key}, ${multipart.uploadId}, ${plan.part_size}, ${plan.part_count}, 'open', ${now}, ${now}
    WHERE (SELECT count(*) FROM ${uploads} WHERE owner_kind = ${uploader.kind} AND owner_id = ${uploader.id} AND status = 'open') < ${OPEN_UPLOADS_LIMITS.perAccount}
      AND (${orderId} IS NULL OR (SELECT count(*) FROM ${uploads} WHERE order_id = ${orderId} AND status = 'open') < ${OPEN_UPLOADS_LIMITS.perOrder})`);
  if (!inserted.meta.changes) {
    await multipart.abort();
    await checkOpenUploads(db, uploader, orderId);
    throw refuse.conflict(OPEN_UPLOADS_FULL.account);
  }
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return toView(row!, []);
}

const OPEN_UPLOADS_FULL = {
  account: `You have ${OPEN_UPLOADS_LIMITS.perAccount} uploads open: finish or cancel one before starting another.`,
  order: `This order has ${OPEN_UPLOADS_LIMITS.perOrder} uploads open: finish or cancel one before starting another.`,
};

/** 409 when the uploader, or the order, has as many uploads open as OPEN_UPLOADS_LIMITS allows. */
async function checkOpenUploads(db: Database, uploader: Uploader, orderId: number | null) {
  const open = eq(uploads.status, "open");
  const [[mine], [order]] = await db.batch([
    db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.ownerKind, uploader.kind), eq(uploads.ownerId, uploader.id), open)),
    db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.orderId, orderId ?? 0), open)),
  ]);
  if ((mine?.n ?? 0) >= OPEN_UPLOADS_LIMITS.perAccount) throw refuse.conflict(OPEN_UPLOADS_FULL.account);
  if (orderId !== null && (order?.n ?? 0) >= OPEN_UPLOADS_LIMITS.perOrder) throw refuse.conflict(OPEN_UPLOADS_FULL.order);
}

async function ownUpload(db: Database, uploader: Uploader, id: string): Promise<UploadRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw refuse.notFound(NOT_FOUND);
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerKind, uploader.kind), eq(uploads.ownerId, uploader.id)))
    .limit(1);
  if (!row) throw refuse.notFound(NOT_FOUND);
  return row;
}

function partsOf(db: Database, id: string) {
  return db
    .select({ number: uploadParts.number, size: uploadParts.size, etag: uploadParts.etag })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, id))
    .orderBy(asc(uploadParts.number));
}

/** The upload and the parts R2 has taken: what a resuming client skips. */
export async function getUpload(db: Database, uploader: Uploader, id: string): Promise<UploadView> {
  const row = await ownUpload(db, uploader, id);
  return toView(row, row.status === "open" ? await partsOf(db, id) : []);
}

function refuseClosed(row: UploadRow): never {
  if (row.status === "aborted") throw refuse.gone("This upload was cancelled: start it again");
  throw refuse.conflict("This upload is already complete");
}

/** The stream with `head` put back in front of what is left of `reader`. */
function rejoined(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Reads the first `bytes` of a stream (or all of it, if shorter), keeping what was read. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<{ chunks: Uint8Array[]; head: Uint8Array }> {
  const chunks: Uint8Array[] = [];
  let got = 0;
  while (got < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    got += value.byteLength;
  }
  const head = new Uint8Array(Math.min(got, bytes));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= head.length) break;
    head.set(chunk.subarray(0, head.length - offset), offset);
    offset += chunk.byteLength;
  }
  return { chunks, head };
}

/**
 * Takes part `n` of an upload: `length` (the request's declared Content-Length) must be the plan's
 * size for that part; the body is streamed to R2 through a fixed-length stream (a body shorter or
 * longer than declared fails there). Part 1's first bytes are checked before anything is stored.
 * Sending a part again replaces it.
 */
export async function putPart(
  db: Database,
  bucket: R2Bucket,
  uploader: Uploader,
  id: string,
  n: number,
  body: ReadableStream<Uint8Array> | null,
  length: number | null,
  now = Date.now(),
): Promise<{ number: number; size: number; etag: string }> {
  const row = await ownUpload(db, uploader, id);
  if (row.status !== "open") refuseClosed(row);
  if (!Number.isInteger(n) || n < 1 || n > row.partCount) throw refuse.notFound(`No part ${n}: parts are numbered 1 to ${row.partCount}`);
  const expected = partLength(row.size, row.partSize, row.partCount, n);
  if (length === null || length !== expected || !body)
    throw refuse.invalid(`Part ${n} must be sent with a Content-Length of exactly ${expected} bytes`, [`part ${n} must be ${expected} bytes`]);

  let stream = body;
  let sniffed: ReturnType<typeof sniffUploadType> = null;
  if (n === 1) {
    const reader = body.getReader();
    const { chunks, head } = await readHead(reader, UPLOAD_HEAD_BYTES);
    sniffed = sniffUploadType(head);
    if (!sniffed || !UPLOAD_KINDS[row.purpose].includes(sniffed.kind)) {
      await reader.cancel().catch(() => {});
      await abortRow(db, bucket, row);
      throw refuse.invalid(`${row.name} ${UPLOAD_KIND_REFUSED}`);
    }
    stream = rejoined(chunks, reader);
  }
  // Part 1 was read from to tell its type, so it goes through a stream of its declared length; the
  // others go to R2 as the request's own body (its length declared), without passing through JavaScript.
  const fixed = n === 1 ? new FixedLengthStream(expected) : null;
  const piping = fixed ? stream.pipeTo(fixed.writable) : Promise.resolve();
  let part: R2UploadedPart;
  try {
    [part] = await Promise.all([bucket.resumeMultipartUpload(row.r2Key, row.r2UploadId).uploadPart(n, fixed ? fixed.readable : stream), piping]);
  } catch {
    await piping.catch(() => {});
    throw refuse.malformed(`Part ${n} did not arrive whole: send it again`);
  }
  const [recorded] = await db.batch([
    db
      .update(uploads)
      .set({ updatedAt: new Date(now), ...(sniffed ? { contentType: sniffed.mime, kind: sniffed.kind } : {}) })
      .where(and(eq(uploads.id, id), eq(uploads.status, "open")))
      .returning({ id: uploads.id }),
    db
      .insert(uploadParts)
      .select(
        db
          .select({ uploadId: uploads.id, number: sql`${n}`.as("number"), size: sql`${expected}`.as("size"), etag: sql`${part.etag}`.as("etag") })
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.status, "open"))),
      )
      .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.number], set: { size: expected, etag: part.etag } }),
  ]);
  // Cancelled while this part was on its way: what R2 took is gone with the upload.
  if (recorded.length === 0) throw refuse.gone("This upload was cancelled: start it again");
  return { number: n, size: expected, etag: part.etag };
}

/** Joins the parts into the stored file, once every part has arrived and part 1 has passed. */
export async function completeUpload(db: Database, bucket: R2Bucket, uploader: Uploader, id: string, now = Date.now()): Promise<UploadView> {
  const row = await ownUpload(db, uploader, id);
  if (row.status !== "open") refuseClosed(row);
  const parts = await partsOf(db, id);
  if (!row.contentType || !parts.some((p) => p.number === 1)) throw refuse.conflict("Part 1 has not arrived yet: the file's type is read from it");
  if (parts.length !== row.partCount) {
    const missing = row.partCount - parts.length;
    throw refuse.conflict(`${missing} of ${row.partCount} parts have not arrived yet`);
  }
  try {
    await bucket.resumeMultipartUpload(row.r2Key, row.r2UploadId).complete(parts.map((p) => ({ partNumber: p.number, etag: p.etag })));
  } catch {
    throw refuse.conflict("The parts could not be joined: send the upload again");
  }
  const [done] = await db
    .update(uploads)
    .set({ status: "completed", updatedAt: new Date(now) })
    .where(and(eq(uploads.id, id), eq(uploads.status, "open")))
    .returning();
  if (!done) throw refuse.conflict("This upload changed while it was being completed");
  return toView(done, []);
}

/**
 * Aborts an upload as it was read: the row is marked aborted first, by a write that re-checks its
 * status and last activity (`still`: a timer's idleness), and only then are its bytes removed from
 * R2. An upload that a delivery took, or that received a part, meanwhile keeps its bytes. True when
 * this call aborted it.
 */
async function abortRow(db: Database, bucket: R2Bucket, row: UploadRow, still?: SQL): Promise<boolean> {
  const [aborted] = await db.batch([
    db
      .update(uploads)
      .set({ status: "aborted" })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, row.status), eq(uploads.updatedAt, row.updatedAt), still))
      .returning({ id: uploads.id }),
    db
      .delete(uploadParts)
      .where(and(eq(uploadParts.uploadId, row.id), sql`(SELECT ${uploads.status} FROM ${uploads} WHERE ${uploads.id} = ${row.id}) = 'aborted'`)),
  ]);
  if (aborted.length === 0) return false;
  if (row.status === "open")
    await bucket
      .resumeMultipartUpload(row.r2Key, row.r2UploadId)
      .abort()
      .catch(() => undefined);
  else if (row.status === "completed") await bucket.delete(row.r2Key).catch(() => undefined);
  return true;
}

/** Cancels an upload (open, or complete but not yet used): nothing of it stays in R2. */
export async function abortUpload(db: Database, bucket: R2Bucket, uploader: Uploader, id: string): Promise<void> {
  const row = await ownUpload(db, uploader, id);
  if (row.status === "used") throw refuse.conflict("This file is part of a delivery or message and cannot be cancelled");
  if (row.status === "aborted") return;
  if (!(await abortRow(db, bucket, row))) {
    // It moved meanwhile (used by a delivery, or already aborted): say what holds now.
    const again = await ownUpload(db, uploader, id);
    if (again.status === "used") throw refuse.conflict("This file is part of a delivery or message and cannot be cancelled");
    if (again.status !== "aborted") throw refuse.conflict("This upload changed meanwhile. Please try again.");
  }
}

/**
 * The scheduled run: uploads with no part for UPLOAD_IDLE_HOURS (and finished ones never used) are
 * aborted, oldest first, read by the (status, updated_at) index, `limit` at a time until none is
 * left or IDLE_BATCHES_PER_RUN batches are done: 1,000 every half hour, 48,000 a day, past what the
 * open uploads' limits let accounts hold open (OPEN_UPLOADS_LIMITS).
 */
export async function abortIdleUploads(db: Database, bucket: R2Bucket, now = Date.now(), limit = 100): Promise<number> {
  let aborted = 0;
  for (let batch = 0; batch < IDLE_BATCHES_PER_RUN; batch++) {
    const { picked, done } = await abortIdleBatch(db, bucket, now, limit);
    aborted += done;
    if (picked < limit) break;
  }
  return aborted;
}
const IDLE_BATCHES_PER_RUN = 10;

async function abortIdleBatch(db: Database, bucket: R2Bucket, now: number, limit: number): Promise<{ picked: number; done: number }> {
  const before = new Date(now - UPLOAD_IDLE_HOURS * 3_600_000);
  const [open, finished] = await db.batch([
    db
      .select()
      .from(uploads)
      .where(and(eq(uploads.status, "open"), lt(uploads.updatedAt, before)))
      .orderBy(asc(uploads.updatedAt))
      .limit(limit),
    db
      .select()
      .from(uploads)
      .where(and(eq(uploads.status, "completed"), lt(uploads.updatedAt, before)))
      .orderBy(asc(uploads.updatedAt))
      .limit(limit),
  ]);
  const idle = [...open, ...finished].slice(0, limit);
  let done = 0;
  for (const row of idle) if (await abortIdleUpload(db, bucket, row, now)) done++;
  return { picked: idle.length, done };
}

/** The timer's act on one upload it picked: aborted only if it is still as read and still idle at `now`. */
export function abortIdleUpload(db: Database, bucket: R2Bucket, row: UploadRow, now = Date.now()): Promise<boolean> {
  return abortRow(db, bucket, row, lt(uploads.updatedAt, new Date(now - UPLOAD_IDLE_HOURS * 3_600_000)));
}

export type TakenUpload = { id: string; key: string; name: string; size: number; contentType: string; kind: UploadKind };

/**
 * Completed uploads of `purpose` for an order (and of `owner`, where given), by id, in the order
 * asked: refused (422) when one is not such an upload. `usedWhere` is the condition the statement that marks them used carries (the
 * move that names them), so they are used exactly once.
 */
export async function takeUploads(
  db: Database,
  where: { orderId: number } | { productId: number } | { creatorId: number },
  purpose: UploadPurpose,
  ids: string[],
  owner?: Uploader,
): Promise<TakenUpload[]> {
  if (ids.length === 0) return [];
  // Named twice, an upload would be stored twice under one key: a client's mistake, said as such.
  if (new Set(ids).size !== ids.length) throw refuse.invalid("Each upload once");
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const rows = valid.length
    ? await db
        .select()
        .from(uploads)
        .where(
          and(
            inArray(uploads.id, valid),
            "orderId" in where
              ? eq(uploads.orderId, where.orderId)
              : "productId" in where
                ? eq(uploads.productId, where.productId)
                : and(eq(uploads.ownerKind, "creator"), eq(uploads.ownerId, where.creatorId)),
            eq(uploads.purpose, purpose),
            eq(uploads.status, "completed"),
            owner ? and(eq(uploads.ownerKind, owner.kind), eq(uploads.ownerId, owner.id)) : undefined,
          ),
        )
    : [];
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row || !row.contentType || !row.kind)
      throw refuse.invalid(`Upload ${id} is not a finished upload for this ${"orderId" in where ? "order" : "productId" in where ? "product" : "portfolio"}`);
    return { id: row.id, key: row.r2Key, name: row.name, size: row.size, contentType: row.contentType, kind: row.kind };
  });
}

/** The statement that marks `ids` used, only where `held` (the move naming them landed). */
export function markUploadsUsed(db: Database, ids: string[], held: ReturnType<typeof sql>) {
  return db
    .update(uploads)
    .set({ status: "used" })
    .where(and(inArray(uploads.id, ids), eq(uploads.status, "completed"), held));
}
