/**
 * Admin reads and writes of the catalogue: create, edit, archive products and manage their media.
 * Every write that changes what the shop shows ends with `catalogueChanged()`, so cached catalogue
 * pages and API reads are fresh at once; routes never purge anything themselves.
 */
import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { packages, productMedia, products, productTags, tags, type MediaKind } from "../../db/schema";
import { packageMinor, type ProductDetails } from "~/lib/schemas/product";
import { MEDIA_PER_PRODUCT } from "~/lib/media-rules";
import { minorToDecimalString } from "~/lib/money";
import { totalPagesFor } from "~/lib/pagination";
import { checkMedia, MediaError, mediaKey } from "./media-upload.server";
import { catalogueChanged } from "./edge-cache.server";
import { mediaUrl } from "./products.server";

/**
 * Creates a product with its packages and tags in one D1 batch: all of it or nothing. D1 runs a
 * batch as one transaction with writes serialised, so `max(id)` inside it is the product just inserted.
 */
export async function createProduct(db: Database, details: ProductDetails): Promise<number> {
  const newId = sql`(SELECT max(${products.id}) FROM ${products})`;
  const [inserted] = await db.batch([
    db
      .insert(products)
      .values({
        title: details.title,
        descriptionHeading: details.description_heading,
        description: details.description,
        servicesOffered: details.services_offered,
      })
      .returning({ id: products.id }),
    db
      .insert(tags)
      .values(details.tags.map((name) => ({ name })))
      .onConflictDoNothing(),
    db.insert(productTags).select(
      db
        .select({ productId: sql<number>`${newId}`.as("product_id"), tagId: tags.id })
        .from(tags)
        .where(inArray(tags.name, details.tags)),
    ),
    db.insert(packages).values(
      details.packages.map((p, position) => ({
        productId: newId as unknown as number,
        position,
        currency: p.currency,
        amountMinor: packageMinor(p),
        shortDescription: p.short_description,
        itemsIncluded: p.items_included,
      })),
    ),
  ]);
  await catalogueChanged();
  return inserted[0]!.id;
}

export async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

async function nextPosition(db: Database, productId: number, kind: MediaKind) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${productMedia.position}) + 1, 0)` })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)));
  return row?.next ?? 0;
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
    while (read < 16) {
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
    head = head.slice(0, 16);
  }
  const type = checkMedia(kind, file.name, file.size, head);
  if (!(await productExists(db, productId))) throw new MediaError("Product not found");
  if (kind !== "thumbnail") await checkMediaQuota(db, productId, { [kind]: 1 });
  const key = mediaKey(productId, type.ext);
  await bucket.put(key, stream, { httpMetadata: { contentType: type.mime } });
  try {
    const old =
      kind === "thumbnail"
        ? await db
            .select({ id: productMedia.id, key: productMedia.r2Key })
            .from(productMedia)
            .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, "thumbnail")))
        : [];
    const position = kind === "thumbnail" ? 0 : await nextPosition(db, productId, kind);
    await db.batch([
      db.insert(productMedia).values({ productId, kind, r2Key: key, contentType: type.mime, size: file.size, position }),
      ...old.map((o) => db.delete(productMedia).where(eq(productMedia.id, o.id))),
    ]);
    if (old.length) await bucket.delete(old.map((o) => o.key));
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  await catalogueChanged();
  return { key, contentType: type.mime };
}

/** Checks a whole set of files before any is stored, so a bad file stores nothing. */
export async function checkFiles(files: { kind: MediaKind; file: File }[]) {
  for (const { kind, file } of files) checkMedia(kind, file.name, file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
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
      throw new MediaError(
        `A product can have at most ${limit} ${kind}s; this one has ${has}, so ${room === 0 ? `remove one before adding another` : `add at most ${room} more`}.`,
      );
    }
  }
}

export async function addFiles(db: Database, bucket: R2Bucket, productId: number, files: { kind: MediaKind; file: File }[]) {
  await checkFiles(files);
  await checkMediaQuota(db, productId, countByKind(files));
  for (const { kind, file } of files) {
    await addMedia(db, bucket, productId, kind, { name: file.name, size: file.size, body: new Uint8Array(await file.arrayBuffer()) });
  }
}

/** The admin products table: every product, archived ones too, newest first, in one round trip. */
export async function listAdminProducts(db: Database, page: number, limit: number) {
  const [[counted], rows] = await db.batch([
    db.select({ total: count() }).from(products),
    db
      .select({ id: products.id, title: products.title, description: products.description, archivedAt: products.archivedAt })
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map((r) => ({ id: r.id, title: r.title, description: r.description, archived: r.archivedAt !== null })),
    totalPages: totalPagesFor(total, limit),
  };
}

export interface EditableMedia {
  id: number;
  kind: MediaKind;
  url: string;
  contentType: string;
  size: number;
}

/** Everything the edit screen shows, as the form's values (amounts as typed decimals). */
export async function getProductForEdit(db: Database, id: number) {
  const [rows, media, pkgs, tagRows] = await db.batch([
    db.select().from(products).where(eq(products.id, id)).limit(1),
    db.select().from(productMedia).where(eq(productMedia.productId, id)).orderBy(asc(productMedia.kind), asc(productMedia.position), asc(productMedia.id)),
    db.select().from(packages).where(eq(packages.productId, id)).orderBy(asc(packages.position)),
    db
      .select({ name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, id))
      .orderBy(asc(tags.name)),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    archived: row.archivedAt !== null,
    values: {
      title: row.title,
      description_heading: row.descriptionHeading,
      description: row.description,
      services_offered: row.servicesOffered,
      tags: tagRows.map((t) => t.name),
      packages: pkgs.map((p) => ({
        short_description: p.shortDescription,
        items_included: p.itemsIncluded.join(", "),
        amount: minorToDecimalString(p.amountMinor, p.currency),
        currency: p.currency,
      })),
    },
    media: media.map((m): EditableMedia => ({ id: m.id, kind: m.kind, url: mediaUrl(m.r2Key), contentType: m.contentType, size: m.size })),
  };
}

/**
 * Saves every field of a product in one D1 batch (all or nothing). Packages are updated in place by
 * position, so orders keep pointing at the package they bought; packages past the new count go.
 * Returns false when there is no such product.
 */
export async function updateProduct(db: Database, id: number, details: ProductDetails): Promise<boolean> {
  // Products are archived, never deleted, so one that exists now still exists for the batch.
  if (!(await productExists(db, id))) return false;
  await db.batch([
    db
      .update(products)
      .set({
        title: details.title,
        descriptionHeading: details.description_heading,
        description: details.description,
        servicesOffered: details.services_offered,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id)),
    db
      .insert(tags)
      .values(details.tags.map((name) => ({ name })))
      .onConflictDoNothing(),
    db.delete(productTags).where(eq(productTags.productId, id)),
    db.insert(productTags).select(
      db
        .select({ productId: sql<number>`${id}`.as("product_id"), tagId: tags.id })
        .from(tags)
        .where(inArray(tags.name, details.tags)),
    ),
    db.delete(packages).where(and(eq(packages.productId, id), gte(packages.position, details.packages.length))),
    ...details.packages.map((p, position) => {
      const values = { currency: p.currency, amountMinor: packageMinor(p), shortDescription: p.short_description, itemsIncluded: p.items_included };
      return db
        .insert(packages)
        .values({ productId: id, position, ...values })
        .onConflictDoUpdate({ target: [packages.productId, packages.position], set: values });
    }),
  ]);
  await catalogueChanged();
  return true;
}

export async function renameProduct(db: Database, id: number, title: string) {
  await db.update(products).set({ title, updatedAt: new Date() }).where(eq(products.id, id));
  await catalogueChanged();
}

/** Archived products leave the shop (listing, search, checkout) but stay readable for old orders. */
export async function setArchived(db: Database, id: number, archived: boolean): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ archivedAt: archived ? sql`coalesce(${products.archivedAt}, ${Date.now()})` : null, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (rows.length) await catalogueChanged();
  return rows.length > 0;
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
  await bucket.delete(row.key);
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
