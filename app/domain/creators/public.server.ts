/**
 * Creators as the public sees them: "Made by" on a product, the list at /creators, a profile at
 * /creators/{slug}, the landing page's count, and the sitemap. Only creators who may show work
 * appear (active or away, with a profile address, not erased); never their email or anything else
 * private. Figures are the kept ones (`creator_figures`, migration 0047): a page reads a row per
 * creator it shows, however many orders the shop has.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryBuilder, type Database } from "../../../db/client";
import { builtOnce } from "~/platform/built-once.server";
import { creatorFigures, creatorMedia, creators, keptCounts, products, productCreators, productMedia, reviews, tags } from "../../../db/schema";
import { countryName } from "~/lib/countries";
import { totalPagesFor } from "~/lib/pagination";
import { CREATORS_PAGE_SIZE, toCreatorFigures, windowStart, type CreatorFigures } from "~/lib/rules/creator-figures";
import { mediaUrl } from "../media/media.server";
import { onSale } from "../catalogue/on-sale";
import { refuse } from "../refusal";

export const CREATOR_NOT_FOUND = "Creator not found";

/** May the public see this creator? */
export const publicCreator: SQL = and(inArray(creators.status, ["active", "away"]), isNotNull(creators.slug), isNull(creators.erasedAt))!;

/** A product's creator as the API's products carry it. */
export interface CreatorCredit {
  id: number;
  slug: string;
  display_name: string;
  avatar_url: string | null;
  country: string | null;
  lead: boolean;
}

/** A creator's card ("Made by", the list): the credit, where they are, what they do, and their figures. */
export interface CreatorCard extends Omit<CreatorCredit, "lead"> {
  country_name: string | null;
  headline: string;
  skills: string[];
  available: boolean;
  figures: CreatorFigures;
}

const avatarKey = sql<
  string | null
>`(SELECT ${creatorMedia.r2Key} FROM ${creatorMedia} WHERE ${creatorMedia.creatorId} = ${creators.id} AND ${creatorMedia.kind} = 'avatar' ORDER BY ${creatorMedia.id} DESC LIMIT 1)`.as(
  "avatar_key",
);

const cardColumns = {
  id: creators.id,
  slug: creators.slug,
  name: creators.name,
  country: creators.country,
  headline: creators.headline,
  skills: creators.skills,
  status: creators.status,
  avatarKey,
  completed: creatorFigures.completed,
  measured: creatorFigures.measured,
  onTime: creatorFigures.onTime,
  ratingCount: creatorFigures.ratingCount,
  ratingSum: creatorFigures.ratingSum,
  recentCompleted: creatorFigures.recentCompleted,
};
type CardRow = {
  id: number;
  slug: string | null;
  name: string;
  country: string | null;
  headline: string;
  skills: string[];
  status: string;
  avatarKey: string | null;
  completed: number | null;
  measured: number | null;
  onTime: number | null;
  ratingCount: number | null;
  ratingSum: number | null;
  recentCompleted: number | null;
};

function toCard(row: CardRow): CreatorCard {
  return {
    id: row.id,
    slug: row.slug ?? "",
    display_name: row.name,
    avatar_url: row.avatarKey ? mediaUrl(row.avatarKey) : null,
    country: row.country,
    country_name: row.country ? countryName(row.country) : null,
    headline: row.headline,
    skills: row.skills,
    available: row.status === "active",
    figures: toCreatorFigures({
      completed: row.completed ?? 0,
      measured: row.measured ?? 0,
      onTime: row.onTime ?? 0,
      ratingCount: row.ratingCount ?? 0,
      ratingSum: row.ratingSum ?? 0,
      recentCompleted: row.recentCompleted ?? 0,
    }),
  };
}

export function creditOf(card: CreatorCard, lead: boolean): CreatorCredit {
  return { id: card.id, slug: card.slug, display_name: card.display_name, avatar_url: card.avatar_url, country: card.country, lead };
}

/** Product ids as a list, or a sub-select of them (a page's). */
type ProductIds = number[] | SQLWrapper;

const productCreatorColumns = { ...cardColumns, productId: productCreators.productId, lead: productCreators.lead };

function productCreatorsFrom(builder: Database | typeof queryBuilder, selection: typeof productCreatorColumns, productIds: ProductIds) {
  // A statement of its own in a batch needs the client; a statement built once, the bare builder.
  return (
    (builder as Database)
      .select(selection)
      // The products' rows first, then each one's creator (a CROSS JOIN keeps that order in SQLite:
      // left to the planner, it walked every public creator at the benchmark's scale).
      .from(productCreators)
      .crossJoin(creators)
      .leftJoin(creatorFigures, eq(creatorFigures.creatorId, creators.id))
      .where(and(inArray(productCreators.productId, productIds), eq(creators.id, productCreators.creatorId), publicCreator))
      .orderBy(asc(productCreators.productId), asc(productCreators.position))
  );
}

/** These products' public creators (in each product's order), for a catalogue batch: `productIds` may be a sub-select. */
export function productCreatorsQuery(db: Database, productIds: ProductIds) {
  return productCreatorsFrom(db, productCreatorColumns, productIds);
}

/** One product's public creators, built once (the product page's busiest read path): bind `{ id }`. */
export const productCreatorsStatement = builtOnce(productCreatorColumns, (selection) =>
  productCreatorsFrom(queryBuilder, selection, sql`(${sql.placeholder("id")})`),
);

export type ProductCreatorRow = CardRow & { productId: number; lead: boolean };

/** Product id → its creators' cards (and whether each leads), from `productCreatorsQuery`'s rows. */
export function cardsByProduct(rows: readonly ProductCreatorRow[]): Map<number, { card: CreatorCard; lead: boolean }[]> {
  const out = new Map<number, { card: CreatorCard; lead: boolean }[]>();
  for (const row of rows) {
    const list = out.get(row.productId) ?? [];
    list.push({ card: toCard(row), lead: row.lead });
    out.set(row.productId, list);
  }
  return out;
}

/** The kept count of public creators that match a filter: all, a country's, a skill's, or a skill's in a country. */
function countScope(filter: CreatorFilter) {
  if (filter.skill) return filter.country ? "creator_skill_country" : "creator_skill";
  return filter.country ? "creator_country" : "creators";
}
function countKey(filter: CreatorFilter) {
  // A skill and a country are joined by the unit separator (char(31)), which no name contains.
  return [filter.skill, filter.country].filter(Boolean).join("\u001f");
}

export interface CreatorFilter {
  skill?: string | undefined;
  country?: string | undefined;
}

function filterWhere(filter: CreatorFilter): SQL {
  return and(
    // The figures' copies lead the list's indexes; the creator's own columns are checked too.
    eq(creatorFigures.shown, true),
    filter.country ? eq(creatorFigures.country, filter.country) : undefined,
    publicCreator,
    filter.country ? eq(creators.country, filter.country) : undefined,
    filter.skill ? sql`EXISTS (SELECT 1 FROM json_each(${creators.skills}) WHERE value = ${filter.skill})` : undefined,
  )!;
}

/**
 * A page of the public creators, ranked as CREATORS_RANKING_RULE says (completed orders in the last
 * 12 months, then rating, then the earliest invited), filtered by skill and country.
 */
export async function listPublicCreators(db: Database, filter: CreatorFilter, page: number, limit = CREATORS_PAGE_SIZE) {
  const where = filterWhere(filter);
  const [rows, counted] = await db.batch([
    // The ranking's index walked in order, each row's creator checked (a CROSS JOIN keeps that order
    // in SQLite), until the page is full: the rows read follow the page, not how many creators there are.
    db
      .select(cardColumns)
      .from(creatorFigures)
      .crossJoin(creators)
      .where(and(eq(creators.id, creatorFigures.creatorId), where))
      .orderBy(desc(creatorFigures.recentCompleted), desc(creatorFigures.ratingRank), asc(creatorFigures.creatorId))
      .limit(limit)
      .offset((page - 1) * limit),
    // How many: a kept count, whichever the filters (migration 0047).
    db
      .select({ n: keptCounts.n })
      .from(keptCounts)
      .where(and(eq(keptCounts.scope, countScope(filter)), eq(keptCounts.key, countKey(filter)))),
  ]);
  const total = counted[0]?.n ?? 0;
  return { data: rows.map(toCard), page, total, totalPages: totalPagesFor(total, limit) };
}

/** The countries the list can be filtered by (those public creators are in: kept counts), and the skills (the shop's tags, which creators choose theirs from). */
export async function creatorFilterChoices(db: Database): Promise<{ countries: { code: string; name: string }[]; skills: string[] }> {
  const [countries, skills] = await db.batch([
    db
      .select({ code: keptCounts.key })
      .from(keptCounts)
      .where(and(eq(keptCounts.scope, "creator_country"), gt(keptCounts.n, 0))),
    db.select({ value: tags.name }).from(tags).orderBy(asc(tags.name)).limit(200),
  ]);
  return {
    countries: countries.map((c) => ({ code: c.code, name: countryName(c.code) })).sort((a, b) => a.name.localeCompare(b.name)),
    skills: skills.map((s) => s.value),
  };
}

/** A public profile's reviews shown per page. */
export const PROFILE_REVIEWS = 10;
/** A public profile's products shown (those on sale they make). */
export const PROFILE_PRODUCTS = 24;

export interface CreatorProfilePublic extends CreatorCard {
  bio: string;
  languages: string[];
  away_until: string | null;
  showreel: { url: string; content_type: string } | null;
  portfolio: { id: number; url: string; content_type: string; title: string }[];
  products: { id: number; title: string; image_url: string | null; lead: boolean }[];
  reviews: { id: number; rating: number; title: string | null; body: string; reviewer_name: string; product_id: number; created_at: string }[];
  joined_at: string;
}

/** One public creator's profile, by address: figures, showreel and pieces, their products on sale and the latest reviews of their work. */
export async function getPublicCreator(db: Database, slug: string): Promise<CreatorProfilePublic> {
  const [found] = await db
    .select({
      ...cardColumns,
      bio: creators.bio,
      languages: creators.languages,
      awayUntil: creators.awayUntil,
      activatedAt: creators.activatedAt,
      createdAt: creators.createdAt,
    })
    .from(creators)
    .leftJoin(creatorFigures, eq(creatorFigures.creatorId, creators.id))
    .where(and(eq(creators.slug, slug), publicCreator))
    .limit(1);
  if (!found) throw refuse.notFound(CREATOR_NOT_FOUND);
  const [media, made, reviewed] = await db.batch([
    db
      .select()
      .from(creatorMedia)
      .where(and(eq(creatorMedia.creatorId, found.id), inArray(creatorMedia.kind, ["showreel", "piece"])))
      .orderBy(asc(creatorMedia.position), asc(creatorMedia.id))
      .limit(14),
    db
      .select({
        id: products.id,
        title: products.title,
        lead: productCreators.lead,
        imageKey: sql<
          string | null
        >`(SELECT ${productMedia.r2Key} FROM ${productMedia} WHERE ${productMedia.productId} = ${products.id} AND ${productMedia.kind} IN ('thumbnail', 'image') ORDER BY ${productMedia.kind} = 'image', ${productMedia.position}, ${productMedia.id} LIMIT 1)`,
      })
      .from(productCreators)
      .innerJoin(products, eq(products.id, productCreators.productId))
      .where(and(eq(productCreators.creatorId, found.id), onSale()))
      .orderBy(desc(productCreators.lead), asc(products.title))
      .limit(PROFILE_PRODUCTS),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        reviewerName: reviews.reviewerName,
        productId: reviews.productId,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(eq(reviews.creatorId, found.id), isNull(reviews.hiddenAt)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PROFILE_REVIEWS),
  ]);
  const showreel = media.find((m) => m.kind === "showreel");
  return {
    ...toCard(found),
    bio: found.bio,
    languages: found.languages,
    away_until: found.status === "away" && found.awayUntil ? found.awayUntil.toISOString().slice(0, 10) : null,
    showreel: showreel ? { url: mediaUrl(showreel.r2Key), content_type: showreel.contentType } : null,
    portfolio: media.filter((m) => m.kind === "piece").map((m) => ({ id: m.id, url: mediaUrl(m.r2Key), content_type: m.contentType, title: m.title })),
    products: made.map((p) => ({ id: p.id, title: p.title, image_url: p.imageKey ? mediaUrl(p.imageKey) : null, lead: p.lead })),
    reviews: reviewed.map((r) => ({
      id: r.id,
      rating: r.rating,
      title: r.title,
      body: r.body,
      reviewer_name: r.reviewerName,
      product_id: r.productId,
      created_at: r.createdAt.toISOString(),
    })),
    joined_at: (found.activatedAt ?? found.createdAt).toISOString(),
  };
}

/** The landing page's count: public creators and the countries they are in (kept counts). */
export async function creatorHeadcount(db: Database): Promise<{ creators: number; countries: number }> {
  const [total, countries] = await db.batch([
    db
      .select({ n: keptCounts.n })
      .from(keptCounts)
      .where(and(eq(keptCounts.scope, "creators"), eq(keptCounts.key, ""))),
    db
      .select({ n: count() })
      .from(keptCounts)
      .where(and(eq(keptCounts.scope, "creator_country"), gt(keptCounts.n, 0))),
  ]);
  return { creators: total[0]?.n ?? 0, countries: countries[0]?.n ?? 0 };
}

/** Public creators' addresses for the sitemap (at most 5,000: one sitemap file). */
export async function sitemapCreators(db: Database): Promise<{ slug: string }[]> {
  const rows = await db.select({ slug: creators.slug }).from(creators).where(publicCreator).orderBy(asc(creators.id)).limit(5000);
  return rows.map((r) => ({ slug: r.slug! }));
}

/** Most creators whose 12-month window one scheduled run moves on. */
const WINDOW_BATCH = 300;

/**
 * Moves each creator's 12-month window to the one ending this month (the scheduled run, once a
 * month per creator): `recent_completed` becomes the sum of their months from the window's start.
 * One conditional statement per batch: a row already moved is not read again.
 */
export async function moveCreatorWindows(db: Database, now = Date.now()): Promise<number> {
  const from = windowStart(now);
  const result = await db.run(sql`
    UPDATE ${creatorFigures} SET
      recent_completed = (SELECT coalesce(sum(m.completed), 0) FROM creator_months m WHERE m.creator_id = ${creatorFigures.creatorId} AND m.month >= ${from}),
      window_from = ${from}
    WHERE window_from < ${from} AND creator_id IN (SELECT creator_id FROM creator_figures WHERE window_from < ${from} LIMIT ${sql.raw(String(WINDOW_BATCH))})`);
  return result.meta.changes ?? 0;
}
