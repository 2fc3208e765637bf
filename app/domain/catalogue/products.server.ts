/**
 * Catalogue reads. Every public page is one D1 round trip: the queries a page needs are sent
 * together with `db.batch`, scoped by a sub-select of the page's product ids.
 */
import type { PackageStage } from "~/lib/rules/stages";
import { and, asc, count, desc, eq, exists, getTableColumns, gt, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { queryBuilder, type Database } from "../../../db/client";
import { alias } from "drizzle-orm/sqlite-core";
import { productsFts } from "../../../db/fts";
import { productSearchMatch, SEARCH_COUNT_CAP, SEARCH_MAX_PAGES, SEARCH_WINDOW, SUGGEST_WINDOW } from "~/lib/product-search";
import { builtOnce } from "~/platform/built-once.server";
import {
  keptCounts,
  packageDeliveryDays,
  packageFigures,
  packages,
  productMedia,
  productRatings,
  products,
  productTags,
  tags,
  type PackageRow,
  type ProductMediaRow,
  type ProductRow,
} from "../../../db/schema";
import { ratingFrom, type Rating } from "../reviews/rating";
import { productReviewsReads, type ProductReviews } from "../reviews/reviews.server";
import { onSale } from "./on-sale";
import type { ReviewSort } from "~/lib/schemas/review";

export { onSale };
import { FIGURES_MIN_ORDERS, toPackageFigures, type PackageFigures } from "~/lib/rules/package-figures";
import { minorToDecimalString } from "~/lib/money-decimal";
import { packageName } from "~/lib/rules/packages";
import { totalPagesFor } from "~/lib/pagination";
import { mediaUrl } from "../media/media.server";
import { consumerTaxReads, type ConsumerTax } from "../money/tax.server";
import {
  cardsByProduct,
  creditOf,
  productCreatorsQuery,
  productCreatorsStatement,
  type CreatorCard,
  type CreatorCredit,
  type ProductCreatorRow,
} from "../creators/public.server";

export interface PackageView {
  id: number;
  position: number;
  /** Basic, Standard or Premium, from the position. */
  name: string;
  currency: string;
  /** Decimal string in major units, e.g. "499.00" (the JSON API's `amount`). */
  amount: string;
  amount_minor: number;
  short_description: string;
  items_included: string[];
  /** The package's promises: days from work start to delivery, revisions included, days per revision. */
  delivery_days: number;
  revisions: number;
  revision_days: number;
  /** The stages it is made in, in order; empty when it is made in one piece. */
  stages: PackageStage[];
}

export interface ProductView {
  id: number;
  title: string;
  description_heading: string;
  description: string;
  services_offered: string[];
  images: string[];
  videos: string[];
  video_thumbnail: string | null;
  packages: PackageView[];
  tags: string[];
  created_at: string;
  /** From the product's verified reviews: the average to one decimal (null without any) and the count. */
  rating: Rating;
  /** Who makes it (the lead first as admins ordered them); none: the studio makes it. */
  creators: CreatorCredit[];
}

export interface ProductFilter {
  tag?: string | undefined;
  /** Free text from the header search box: matches titles and tags. */
  q?: string | undefined;
}

export interface ProductPage {
  data: ProductView[];
  page: number;
  totalPages: number;
  total: number;
}

/**
 * Whether `column` contains `text` (at `start`: begins with it), ignoring ASCII case as LIKE does.
 * Not LIKE: D1 refuses a LIKE pattern longer than 50 bytes, which made a long search a 500; instr
 * has no such limit, and nothing in the text needs escaping.
 */
function containsText(column: unknown, text: unknown, { start = false } = {}): SQL {
  return start ? sql`instr(lower(${column}), lower(${text})) = 1` : sql`instr(lower(${column}), lower(${text})) > 0`;
}

/**
 * The tag a listing filters by, as a sub-select of its id: the tag of that name, else one whose name
 * differs only in case (tag names are kept as typed; two that differ only in case are rare).
 */
function tagIdNamed(name: unknown): SQL<number | null> {
  return sql`(SELECT ${tags.id} FROM ${tags} WHERE lower(${tags.name}) = lower(${name}) ORDER BY ${tags.name} = ${name} DESC, ${tags.id} LIMIT 1)`;
}

/**
 * A page of the listing's ids without a search, read from an index alone, newest first: the products
 * on sale (products_on_sale_idx), or a tag's (product_tags_listing_idx: `listed_at` is the product's
 * creation while it is on sale). The rows before the page cost an index entry each.
 */
function listedIds(tag: unknown, limit: unknown, offset: unknown, builder: Database | typeof queryBuilder = queryBuilder) {
  // A statement of its own in a batch (the API's page) needs the client; a sub-select or a statement built once, the bare builder.
  const qb = builder as Database;
  if (tag === undefined) {
    return qb
      .select({ id: products.id })
      .from(products)
      .where(onSale())
      .orderBy(...newestFirst)
      .limit(limit as number)
      .offset(offset as number);
  }
  return qb
    .select({ id: productTags.productId })
    .from(productTags)
    .where(and(eq(productTags.tagId, tagIdNamed(tag)), isNotNull(productTags.listedAt)))
    .orderBy(desc(productTags.listedAt), desc(productTags.productId))
    .limit(limit as number)
    .offset(offset as number);
}

/** How many products the listing has without a search: the count kept for all on sale, or for the tag. */
function listedCount(tag: unknown, builder: Database | typeof queryBuilder = queryBuilder) {
  return (builder as Database)
    .select({ count: keptCounts.n })
    .from(keptCounts)
    .where(
      tag === undefined
        ? and(eq(keptCounts.scope, "on_sale"), eq(keptCounts.key, ""))
        : and(eq(keptCounts.scope, "tag"), eq(keptCounts.key, sql`CAST(${tagIdNamed(tag)} AS TEXT)`)),
    );
}

/**
 * What the listing's condition compares with: a tag's name, the text from the search box.
 * Each is a value, or a `sql.placeholder` in a statement built once.
 */
interface ListingMatch {
  tag?: unknown;
  text?: unknown;
}

/**
 * The listing's match for a filter from the screen or the API: only what the filter sets; the
 * search text as an FTS5 query (`text`), or `nothing` when it has no words to search for.
 */
function listingMatch(filter: ProductFilter): { tag?: string; text?: string; nothing?: true } {
  const text = filter.q ? productSearchMatch(filter.q) : undefined;
  return { ...(filter.tag ? { tag: filter.tag } : {}), ...(text ? { text } : {}), ...(text === null ? { nothing: true as const } : {}) };
}

/** The search index's rows matching an FTS5 query (`productSearchMatch`), joined to their products. */
function ftsMatches(matchQuery: unknown): SQL {
  return sql`${productsFts} MATCH ${matchQuery}`;
}

/** Title words weigh most, then tags, services and the description (bm25). */
const rank = sql<number>`bm25(${productsFts}, 10.0, 1.0, 2.0, 5.0)`;

/**
 * A search's matches: the newest SEARCH_WINDOW products on sale that match (the index holds only
 * those; it iterates by product id and stops there), each with its rank, optionally only a tag's.
 * A search reads this window, not every match: at 20,000 products a common word matches thousands.
 */
function searchWindow(builder: Database | typeof queryBuilder, matchQuery: unknown, tag: unknown, window = SEARCH_WINDOW) {
  return (builder as Database)
    .select({ id: sql<number>`${productsFts.rowid}`.as("hit_id"), score: rank.as("score") })
    .from(productsFts)
    .where(and(ftsMatches(matchQuery), tag === undefined ? undefined : inArray(productsFts.rowid, tagProducts(tag))))
    .orderBy(desc(productsFts.rowid))
    .limit(window)
    .as("hits");
}

/** A page of a search's window, best ranked first (the newer product first among equals), as ids. */
function searchPage(builder: Database | typeof queryBuilder, matchQuery: unknown, tag: unknown, limit: unknown, offset: unknown) {
  const hits = searchWindow(builder, matchQuery, tag);
  return (builder as Database)
    .select({ id: hits.id, score: hits.score })
    .from(hits)
    .orderBy(asc(hits.score), desc(hits.id))
    .limit(limit as number)
    .offset(offset as number);
}

/** How many products a search finds, counted in the index up to SEARCH_COUNT_CAP + 1 ('250+ results'). */
function searchCount(builder: Database | typeof queryBuilder, matchQuery: unknown, tag: unknown) {
  const qb = builder as Database;
  // Named: a statement built once reads its rows by column name.
  return qb.select({ count: count().as("count") }).from(
    qb
      .select({ one: sql`1`.as("one") })
      .from(productsFts)
      .where(and(ftsMatches(matchQuery), tag === undefined ? undefined : inArray(productsFts.rowid, tagProducts(tag))))
      .limit(SEARCH_COUNT_CAP + 1)
      .as("found"),
  );
}

/** The products carrying the tag (by name, any case), as a sub-select of ids. */
function tagProducts(tag: unknown) {
  return queryBuilder
    .select({ id: productTags.productId })
    .from(productTags)
    .where(eq(productTags.tagId, tagIdNamed(tag)));
}

const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

/** The queries behind one page of whole products, ready for `db.batch`: the page's ids first (in the page's order). */
function pageQueries(db: Database, match: Omit<ReturnType<typeof listingMatch>, "nothing">, page: number, limit: number) {
  const text = match.text;
  const pageIds =
    text === undefined
      ? listedIds(match.tag, limit, (page - 1) * limit, db)
      : (() => {
          const ranked = searchPage(db, text, match.tag, limit, (page - 1) * limit).as("ranked");
          return db.select({ id: ranked.id }).from(ranked).orderBy(asc(ranked.score), desc(ranked.id));
        })();
  const counted = text === undefined ? listedCount(match.tag, db) : searchCount(db, text, match.tag);
  return [
    pageIds,
    counted,
    db.select().from(products).where(inArray(products.id, pageIds)),
    db.select().from(productMedia).where(inArray(productMedia.productId, pageIds)).orderBy(asc(productMedia.position), asc(productMedia.id)),
    db.select().from(packages).where(inArray(packages.productId, pageIds)).orderBy(asc(packages.position)),
    db
      .select({ productId: productTags.productId, name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, pageIds))
      .orderBy(asc(tags.name)),
    db.select(ratingColumns).from(productRatings).where(inArray(productRatings.productId, pageIds)),
    productCreatorsQuery(db, pageIds),
  ] as const;
}

/**
 * Tags some live product carries, as a condition on `tags`: each tag stops at its first row on sale
 * in product_tags_listing_idx (an index lookup; `listed_at` is set while the product is on sale).
 */
function tagInUse(): SQL {
  return exists(
    queryBuilder
      .select({ one: sql`1` })
      .from(productTags)
      .where(and(eq(productTags.tagId, tags.id), isNotNull(productTags.listedAt))),
  );
}

/** Every tag in use, alphabetical: the listing's filter chips and the API's tag list. */
const tagsInUse = builtOnce({ name: tags.name }, (selection) => queryBuilder.select(selection).from(tags).where(tagInUse()).orderBy(asc(tags.name)));

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export function toPackageView(row: PackageRow): PackageView {
  return {
    id: row.id,
    position: row.position,
    name: packageName(row.position),
    currency: row.currency,
    amount: minorToDecimalString(row.amountMinor, row.currency),
    amount_minor: row.amountMinor,
    short_description: row.shortDescription,
    items_included: row.itemsIncluded,
    delivery_days: row.deliveryDays,
    revisions: row.revisions,
    revision_days: row.revisionDays,
    stages: row.stages,
  };
}

function toProductView(
  row: ProductRow,
  media: ProductMediaRow[],
  pkgs: PackageRow[],
  tagNames: string[],
  rating: Rating,
  makers: { card: CreatorCard; lead: boolean }[],
): ProductView {
  const byKind = (kind: ProductMediaRow["kind"]) => media.filter((m) => m.kind === kind).map((m) => mediaUrl(m.r2Key));
  return {
    id: row.id,
    title: row.title,
    description_heading: row.descriptionHeading,
    description: row.description,
    services_offered: row.servicesOffered,
    images: byKind("image"),
    videos: byKind("video"),
    video_thumbnail: byKind("thumbnail")[0] ?? null,
    packages: pkgs.map(toPackageView),
    tags: tagNames,
    created_at: row.createdAt.toISOString(),
    rating,
    creators: makers.map(({ card, lead }) => creditOf(card, lead)),
  };
}

function assemble(
  rows: ProductRow[],
  media: ProductMediaRow[],
  pkgs: PackageRow[],
  tagRows: { productId: number; name: string }[],
  ratings: RatingRow[],
  creatorRows: readonly ProductCreatorRow[],
): ProductView[] {
  const mediaBy = groupBy(media, (m) => m.productId);
  const makersBy = cardsByProduct(creatorRows);
  const packagesBy = groupBy(pkgs, (p) => p.productId);
  const tagsBy = groupBy(tagRows, (t) => t.productId);
  const ratingBy = new Map(ratings.map((r) => [r.productId, r]));
  return rows.map((row) =>
    toProductView(
      row,
      mediaBy.get(row.id) ?? [],
      packagesBy.get(row.id) ?? [],
      (tagsBy.get(row.id) ?? []).map((t) => t.name),
      ratingFrom(ratingBy.get(row.id)),
      makersBy.get(row.id) ?? [],
    ),
  );
}

type RatingRow = { productId: number; count: number; sum: number };
const ratingColumns = { productId: productRatings.productId, count: productRatings.count, sum: productRatings.sum };

/** One page of live (not archived) products, newest first, in one D1 round trip. */
export async function listProducts(db: Database, filter: ProductFilter, page: number, limit: number): Promise<ProductPage> {
  const { nothing, ...match } = listingMatch(filter);
  if (nothing) return { data: [], page, total: 0, totalPages: totalPagesFor(0, limit) };
  const [ids, counted, unordered, media, pkgs, tagRows, ratings, creatorRows] = await db.batch(pageQueries(db, match, page, limit));
  // In the page's order (newest first, or a search's rank).
  const byId = new Map(unordered.map((row) => [row.id, row]));
  const rows = ids.map(({ id }) => byId.get(id)).filter((row) => row !== undefined);
  const searched = match.text !== undefined;
  const total = Math.min(counted[0]?.count ?? 0, searched ? SEARCH_COUNT_CAP : Number.MAX_SAFE_INTEGER);
  const totalPages = searched ? Math.min(SEARCH_MAX_PAGES, totalPagesFor(total, limit)) : totalPagesFor(total, limit);
  return { data: assemble(rows, media, pkgs, tagRows, ratings, creatorRows), page, total, totalPages };
}

/** What the listing shows of a product, and nothing more: the listing sends this to the browser. */
export interface ProductCardView {
  id: number;
  title: string;
  /** The first image, the first video and the video's thumbnail. */
  image: string | null;
  video: string | null;
  videoThumbnail: string | null;
  rating: Rating;
  /** The cheapest package's price. */
  from: { amount_minor: number; currency: string } | null;
}

/** The first media file of `kind` of the product in the enclosing query, as a correlated sub-select. */
function firstMediaKey(kind: ProductMediaRow["kind"]) {
  const first = queryBuilder
    .select({ key: productMedia.r2Key })
    .from(productMedia)
    .where(and(eq(productMedia.productId, products.id), eq(productMedia.kind, kind)))
    .orderBy(asc(productMedia.position), asc(productMedia.id))
    .limit(1);
  // Named: D1 returns rows as objects keyed by column name, and the sub-selects' would clash.
  return sql<string | null>`${first}`.as(kind);
}

/** A column of the cheapest package of the product in the enclosing query, as a correlated sub-select. */
function cheapestPackage<T>(column: typeof packages.amountMinor | typeof packages.currency) {
  const cheapest = queryBuilder
    .select({ value: column })
    .from(packages)
    .where(eq(packages.productId, products.id))
    .orderBy(asc(packages.amountMinor), asc(packages.position))
    .limit(1);
  return sql<T | null>`${cheapest}`.as(`cheapest_${column.name}`);
}

/** The product's review figures (count or sum) in the enclosing query, as a sub-select (its primary key). */
function ratingOfCard(column: typeof productRatings.count | typeof productRatings.sum) {
  const figure = queryBuilder.select({ value: column }).from(productRatings).where(eq(productRatings.productId, products.id)).limit(1);
  return sql<number | null>`${figure}`.as(`rating_${column.name}`);
}

/** What a listing page's statements are given: the filter's values and the page's window. */
type CatalogValues = ReturnType<typeof listingMatch> & { limit: number; offset: number };

/**
 * The listing's count and cards for one kind of filter (none, a tag, a search, both), built once:
 * each card is one row with only what a card shows, its first media of each kind and its cheapest
 * price as sub-selects (an index lookup each, for the page's rows only).
 */
function catalogStatements(match: ListingMatch) {
  const card = {
    id: products.id,
    title: products.title,
    image: firstMediaKey("image"),
    video: firstMediaKey("video"),
    thumbnail: firstMediaKey("thumbnail"),
    amountMinor: cheapestPackage<number>(packages.amountMinor),
    currency: cheapestPackage<string>(packages.currency),
    ratingCount: ratingOfCard(productRatings.count),
    ratingSum: ratingOfCard(productRatings.sum),
  };
  const tag = "tag" in match ? sql.placeholder("tag") : undefined;
  if (match.text !== undefined) {
    // A search reads its window of the index (the newest SEARCH_WINDOW matches, ranked), and only the page's products.
    const text = sql.placeholder("text");
    return {
      count: builtOnce({ count: count().as("count") }, () => searchCount(queryBuilder, text, tag)),
      cards: builtOnce(card, (selection) => {
        const ranked = searchPage(queryBuilder, text, tag, sql.placeholder("limit"), sql.placeholder("offset")).as("ranked");
        return queryBuilder.select(selection).from(ranked).innerJoin(products, eq(products.id, ranked.id)).orderBy(asc(ranked.score), desc(ranked.id));
      }),
    };
  }
  return {
    count: builtOnce({ count: keptCounts.n }, () => listedCount(tag)),
    cards: builtOnce(card, (selection) =>
      queryBuilder
        .select(selection)
        .from(products)
        .where(inArray(products.id, listedIds(tag, sql.placeholder("limit"), sql.placeholder("offset"))))
        .orderBy(...newestFirst),
    ),
  };
}

const catalogByFilterKind = new Map<string, ReturnType<typeof catalogStatements>>();

/** The statements for the parts of the listing's condition that `match` sets (tag, text, both or none). */
function catalogStatementsFor(match: ListingMatch) {
  const kind = Object.keys(match).join();
  let statements = catalogByFilterKind.get(kind);
  if (!statements) catalogByFilterKind.set(kind, (statements = catalogStatements(match)));
  return statements;
}

/**
 * The /products screen: a page of product cards plus every tag for the filter chips, in one round
 * trip, through statements built once (`builtOnce`: the listing is the shop's busiest page).
 */
export async function getCatalogPage(db: Database, filter: ProductFilter, page: number, limit: number) {
  const { nothing, ...match } = listingMatch(filter);
  if (nothing) return { data: [] as ProductCardView[], page, total: 0, totalPages: totalPagesFor(0, limit), capped: false, tags: await listTags(db) };
  const statements = catalogStatementsFor(match);
  const values: CatalogValues = { ...match, limit, offset: (page - 1) * limit };
  const [counted, cards, tagged] = await db.$client.batch([statements.count.bind(db, values), statements.cards.bind(db, values), tagsInUse.bind(db, {})]);
  const counting = statements.count.rowsOf(counted!)[0]?.count ?? 0;
  // A search counts up to its cap ('1,000+ results'), and pages stop at SEARCH_MAX_PAGES.
  const capped = match.text !== undefined && counting > SEARCH_COUNT_CAP;
  const totalCount = Math.min(counting, match.text !== undefined ? SEARCH_COUNT_CAP : counting);
  const url = (key: string | null) => (key === null ? null : mediaUrl(key));
  return {
    data: statements.cards.rowsOf(cards!).map((row): ProductCardView => ({
      id: row.id,
      title: row.title,
      image: url(row.image),
      video: url(row.video),
      videoThumbnail: url(row.thumbnail),
      from: row.amountMinor === null || row.currency === null ? null : { amount_minor: row.amountMinor, currency: row.currency },
      rating: ratingFrom(row.ratingCount === null || row.ratingSum === null ? null : { count: Number(row.ratingCount), sum: Number(row.ratingSum) }),
    })),
    page,
    total: totalCount,
    totalPages: match.text !== undefined ? Math.min(SEARCH_MAX_PAGES, totalPagesFor(totalCount, limit)) : totalPagesFor(totalCount, limit),
    capped,
    tags: tagsInUse.rowsOf(tagged!).map((t) => t.name),
  };
}

/** Tag names in use by live products, alphabetical. */
export async function listTags(db: Database): Promise<string[]> {
  return tagsInUse.rowsOf(await tagsInUse.bind(db, {}).all()).map((r) => r.name);
}

/** The product page's statements, built once (`builtOnce`): the product, its media, packages and tags. */
const productStatements = (() => {
  const id = sql.placeholder("id");
  const product = (live: boolean) =>
    builtOnce(getTableColumns(products), (selection) =>
      queryBuilder
        .select(selection)
        .from(products)
        .where(and(eq(products.id, id), live ? onSale() : undefined))
        .limit(1),
    );
  return {
    liveProduct: product(true),
    anyProduct: product(false),
    media: builtOnce(getTableColumns(productMedia), (selection) =>
      queryBuilder.select(selection).from(productMedia).where(eq(productMedia.productId, id)).orderBy(asc(productMedia.position), asc(productMedia.id)),
    ),
    packages: builtOnce(getTableColumns(packages), (selection) =>
      queryBuilder.select(selection).from(packages).where(eq(packages.productId, id)).orderBy(asc(packages.position)),
    ),
    rating: builtOnce(ratingColumns, (selection) => queryBuilder.select(selection).from(productRatings).where(eq(productRatings.productId, id)).limit(1)),
    // The product page's measured figures: packages with enough completed orders, with their day counts.
    figures: builtOnce(
      {
        packageId: packageFigures.packageId,
        completed: packageFigures.completed,
        onTime: packageFigures.onTime,
        revisionsUsed: packageFigures.revisionsUsed,
        days: packageDeliveryDays.days,
        orders: packageDeliveryDays.orders,
      },
      (selection) =>
        queryBuilder
          .select(selection)
          .from(packageFigures)
          .innerJoin(packages, eq(packages.id, packageFigures.packageId))
          .innerJoin(packageDeliveryDays, eq(packageDeliveryDays.packageId, packageFigures.packageId))
          .where(and(eq(packages.productId, id), gte(packageFigures.completed, FIGURES_MIN_ORDERS))),
    ),
    tags: builtOnce({ productId: productTags.productId, name: tags.name }, (selection) =>
      queryBuilder
        .select(selection)
        .from(productTags)
        .innerJoin(tags, eq(tags.id, productTags.tagId))
        .where(eq(productTags.productId, id))
        .orderBy(asc(tags.name)),
    ),
  };
})();

/**
 * One product with media, packages and tags (one round trip), or null when it does not exist.
 * Drafts and archived products are hidden unless `includeArchived` (admins, and old orders).
 */
export async function getProduct(db: Database, id: number, { includeArchived = false } = {}): Promise<ProductView | null> {
  const product = productReads(db, id, includeArchived);
  return product.read(await db.$client.batch(product.statements));
}

/**
 * A product's statements for a batch, and the reader of their results (in the same order). Without
 * `withRating` its rating is not read (the caller's batch reads the product's figures already) and
 * the view's rating is left empty for the caller to fill.
 */
function productReads(db: Database, id: number, includeArchived: boolean, { withRating = true } = {}) {
  const productRow = includeArchived ? productStatements.anyProduct : productStatements.liveProduct;
  return {
    statements: [
      productRow.bind(db, { id }),
      productStatements.media.bind(db, { id }),
      productStatements.packages.bind(db, { id }),
      productStatements.tags.bind(db, { id }),
      productCreatorsStatement.bind(db, { id }),
      ...(withRating ? [productStatements.rating.bind(db, { id })] : []),
    ],
    read([rows, media, pkgs, tagRows, creatorRows, rating]: readonly D1Result[]): ProductView | null {
      const row = productRow.rowsOf(rows!)[0];
      return row
        ? (assemble(
            [row],
            productStatements.media.rowsOf(media!),
            productStatements.packages.rowsOf(pkgs!),
            productStatements.tags.rowsOf(tagRows!),
            rating ? productStatements.rating.rowsOf(rating) : [],
            productCreatorsStatement.rowsOf(creatorRows!) as ProductCreatorRow[],
          )[0] ?? null)
        : null;
    },
    /** Its creators' cards ("Made by"), from the same results. */
    makers(results: readonly D1Result[]): { card: CreatorCard; lead: boolean }[] {
      return cardsByProduct(productCreatorsStatement.rowsOf(results[4]!) as ProductCreatorRow[]).get(id) ?? [];
    },
  };
}

/**
 * The product page for a visitor from `country` (null: unknown): the live product, what a consumer
 * there pays in tax when the rule table has a row of that country's own (else null), and a page of
 * its reviews, in one round trip.
 */
export async function getProductPage(
  db: Database,
  id: number,
  country: string | null,
  reviewsPage: { page: number; sort: ReviewSort },
): Promise<{
  product: ProductView;
  makers: { card: CreatorCard; lead: boolean }[];
  consumerTax: ConsumerTax | null;
  figures: Record<number, PackageFigures>;
  reviews: ProductReviews;
} | null> {
  // The product's rating is its reviews' figures, which the reviews' reads bring.
  const product = productReads(db, id, false, { withRating: false });
  const reviews = productReviewsReads(db, id, reviewsPage.page, reviewsPage.sort);
  const tax = country ? consumerTaxReads(db, country) : null;
  const results = await db.$client.batch([
    ...product.statements,
    productStatements.figures.bind(db, { id }),
    ...reviews.statements,
    ...(tax?.statements ?? []),
  ]);
  let at = product.statements.length;
  const view = product.read(results.slice(0, at));
  if (!view) return null;
  const figures = figuresFromRows(productStatements.figures.rowsOf(results[at++]!));
  const reviewsRead = reviews.read(results.slice(at, (at += reviews.statements.length)));
  return {
    product: { ...view, rating: reviewsRead.rating },
    makers: product.makers(results),
    figures,
    reviews: reviewsRead,
    consumerTax: tax ? tax.read(results.slice(at)) : null,
  };
}

/** Package id → its figures, from rows of (package counts × day bucket). */
function figuresFromRows(rows: { packageId: number; completed: number; onTime: number; revisionsUsed: number; days: number; orders: number }[]) {
  const out: Record<number, PackageFigures> = {};
  for (const [packageId, buckets] of groupBy(rows, (r) => r.packageId)) {
    const figures = toPackageFigures(buckets[0]!, buckets);
    if (figures) out[packageId] = figures;
  }
  return out;
}

/**
 * Tag suggestions for the search box: tags of live products containing `query`, those starting
 * with it first. An empty query suggests nothing.
 */
export async function suggestTags(db: Database, query: string, limit = 8): Promise<string[]> {
  const text = query.trim();
  if (!text) return [];
  const rows = await db
    .select({ name: tags.name, starts: sql<number>`${containsText(tags.name, text, { start: true })}` })
    .from(tags)
    .where(and(containsText(tags.name, text), tagInUse()))
    .orderBy(desc(sql`2`), asc(tags.name))
    .limit(limit);
  return rows.map((r) => r.name);
}

/** Product suggestions by title words, ranked (SPEC §7 defines the call; the screens do not use it). */
export async function suggestProducts(db: Database, query: string, limit = 8): Promise<{ id: number; title: string }[]> {
  const words = productSearchMatch(query);
  if (!words) return [];
  // Title words only, through the search index: the newest SUGGEST_WINDOW products on sale whose title has
  // every word as a word prefix, best ranked first.
  const hits = searchWindow(db, `title : (${words})`, undefined, SUGGEST_WINDOW);
  const best = db.select({ id: hits.id, score: hits.score }).from(hits).orderBy(asc(hits.score), desc(hits.id)).limit(limit).as("best");
  return db.select({ id: products.id, title: products.title }).from(best).innerJoin(products, eq(products.id, best.id)).orderBy(asc(best.score), desc(best.id));
}

/**
 * A product's first medium of a kind, as a column of a select from products. The outer product is
 * named with its table: in a select from one table Drizzle writes bare column names, and a bare
 * "id" inside the sub-select would be the medium's own.
 */
function firstMediaOf(kind: "image" | "video" | "thumbnail") {
  return sql<
    string | null
  >`(SELECT m.r2_key FROM ${productMedia} AS m WHERE m.product_id = "products"."id" AND m.kind = ${kind} ORDER BY m.position, m.id LIMIT 1)`;
}

/** A piece of delivered work shown on /examples: a service's showreel video, its poster and what it is. */
export interface ExampleView {
  productId: number;
  title: string;
  video: string;
  poster: string | null;
}

/**
 * The newest services on sale that show a video of work delivered with them (their first video and
 * its poster), for the examples page: at most `limit`, read by the listing's index and each
 * product's media index, whatever the size of the catalogue.
 */
export async function listExamples(db: Database, limit = 12): Promise<ExampleView[]> {
  const firstOf = (kind: "video" | "thumbnail") => firstMediaOf(kind);
  const rows = await db
    .select({ productId: products.id, title: products.title, video: firstOf("video"), poster: firstOf("thumbnail") })
    .from(products)
    .where(and(onSale(), sql`EXISTS (SELECT 1 FROM ${productMedia} AS m WHERE m.product_id = "products"."id" AND m.kind = 'video')`))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.flatMap((r) =>
    r.video ? [{ productId: r.productId, title: r.title, video: mediaUrl(r.video), poster: r.poster ? mediaUrl(r.poster) : null }] : [],
  );
}

/** A service's first picture, for the landing page's hero. */
export interface ShowcaseView {
  productId: number;
  title: string;
  image: string;
}

/**
 * The landing page's numbers, measured from the shop: the fastest package's delivery days, the
 * services on sale, and the creators the public sees and how many countries they are in (kept counts).
 */
export interface LandingFigures {
  fastestDays: number;
  services: number;
  creators: number;
  countries: number;
}

/**
 * What the landing page reads, in one round trip: the newest services on sale with a picture (their
 * first, at most `limit`, by the listing's index) and its numbers.
 */
/** The fewest delivery days of a package on sale, as a sub-select (named tables: Drizzle qualifies the columns of a join). */
function fastestPackage(db: Database) {
  const pk = alias(packages, "pk");
  const pr = alias(products, "pr");
  return db.select({ days: pk.deliveryDays }).from(pk).innerJoin(pr, eq(pr.id, pk.productId)).where(onSale(pr)).orderBy(asc(pk.deliveryDays)).limit(1);
}

export async function landingPage(db: Database, limit = 4): Promise<{ showcase: ShowcaseView[]; figures: LandingFigures }> {
  const firstImage = firstMediaOf("image");
  const [rows, [figures]] = await db.batch([
    db
      .select({ productId: products.id, title: products.title, image: firstImage })
      .from(products)
      .where(onSale())
      .orderBy(...newestFirst)
      .limit(limit * 2),
    // Rows read follow what the page shows, not how big the shop is: the count kept for the products
    // on sale, and the fastest package found by walking packages in order of their days (their index)
    // until one is on sale.
    db
      .select({
        services: keptCounts.n,
        fastestDays: sql<number | null>`(${fastestPackage(db)})`,
        creators: sql<number | null>`(SELECT n FROM kept_counts WHERE scope = 'creators' AND key = '')`,
        countries: sql<number>`(SELECT count(*) FROM kept_counts WHERE scope = 'creator_country' AND n > 0)`,
      })
      .from(keptCounts)
      .where(and(eq(keptCounts.scope, "on_sale"), eq(keptCounts.key, ""))),
  ]);
  return {
    showcase: rows.flatMap((r) => (r.image ? [{ productId: r.productId, title: r.title, image: mediaUrl(r.image) }] : [])).slice(0, limit),
    figures: {
      fastestDays: figures?.fastestDays ?? 0,
      services: figures?.services ?? 0,
      creators: figures?.creators ?? 0,
      countries: figures?.countries ?? 0,
    },
  };
}

// ----- The sitemap -----

/**
 * Product ids per sitemap file: far under the protocol's 50,000 URLs a file, so that a file reads
 * at most this many rows (the row target of a page); a shop of 20,000 products has 40 files.
 */
export const PRODUCTS_PER_SITEMAP = 500;

/** How many product sitemap files there are: id ranges of PRODUCTS_PER_SITEMAP up to the highest id (one index read). */
export async function productSitemapCount(db: Database): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).orderBy(desc(products.id)).limit(1);
  return Math.max(1, Math.ceil((row?.id ?? 0) / PRODUCTS_PER_SITEMAP));
}

/** Product sitemap file `n` (from 1): the products on sale with ids in its range, read by the primary key's range. */
export async function sitemapProducts(db: Database, n: number): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(gt(products.id, (n - 1) * PRODUCTS_PER_SITEMAP), lte(products.id, n * PRODUCTS_PER_SITEMAP), onSale()))
    .orderBy(asc(products.id));
}

/** When the catalogue on sale last changed (the listing's lastmod): the newest update, by its index. */
export async function catalogueLastModified(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: products.updatedAt }).from(products).where(onSale()).orderBy(desc(products.updatedAt)).limit(1);
  return row?.at ?? null;
}
