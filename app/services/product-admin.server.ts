/** Admin writes to the catalogue: create products and attach media. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { packages, productMedia, products, productTags, tags, type MediaKind } from "../../db/schema";
import type { ProductDetails } from "~/lib/schemas/product";
import { checkMedia, MediaError, mediaKey } from "./media-upload.server";

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
    db.insert(tags).values(details.tags.map((name) => ({ name }))).onConflictDoNothing(),
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
        amountMinor: Math.round(p.amount * 100),
        shortDescription: p.short_description,
        itemsIncluded: p.items_included,
      })),
    ),
  ]);
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
    (async () => {
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
  const key = mediaKey(productId, type.ext);
  await bucket.put(key, stream, { httpMetadata: { contentType: type.mime } });
  try {
    const old =
      kind === "thumbnail"
        ? await db.select({ id: productMedia.id, key: productMedia.r2Key }).from(productMedia).where(and(eq(productMedia.productId, productId), eq(productMedia.kind, "thumbnail")))
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
  return { key, contentType: type.mime };
}

/** Checks a whole set of files before any is stored, so a bad file stores nothing. */
export async function checkFiles(files: { kind: MediaKind; file: File }[]) {
  for (const { kind, file } of files) checkMedia(kind, file.name, file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
}

export async function addFiles(db: Database, bucket: R2Bucket, productId: number, files: { kind: MediaKind; file: File }[]) {
  await checkFiles(files);
  for (const { kind, file } of files) {
    await addMedia(db, bucket, productId, kind, { name: file.name, size: file.size, body: new Uint8Array(await file.arrayBuffer()) });
  }
}
