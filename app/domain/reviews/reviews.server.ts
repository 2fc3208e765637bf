/**
 * Verified reviews: only the customer of a completed order may review it, once, within
 * REVIEW_WINDOW_DAYS of its completion, and edit the review within EDIT_WINDOW_DAYS. The studio may
 * answer each review once and hide one only for a policy reason (who, when and why are kept); it
 * can never change a review's stars or words. Each product's figures (`product_ratings`: count, sum,
 * the distribution, how many were hidden) change in the same batch as the review that changes them,
 * and only when that review's own statement changed a row, so concurrent writes keep them exact.
 */
import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import { queryBuilder, type Database } from "../../../db/client";
import { builtOnce } from "~/platform/built-once.server";
import { orderEvents, orders, productRatings, products, reviews, users } from "../../../db/schema";
import { packageName } from "~/lib/rules/packages";
import { totalPagesFor } from "~/lib/pagination";
import type { ReviewInput, ReviewSort } from "~/lib/schemas/review";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { refuse } from "../refusal";
import { ratingFrom, type Rating } from "./rating";
import { reviewerNameOf } from "./reviewer-name";
import { readBillingSnapshot } from "../money/billing-snapshot";
import { countryName } from "~/lib/countries";

export { ratingFrom, reviewerNameOf, type Rating };

import { EDIT_WINDOW_DAYS, REVIEW_WINDOW_DAYS, REVIEWS_PER_PAGE } from "./review-rules";
import { onSale } from "../catalogue/on-sale";

export { EDIT_WINDOW_DAYS, REVIEW_WINDOW_DAYS, REVIEWS_PER_PAGE };
const DAY_MS = 86_400_000;

export const REVIEW_MESSAGES = {
  notCompleted: "You can review an order once it is completed.",
  tooLate: `Reviews can be written within ${REVIEW_WINDOW_DAYS} days of an order's completion.`,
  already: "You have already reviewed this order.",
  none: "This order has no review yet.",
  editTooLate: `A review can be edited within ${EDIT_WINDOW_DAYS} days of writing it.`,
  replied: "The studio has already answered this review.",
  hidden: "This review is hidden already.",
  notFound: "Review not found",
} as const;

export interface ReviewView {
  id: number;
  rating: number;
  title: string | null;
  body: string;
  reviewer: string;
  /** The reviewer's billing country (ISO 3166-1 alpha-2), and their company where they chose to name it. */
  reviewer_country: string | null;
  reviewer_company: string | null;
  /** As shown beside the name: "Acme Ltd, United Kingdom", "United Kingdom", or null. */
  reviewer_from: string | null;
  package_name: string;
  verified_purchase: true;
  created_at: string;
  edited: boolean;
  edited_at: string | null;
  reply: { body: string; created_at: string } | null;
}

type ReviewRow = typeof reviews.$inferSelect;

function toView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    reviewer: row.userId === null ? "Former customer" : row.reviewerName,
    reviewer_country: row.reviewerCountry,
    reviewer_company: row.reviewerCompany,
    reviewer_from: [row.reviewerCompany, row.reviewerCountry ? countryName(row.reviewerCountry) : null].filter(Boolean).join(", ") || null,
    package_name: row.packageName,
    verified_purchase: true,
    created_at: row.createdAt.toISOString(),
    edited: row.editedAt !== null,
    edited_at: row.editedAt?.toISOString() ?? null,
    reply: row.reply && row.repliedAt ? { body: row.reply, created_at: row.repliedAt.toISOString() } : null,
  };
}

/** The column of a star count in `product_ratings`. */
function starsColumn(rating: number) {
  return [productRatings.stars1, productRatings.stars2, productRatings.stars3, productRatings.stars4, productRatings.stars5][rating - 1]!;
}
const STARS_KEYS = ["stars1", "stars2", "stars3", "stars4", "stars5"] as const;

/** Only when the statement just before it in the batch changed a row (SQLite's `changes()`, same transaction). */
const PREVIOUS_CHANGED = sql`changes() = 1`;

/** What the customer's order page needs to know about reviewing it. */
export interface ReviewState {
  /** May write a review now. */
  canReview: boolean;
  /** May edit the review now (it exists and is young enough). */
  canEdit: boolean;
  review: ReviewView | null;
  /** Until when a review can be written (ISO), once the order is completed. */
  reviewUntil: string | null;
  editUntil: string | null;
  /** The company the order was billed to, which the reviewer may choose to name (null: none). */
  company: string | null;
}

/** Where a review says its writer bought from: the order's billing country, and its company if they chose to name it. */
function reviewerPlace(billingSnapshot: string | null, nameCompany: boolean) {
  const billing = readBillingSnapshot(billingSnapshot);
  return { reviewerCountry: billing?.country ?? null, reviewerCompany: nameCompany ? (billing?.company ?? null) : null };
}

async function orderForReview(db: Database, userId: number, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      packagePosition: orders.packagePosition,
      workStatus: orders.workStatus,
      userName: users.name,
      billingSnapshot: orders.billingSnapshot,
      completedAt: sql<
        number | null
      >`(SELECT max(${orderEvents.createdAt}) FROM ${orderEvents} WHERE ${orderEvents.orderId} = ${orders.id} AND ${orderEvents.toStatus} = 'completed')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether the owner may review or edit, and the review if there is one (null: not the caller's order). */
export async function reviewState(db: Database, userId: number, orderId: number, now = Date.now()): Promise<ReviewState | null> {
  const [order, [review]] = await Promise.all([orderForReview(db, userId, orderId), db.select().from(reviews).where(eq(reviews.orderId, orderId)).limit(1)]);
  if (!order) return null;
  const completedAt = order.workStatus === "completed" && order.completedAt !== null ? Number(order.completedAt) : null;
  const reviewUntil = completedAt === null ? null : completedAt + REVIEW_WINDOW_DAYS * DAY_MS;
  const editUntil = review ? review.createdAt.getTime() + EDIT_WINDOW_DAYS * DAY_MS : null;
  return {
    canReview: !review && reviewUntil !== null && now <= reviewUntil,
    canEdit: Boolean(review && review.userId === userId && editUntil !== null && now <= editUntil && review.hiddenAt === null),
    review: review ? toView(review) : null,
    reviewUntil: reviewUntil === null ? null : new Date(reviewUntil).toISOString(),
    editUntil: editUntil === null ? null : new Date(editUntil).toISOString(),
    company: readBillingSnapshot(order.billingSnapshot)?.company ?? null,
  };
}

/**
 * The owner reviews a completed order: `not_found` for anyone else's, `conflict` when it is not
 * completed, past the window, or already reviewed (a second submit, however simultaneous, finds the
 * first: the insert is unique per order and the figures move only with it).
 */
export async function submitReview(db: Database, userId: number, orderId: number, input: ReviewInput, now = Date.now()): Promise<ReviewView> {
  const order = await orderForReview(db, userId, orderId);
  if (!order) throw refuse.notFound("Order not found");
  if (order.workStatus !== "completed" || order.completedAt === null) throw refuse.conflict(REVIEW_MESSAGES.notCompleted);
  if (now > Number(order.completedAt) + REVIEW_WINDOW_DAYS * DAY_MS) throw refuse.conflict(REVIEW_MESSAGES.tooLate);
  const at = new Date(now);
  const [, inserted] = await db.batch([
    db.insert(productRatings).values({ productId: order.productId }).onConflictDoNothing(),
    db
      .insert(reviews)
      .values({
        orderId,
        productId: order.productId,
        userId,
        reviewerName: reviewerNameOf(order.userName),
        packageName: packageName(order.packagePosition),
        ...reviewerPlace(order.billingSnapshot, input.name_company),
        rating: input.rating,
        title: input.title ?? null,
        body: input.body,
        createdAt: at,
      })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning(),
    db
      .update(productRatings)
      .set({
        count: sql`${productRatings.count} + 1`,
        sum: sql`${productRatings.sum} + ${input.rating}`,
        [STARS_KEYS[input.rating - 1]!]: sql`${starsColumn(input.rating)} + 1`,
      })
      .where(and(eq(productRatings.productId, order.productId), PREVIOUS_CHANGED)),
  ]);
  const review = inserted[0];
  if (!review) throw refuse.conflict(REVIEW_MESSAGES.already);
  // Cards and product pages show the figures: the edge's copies of them go stale now.
  await catalogueChanged();
  return toView(review);
}

/** The owner edits their review within EDIT_WINDOW_DAYS of writing it (marked edited); the figures follow its stars. */
export async function editReview(db: Database, userId: number, orderId: number, input: ReviewInput, now = Date.now()): Promise<ReviewView> {
  const [review] = await db
    .select()
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.orderId, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!review) {
    const order = await orderForReview(db, userId, orderId);
    throw order ? refuse.conflict(REVIEW_MESSAGES.none) : refuse.notFound("Order not found");
  }
  const row = review.reviews;
  if (now > row.createdAt.getTime() + EDIT_WINDOW_DAYS * DAY_MS) throw refuse.conflict(REVIEW_MESSAGES.editTooLate);
  if (row.hiddenAt !== null) throw refuse.conflict(REVIEW_MESSAGES.hidden);
  // Changed only from the stars read here: an edit that raced another one changes nothing and is refused.
  const edit = db
    .update(reviews)
    .set({
      rating: input.rating,
      title: input.title ?? null,
      body: input.body,
      reviewerCompany: reviewerPlace(review.orders.billingSnapshot, input.name_company).reviewerCompany,
      editedAt: new Date(now),
    })
    .where(and(eq(reviews.id, row.id), eq(reviews.rating, row.rating), isNull(reviews.hiddenAt)))
    .returning();
  const [updated] =
    input.rating === row.rating
      ? [await edit]
      : await db.batch([
          edit,
          db
            .update(productRatings)
            .set({
              sum: sql`${productRatings.sum} + ${input.rating - row.rating}`,
              [STARS_KEYS[row.rating - 1]!]: sql`${starsColumn(row.rating)} - 1`,
              [STARS_KEYS[input.rating - 1]!]: sql`${starsColumn(input.rating)} + 1`,
            })
            .where(and(eq(productRatings.productId, row.productId), PREVIOUS_CHANGED)),
        ]);
  if (!updated[0]) throw refuse.conflict("The review changed meanwhile: reload the page and try again.");
  await catalogueChanged();
  return toView(updated[0]);
}

/** The studio's one public answer to a review of this product. */
export async function replyToReview(db: Database, productId: number, reviewId: number, body: string, now = Date.now()): Promise<ReviewView> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
    .limit(1);
  if (!row) throw refuse.notFound(REVIEW_MESSAGES.notFound);
  const [updated] = await db
    .update(reviews)
    .set({ reply: body, repliedAt: new Date(now) })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning();
  if (!updated) throw refuse.conflict(REVIEW_MESSAGES.replied);
  await catalogueChanged();
  return toView(updated);
}

/** Hides a review for a policy reason, keeping who and why; the product's figures drop it and count it as hidden. */
export async function hideReview(
  db: Database,
  productId: number,
  reviewId: number,
  adminId: number,
  reason: NonNullable<ReviewRow["hiddenReason"]>,
  now = Date.now(),
): Promise<ReviewView> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
    .limit(1);
  if (!row) throw refuse.notFound(REVIEW_MESSAGES.notFound);
  const [hidden] = await db.batch([
    db
      .update(reviews)
      .set({ hiddenAt: new Date(now), hiddenReason: reason, hiddenBy: adminId })
      // From the stars read here (an edit racing the hide leaves it refused, not the figures wrong).
      .where(and(eq(reviews.id, reviewId), eq(reviews.rating, row.rating), isNull(reviews.hiddenAt)))
      .returning(),
    db
      .update(productRatings)
      .set({
        count: sql`${productRatings.count} - 1`,
        sum: sql`${productRatings.sum} - ${row.rating}`,
        [STARS_KEYS[row.rating - 1]!]: sql`${starsColumn(row.rating)} - 1`,
        hidden: sql`${productRatings.hidden} + 1`,
      })
      .where(and(eq(productRatings.productId, productId), PREVIOUS_CHANGED)),
  ]);
  if (!hidden[0]) throw refuse.conflict(REVIEW_MESSAGES.hidden);
  await catalogueChanged();
  return toView(hidden[0]);
}

export interface ProductReviews {
  data: ReviewView[];
  rating: Rating;
  /** How many shown reviews gave each number of stars, 1 to 5. */
  distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
  hidden: number;
  totalPages: number;
}

const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * The product page's reads of its reviews, built once per isolate (the page is the shop's busiest):
 * whether the product is on sale, its figures, and a page of its shown reviews in each order.
 */
const productReviewStatements = (() => {
  const productId = sql.placeholder("productId");
  const page = (sort: ReviewSort) =>
    builtOnce(getTableColumns(reviews), (selection) =>
      queryBuilder
        .select(selection)
        .from(reviews)
        .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
        .orderBy(...ORDERS[sort])
        .limit(REVIEWS_PER_PAGE)
        .offset(sql.placeholder("offset")),
    );
  return {
    found: builtOnce({ id: products.id }, (selection) =>
      queryBuilder
        .select(selection)
        .from(products)
        .where(and(eq(products.id, productId), onSale()))
        .limit(1),
    ),
    figures: builtOnce(getTableColumns(productRatings), (selection) =>
      queryBuilder.select(selection).from(productRatings).where(eq(productRatings.productId, productId)).limit(1),
    ),
    pages: { newest: page("newest"), highest: page("highest"), lowest: page("lowest") } satisfies Record<ReviewSort, unknown>,
  };
})();

/**
 * The reads of a page of a product's shown reviews (REVIEWS_PER_PAGE) and its figures, for a
 * caller's batch (the product page sends them with the product's own); `read` takes their results.
 */
export function productReviewsReads(db: Database, productId: number, page: number, sort: ReviewSort) {
  const { figures, pages } = productReviewStatements;
  const values = { productId, offset: (page - 1) * REVIEWS_PER_PAGE };
  return {
    statements: [figures.bind(db, values), pages[sort].bind(db, values)],
    read([figureRows, rows]: readonly D1Result[]): ProductReviews {
      const f = figures.rowsOf(figureRows!)[0];
      return {
        data: pages[sort].rowsOf(rows!).map(toView),
        rating: ratingFrom(f),
        distribution: { "1": f?.stars1 ?? 0, "2": f?.stars2 ?? 0, "3": f?.stars3 ?? 0, "4": f?.stars4 ?? 0, "5": f?.stars5 ?? 0 },
        hidden: f?.hidden ?? 0,
        totalPages: totalPagesFor(f?.count ?? 0, REVIEWS_PER_PAGE),
      };
    },
  };
}

/** A page of a live product's shown reviews (REVIEWS_PER_PAGE), with its figures; null when there is no such product. */
export async function listProductReviews(db: Database, productId: number, page = 1, sort: ReviewSort = "newest"): Promise<ProductReviews | null> {
  const { found } = productReviewStatements;
  const reads = productReviewsReads(db, productId, page, sort);
  const [foundRows, ...results] = await db.$client.batch([found.bind(db, { productId }), ...reads.statements]);
  return found.rowsOf(foundRows!)[0] ? reads.read(results) : null;
}

/** The figures recomputed from the reviews themselves (the reconciliation the tests run). */
export async function recomputedRatings(db: Database, productId: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL)`,
      sum: sql<number>`coalesce(sum(${reviews.rating}) FILTER (WHERE ${reviews.hiddenAt} IS NULL), 0)`,
      stars1: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL AND ${reviews.rating} = 1)`,
      stars2: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL AND ${reviews.rating} = 2)`,
      stars3: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL AND ${reviews.rating} = 3)`,
      stars4: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL AND ${reviews.rating} = 4)`,
      stars5: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NULL AND ${reviews.rating} = 5)`,
      hidden: sql<number>`count(*) FILTER (WHERE ${reviews.hiddenAt} IS NOT NULL)`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return row!;
}

/** A review as the studio's list shows it: the public view, its product, and whether and why it is hidden. */
export interface StudioReviewView extends ReviewView {
  product_id: number;
  product_title: string;
  hidden: { reason: NonNullable<ReviewRow["hiddenReason"]>; at: string } | null;
}

export const STUDIO_REVIEWS_PER_PAGE = 20;

/** Every review, newest first, hidden ones too (the studio's list), a page at a time. */
export async function listReviewsForStudio(db: Database, page = 1): Promise<{ data: StudioReviewView[]; totalPages: number }> {
  const [[counted], rows] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(reviews),
    db
      // Aliased: D1 keys a row's columns by name, and the review's own `title` would take its place.
      .select({ review: reviews, productTitle: sql<string>`${products.title}`.as("product_title") })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(STUDIO_REVIEWS_PER_PAGE)
      .offset((page - 1) * STUDIO_REVIEWS_PER_PAGE),
  ]);
  return {
    data: rows.map(({ review, productTitle }) => ({
      ...toView(review),
      product_id: review.productId,
      product_title: productTitle,
      hidden: review.hiddenAt && review.hiddenReason ? { reason: review.hiddenReason, at: review.hiddenAt.toISOString() } : null,
    })),
    totalPages: totalPagesFor(Number(counted?.n ?? 0), STUDIO_REVIEWS_PER_PAGE),
  };
}
