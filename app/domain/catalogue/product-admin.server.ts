/**
 * Admin reads and writes of the catalogue: create, edit, archive products and manage their media.
 * Every write that changes what the shop shows ends with `catalogueChanged()`, so cached catalogue
 * pages and API reads are fresh at once; routes never purge anything themselves.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { packages, productMedia, products, productTags, tags, type MediaKind } from "../../../db/schema";
import { packageMinor, type ProductDetails } from "~/lib/schemas/product";
import { minorToDecimalString } from "~/lib/money-decimal";
import { totalPagesFor } from "~/lib/pagination";
import { catalogueChanged } from "./catalogue-version.server";
import { mediaUrl } from "../media/media.server";
import { countOf, keptFigureQuery } from "../counts/kept-counts.server";
import { rowOf } from "../../../db/insert-select";
import { stagesDays, stagesRevisions, type PackageStage } from "~/lib/rules/stages";

/**
 * Creates a product with its packages and tags in one D1 batch: all of it or nothing; a draft
 * (`draft`) is kept off the shop until `publishProduct`. D1 runs a
 * batch as one transaction with writes serialised, so `max(id)` inside it is the product just inserted.
 */
export async function createProduct(db: Database, details: ProductDetails, { draft = false }: { draft?: boolean } = {}): Promise<number> {
  const newId = sql`(SELECT max(${products.id}) FROM ${products})`;
  const [inserted] = await db.batch([
    db
      .insert(products)
      .values({
        title: details.title,
        descriptionHeading: details.description_heading,
        description: details.description,
        servicesOffered: details.services_offered,
        // A draft is not on sale until an admin publishes it.
        publishedAt: draft ? null : new Date(),
      })
      .returning({ id: products.id }),
    db
      .insert(tags)
      .values(details.tags.map((name) => ({ name })))
      .onConflictDoNothing(),
    db.insert(productTags).select(
      db
        // listed_at: set by the trigger from the product (migration 0027).
        .select(rowOf(productTags, { productId: newId, tagId: tags.id, listedAt: sql`NULL` }))
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
        ...packageColumns(p),
      })),
    ),
  ]);
  await catalogueChanged();
  return inserted[0]!.id;
}

/**
 * A package's promises and stages as stored: a staged package promises its stages' days and revisions
 * (their sums), whatever `delivery_days` and `revisions` were given beside them.
 */
function packageColumns(p: ProductDetails["packages"][number]) {
  const stages: PackageStage[] = p.stages.map(({ name, share, days, revisions }) => ({ name: String(name), share, days, revisions }));
  const staged = stages.length > 0;
  return {
    deliveryDays: staged ? stagesDays(stages) : p.delivery_days,
    revisions: staged ? stagesRevisions(stages) : p.revisions,
    revisionDays: p.revision_days,
    stages,
  };
}

export async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/** Where a product stands for the studio: a draft (never on sale yet), published, or archived. */
export type ProductStatus = "draft" | "published" | "archived";

function statusOf(row: { archivedAt: Date | null; publishedAt: Date | null }): ProductStatus {
  return row.archivedAt ? "archived" : row.publishedAt ? "published" : "draft";
}

/** A product's status; null when there is no such product. */
export async function getProductStatus(db: Database, id: number): Promise<ProductStatus | null> {
  const [row] = await db.select({ archivedAt: products.archivedAt, publishedAt: products.publishedAt }).from(products).where(eq(products.id, id)).limit(1);
  return row ? statusOf(row) : null;
}

/**
 * Puts a draft on sale (a published or archived product stays as it is: publishing again changes
 * nothing). Returns its status; null when there is no such product.
 */
export async function publishProduct(db: Database, id: number): Promise<ProductStatus | null> {
  const rows = await db
    .update(products)
    .set({ publishedAt: sql`coalesce(${products.publishedAt}, ${Date.now()})`, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ archivedAt: products.archivedAt, publishedAt: products.publishedAt });
  if (!rows[0]) return null;
  await catalogueChanged();
  return statusOf(rows[0]);
}

/** The admin products table: every product, archived ones too, newest first, in one round trip. */
export async function listAdminProducts(db: Database, page: number, limit: number) {
  // The page's ids from products_created_idx alone; the count kept (kept_counts).
  const ids = db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted, rows] = await db.batch([
    keptFigureQuery(db, "products"),
    db
      .select({ id: products.id, title: products.title, description: products.description, archivedAt: products.archivedAt, publishedAt: products.publishedAt })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(desc(products.createdAt), desc(products.id)),
  ]);
  const total = countOf(counted);
  return {
    data: rows.map((r) => ({ id: r.id, title: r.title, description: r.description, archived: r.archivedAt !== null, status: statusOf(r) })),
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
    status: statusOf(row),
    values: {
      title: row.title,
      description_heading: row.descriptionHeading,
      description: row.description,
      services_offered: row.servicesOffered,
      tags: tagRows.map((t) => t.name),
      packages: pkgs.map((p) => ({
        short_description: p.shortDescription,
        items_included: p.itemsIncluded.join(", "),
        delivery_days: String(p.deliveryDays),
        revisions: String(p.revisions),
        revision_days: String(p.revisionDays),
        stages: p.stages.map((stage) => ({ name: stage.name, share: String(stage.share), days: String(stage.days), revisions: String(stage.revisions) })),
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
        // listed_at: set by the trigger from the product (migration 0027).
        .select(rowOf(productTags, { productId: id, tagId: tags.id, listedAt: sql`NULL` }))
        .from(tags)
        .where(inArray(tags.name, details.tags)),
    ),
    db.delete(packages).where(and(eq(packages.productId, id), gte(packages.position, details.packages.length))),
    ...details.packages.map((p, position) => {
      const values = {
        currency: p.currency,
        amountMinor: packageMinor(p),
        shortDescription: p.short_description,
        itemsIncluded: p.items_included,
        ...packageColumns(p),
      };
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
