/**
 * A creator's avatar, showreel and portfolio pieces: what customers will see of their work.
 *
 * - checking, as product media are checked: the type read from the first bytes (never the name or
 *   the browser's claim), the size against the image and video limits, an image's dimensions; an
 *   avatar is a still, a showreel a video, a piece either;
 * - arriving: a file of the form without JavaScript (`addPortfolioFile`), or an upload the creator
 *   sent in parts beforehand (`addPortfolioUpload`, purpose creator_media), copied under a public key
 *   with its type and marked used in the batch that records it;
 * - storing: keys `creators/{id}/{uuid}.{ext}` made by the server, served by the media route like
 *   product media (images get their AVIF/WebP copies); one avatar and one showreel (a new one
 *   replaces the old, whose objects then leave R2) and at most PORTFOLIO_PIECES pieces, the count
 *   checked in the insert's own condition so two at once cannot pass it.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creatorMedia, creators, uploads, type CreatorMediaKind } from "../../../db/schema";
import { CREATOR_SUSPENDED } from "~/lib/rules/creators";
import { fullRowOf } from "../../../db/insert-select";
import { IMAGE_DIMENSIONS_RULE, IMAGE_LIMIT_BYTES, PORTFOLIO_PIECES, VIDEO_LIMIT_BYTES, withinImageDimensions } from "~/lib/rules/media-rules";
import { refuse } from "../refusal";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { sniffType } from "../media/file-types";
import { IMAGE_HEAD_BYTES, imageDimensions, mediaUrl, UPLOADED_EXTENSIONS, variantKeysOf } from "../media/media.server";
import { markUploadsUsed, takeUploads } from "../uploads/uploads.server";

export type PortfolioItem = { id: number; kind: CreatorMediaKind; url: string; content_type: string; size: number; title: string };
export type PortfolioView = { avatar: PortfolioItem | null; showreel: PortfolioItem | null; pieces: PortfolioItem[] };

const STILLS = ["image/jpeg", "image/png", "image/webp", "image/avif"];
const VIDEOS = ["video/mp4", "video/webm"];
/** What each place takes, by the type the first bytes say. An avatar is never animated. */
const ACCEPTED: Record<CreatorMediaKind, string[]> = { avatar: STILLS, showreel: VIDEOS, piece: [...STILLS, "image/gif", ...VIDEOS] };
const REFUSED_TYPE: Record<CreatorMediaKind, string> = {
  avatar: "is not a supported avatar: use a JPEG, PNG, WebP or AVIF image.",
  showreel: "is not a supported showreel: use an MP4 or WebM video.",
  piece: "is not a supported piece: use an image (JPEG, PNG, WebP, AVIF or GIF) or a video (MP4 or WebM).",
};
export const PIECES_FULL = `Your portfolio has ${PORTFOLIO_PIECES} pieces: remove one before adding another.`;
const MB = 1024 * 1024;

function toItem(row: typeof creatorMedia.$inferSelect): PortfolioItem {
  return { id: row.id, kind: row.kind, url: mediaUrl(row.r2Key), content_type: row.contentType, size: row.size, title: row.title };
}

/** The creator's avatar, showreel and pieces (in their order). */
export async function getPortfolio(db: Database, creatorId: number): Promise<PortfolioView> {
  const rows = await db
    .select()
    .from(creatorMedia)
    .where(eq(creatorMedia.creatorId, creatorId))
    .orderBy(asc(creatorMedia.position), asc(creatorMedia.id))
    .limit(PORTFOLIO_PIECES + 2);
  const avatar = rows.find((r) => r.kind === "avatar");
  const showreel = rows.find((r) => r.kind === "showreel");
  return {
    avatar: avatar ? toItem(avatar) : null,
    showreel: showreel ? toItem(showreel) : null,
    pieces: rows.filter((r) => r.kind === "piece").map(toItem),
  };
}

/** Refuses (422) a file that cannot go where it is sent: its type, its size, an image's dimensions. */
function checkFile(kind: CreatorMediaKind, name: string, size: number, contentType: string | null, head: Uint8Array | null) {
  const label = name || "The file";
  if (size === 0) throw refuse.invalid(`${label} is empty.`);
  if (!contentType || !ACCEPTED[kind].includes(contentType)) throw refuse.invalid(`${label} ${REFUSED_TYPE[kind]}`);
  const video = contentType.startsWith("video/");
  const limit = video ? VIDEO_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
  if (size > limit) throw refuse.invalid(`${label} is too large: ${video ? "videos" : "images"} can be at most ${limit / MB} MB.`);
  if (!video && head) {
    const dimensions = imageDimensions(head);
    if (dimensions && !withinImageDimensions(dimensions)) throw refuse.invalid(`${label} is too large: ${IMAGE_DIMENSIONS_RULE}.`);
  }
}

/** Refuses a new piece when the portfolio is full (the insert checks it again). */
async function checkRoom(db: Database, creatorId: number, kind: CreatorMediaKind) {
  if (kind !== "piece") return;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(creatorMedia)
    .where(and(eq(creatorMedia.creatorId, creatorId), eq(creatorMedia.kind, "piece")));
  if ((row?.n ?? 0) >= PORTFOLIO_PIECES) throw refuse.conflict(PIECES_FULL);
}

function keyFor(creatorId: number, contentType: string) {
  return `creators/${creatorId}/${crypto.randomUUID()}.${UPLOADED_EXTENSIONS[contentType] ?? "bin"}`;
}

/** A file from the portfolio form (without JavaScript): checked, stored, recorded. */
export async function addPortfolioFile(db: Database, bucket: R2Bucket, creatorId: number, kind: CreatorMediaKind, title: string, file: File) {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  const type = sniffType(head);
  checkFile(kind, file.name, file.size, type?.mime ?? null, head);
  await checkRoom(db, creatorId, kind);
  const key = keyFor(creatorId, type!.mime);
  await bucket.put(key, file.stream().pipeThrough(new FixedLengthStream(file.size)), { httpMetadata: { contentType: type!.mime } });
  return record(db, bucket, creatorId, kind, title, { key, contentType: type!.mime, size: file.size });
}

/** An upload the creator sent in parts (purpose creator_media): checked, copied under a public key with its type, recorded and marked used together. */
export async function addPortfolioUpload(db: Database, bucket: R2Bucket, creatorId: number, kind: CreatorMediaKind, title: string, uploadId: string) {
  const [upload] = await takeUploads(db, { creatorId }, "creator_media", [uploadId]);
  const still = upload!.contentType.startsWith("image/");
  const head = still ? await bucket.get(upload!.key, { range: { offset: 0, length: Math.min(IMAGE_HEAD_BYTES, upload!.size) } }) : null;
  checkFile(kind, upload!.name, upload!.size, upload!.contentType, head ? new Uint8Array(await head.arrayBuffer()) : null);
  await checkRoom(db, creatorId, kind);
  const object = await bucket.get(upload!.key);
  if (!object) throw refuse.conflict(`${upload!.name} is no longer stored: send it again`);
  const key = keyFor(creatorId, upload!.contentType);
  await bucket.put(key, object.body.pipeThrough(new FixedLengthStream(upload!.size)), { httpMetadata: { contentType: upload!.contentType } });
  const item = await record(db, bucket, creatorId, kind, title, { key, contentType: upload!.contentType, size: upload!.size }, uploadId);
  await bucket.delete(upload!.key);
  return item;
}

/**
 * Records a stored object in one batch, every statement holding only while the creator may still
 * show work (not suspended or erased meanwhile) and the upload it came from is still unused (so one
 * upload makes one item, however often it is sent): a piece only while the portfolio has room
 * (checked in the insert itself); an avatar or showreel in place of the one before, whose objects
 * then leave R2. The upload is marked used in the same batch. Nothing recorded: the object goes.
 */
async function record(
  db: Database,
  bucket: R2Bucket,
  creatorId: number,
  kind: CreatorMediaKind,
  title: string,
  stored: { key: string; contentType: string; size: number },
  uploadId?: string,
): Promise<PortfolioItem> {
  const now = Date.now();
  const piece = kind === "piece";
  const still = and(
    sql`EXISTS (SELECT 1 FROM ${creators} WHERE ${creators.id} = ${creatorId} AND ${creators.status} <> 'suspended' AND ${creators.erasedAt} IS NULL)`,
    uploadId ? sql`EXISTS (SELECT 1 FROM ${uploads} WHERE ${uploads.id} = ${uploadId} AND ${uploads.status} = 'completed')` : undefined,
  );
  const insert = db.insert(creatorMedia).select(
    db
      .select(
        fullRowOf(creatorMedia, {
          creatorId,
          kind,
          r2Key: stored.key,
          contentType: stored.contentType,
          size: stored.size,
          title: piece ? title : "",
          position: sql`(SELECT coalesce(max(${creatorMedia.position}) + 1, 0) FROM ${creatorMedia} WHERE ${creatorMedia.creatorId} = ${creatorId} AND ${creatorMedia.kind} = ${kind})`,
          createdAt: new Date(now),
        }),
      )
      .from(creators)
      .where(
        and(
          eq(creators.id, creatorId),
          still,
          piece
            ? sql`(SELECT count(*) FROM ${creatorMedia} WHERE ${creatorMedia.creatorId} = ${creatorId} AND ${creatorMedia.kind} = 'piece') < ${PORTFOLIO_PIECES}`
            : undefined,
        ),
      ),
  );
  const replaced = db
    .delete(creatorMedia)
    .where(and(eq(creatorMedia.creatorId, creatorId), eq(creatorMedia.kind, kind), sql`${creatorMedia.r2Key} <> ${stored.key}`, still))
    .returning({ key: creatorMedia.r2Key });
  const used = uploadId ? [markUploadsUsed(db, [uploadId], sql`EXISTS (SELECT 1 FROM ${creatorMedia} WHERE r2_key = ${stored.key})`)] : [];
  let changes = 0;
  let oldKeys: string[] = [];
  if (piece) {
    const [added] = await db.batch([insert, ...used]);
    changes = added.meta.changes;
  } else {
    const [gone, added] = await db.batch([replaced, insert, ...used]);
    changes = added.meta.changes;
    oldKeys = gone.map((r) => r.key);
  }
  if (!changes) {
    await bucket.delete(stored.key);
    throw await refusalAfter(db, creatorId, uploadId);
  }
  if (oldKeys.length) await bucket.delete([...oldKeys, ...variantKeysOf(oldKeys)]);
  await catalogueChanged();
  const [row] = await db.select().from(creatorMedia).where(eq(creatorMedia.r2Key, stored.key)).limit(1);
  return toItem(row!);
}

/** Removes one of the creator's items (another's is not found); then its objects leave R2. Pieces keep their order (positions may have gaps). */
export async function removePortfolioItem(db: Database, bucket: R2Bucket, creatorId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(creatorMedia)
    .where(and(eq(creatorMedia.id, id), eq(creatorMedia.creatorId, creatorId)))
    .returning({ key: creatorMedia.r2Key });
  if (!row) throw refuse.notFound("Portfolio item not found");
  await bucket.delete([row.key, ...variantKeysOf([row.key])]);
  await catalogueChanged();
}

/** Why nothing was recorded: the creator no longer shows work, the upload was used meanwhile, or the portfolio is full. */
async function refusalAfter(db: Database, creatorId: number, uploadId: string | undefined) {
  const [creator] = await db.select({ status: creators.status, erasedAt: creators.erasedAt }).from(creators).where(eq(creators.id, creatorId)).limit(1);
  if (!creator || creator.erasedAt) return refuse.notFound("Creator not found");
  if (creator.status === "suspended") return refuse.forbidden(CREATOR_SUSPENDED);
  if (uploadId) {
    const [upload] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, uploadId)).limit(1);
    if (upload?.status !== "completed") return refuse.conflict("This upload was added already: send the file again to add it twice");
  }
  return refuse.conflict(PIECES_FULL);
}

/** Every object key of the creator's portfolio (and their images' copies): what erasing the account removes from R2. */
export async function portfolioKeys(db: Database, creatorId: number): Promise<string[]> {
  const rows = await db.select({ key: creatorMedia.r2Key }).from(creatorMedia).where(eq(creatorMedia.creatorId, creatorId));
  const keys = rows.map((r) => r.key);
  return [...keys, ...variantKeysOf(keys)];
}
