/**
 * Promotion codes: whether a customer may use one on a service now (and why not), the discount it
 * gives, the redemption an order reserves, makes final or releases, and the admin's create, list,
 * update and end. The rules themselves are promotion-rules.ts (pure); this module reads their facts
 * and writes the statements.
 *
 * A code can never be redeemed past its limits: the order that uses it is inserted only where the
 * limits still hold, in the statement itself (`redeemableWhere`), and its redemption is reserved in
 * the same D1 batch (one transaction; D1 runs one at a time), so of simultaneous checkouts on the
 * last redemption exactly one gets an order and the others are refused with the reason before they
 * pay. Reserved and final redemptions count; a released one no longer does.
 */
import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { totalPagesFor } from "~/lib/pagination";
import type { Database } from "../../../db/client";
import { orders, products, promotionProducts, promotionRedemptions, promotions } from "../../../db/schema";
import { Refusal, refuse } from "../refusal";
import { minorToDecimalString } from "~/lib/money-decimal";
import { formatMoney } from "~/lib/money";
import { onSale } from "../catalogue/on-sale";
import type { PromotionInput } from "~/lib/schemas/promotion";
import {
  discountFor,
  normalisePromoCode,
  PROMO_MESSAGES,
  redemptionProblem,
  promotionStatus,
  type PromoDiscount,
  type PromotionStatus,
  type PromotionTerms,
} from "./promotion-rules";

export { PROMO_MESSAGES };
export type { PromotionInput };

/** The API's `error_code` of a refused code: the refusal is about `promo_code` (its message is the screen's). */
export const PROMO_CODE_REFUSED = "PROMO_CODE_REFUSED";

/** A refused code: `invalid` (422), its reason as the message and as the one field error, and PROMO_CODE_REFUSED. */
export function promotionRefusal(message: string): Refusal {
  return new Refusal("invalid", message, { errors: [message], code: PROMO_CODE_REFUSED });
}

/** Whether a refusal is a refused promotion code (the checkout shows it under the code's field). */
export function isPromotionRefusal(refusal: Refusal): boolean {
  return refusal.code === PROMO_CODE_REFUSED;
}

type PromotionRow = typeof promotions.$inferSelect;

function termsOf(row: PromotionRow): PromotionTerms {
  return {
    discount: discountOf(row),
    active: row.active,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    oncePerCustomer: row.oncePerCustomer,
    firstOrderOnly: row.firstOrderOnly,
  };
}

function discountOf(row: Pick<PromotionRow, "percentOff" | "amountOffMinor" | "currency">): PromoDiscount {
  return row.percentOff !== null
    ? { kind: "percent", percent: row.percentOff }
    : { kind: "amount", amountMinor: row.amountOffMinor ?? 0, currency: row.currency ?? "" };
}

// ----- What counts: the same SQL for the facts read and for the order's conditional insert -----

const COUNTED = sql`('reserved', 'final')`;
/**
 * The outer row's id, always qualified: Drizzle writes a column in a single-table select list
 * unqualified (`"id"`), which inside a subquery would name the subquery's own table's `id`.
 */
const PROMOTION_ID = sql`${sql.identifier("promotions")}.${sql.identifier("id")}`;
const PAID = sql`('succeeded', 'completed', 'refunded')`;

/** Reserved and final redemptions of the promotion of the row read (a query on `promotions`). */
const redemptionCount = () =>
  sql<number>`(SELECT count(*) FROM ${promotionRedemptions} WHERE ${promotionRedemptions.promotionId} = ${PROMOTION_ID} AND ${promotionRedemptions.status} IN ${COUNTED})`;
const customerUsed = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${promotionRedemptions} WHERE ${promotionRedemptions.promotionId} = ${PROMOTION_ID} AND ${promotionRedemptions.userId} = ${userId} AND ${promotionRedemptions.status} IN ${COUNTED})`;
const customerPaid = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.userId} = ${userId} AND ${orders.paymentStatus} IN ${PAID})`;
const customerReserved = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${promotionRedemptions} WHERE ${promotionRedemptions.userId} = ${userId} AND ${promotionRedemptions.status} = 'reserved')`;
const appliesTo = (productId: number) =>
  sql<number>`(${promotions.allProducts} OR EXISTS (SELECT 1 FROM ${promotionProducts} WHERE ${promotionProducts.promotionId} = ${PROMOTION_ID} AND ${promotionProducts.productId} = ${productId}))`;

/** Who uses a code on what: the customer, the service and its package's price. */
export interface PromotionUse {
  userId: number;
  productId: number;
  currency: string;
  subtotalMinor: number;
}

/** A code that may be used: the promotion and the discount it gives on this subtotal. */
export interface AppliedPromotion {
  id: number;
  code: string;
  discount: PromoDiscount;
  discountMinor: number;
}

export type PromotionCheck = { ok: true; promotion: AppliedPromotion } | { ok: false; message: string };

/**
 * Whether `code` (any case) may be used by this customer on this service now: the promotion and its
 * discount, or the reason it is refused (PROMO_MESSAGES). One read.
 */
export async function checkPromotion(db: Database, code: string, use: PromotionUse, now = Date.now()): Promise<PromotionCheck> {
  const normalised = normalisePromoCode(code);
  if (!normalised) return { ok: false, message: PROMO_MESSAGES.unknown };
  const [row] = await db
    .select({
      promotion: promotions,
      applies: appliesTo(use.productId).as("applies"),
      redemptions: redemptionCount().as("redemptions"),
      used: customerUsed(use.userId).as("used"),
      paid: customerPaid(use.userId).as("paid"),
      reserved: customerReserved(use.userId).as("reserved"),
    })
    .from(promotions)
    .where(eq(promotions.code, normalised))
    .limit(1);
  if (!row) return { ok: false, message: PROMO_MESSAGES.unknown };
  const terms = termsOf(row.promotion);
  const reason = redemptionProblem(
    terms,
    {
      appliesToProduct: Boolean(row.applies),
      currency: use.currency,
      redemptions: Number(row.redemptions),
      customerUsedCode: Boolean(row.used),
      customerHasPaidOrder: Boolean(row.paid),
      customerHasReservation: Boolean(row.reserved),
    },
    now,
  );
  if (reason) return { ok: false, message: reason };
  return {
    ok: true,
    promotion: { id: row.promotion.id, code: row.promotion.code, discount: terms.discount, discountMinor: discountFor(terms.discount, use.subtotalMinor) },
  };
}

/** The promotion a code names (any case), whatever its state: to compare with an order already made. */
export async function promotionIdByCode(db: Database, code: string): Promise<number | null> {
  const normalised = normalisePromoCode(code);
  if (!normalised) return null;
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, normalised)).limit(1);
  return row?.id ?? null;
}

/**
 * The condition, on a row of `promotions`, under which an order may still use it now: active and
 * within its dates, for this service and currency, under its cap, not used before by this customer
 * if once per customer, and for a first order only if the customer has no paid order and no other
 * reservation. The order's insert selects from `promotions` with it (orders.server.ts), so the check
 * and the write are one statement.
 */
export function redeemableWhere(promotionId: number, use: Omit<PromotionUse, "subtotalMinor">, now: number): SQL {
  return and(
    eq(promotions.id, promotionId),
    eq(promotions.active, true),
    sql`(${promotions.startsAt} IS NULL OR ${promotions.startsAt} <= ${now})`,
    sql`(${promotions.endsAt} IS NULL OR ${promotions.endsAt} > ${now})`,
    appliesTo(use.productId),
    sql`(${promotions.amountOffMinor} IS NULL OR ${promotions.currency} = ${use.currency})`,
    sql`(${promotions.maxRedemptions} IS NULL OR ${redemptionCount()} < ${promotions.maxRedemptions})`,
    sql`(NOT ${promotions.oncePerCustomer} OR NOT ${customerUsed(use.userId)})`,
    sql`(NOT ${promotions.firstOrderOnly} OR (NOT ${customerPaid(use.userId)} AND NOT ${customerReserved(use.userId)}))`,
  )!;
}

/**
 * The reservation, to follow the order's conditional insert in its batch: a `reserved` redemption
 * for the order this customer's key made, if it was made with the promotion (an order that was not
 * inserted reserves nothing; a replayed key finds its redemption already there).
 */
export function reservationStatement(db: Database, order: { userId: number; idempotencyKey: string; promotionId: number }, now: number) {
  return db
    .insert(promotionRedemptions)
    .select(
      db
        .select({
          id: sql`null`.as("id"),
          promotionId: sql`${orders.promotionId}`.as("promotion_id"),
          orderId: sql`${orders.id}`.as("order_id"),
          userId: sql`${orders.userId}`.as("user_id"),
          status: sql`'reserved'`.as("status"),
          createdAt: sql`${now}`.as("created_at"),
        })
        .from(orders)
        .where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey), eq(orders.promotionId, order.promotionId))),
    )
    .onConflictDoNothing();
}

/** In the batch that records an order's payment: its redemption becomes final (whatever it was: a paid order always counts). */
export function finalRedemptionStatement(db: Database, orderId: number) {
  return db
    .update(promotionRedemptions)
    .set({ status: "final" })
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        sql`${promotionRedemptions.status} <> 'final'`,
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.paymentStatus} IN ${PAID})`,
      ),
    );
}

/** In the batch that cancels an unpaid order (cancelled, expired or renewed): its reservation is released, if the order is now cancelled. */
export function releaseRedemptionStatement(db: Database, orderId: number) {
  return db
    .update(promotionRedemptions)
    .set({ status: "released" })
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        eq(promotionRedemptions.status, "reserved"),
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.paymentStatus} = 'canceled')`,
      ),
    );
}

// ----- Administration -----

/** A promotion as the API answers it and the admin screen lists it. */
export interface PromotionView {
  id: number;
  code: string;
  percent_off: number | null;
  /** Major units as a decimal string ("10.00"), with `currency`. */
  amount_off: string | null;
  currency: string | null;
  all_products: boolean;
  product_ids: number[];
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  once_per_customer: boolean;
  first_order_only: boolean;
  active: boolean;
  status: PromotionStatus;
  redemptions: { final: number; reserved: number };
  created_at: string;
}

export const PROMOTION_ADMIN_MESSAGES = {
  codeTaken: "A promotion with this code already exists",
  unknownProducts: "Choose services from the catalogue",
  notFound: "Promotion not found",
} as const;

/** Every promotion, newest first, with its services and redemptions (a handful of rows: read whole, in one batch). */
/** How many codes a page of the admin's list shows (and the API's, unless `limit` says otherwise). */
export const PROMOTIONS_PER_PAGE = 20;

/**
 * A page of promotions, newest first, with each one's redemptions (final and reserved): three
 * statements in one batch, each reading the page's codes only, however many there are.
 */
export async function listPromotions(
  db: Database,
  page = 1,
  perPage = PROMOTIONS_PER_PAGE,
  now = Date.now(),
): Promise<{ data: PromotionView[]; total: number; totalPages: number }> {
  const pageIds = db
    .select({ id: promotions.id })
    .from(promotions)
    .orderBy(sql`${promotions.createdAt} DESC`, sql`${promotions.id} DESC`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [[counted], data] = await Promise.all([
    db.select({ n: count() }).from(promotions),
    readPromotions(db, inArray(promotions.id, pageIds), now, { pageIds }),
  ]);
  const total = counted?.n ?? 0;
  return { data, total, totalPages: totalPagesFor(total, perPage) };
}

/** One promotion, or null. */
export async function getPromotion(db: Database, id: number, now = Date.now()): Promise<PromotionView | null> {
  const [found] = await readPromotions(db, eq(promotions.id, id), now, { id });
  return found ?? null;
}

async function readPromotions(db: Database, which: SQL, now: number, scope: { id: number } | { pageIds: SQLWrapper }): Promise<PromotionView[]> {
  const ofScope = (column: typeof promotionProducts.promotionId | typeof promotionRedemptions.promotionId) =>
    "id" in scope ? eq(column, scope.id) : inArray(column, scope.pageIds);
  const [rows, links, counts] = await db.batch([
    db
      .select()
      .from(promotions)
      .where(which)
      .orderBy(sql`${promotions.createdAt} DESC`, sql`${promotions.id} DESC`),
    db.select().from(promotionProducts).where(ofScope(promotionProducts.promotionId)).orderBy(asc(promotionProducts.productId)),
    db
      .select({ promotionId: promotionRedemptions.promotionId, status: promotionRedemptions.status, n: sql<number>`count(*)`.as("n") })
      .from(promotionRedemptions)
      .where(ofScope(promotionRedemptions.promotionId))
      .groupBy(promotionRedemptions.promotionId, promotionRedemptions.status),
  ]);
  return rows.map((row) => {
    const countOf = (status: "final" | "reserved") => Number(counts.find((c) => c.promotionId === row.id && c.status === status)?.n ?? 0);
    const redemptions = { final: countOf("final"), reserved: countOf("reserved") };
    return {
      id: row.id,
      code: row.code,
      percent_off: row.percentOff,
      amount_off: row.amountOffMinor !== null && row.currency ? minorToDecimalString(row.amountOffMinor, row.currency) : null,
      currency: row.percentOff !== null ? null : row.currency,
      all_products: row.allProducts,
      product_ids: row.allProducts ? [] : links.filter((l) => l.promotionId === row.id).map((l) => l.productId),
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      max_redemptions: row.maxRedemptions,
      once_per_customer: row.oncePerCustomer,
      first_order_only: row.firstOrderOnly,
      active: row.active,
      status: promotionStatus(row, redemptions.final + redemptions.reserved, now),
      redemptions,
      created_at: row.createdAt.toISOString(),
    };
  });
}

function promotionColumns(input: PromotionInput) {
  return {
    code: input.code,
    percentOff: input.discount.kind === "percent" ? input.discount.percent : null,
    amountOffMinor: input.discount.kind === "amount" ? input.discount.amountMinor : null,
    currency: input.discount.kind === "amount" ? input.discount.currency : null,
    allProducts: input.productIds === null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxRedemptions: input.maxRedemptions,
    oncePerCustomer: input.oncePerCustomer,
    firstOrderOnly: input.firstOrderOnly,
    active: input.active,
  };
}

/** Refuses a code another promotion has, or services that are not in the catalogue (422 with the field's message). */
async function checkAdminInput(db: Database, input: PromotionInput, id: number | null) {
  const [taken, known] = await db.batch([
    db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, input.code)).limit(1),
    db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.productIds?.length ? input.productIds : [0])),
  ]);
  if (taken[0] && taken[0].id !== id) throw refuse.invalid(PROMOTION_ADMIN_MESSAGES.codeTaken, [PROMOTION_ADMIN_MESSAGES.codeTaken]);
  if (input.productIds && known.length !== new Set(input.productIds).size)
    throw refuse.invalid(PROMOTION_ADMIN_MESSAGES.unknownProducts, [PROMOTION_ADMIN_MESSAGES.unknownProducts]);
}

function productRows(promotionId: number, productIds: number[] | null) {
  return [...new Set(productIds ?? [])].map((productId) => ({ promotionId, productId }));
}

/** Creates a promotion; refuses a code in use or unknown services. */
export async function createPromotion(db: Database, input: PromotionInput, now = Date.now()): Promise<PromotionView> {
  await checkAdminInput(db, input, null);
  // The unique index settles two creations of one code at once: the second inserts nothing and is refused below.
  const [created] = await db
    .insert(promotions)
    .values(promotionColumns(input))
    .onConflictDoNothing({ target: promotions.code })
    .returning({ id: promotions.id });
  if (!created) throw refuse.invalid(PROMOTION_ADMIN_MESSAGES.codeTaken, [PROMOTION_ADMIN_MESSAGES.codeTaken]);
  const links = productRows(created.id, input.productIds);
  if (links.length) await db.insert(promotionProducts).values(links).onConflictDoNothing();
  return (await getPromotion(db, created.id, now))!;
}

/**
 * Replaces a promotion's terms (and its services) with `input`. Orders already placed keep the
 * discount they were given; redemptions so far still count towards a new cap.
 */
export async function updatePromotion(db: Database, id: number, input: PromotionInput, now = Date.now()): Promise<PromotionView> {
  const [existing] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).limit(1);
  if (!existing) throw refuse.notFound(PROMOTION_ADMIN_MESSAGES.notFound);
  await checkAdminInput(db, input, id);
  const links = productRows(id, input.productIds);
  await db.batch([
    db.update(promotions).set(promotionColumns(input)).where(eq(promotions.id, id)),
    db.delete(promotionProducts).where(eq(promotionProducts.promotionId, id)),
    ...(links.length ? [db.insert(promotionProducts).values(links).onConflictDoNothing()] : []),
  ]);
  return (await getPromotion(db, id, now))!;
}

/**
 * Ends a promotion now: no longer active, its end set to this moment (customers are told it has
 * expired). Orders that reserved it may still be paid with their discount. Ending twice changes nothing.
 */
export async function endPromotion(db: Database, id: number, now = Date.now()): Promise<PromotionView> {
  const [ended] = await db
    .update(promotions)
    .set({ active: false, endsAt: sql`CASE WHEN ${promotions.endsAt} IS NULL OR ${promotions.endsAt} > ${now} THEN ${now} ELSE ${promotions.endsAt} END` })
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id });
  if (!ended) throw refuse.notFound(PROMOTION_ADMIN_MESSAGES.notFound);
  return (await getPromotion(db, id, now))!;
}

/** The services a promotion may be limited to, as the admin's form lists them (the catalogue's, by title). */
export async function promotionProductChoices(db: Database): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(sql`${products.archivedAt} IS NULL`)
    .orderBy(asc(products.title), asc(products.id));
}

/** What the listing's banner says of a promotion anyone may use now: its code, what it gives, where and until when. */
export interface FeaturedPromotion {
  code: string;
  /** "20% off", "£50.00 off". */
  gives: string;
  /** The services it applies to, or every service. */
  products: { id: number; title: string }[] | "all";
  /** What follows: until when, and whether only on a first order (", until 31 Dec 2026"), or "". */
  terms: string;
}

const untilDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The promotion the listing's banner shows, or none: one that applies now, with redemptions left,
 * open to any customer (first-order-only is said), the largest percentage first, with the titles of
 * the services on sale it names: one statement.
 */
export async function featuredPromotion(db: Database, now = Date.now()): Promise<FeaturedPromotion | null> {
  // The promotion to show, chosen in a sub-select (its own `promotions` scope), read with the services
  // it names in the same statement: one round trip beside the listing's batch.
  const chosen = db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.active, true),
        sql`(${promotions.startsAt} IS NULL OR ${promotions.startsAt} <= ${now})`,
        sql`(${promotions.endsAt} IS NULL OR ${promotions.endsAt} > ${now})`,
        sql`(${promotions.maxRedemptions} IS NULL OR ${redemptionCount()} < ${promotions.maxRedemptions})`,
      ),
    )
    .orderBy(sql`${promotions.percentOff} DESC NULLS LAST`, sql`${promotions.amountOffMinor} DESC`, asc(promotions.id))
    .limit(1);
  const rows = await db
    .select({ promotion: promotions, productId: products.id, title: products.title })
    .from(promotions)
    .leftJoin(promotionProducts, and(eq(promotionProducts.promotionId, promotions.id), eq(promotions.allProducts, false)))
    .leftJoin(products, and(eq(products.id, promotionProducts.productId), onSale()))
    .where(sql`${promotions.id} = (${chosen})`)
    .orderBy(asc(products.title));
  const row = rows[0]?.promotion;
  if (!row) return null;
  const named = rows.flatMap((r) => (r.productId !== null && r.title !== null ? [{ id: r.productId, title: r.title }] : []));
  const applies = row.allProducts ? ("all" as const) : named;
  if (applies !== "all" && applies.length === 0) return null;
  const gives = row.percentOff !== null ? `${row.percentOff}% off` : `${formatMoney(row.amountOffMinor ?? 0, row.currency ?? "GBP")} off`;
  const terms = `${row.endsAt ? `, until ${untilDate.format(row.endsAt)}` : ""}${row.firstOrderOnly ? ", on your first order" : ""}`;
  return { code: row.code, gives: applies === "all" ? `${gives} every service` : gives, products: applies, terms };
}
