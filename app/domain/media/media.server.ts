/**
 * Product media, all of it in one place (docs/design.md §6):
 * - checking: the type is read from a file's first bytes (never its name or the browser's claim),
 *   sizes and the per-product counts are capped, and a set of files is checked once, before
 *   anything is stored;
 * - storing: R2 keys are made by the server; rows and objects are written so a failure leaves no
 *   row without its object; every change ends with `catalogueChanged()`;
 * - serving: stored content type, ETag and conditional requests, long immutable caching (keys are
 *   never reused), nosniff, and single byte ranges (206/416) so videos can seek;
 * - variants: smaller AVIF/WebP copies of product images, made through the Images binding the first
 *   time they are asked for (or at seed time) and kept in R2 beside the original (ADR 016);
 * - URLs: `/media/{key}`.
 */
import { refuse } from "../refusal";
import { and, asc, count, eq, ne, sql, type SQL } from "drizzle-orm";
import { fullRowOf } from "../../../db/insert-select";
import type { Database } from "../../../db/client";
import { productMedia, products, type MediaKind } from "../../../db/schema";
import { imageSize } from "image-size";
import {
  IMAGE_ACCEPT,
  IMAGE_DIMENSIONS_RULE,
  IMAGE_LIMIT_BYTES,
  MEDIA_PER_PRODUCT,
  mediaChoiceProblem,
  VIDEO_LIMIT_BYTES,
  withinImageDimensions,
} from "~/lib/rules/media-rules";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantKey, variantSourceKey, type VariantFormat, type VariantWidth } from "~/lib/media-variants";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { markUploadsUsed, takeUploads } from "../uploads/uploads.server";
import { sniffType, type SniffedType } from "./file-types";

export { IMAGE_LIMIT_BYTES, VIDEO_LIMIT_BYTES };

/** Public URL of an R2 object served by the media route. */
export function mediaUrl(r2Key: string): string {
  return `/media/${r2Key}`;
}

// ----- Checking -----

const MB = 1024 * 1024;

/** Validates one file for a media slot; returns the sniffed type or refuses it (`invalid`) with a clear message. */
export function checkMedia(kind: MediaKind, name: string, size: number, head: Uint8Array): SniffedType {
  const label = name || "The file";
  const family = kind === "video" ? "video" : "image";
  if (size === 0) throw refuse.invalid(`${label} is empty.`);
  const type = sniffType(head);
  if (!type || type.family !== family) {
    throw refuse.invalid(
      family === "image" ? `${label} is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.` : `${label} is not a supported video: use MP4 or WebM.`,
    );
  }
  const limit = family === "image" ? IMAGE_LIMIT_BYTES : VIDEO_LIMIT_BYTES;
  if (size > limit) throw refuse.invalid(`${label} is too large: ${family === "image" ? "images" : "videos"} can be at most ${limit / MB} MB.`);
  if (family === "image") {
    const dimensions = imageDimensions(head);
    if (dimensions && !withinImageDimensions(dimensions)) throw refuse.invalid(`${label} is too large: ${IMAGE_DIMENSIONS_RULE}.`);
  }
  return type;
}

/**
 * An image's width and height from its first bytes (its header; nothing is decoded), or null when
 * they cannot be read there. `head` should hold IMAGE_HEAD_BYTES of the file (a JPEG's size may
 * follow its EXIF block).
 */
export function imageDimensions(head: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(head);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** How much of an image is read to find its size. */
export const IMAGE_HEAD_BYTES = 1024 * 1024;

export function mediaKey(productId: number, ext: string) {
  return `products/${productId}/${crypto.randomUUID()}.${ext}`;
}

// ----- Storing -----

async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/**
 * Stores one media file for a product. `body` is the whole file or a stream of exactly `size` bytes
 * (large videos stream from the request straight to R2). The type comes from the first bytes.
 * A video thumbnail replaces the previous one.
 */
export async function addMedia(
  db: Database,
  bucket: R2Bucket,
  productId: number,
  kind: MediaKind,
  file: { name: string; size: number; body: ReadableStream<Uint8Array> | Uint8Array },
  /** The type `checkFiles` found, so a checked file is not checked again. */
  checked?: SniffedType,
) {
  let head: Uint8Array;
  let stream: ReadableStream<Uint8Array> | Uint8Array;
  if (file.body instanceof Uint8Array) {
    head = file.body.slice(0, 16);
    stream = file.body;
  } else {
    // Read just enough to identify the type, then stream the rest through unchanged.
    const reader = file.body.getReader();
    const chunks: Uint8Array[] = [];
    let read = 0;
    const wanted = kind === "video" ? 16 : Math.min(IMAGE_HEAD_BYTES, file.size);
    while (read < wanted) {
      const { value, done } = await reader.read();
      if (done || !value) break;
      chunks.push(value);
      read += value.length;
    }
    head = new Uint8Array(read);
    let offset = 0;
    for (const c of chunks) {
      head.set(c, offset);
      offset += c.length;
    }
    const { readable, writable } = new FixedLengthStream(file.size);
    // Pumps the rest of the upload into the stream R2 reads below; not awaited (R2 pulls from it),
    // and a failure aborts the stream, which makes the put fail.
    void (async () => {
      const writer = writable.getWriter();
      try {
        for (const c of chunks) await writer.write(c);
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          await writer.write(value);
        }
        await writer.close();
      } catch (error) {
        await writer.abort(error).catch(() => {});
      }
    })();
    stream = readable;
  }
  const type = checked ?? checkMedia(kind, file.name, file.size, head);
  if (!(await productExists(db, productId))) throw refuse.notFound("Product not found");
  if (kind !== "thumbnail") await checkMediaQuota(db, productId, { [kind]: 1 });
  const stored = await putMedia(bucket, productId, kind, type, file.size, stream);
  await recordMedia(db, bucket, productId, [stored]);
  await catalogueChanged();
  return { key: stored.key, contentType: stored.mime };
}

/** A file put in R2 under a new media key and not yet recorded as the product's. */
type StoredMedia = { kind: MediaKind; key: string; mime: string; size: number };

async function putMedia(
  bucket: R2Bucket,
  productId: number,
  kind: MediaKind,
  type: SniffedType,
  size: number,
  body: ReadableStream<Uint8Array> | Uint8Array,
): Promise<StoredMedia> {
  const key = mediaKey(productId, type.ext);
  await bucket.put(key, body, { httpMetadata: { contentType: type.mime } });
  return { kind, key, mime: type.mime, size };
}

/**
 * Records files already in R2 as the product's media, all or none, in one batch. Each image or video
 * is inserted only while the product's count of its kind without this set, plus this set, stays within
 * MEDIA_PER_PRODUCT: every insert of the batch reads that same count, so two requests adding at once
 * can never store part of a set. A thumbnail goes in only when the whole set did and then replaces
 * every other thumbnail. Refused or failed: the set's objects leave R2 and nothing is recorded.
 */
async function recordMedia(db: Database, bucket: R2Bucket, productId: number, set: StoredMedia[]) {
  const listed = set.flatMap((file) => (file.kind === "thumbnail" ? [] : [{ ...file, kind: file.kind }]));
  const counts = countByKind(listed);
  const setKeys = sql.join(
    set.map((file) => sql`${file.key}`),
    sql`, `,
  );
  const countOf = (kind: MediaKind, keys: SQL) =>
    sql`(SELECT count(*) FROM ${productMedia} WHERE ${productMedia.productId} = ${productId} AND ${productMedia.kind} = ${kind} AND ${productMedia.r2Key} ${keys})`;
  const insert = (file: StoredMedia, condition: SQL) =>
    db.insert(productMedia).select(
      db
        .select(
          fullRowOf(productMedia, {
            productId,
            kind: file.kind,
            r2Key: file.key,
            contentType: file.mime,
            size: file.size,
            position:
              file.kind === "thumbnail"
                ? 0
                : sql`(SELECT coalesce(max(${productMedia.position}) + 1, 0) FROM ${productMedia} WHERE ${productMedia.productId} = ${productId} AND ${productMedia.kind} = ${file.kind})`,
          }),
        )
        .from(products)
        .where(and(eq(products.id, productId), condition)),
    );
  const inserts = listed.map((file) =>
    insert(file, sql`${countOf(file.kind, sql`NOT IN (${setKeys})`)} + ${counts[file.kind] ?? 0} <= ${MEDIA_PER_PRODUCT[file.kind]}`),
  );
  const thumbnail = set.find((file) => file.kind === "thumbnail");
  const replacing = thumbnail
    ? [
        insert(
          thumbnail,
          sql`(SELECT count(*) FROM ${productMedia} WHERE ${productMedia.productId} = ${productId} AND ${productMedia.r2Key} IN (${setKeys})) = ${listed.length}`,
        ),
        db
          .delete(productMedia)
          .where(
            and(
              eq(productMedia.productId, productId),
              eq(productMedia.kind, "thumbnail"),
              ne(productMedia.r2Key, thumbnail.key),
              sql`EXISTS (SELECT 1 FROM ${productMedia} WHERE ${productMedia.r2Key} = ${thumbnail.key})`,
            ),
          )
          .returning({ key: productMedia.r2Key }),
      ]
    : [];
  const statements = [...inserts, ...replacing];
  const [first, ...rest] = statements;
  if (!first) return;
  let recorded: boolean;
  let replaced: string[] = [];
  try {
    const results = await db.batch([first, ...rest]);
    const inserted = results.slice(0, inserts.length) as D1Result[];
    recorded = inserted.every((result) => result.meta.changes === 1);
    if (thumbnail) replaced = (results[inserts.length + 1] as { key: string }[]).map((row) => row.key);
  } catch (error) {
    await bucket.delete(set.map((file) => file.key));
    throw error;
  }
  if (!recorded) {
    await bucket.delete(set.map((file) => file.key));
    await checkMediaQuota(db, productId, counts);
    throw refuse.invalid(`A product can have at most ${MEDIA_PER_PRODUCT.image} images and ${MEDIA_PER_PRODUCT.video} videos.`);
  }
  if (replaced.length) await bucket.delete(replaced.flatMap((key) => [key, ...variantKeysOf([key])]));
}

async function hasThumbnail(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productMedia.id })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, "thumbnail")))
    .limit(1);
  return row !== undefined;
}

/** Checks a whole set of files before any is stored, so a bad file stores nothing. */
export type CheckedFile = { kind: MediaKind; file: File; type: SniffedType };

export async function checkFiles(files: { kind: MediaKind; file: File }[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const { kind, file } of files)
    checked.push({
      kind,
      file,
      type: checkMedia(kind, file.name, file.size, new Uint8Array(await file.slice(0, kind === "video" ? 16 : IMAGE_HEAD_BYTES).arrayBuffer())),
    });
  return checked;
}

/** How many files of each kind a set adds. */
export function countByKind(files: { kind: MediaKind }[]): Partial<Record<MediaKind, number>> {
  const counts: Partial<Record<MediaKind, number>> = {};
  for (const { kind } of files) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** Refuses `adding` more files of a kind when the product (null: one not created yet) would pass MEDIA_PER_PRODUCT. */
export async function checkMediaQuota(db: Database, productId: number | null, adding: Partial<Record<MediaKind, number>>) {
  for (const kind of ["image", "video"] as const) {
    const more = adding[kind] ?? 0;
    if (!more) continue;
    const [row] =
      productId === null
        ? [{ n: 0 }]
        : await db
            .select({ n: count() })
            .from(productMedia)
            .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)));
    const has = row?.n ?? 0;
    const limit = MEDIA_PER_PRODUCT[kind];
    if (has + more > limit) {
      const room = Math.max(0, limit - has);
      throw refuse.invalid(
        `A product can have at most ${limit} ${kind}s; this one has ${has}, so ${room === 0 ? `remove one before adding another` : `add at most ${room} more`}.`,
      );
    }
  }
}

/** Checks a set of files (each once), then stores them; a bad file or a full product stores nothing. */
export async function addFiles(db: Database, bucket: R2Bucket, productId: number, files: { kind: MediaKind; file: File }[]) {
  await storeCheckedFiles(db, bucket, productId, await checkFiles(files));
}

/** Puts each file of a set in R2; one that fails takes the ones already put with it. */
async function putAll(bucket: R2Bucket, files: (() => Promise<StoredMedia>)[]): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  try {
    for (const put of files) stored.push(await put());
  } catch (error) {
    if (stored.length) await bucket.delete(stored.map((file) => file.key));
    throw error;
  }
  return stored;
}

/** Stores files `checkFiles` accepted, within the product's counts, all or none, without reading their types again. */
export async function storeCheckedFiles(db: Database, bucket: R2Bucket, productId: number, files: CheckedFile[]) {
  const counts = countByKind(files);
  if (counts.video) {
    const adding = { videos: counts.video, thumbnail: Boolean(counts.thumbnail) };
    const problem = mediaChoiceProblem(adding, !adding.thumbnail && (await hasThumbnail(db, productId)));
    if (problem) throw refuse.invalid(problem);
  }
  if (!(await productExists(db, productId))) throw refuse.notFound("Product not found");
  await checkMediaQuota(db, productId, counts);
  const stored = await putAll(
    bucket,
    files.map(
      ({ kind, file, type }) =>
        async () =>
          putMedia(bucket, productId, kind, type, file.size, new Uint8Array(await file.arrayBuffer())),
    ),
  );
  await recordMedia(db, bucket, productId, stored);
  await catalogueChanged();
}

/** The file extension of each type the shop stores media as (product media and creators' portfolios). */
export const UPLOADED_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

/** What a product's media may be, by slot, when it arrives in parts (the types the shop serves). */
const UPLOADED_MEDIA_TYPES: Record<MediaKind, string[]> = {
  image: IMAGE_ACCEPT.split(","),
  thumbnail: IMAGE_ACCEPT.split(","),
  video: ["video/mp4", "video/webm"],
};

/**
 * Product media sent in parts beforehand (completed uploads of purpose product_media for this
 * product): each checked for its slot's types, size and (images) dimensions, the media rule and the
 * product's counts kept, before any is added. Each is then copied under a media key with its type
 * (R2 keeps no type for a file sent in parts) and the upload's own object removed.
 */
export async function addUploadedMedia(db: Database, bucket: R2Bucket, productId: number, files: { kind: MediaKind; upload: UploadedMedia }[]) {
  for (const { kind, upload } of files) {
    const label = upload.name;
    if (!UPLOADED_MEDIA_TYPES[kind].includes(upload.contentType))
      throw refuse.invalid(
        kind === "video" ? `${label} is not a supported video: use MP4 or WebM.` : `${label} is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.`,
      );
    const limit = kind === "video" ? VIDEO_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
    if (upload.size > limit) throw refuse.invalid(`${label} is too large: ${kind === "video" ? "videos" : "images"} can be at most ${limit / MB} MB.`);
    if (kind !== "video") {
      const head = await bucket.get(upload.key, { range: { offset: 0, length: Math.min(IMAGE_HEAD_BYTES, upload.size) } });
      const dimensions = head ? imageDimensions(new Uint8Array(await head.arrayBuffer())) : null;
      if (dimensions && !withinImageDimensions(dimensions)) throw refuse.invalid(`${label} is too large: ${IMAGE_DIMENSIONS_RULE}.`);
    }
  }
  const counts = countByKind(files);
  if (counts.video) {
    const problem = mediaChoiceProblem(
      { videos: counts.video, thumbnail: Boolean(counts.thumbnail) },
      !counts.thumbnail && (await hasThumbnail(db, productId)),
    );
    if (problem) throw refuse.invalid(problem);
  }
  if (!(await productExists(db, productId))) throw refuse.notFound("Product not found");
  await checkMediaQuota(db, productId, counts);
  const stored = await putAll(
    bucket,
    files.map(({ kind, upload }) => async () => {
      const object = await bucket.get(upload.key);
      if (!object) throw refuse.conflict(`${upload.name} is no longer stored: send it again`);
      const type: SniffedType = {
        mime: upload.contentType,
        ext: UPLOADED_EXTENSIONS[upload.contentType] ?? "bin",
        family: kind === "video" ? "video" : "image",
      };
      return putMedia(bucket, productId, kind, type, upload.size, object.body.pipeThrough(new FixedLengthStream(upload.size)));
    }),
  );
  await recordMedia(db, bucket, productId, stored);
  if (files.length) await bucket.delete(files.map(({ upload }) => upload.key));
  await catalogueChanged();
}

export type UploadedMedia = { key: string; name: string; size: number; contentType: string };

/**
 * `PUT /products/{id}` with upload ids: the admin's completed uploads of this product, by slot,
 * added as `addUploadedMedia` does and marked used.
 */
export async function addMediaFromUploads(
  db: Database,
  bucket: R2Bucket,
  productId: number,
  adminId: number,
  ids: { images: string[]; videos: string[]; thumbnail: string | null },
) {
  const owner = { kind: "admin" as const, id: adminId };
  const take = (list: string[]) => takeUploads(db, { productId }, "product_media", list, owner);
  const [images, videos, thumbnail] = await Promise.all([take(ids.images), take(ids.videos), take(ids.thumbnail ? [ids.thumbnail] : [])]);
  await addUploadedMedia(db, bucket, productId, [
    ...images.map((upload) => ({ kind: "image" as const, upload })),
    ...videos.map((upload) => ({ kind: "video" as const, upload })),
    ...thumbnail.map((upload) => ({ kind: "thumbnail" as const, upload })),
  ]);
  const used = [...images, ...videos, ...thumbnail].map((u) => u.id);
  if (used.length) await markUploadsUsed(db, used, sql`1 = 1`);
}

/** Deletes one media item of a product and closes the gap in positions (one batch), then its R2 object. */
export async function removeMedia(db: Database, bucket: R2Bucket, productId: number, mediaId: number): Promise<boolean> {
  const [row] = await db
    .select({ key: productMedia.r2Key, kind: productMedia.kind, position: productMedia.position })
    .from(productMedia)
    .where(and(eq(productMedia.id, mediaId), eq(productMedia.productId, productId)));
  if (!row) return false;
  await db.batch([
    db.delete(productMedia).where(eq(productMedia.id, mediaId)),
    db
      .update(productMedia)
      .set({ position: sql`${productMedia.position} - 1` })
      .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, row.kind), sql`${productMedia.position} > ${row.position}`)),
  ]);
  await bucket.delete([row.key, ...variantKeysOf([row.key])]);
  await catalogueChanged();
  return true;
}

/**
 * Moves an image or video one place earlier or later among its kind (the first image is the cover).
 * Both rows change in one batch.
 */
export async function moveMedia(db: Database, productId: number, mediaId: number, direction: "up" | "down"): Promise<boolean> {
  const rows = await db
    .select({ id: productMedia.id, kind: productMedia.kind })
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position), asc(productMedia.id));
  const item = rows.find((r) => r.id === mediaId);
  if (!item) return false;
  const siblings = rows.filter((r) => r.kind === item.kind);
  const from = siblings.indexOf(item);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= siblings.length) return true;
  siblings.splice(to, 0, ...siblings.splice(from, 1));
  // Renumbering the whole kind also repairs any gaps left by older data.
  const [first, ...rest] = siblings.map((s, position) => db.update(productMedia).set({ position }).where(eq(productMedia.id, s.id)));
  if (first) await db.batch([first, ...rest]);
  await catalogueChanged();
  return true;
}

// ----- Variants -----

/**
 * Finds or makes one variant of a stored image: `width` pixels wide (never wider than the original)
 * in `format`, kept in R2 under its own key. "missing" when the original is gone; "failed" when the
 * Images binding cannot read it (the caller then serves the original).
 */
export async function ensureVariant(
  bucket: R2Bucket,
  images: ImagesBinding,
  sourceKey: string,
  width: VariantWidth,
  format: VariantFormat,
): Promise<R2Object | "missing" | "failed"> {
  const key = variantKey(sourceKey, width, format.ext);
  const existing = await bucket.head(key);
  if (existing) return existing;
  // Once an original's variants could not be made, it is served as it is, not decoded on every request.
  if (await bucket.head(variantsFailedKey(sourceKey))) return "failed";
  const source = await bucket.get(sourceKey);
  if (!source) return "missing";
  try {
    const body = await transformImage(images, await source.arrayBuffer(), width, format);
    return await bucket.put(key, body, { httpMetadata: { contentType: format.mime } });
  } catch (error) {
    console.error("Image variant failed; recorded, not tried again", key, error);
    await bucket.put(variantsFailedKey(sourceKey), "").catch(() => {});
    return "failed";
  }
}

/**
 * One variant's bytes, through the Images binding: `width` pixels wide, never wider than the image
 * itself, in `format`. Read whole: R2 needs the length up front, and variants are small.
 */
export async function transformImage(images: ImagesBinding, bytes: ArrayBuffer, width: VariantWidth, format: VariantFormat): Promise<ArrayBuffer> {
  const info = await images.info(new Blob([bytes]).stream());
  const fit = "width" in info ? Math.min(width, info.width) : width;
  const result = await images
    .input(new Blob([bytes]).stream())
    .transform({ width: fit })
    .output({ format: format.mime });
  return new Response(result.image()).arrayBuffer();
}

/** Variants of the images under `keys`, for removing them with their original. */
export function variantKeysOf(keys: string[]): string[] {
  return keys.flatMap((key) =>
    variantSourceKey(mediaUrl(key)) ? [...VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => variantKey(key, w, f.ext))), variantsFailedKey(key)] : [],
  );
}

/** The record, beside an original, that its variants could not be made: they are not tried again. */
function variantsFailedKey(sourceKey: string) {
  return `${sourceKey}.variants-failed`;
}

// ----- Serving -----

// The public media route serves catalogue objects and creators' portfolios only; an order's files only through `private` serving.
/** Keys a request may name: catalogue media and creators' portfolios (public), an order's files (private). */
export const PUBLIC_KEY = /^(?:products|creators)\/\d+\/[A-Za-z0-9._-]+$/;
export const PRIVATE_KEY = /^orders\/\d+\/(deliveries|attachments)\/[A-Za-z0-9._-]+$/;
