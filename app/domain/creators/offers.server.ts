/**
 * Work offered to creators, fairly and exactly once (the rule published on
 * /how-we-work-with-creators). When an order's work can start and nobody holds it, it is offered to
 * one creator of its product: the next in a rotation among its active creators with free capacity —
 * least recently given work first, ties by fewer orders in hand (being made, revised, or delivered
 * and awaiting the buyer's answer, and offers waiting), then the product's order of creators — never
 * one already offered this order. The creator accepts or declines; an offer unanswered for the
 * operator's window passes to the next on the following scheduled run. Nobody free: the order waits
 * in the admin queue, unassigned, and the admins are emailed once (a service nobody makes but the
 * studio is simply the studio's: no offer, no email).
 *
 * Every write is conditional on the state it acts on, in the same statement: one waiting offer an
 * order (a partial unique index), an accept lands only on a waiting, unexpired offer of an order
 * still unassigned at the version read, and the timer's expiry only on a waiting offer past its time.
 * Two accepts, an accept and the timer, an accept and an admin's assignment: one wins, the others 409.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQLWrapper } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { creatorMedia, creatorOffers, creators, offerSettings, orderBriefs, orders, packages, productCreators, products } from "../../../db/schema";
import { mediaUrl } from "../media/media.server";
import { fullRowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { queueEmail } from "../mail/mail.server";
import { studioRecipients, type MailNotice } from "../mail/order-emails.server";
import { WorkUpdateEmail } from "../mail/templates";
import { workEventQuery } from "../orders/work-events.server";
import { paths } from "~/lib/paths";
import { OFFER_LOAD_STATUSES, OFFERABLE_WORK, OFFER_MESSAGES, OFFER_WINDOW_HOURS } from "~/lib/rules/offers";
import type { WorkStatus } from "~/lib/rules/work-status";
import type { OfferSettingsInput } from "~/lib/schemas/offers";
import { CREATOR_LIMITS } from "~/lib/schemas/creator";
import { earningView, orderNetMinor, orderProductId, shareRateOf, type EarningView } from "../payouts/shares.server";

const HOUR_MS = 3_600_000;

export interface OfferSettingsView {
  window_hours: number;
  automatic: boolean;
}

/** The operator's settings (the defaults until an admin saves them). */
export async function getOfferSettings(db: Database): Promise<OfferSettingsView> {
  const [row] = await db.select().from(offerSettings).where(eq(offerSettings.id, 1)).limit(1);
  return { window_hours: row?.windowHours ?? OFFER_WINDOW_HOURS.default, automatic: row?.automatic ?? true };
}

export async function saveOfferSettings(db: Database, input: OfferSettingsInput, now = Date.now()): Promise<OfferSettingsView> {
  const values = { windowHours: input.window_hours, automatic: input.automatic, updatedAt: new Date(now) };
  await db
    .insert(offerSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: offerSettings.id, set: values });
  // /how-we-work-with-creators quotes them, and is cached at the edge with the catalogue's version.
  await catalogueChanged();
  return { window_hours: input.window_hours, automatic: input.automatic };
}

/**
 * A creator's orders in hand: being made, revised, or delivered and awaiting the buyer, and the
 * offers waiting for their answer. Each part is counted up to the largest capacity a creator may
 * set, so a count reads at most that many rows however much an admin gave them by hand: a load at
 * or past it is full for anyone, and below it the count is exact.
 */
function loadOf(creatorId: SQLWrapper | number) {
  const most = CREATOR_LIMITS.capacityMax;
  return sql<number>`((SELECT count(*) FROM (SELECT 1 FROM ${orders} AS o WHERE o.creator_id = ${creatorId} AND o.work_status IN ${OFFER_LOAD_STATUSES} LIMIT ${most}))
    + (SELECT count(*) FROM (SELECT 1 FROM ${creatorOffers} AS w WHERE w.creator_id = ${creatorId} AND w.status = 'waiting' LIMIT ${most})))`;
}

/** The creators who may be offered this order now, in the rotation's order (the first is next). */
function candidatesQuery(db: Database, orderId: number, productId: number) {
  return db
    .select({ id: creators.id, name: creators.name, email: creators.email })
    .from(productCreators)
    .innerJoin(creators, eq(creators.id, productCreators.creatorId))
    .where(
      and(
        eq(productCreators.productId, productId),
        eq(creators.status, "active"),
        isNull(creators.erasedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${creatorOffers} AS seen WHERE seen.order_id = ${orderId} AND seen.creator_id = ${creators.id})`,
        sql`${loadOf(creators.id)} < ${creators.capacity}`,
      ),
    )
    .orderBy(
      sql`${creators.lastAssignedAt} IS NOT NULL`,
      asc(creators.lastAssignedAt),
      asc(loadOf(creators.id)),
      asc(productCreators.position),
      asc(creators.id),
    )
    .limit(1);
}

export type OfferOutcome = "offered" | "nobody" | "studio" | "not_offerable" | "off";

/** The rows an offer's statements read (D1's `rows_read`), for the scheduled run's budget. */
export interface OfferReads {
  rows: number;
}

/**
 * An offer's reading besides the rotation's (which is measured), at most: the settings, the order,
 * the insert's re-checks of the order and of the creator's load (two counts, each up to the largest
 * capacity), the flag and the email.
 */
const OFFER_FIXED_ROWS = 2 * CREATOR_LIMITS.capacityMax + 20;

/** The next creator in the rotation, read with D1's count of the rows it took (the one statement whose reading grows with the product's creators). */
async function nextCandidate(db: Database, orderId: number, productId: number, reads?: OfferReads) {
  const query = candidatesQuery(db, orderId, productId).toSQL();
  const result = await (db.$client as unknown as D1Database)
    .prepare(query.sql)
    .bind(...query.params)
    .all<{ id: number; name: string; email: string }>();
  if (reads) reads.rows += result.meta.rows_read ?? 0;
  return result.results[0];
}

/**
 * Offers an unassigned order whose work has started to the next creator in the rotation. The
 * offer's insert re-checks, in its own statement, that the order is still unassigned and offerable
 * with no offer waiting, and that the creator still takes work with room for it.
 */
export async function offerWork(db: Database, notice: MailNotice, orderId: number, now = Date.now(), reads?: OfferReads): Promise<OfferOutcome> {
  if (reads) reads.rows += OFFER_FIXED_ROWS;
  const settings = await getOfferSettings(db);
  if (!settings.automatic) return "off";
  const [order] = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      product: products.title,
      creatorId: orders.creatorId,
      workStatus: orders.workStatus,
      dueAt: orders.dueAt,
      waiting: sql<number>`EXISTS (SELECT 1 FROM ${creatorOffers} AS w WHERE w.order_id = ${orders.id} AND w.status = 'waiting')`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || order.creatorId !== null || order.waiting || !OFFERABLE_WORK.includes(order.workStatus)) return "not_offerable";
  const next = await nextCandidate(db, orderId, order.productId, reads);
  if (!next) {
    // Set once: the sweep passes the order by from then on, and only an admin's assignment clears it.
    const flagged = await db
      .update(orders)
      .set({ offersExhaustedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), isNull(orders.offersExhaustedAt), isNull(orders.creatorId)))
      .returning({ id: orders.id });
    const [made] = await db.select({ id: productCreators.creatorId }).from(productCreators).where(eq(productCreators.productId, order.productId)).limit(1);
    if (!made) return "studio";
    if (flagged.length) await tellAdminsNobodyFree(db, notice, order);
    return "nobody";
  }
  const expiresAt = now + settings.window_hours * HOUR_MS;
  const inserted = await db
    .insert(creatorOffers)
    .select(
      db
        .select(fullRowOf(creatorOffers, { orderId, creatorId: next.id, status: "waiting", createdAt: new Date(now), expiresAt: new Date(expiresAt) }))
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            isNull(orders.creatorId),
            inArray(orders.workStatus, [...OFFERABLE_WORK]),
            sql`EXISTS (SELECT 1 FROM ${creators} AS c WHERE c.id = ${next.id} AND c.status = 'active' AND ${loadOf(next.id)} < c.capacity)`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: creatorOffers.id });
  if (!inserted.length) return "not_offerable";
  await queueEmail(notice.env, db, {
    to: next.email,
    subject: `Work offered to you: order #${orderId}`,
    kind: "offer_made",
    body: createElement(WorkUpdateEmail, {
      greeting: `Hello ${next.name},`,
      title: "New work is offered to you",
      lines: [
        `Order #${orderId} (${order.product}) is offered to you${order.dueAt ? `, due ${order.dueAt.toISOString().slice(0, 10)}` : ""}.`,
        `Accept or decline it in your studio within ${settings.window_hours} hours; after that it passes to the next creator.`,
      ],
      link: notice.origin ? `${notice.origin}${paths.studio}` : null,
      linkLabel: "Open your studio",
    }),
  });
  return "offered";
}

async function tellAdminsNobodyFree(db: Database, notice: MailNotice, order: { id: number; product: string }) {
  for (const to of await studioRecipients(db, notice))
    await queueEmail(notice.env, db, {
      to,
      subject: `No creator is free for order #${order.id}`,
      kind: "offer_nobody_free",
      body: createElement(WorkUpdateEmail, {
        greeting: "Hello,",
        title: "An order waits for a creator",
        lines: [
          `No creator of ${order.product} could be offered order #${order.id}: all are busy, away, or have been offered it already.`,
          "Assign it by hand on the order's page.",
        ],
        link: notice.origin ? `${notice.origin}${paths.adminOrder(order.id)}` : null,
        linkLabel: "Open the order",
      }),
    });
}

/** An offer as its creator sees it: what the work is, when it is due, until when they may answer. */
export interface CreatorOfferView {
  id: number;
  order_id: number;
  product: string;
  package: string;
  brief: string | null;
  due_at: string | null;
  expires_at: string;
  status: (typeof creatorOffers.$inferSelect)["status"];
  /** What the creator earns if they make it: their share of the net price (the rate fixed once the order is theirs). */
  earns: EarningView;
}

function offerViewQuery(db: Database) {
  return db
    .select({
      id: creatorOffers.id,
      orderId: creatorOffers.orderId,
      product: products.title,
      package: sql<string>`coalesce((SELECT ${packages.shortDescription} FROM ${packages} WHERE ${packages.id} = ${orders.packageId}), '')`,
      brief: orderBriefs.purpose,
      dueAt: orders.dueAt,
      expiresAt: creatorOffers.expiresAt,
      status: creatorOffers.status,
      net: orderNetMinor,
      currency: orders.currency,
      rate: sql<number>`CASE WHEN ${orders.creatorId} = ${creatorOffers.creatorId} AND ${orders.creatorShareBasisPoints} IS NOT NULL THEN ${orders.creatorShareBasisPoints} ELSE ${shareRateOf(creatorOffers.creatorId, orders.productId)} END`,
    })
    .from(creatorOffers)
    .innerJoin(orders, eq(orders.id, creatorOffers.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(orderBriefs, eq(orderBriefs.orderId, orders.id));
}

function toOfferView(row: Awaited<ReturnType<ReturnType<typeof offerViewQuery>["limit"]>>[number]): CreatorOfferView {
  return {
    id: row.id,
    order_id: row.orderId,
    product: row.product,
    package: row.package,
    brief: row.brief,
    due_at: row.dueAt ? row.dueAt.toISOString() : null,
    expires_at: row.expiresAt.toISOString(),
    status: row.status,
    earns: earningView(row.net, row.rate, row.currency),
  };
}

/** The offers waiting for the creator's answer (unexpired), soonest to expire first: at most their capacity's worth and then some. */
export async function listCreatorOffers(db: Database, creatorId: number, now = Date.now()): Promise<CreatorOfferView[]> {
  const rows = await offerViewQuery(db)
    .where(and(eq(creatorOffers.creatorId, creatorId), eq(creatorOffers.status, "waiting"), sql`${creatorOffers.expiresAt} > ${now}`))
    .orderBy(asc(creatorOffers.expiresAt), asc(creatorOffers.id))
    .limit(50);
  return rows.map(toOfferView);
}

async function ownOffer(db: Database, creatorId: number, offerId: number) {
  const [offer] = await db
    .select({
      id: creatorOffers.id,
      orderId: creatorOffers.orderId,
      status: creatorOffers.status,
      expiresAt: creatorOffers.expiresAt,
      workVersion: orders.workVersion,
      workStatus: orders.workStatus,
      orderCreator: orders.creatorId,
    })
    .from(creatorOffers)
    .innerJoin(orders, eq(orders.id, creatorOffers.orderId))
    .where(and(eq(creatorOffers.id, offerId), eq(creatorOffers.creatorId, creatorId)))
    .limit(1);
  // Another creator's offer is as if it were not there.
  if (!offer) throw refuse.notFound(OFFER_MESSAGES.notFound);
  return offer;
}

function answerRefusal(offer: { status: string; expiresAt: Date }, now: number): string {
  if (offer.status === "accepted") return OFFER_MESSAGES.alreadyAccepted;
  if (offer.status === "waiting" && offer.expiresAt.getTime() <= now) return OFFER_MESSAGES.expired;
  if (offer.status === "expired") return OFFER_MESSAGES.expired;
  return OFFER_MESSAGES.gone;
}

/**
 * The creator accepts: in one batch, the offer moves from waiting (unexpired) to accepted, and only
 * then the order — still unassigned, at the version read — becomes theirs, on its timeline, and the
 * rotation notes when they were given work. Anything else changed first: 409 and nothing written.
 */
export async function acceptOffer(db: Database, creatorId: number, offerId: number, now = Date.now()): Promise<{ order_id: number }> {
  const offer = await ownOffer(db, creatorId, offerId);
  if (offer.status !== "waiting" || offer.expiresAt.getTime() <= now || offer.orderCreator !== null) throw refuse.conflict(answerRefusal(offer, now));
  const [creator] = await db.select({ name: creators.name }).from(creators).where(eq(creators.id, creatorId)).limit(1);
  const version = offer.workVersion + 1;
  const accepted = and(eq(creatorOffers.id, offerId), eq(creatorOffers.status, "accepted"), eq(creatorOffers.answeredAt, new Date(now)));
  const [taken] = await db.batch([
    db
      .update(creatorOffers)
      .set({ status: "accepted", answeredAt: new Date(now) })
      .where(
        and(
          eq(creatorOffers.id, offerId),
          eq(creatorOffers.status, "waiting"),
          sql`${creatorOffers.expiresAt} > ${now}`,
          sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${offer.orderId} AND ${orders.creatorId} IS NULL AND ${orders.workVersion} = ${offer.workVersion})`,
          sql`EXISTS (SELECT 1 FROM ${creators} WHERE ${creators.id} = ${creatorId} AND ${creators.status} IN ('active', 'away'))`,
        ),
      )
      .returning({ id: creatorOffers.id }),
    db
      .update(orders)
      .set({
        creatorId,
        assignedAt: new Date(now),
        creatorShareBasisPoints: shareRateOf(creatorId, orderProductId),
        offersExhaustedAt: null,
        workVersion: version,
        updatedAt: new Date(now),
      })
      .where(
        and(
          eq(orders.id, offer.orderId),
          isNull(orders.creatorId),
          eq(orders.workVersion, offer.workVersion),
          sql`EXISTS (SELECT 1 FROM ${creatorOffers} WHERE ${accepted})`,
        ),
      ),
    workEventQuery(db, {
      orderId: offer.orderId,
      version,
      actor: { kind: "creator", id: creatorId },
      from: offer.workStatus as WorkStatus,
      to: offer.workStatus as WorkStatus,
      note: `${creator?.name ?? "A creator"} accepted the offer`,
      now,
    }),
    db
      .update(creators)
      .set({ lastAssignedAt: new Date(now) })
      .where(and(eq(creators.id, creatorId), sql`EXISTS (SELECT 1 FROM ${creatorOffers} WHERE ${accepted})`)),
  ]);
  if (!taken.length) {
    const current = await ownOffer(db, creatorId, offerId);
    throw refuse.conflict(current.status === "waiting" && current.orderCreator !== null ? OFFER_MESSAGES.gone : answerRefusal(current, now));
  }
  return { order_id: offer.orderId };
}

/** The creator declines (a reason optional): the offer closes and the order passes to the next creator at once. */
export async function declineOffer(
  db: Database,
  notice: MailNotice,
  creatorId: number,
  offerId: number,
  reason: string | null,
  now = Date.now(),
): Promise<{ order_id: number }> {
  const offer = await ownOffer(db, creatorId, offerId);
  const declined = await db
    .update(creatorOffers)
    .set({ status: "declined", answeredAt: new Date(now), reason: reason?.trim() || null })
    .where(and(eq(creatorOffers.id, offerId), eq(creatorOffers.status, "waiting"), sql`${creatorOffers.expiresAt} > ${now}`))
    .returning({ id: creatorOffers.id });
  if (!declined.length) throw refuse.conflict(answerRefusal(await ownOffer(db, creatorId, offerId), now));
  await offerWork(db, notice, offer.orderId, now);
  return { order_id: offer.orderId };
}

/** What the offers' part of one scheduled run may read (D1's `rows_read`), of the run's 10,000. */
export const OFFER_RUN_ROWS = 4_000;
/** Orders the sweep looks at a run, from where the last run stopped. */
const SWEEP_SCAN = 200;
/** The sweep's condition, as orders_unoffered_idx's (literal, so that the index serves it). */
const UNOFFERED = sql.raw(
  `"orders"."creator_id" IS NULL AND "orders"."offers_exhausted_at" IS NULL AND "orders"."work_status" IN ('in_progress', 'revision_requested')`,
);

/**
 * The timer's part: offers unanswered past their window expire (each write re-checks the offer is
 * still waiting and past its time) and their orders pass to the next creator; then the sweep offers
 * unassigned work that started while offers were off, or was handed back, walking those orders by
 * id from where the last run stopped. A run stops offering once it has read OFFER_RUN_ROWS rows
 * (measured for the rotation's reading, the rest at most a fixed count an offer): expired offers it
 * leaves stay closed to answers and pass on at the next run, and the sweep goes on from its place.
 */
export async function runOffers(
  db: Database,
  notice: MailNotice,
  now = Date.now(),
  limit = 100,
  budget = OFFER_RUN_ROWS,
): Promise<{ expired: number; offered: number; rows: number }> {
  const reads: OfferReads = { rows: 0 };
  const spent = () => reads.rows >= budget;
  const due = await db
    .select({ id: creatorOffers.id, orderId: creatorOffers.orderId })
    .from(creatorOffers)
    .where(and(eq(creatorOffers.status, "waiting"), lte(creatorOffers.expiresAt, new Date(now))))
    .orderBy(asc(creatorOffers.expiresAt))
    .limit(limit);
  reads.rows += 2 * due.length + 2;
  let expired = 0;
  let offered = 0;
  for (const offer of due) {
    if (spent()) break;
    const closed = await db
      .update(creatorOffers)
      .set({ status: "expired", answeredAt: new Date(now) })
      .where(and(eq(creatorOffers.id, offer.id), eq(creatorOffers.status, "waiting"), lte(creatorOffers.expiresAt, new Date(now))))
      .returning({ id: creatorOffers.id });
    reads.rows += 2;
    if (!closed.length) continue;
    expired++;
    if ((await offerWork(db, notice, offer.orderId, now, reads)) === "offered") offered++;
  }
  if (!spent()) offered += await sweepUnoffered(db, notice, now, reads, spent);
  return { expired, offered, rows: reads.rows };
}

async function sweepUnoffered(db: Database, notice: MailNotice, now: number, reads: OfferReads, spent: () => boolean) {
  const [settings] = await db.select({ after: offerSettings.sweepAfter }).from(offerSettings).where(eq(offerSettings.id, 1)).limit(1);
  const after = settings?.after ?? 0;
  const scanned = await db
    // "orders"."id" in full: a select from one table names its columns bare, and a bare "id" in the sub-query would be the offer's.
    .select({ id: orders.id, waiting: sql<number>`EXISTS (SELECT 1 FROM ${creatorOffers} AS w WHERE w.order_id = "orders"."id" AND w.status = 'waiting')` })
    .from(orders)
    .where(and(UNOFFERED, gt(orders.id, after)))
    .orderBy(asc(orders.id))
    .limit(SWEEP_SCAN);
  // Each order looked at: its index entry, its row and the probe for a waiting offer.
  reads.rows += 4 * scanned.length + 2;
  let offered = 0;
  let done = 0;
  for (const order of scanned) {
    if (spent()) break;
    done++;
    if (!order.waiting && (await offerWork(db, notice, order.id, now, reads)) === "offered") offered++;
  }
  // Every order past `after` looked at: the next run starts over; else it goes on after the last one done.
  const next = done === scanned.length && scanned.length < SWEEP_SCAN ? 0 : (scanned[done - 1]?.id ?? after);
  if (next !== after)
    await db
      .insert(offerSettings)
      .values({ id: 1, sweepAfter: next })
      .onConflictDoUpdate({ target: offerSettings.id, set: { sweepAfter: next } });
  return offered;
}

/** The statement that closes an order's waiting offer when an admin assigns it by hand (in the assignment's batch). */
export function withdrawOffersQuery(db: Database, orderId: number, now: number) {
  return db
    .update(creatorOffers)
    .set({ status: "withdrawn", answeredAt: new Date(now) })
    .where(and(eq(creatorOffers.orderId, orderId), eq(creatorOffers.status, "waiting")));
}

/** The statement that closes a creator's waiting offers when they are suspended (the orders pass on at the next run). */
export function withdrawCreatorOffersQuery(db: Database, creatorId: number, now: number) {
  return db
    .update(creatorOffers)
    .set({ status: "withdrawn", answeredAt: new Date(now) })
    .where(and(eq(creatorOffers.creatorId, creatorId), eq(creatorOffers.status, "waiting")));
}

/** What the customer and the admins see of an order's offer: who it waits on, until when. */
export async function waitingOffer(db: Database, orderId: number) {
  const [row] = await db
    .select({ creator: creators.name, expiresAt: creatorOffers.expiresAt })
    .from(creatorOffers)
    .innerJoin(creators, eq(creators.id, creatorOffers.creatorId))
    .where(and(eq(creatorOffers.orderId, orderId), eq(creatorOffers.status, "waiting")))
    .orderBy(desc(creatorOffers.id))
    .limit(1);
  return row ? { creator: row.creator, expires_at: row.expiresAt.toISOString() } : null;
}

/** Who makes an order, as its customer sees it: an offer waiting for an answer, the creator once one accepted (or was assigned), else nothing (the studio). */
export type OrderMakerView = { state: "finding" } | { state: "assigned"; name: string; slug: string | null; avatar_url: string | null } | null;

export async function orderMaker(db: Database, orderId: number): Promise<OrderMakerView> {
  const [row] = await db
    .select({
      creatorId: orders.creatorId,
      name: creators.name,
      slug: creators.slug,
      shown: sql<number>`${creators.status} IN ('active', 'away') AND ${creators.erasedAt} IS NULL`,
      avatar: sql<
        string | null
      >`(SELECT ${creatorMedia.r2Key} FROM ${creatorMedia} WHERE ${creatorMedia.creatorId} = ${orders.creatorId} AND ${creatorMedia.kind} = 'avatar' ORDER BY ${creatorMedia.id} DESC LIMIT 1)`,
      waiting: sql<number>`EXISTS (SELECT 1 FROM ${creatorOffers} AS w WHERE w.order_id = ${orders.id} AND w.status = 'waiting')`,
    })
    .from(orders)
    .leftJoin(creators, eq(creators.id, orders.creatorId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  if (row.creatorId !== null && row.name) {
    // A creator no longer shown in public (suspended, erased) is named without their profile or picture.
    return row.shown
      ? { state: "assigned", name: row.name, slug: row.slug, avatar_url: row.avatar ? mediaUrl(row.avatar) : null }
      : { state: "assigned", name: row.name, slug: null, avatar_url: null };
  }
  return row.waiting ? { state: "finding" } : null;
}

/** Offers waiting for a creator's answer, soonest to expire first, for the top of the admin queue (at most `limit`; rows read follow it). */
export async function listWaitingOffers(db: Database, limit = 10) {
  const rows = await db
    .select({ orderId: creatorOffers.orderId, product: products.title, creator: creators.name, expiresAt: creatorOffers.expiresAt })
    .from(creatorOffers)
    .innerJoin(orders, eq(orders.id, creatorOffers.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(creators, eq(creators.id, creatorOffers.creatorId))
    .where(eq(creatorOffers.status, "waiting"))
    .orderBy(asc(creatorOffers.expiresAt), asc(creatorOffers.id))
    .limit(limit);
  return rows.map((r) => ({ order_id: r.orderId, product: r.product, creator: r.creator, expires_at: r.expiresAt.toISOString() }));
}
