/**
 * Creators as the studio manages them and as they manage themselves: profiles and availability,
 * the admins' list, suspension with a statement of reasons (their open orders return to the admin
 * queue unassigned, the customers told), who makes each product, and the assignment of an order to
 * one of its product's creators. Accounts and credentials are app/auth's; what a creator sees of an
 * order is `creator-orders.server.ts`.
 */
import { orderProductId, shareRateOf } from "../payouts/shares.server";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { creators, orders, productCreators, tags, uploads, users, type CreatorStatus } from "../../../db/schema";
import { refuse } from "../refusal";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { queueEmail } from "../mail/mail.server";
import { CreatorSuspendedEmail, NewCreatorEmail } from "../mail/templates";
import type { MailNotice } from "../mail/order-emails.server";
import { SHOP } from "~/lib/shop";
import { paths } from "~/lib/paths";
import type { AssignmentInput, CreatorProfileInput } from "~/lib/schemas/creator";
import { CREATOR_LIMITS } from "~/lib/schemas/creator";
import { countryName } from "~/lib/countries";
import type { WorkStatus } from "~/lib/rules/work-status";
import { ORDER_NOT_FOUND } from "../orders/work-state.server";
import { workEventQuery } from "../orders/work-events.server";
import { withdrawCreatorOffersQuery, withdrawOffersQuery } from "./offers.server";
import { totalPagesFor } from "~/lib/pagination";
import { OPEN_WORK } from "~/lib/rules/creators";

export const CREATOR_MESSAGES = {
  notFound: "Creator not found",
  unknownSkill: "Choose skills from the shop's tags",
  awayPast: "The away date must be today or later",
  awayFar: `The away date must be within ${CREATOR_LIMITS.awayDaysMax} days`,
  notOfProduct: "Choose one of this product's creators",
  notAvailable: "This creator cannot take work now (invited or suspended)",
  reasonNeeded: "Give a reason for taking the order from its creator",
  closed: "A completed or cancelled order cannot be assigned",
  unpaid: "An order is assigned once it is paid",
  alreadySuspended: "This creator is already suspended",
  notSuspended: "This creator is not suspended",
} as const;

/** A page of the shop as an email links it (absolute where the shop's origin is known). */
const linkIn = (notice: MailNotice, path: string) => (notice.origin ? new URL(path, notice.origin).toString() : path);

/** A creator's own profile (`GET|PUT /api/v1/creator/me`, /studio/profile). */
export interface CreatorProfileView {
  id: number;
  name: string;
  email: string;
  status: CreatorStatus;
  slug: string | null;
  headline: string;
  bio: string;
  country: string | null;
  languages: string[];
  skills: string[];
  capacity: number;
  away_until: string | null;
  suspended_reason: string | null;
  created_at: string;
}

const profileColumns = {
  id: creators.id,
  name: creators.name,
  email: creators.email,
  status: creators.status,
  slug: creators.slug,
  headline: creators.headline,
  bio: creators.bio,
  country: creators.country,
  languages: creators.languages,
  skills: creators.skills,
  capacity: creators.capacity,
  awayUntil: creators.awayUntil,
  suspendedReason: creators.suspendedReason,
  createdAt: creators.createdAt,
};
/** What `profileColumns` reads: the table's own fields by their own names. */
type ProfileRow = Pick<typeof creators.$inferSelect, keyof typeof profileColumns>;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

function toProfileView(row: ProfileRow): CreatorProfileView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    slug: row.slug,
    headline: row.headline,
    bio: row.bio,
    country: row.country,
    languages: row.languages,
    skills: row.skills,
    capacity: row.capacity,
    away_until: day(row.awayUntil),
    suspended_reason: row.status === "suspended" ? row.suspendedReason : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getCreatorProfile(db: Database, creatorId: number): Promise<CreatorProfileView> {
  const [row] = await db.select(profileColumns).from(creators).where(eq(creators.id, creatorId)).limit(1);
  if (!row) throw refuse.notFound(CREATOR_MESSAGES.notFound);
  return toProfileView(row);
}

/** The shop's tags, by name (the skills a creator may claim). */
export async function skillNames(db: Database): Promise<string[]> {
  return (await db.select({ name: tags.name }).from(tags).orderBy(asc(tags.name)).limit(200)).map((t) => t.name);
}

/**
 * Saves a creator's profile: skills must be the shop's tags; an away date (today or later, within
 * CREATOR_LIMITS.awayDaysMax) makes them `away` until its end, none makes them `active`. A
 * suspended creator cannot change it (their status stays the admins'). `tokenIssuedAt` (the API)
 * re-checks the caller's token in the same statement.
 */
export async function updateCreatorProfile(
  db: Database,
  creatorId: number,
  input: CreatorProfileInput,
  { now = Date.now(), tokenIssuedAt }: { now?: number; tokenIssuedAt?: number } = {},
): Promise<CreatorProfileView> {
  const known = new Set(await skillNames(db));
  const skills = [...new Set(input.skills)];
  if (skills.some((s) => !known.has(s))) throw refuse.invalid(CREATOR_MESSAGES.unknownSkill, [CREATOR_MESSAGES.unknownSkill]);
  let awayUntil: Date | null = null;
  if (input.away_until) {
    const end = Date.parse(`${input.away_until}T23:59:59.999Z`);
    const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T23:59:59.999Z`);
    if (!Number.isFinite(end) || end < today) throw refuse.invalid(CREATOR_MESSAGES.awayPast, [CREATOR_MESSAGES.awayPast]);
    if (end > today + CREATOR_LIMITS.awayDaysMax * 86_400_000) throw refuse.invalid(CREATOR_MESSAGES.awayFar, [CREATOR_MESSAGES.awayFar]);
    awayUntil = new Date(end);
  }
  const [row] = await db
    .update(creators)
    .set({
      name: input.name,
      headline: input.headline,
      bio: input.bio,
      country: input.country,
      languages: [...new Set(input.languages)],
      skills,
      capacity: input.capacity,
      awayUntil,
      status: awayUntil ? "away" : "active",
    })
    .where(
      and(
        eq(creators.id, creatorId),
        inArray(creators.status, ["active", "away"]),
        tokenIssuedAt === undefined ? undefined : sql`${creators.tokensValidAfter} < ${tokenIssuedAt}`,
      ),
    )
    .returning(profileColumns);
  if (!row) throw refuse.notFound(CREATOR_MESSAGES.notFound);
  // Their public profile and the products that show them are cached pages.
  await catalogueChanged();
  return toProfileView(row);
}

/** Away creators whose date has passed are available again (the scheduled run). */
export async function endPastAwayDates(db: Database, now = Date.now()): Promise<number> {
  const rows = await db
    .update(creators)
    .set({ status: "active", awayUntil: null })
    .where(and(eq(creators.status, "away"), sql`${creators.awayUntil} < ${now}`))
    .returning({ id: creators.id });
  if (rows.length) await catalogueChanged();
  return rows.length;
}

/** A creator as the admins' list shows them. */
export interface CreatorAdminView {
  id: number;
  name: string;
  email: string;
  status: CreatorStatus;
  country: string | null;
  capacity: number;
  away_until: string | null;
  suspended_reason: string | null;
  created_at: string;
}

/** The admins' list of creators, newest first, a page at a time (`status` narrows it). */
export async function listCreatorsForAdmin(db: Database, page: number, limit: number, status: CreatorStatus | null = null) {
  const where = status ? eq(creators.status, status) : undefined;
  const [rows, [counted]] = await db.batch([
    db
      .select(profileColumns)
      .from(creators)
      .where(where)
      .orderBy(desc(creators.createdAt), desc(creators.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(creators).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    data: rows.map((r): CreatorAdminView => ({
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      country: r.country,
      capacity: r.capacity,
      away_until: day(r.awayUntil),
      suspended_reason: r.suspendedReason,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    totalPages: totalPagesFor(total, limit),
  };
}

/**
 * Suspends a creator with a statement of reasons: in one batch their status and reasons are set,
 * every API token and session of theirs stops working for work (a suspended creator may still sign
 * in to read why), their open orders return to the admin queue unassigned (each with a timeline
 * entry; their uploads still on their way to those orders are cancelled), and each of those
 * customers is told a new creator will take over. What they earned stays theirs.
 */
export async function suspendCreator(db: Database, notice: MailNotice, adminId: number, creatorId: number, reason: string, now = Date.now()) {
  const [creator] = await db
    .select({ name: creators.name, email: creators.email, status: creators.status })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .limit(1);
  if (!creator) throw refuse.notFound(CREATOR_MESSAGES.notFound);
  if (creator.status === "suspended") throw refuse.conflict(CREATOR_MESSAGES.alreadySuspended);
  const held = await db
    .select({ id: orders.id, workVersion: orders.workVersion, workStatus: orders.workStatus })
    .from(orders)
    .where(and(eq(orders.creatorId, creatorId), inArray(orders.workStatus, [...OPEN_WORK])))
    .limit(500);
  const [suspended] = await db.batch([
    db
      .update(creators)
      .set({ status: "suspended", suspendedReason: reason, suspendedAt: new Date(now), awayUntil: null })
      .where(and(eq(creators.id, creatorId), sql`${creators.status} <> 'suspended'`))
      .returning({ id: creators.id }),
    ...held.flatMap((order) =>
      releaseStatements(db, order, creatorId, { kind: "admin", id: adminId }, `Returned to the studio: ${creator.name} was suspended`, now),
    ),
    // Offers waiting for their answer close; the orders pass on at the next scheduled run.
    withdrawCreatorOffersQuery(db, creatorId, now),
  ]);
  if (suspended.length === 0) throw refuse.conflict(CREATOR_MESSAGES.alreadySuspended);
  await queueEmail(notice.env, db, {
    to: creator.email,
    subject: `Your ${SHOP.name} creator account is suspended`,
    kind: "creator_suspended",
    body: createElement(CreatorSuspendedEmail, { name: creator.name, reason, appealLink: linkIn(notice, "/studio") }),
  });
  await tellCustomersOfNewCreator(
    db,
    notice,
    held.map((o) => o.id),
    now,
  );
  await catalogueChanged();
  return { released: held.length };
}

/** Lifts a suspension: the creator is active again (their past orders stay with whoever holds them now). */
export async function reinstateCreator(db: Database, creatorId: number) {
  const [row] = await db
    .update(creators)
    .set({ status: "active", suspendedReason: null, suspendedAt: null })
    .where(and(eq(creators.id, creatorId), eq(creators.status, "suspended")))
    .returning({ id: creators.id });
  if (!row) throw refuse.conflict(CREATOR_MESSAGES.notSuspended);
  await catalogueChanged();
}

/**
 * The statements that take an order from `creatorId` (as read at `order.workVersion`): unassigned,
 * its version raised (a move of the old creator's in flight is refused), a timeline entry, and the
 * old creator's uploads still on their way to it cancelled.
 */
function releaseStatements(
  db: Database,
  order: { id: number; workVersion: number; workStatus: WorkStatus },
  creatorId: number,
  actor: { kind: "admin"; id: number },
  note: string,
  now: number,
) {
  return [
    db
      .update(orders)
      .set({ creatorId: null, assignedAt: null, workVersion: order.workVersion + 1, updatedAt: new Date(now) })
      .where(and(eq(orders.id, order.id), eq(orders.workVersion, order.workVersion), eq(orders.creatorId, creatorId))),
    assignmentEventQuery(db, order, actor, note, now),
    cancelUploadsQuery(db, order.id, creatorId, now),
  ];
}

/** The timeline entry of an assignment (its status unchanged), only where its write landed. */
function assignmentEventQuery(
  db: Database,
  order: { id: number; workVersion: number; workStatus: WorkStatus },
  actor: { kind: "admin"; id: number },
  note: string,
  now: number,
) {
  return workEventQuery(db, { orderId: order.id, version: order.workVersion + 1, actor, from: order.workStatus, to: order.workStatus, note, now });
}

/** Cancels a creator's uploads on their way to an order, once the order is no longer theirs (in the batch that took it). */
function cancelUploadsQuery(db: Database, orderId: number, creatorId: number, now: number) {
  return db
    .update(uploads)
    .set({ status: "aborted", updatedAt: new Date(now) })
    .where(
      and(
        eq(uploads.orderId, orderId),
        eq(uploads.ownerKind, "creator"),
        eq(uploads.ownerId, creatorId),
        inArray(uploads.status, ["open", "completed"]),
        sql`(SELECT ${orders.creatorId} FROM ${orders} WHERE ${orders.id} = ${orderId}) IS NOT ${creatorId}`,
      ),
    );
}

async function tellCustomersOfNewCreator(db: Database, notice: MailNotice, orderIds: number[], _now: number) {
  if (orderIds.length === 0) return;
  const buyers = await db
    .select({ id: orders.id, name: users.name, email: users.email, verified: users.emailVerifiedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, orderIds));
  for (const buyer of buyers)
    await queueEmail(notice.env, db, {
      to: buyer.email,
      subject: `A new creator will take over order #${buyer.id}`,
      kind: "creator_replaced",
      body: createElement(NewCreatorEmail, { name: buyer.verified ? buyer.name : null, orderLink: linkIn(notice, paths.customerOrder(buyer.id)) }),
    });
}

/** A product's creators as admins set them: in order, the first the lead. */
export interface ProductCreatorView {
  id: number;
  name: string;
  status: CreatorStatus;
  country: string | null;
  lead: boolean;
}

export async function listProductCreators(db: Database, productId: number): Promise<ProductCreatorView[]> {
  const rows = await db
    .select({ id: creators.id, name: creators.name, status: creators.status, country: creators.country, lead: productCreators.lead })
    .from(productCreators)
    .innerJoin(creators, eq(creators.id, productCreators.creatorId))
    .where(eq(productCreators.productId, productId))
    .orderBy(asc(productCreators.position));
  return rows;
}

/** Creators an admin may name on a product: everyone but the suspended, by name (at most 500). */
export async function creatorChoices(db: Database): Promise<{ id: number; name: string; status: CreatorStatus; country: string | null }[]> {
  return db
    .select({ id: creators.id, name: creators.name, status: creators.status, country: creators.country })
    .from(creators)
    .where(notInArray(creators.status, ["suspended"]))
    .orderBy(asc(creators.name))
    .limit(500);
}

/**
 * The statements that set a product's creators (the first the lead), for the product's own batch;
 * refused (422) when an id is not a creator who may take work.
 */
export async function productCreatorStatements(db: Database, productId: number, creatorIds: number[]) {
  const ids = [...new Set(creatorIds)];
  if (ids.length) {
    const found = await db
      .select({ id: creators.id })
      .from(creators)
      .where(and(inArray(creators.id, ids), notInArray(creators.status, ["suspended"])));
    if (found.length !== ids.length) throw refuse.invalid("Choose creators who can take work", ["creator_ids: choose creators who can take work"]);
  }
  return [
    db.delete(productCreators).where(eq(productCreators.productId, productId)),
    ...(ids.length ? [db.insert(productCreators).values(ids.map((creatorId, position) => ({ productId, creatorId, lead: position === 0, position })))] : []),
  ];
}

/** Sets a product's creators (the first the lead) in one batch; refused (422) when one cannot take work. */
export async function setProductCreators(db: Database, productId: number, creatorIds: number[]) {
  const [first, ...rest] = await productCreatorStatements(db, productId, creatorIds);
  await db.batch([first!, ...rest]);
  await catalogueChanged();
}

/** Who holds an order now, for the admin's page: its creator (name, status) or null. */
export async function orderAssignment(db: Database, orderId: number) {
  const [row] = await db
    .select({ creatorId: orders.creatorId, assignedAt: orders.assignedAt, name: creators.name, status: creators.status })
    .from(orders)
    .leftJoin(creators, eq(creators.id, orders.creatorId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw refuse.notFound(ORDER_NOT_FOUND);
  return row.creatorId ? { creator: { id: row.creatorId, name: row.name ?? "", status: row.status! }, assigned_at: row.assignedAt!.toISOString() } : null;
}

/**
 * Gives a paid, open order to one of its product's creators who can take work (active or away), or
 * takes it from its creator to another: a reason is required then, the previous creator's access
 * ends at once (their uploads on the way are cancelled) and the timeline says who and why. The
 * write lands only on the order's version as read, so an assignment racing a move or another
 * assignment is refused (409) rather than lost.
 */
export async function assignOrder(db: Database, adminId: number, orderId: number, input: AssignmentInput, now = Date.now()) {
  const [order] = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      creatorId: orders.creatorId,
      workVersion: orders.workVersion,
      workStatus: orders.workStatus,
      previous: creators.name,
    })
    .from(orders)
    .leftJoin(creators, eq(creators.id, orders.creatorId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw refuse.notFound(ORDER_NOT_FOUND);
  if (order.workStatus === "awaiting_payment") throw refuse.conflict(CREATOR_MESSAGES.unpaid);
  if (!OPEN_WORK.includes(order.workStatus)) throw refuse.conflict(CREATOR_MESSAGES.closed);
  const [next] = await db
    .select({ id: creators.id, name: creators.name, status: creators.status })
    .from(productCreators)
    .innerJoin(creators, eq(creators.id, productCreators.creatorId))
    .where(and(eq(productCreators.productId, order.productId), eq(productCreators.creatorId, input.creator_id)))
    .limit(1);
  if (!next) throw refuse.invalid(CREATOR_MESSAGES.notOfProduct, [CREATOR_MESSAGES.notOfProduct]);
  if (next.status !== "active" && next.status !== "away") throw refuse.invalid(CREATOR_MESSAGES.notAvailable, [CREATOR_MESSAGES.notAvailable]);
  if (order.creatorId === next.id) return { creator: { id: next.id, name: next.name }, changed: false };
  const reason = input.reason?.trim() ?? "";
  if (order.creatorId !== null && !reason) throw refuse.invalid(CREATOR_MESSAGES.reasonNeeded, [CREATOR_MESSAGES.reasonNeeded]);
  const note =
    order.creatorId === null ? `Assigned to ${next.name}${reason ? `: ${reason}` : ""}` : `Reassigned from ${order.previous} to ${next.name}: ${reason}`;
  const [moved] = await db.batch([
    db
      .update(orders)
      .set({
        creatorId: next.id,
        assignedAt: new Date(now),
        // The new creator's share, fixed on the order now (app/domain/payouts/shares.server.ts).
        creatorShareBasisPoints: shareRateOf(next.id, orderProductId),
        offersExhaustedAt: null,
        workVersion: order.workVersion + 1,
        updatedAt: new Date(now),
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.workVersion, order.workVersion),
          order.creatorId === null ? isNull(orders.creatorId) : eq(orders.creatorId, order.creatorId),
          // The creator still takes work as the write lands (not suspended meanwhile).
          sql`EXISTS (SELECT 1 FROM ${creators} WHERE ${creators.id} = ${next.id} AND ${creators.status} IN ('active', 'away'))`,
        ),
      )
      .returning({ id: orders.id }),
    assignmentEventQuery(db, order, { kind: "admin", id: adminId }, note, now),
    ...(order.creatorId !== null ? [cancelUploadsQuery(db, orderId, order.creatorId, now)] : []),
    // Given by hand: an offer waiting for another creator's answer closes (their accept now gets 409),
    // and the rotation counts this as work given.
    withdrawOffersQuery(db, orderId, now),
    db
      .update(creators)
      .set({ lastAssignedAt: new Date(now) })
      .where(
        and(
          eq(creators.id, next.id),
          sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.creatorId} = ${next.id} AND ${orders.workVersion} = ${order.workVersion + 1})`,
        ),
      ),
  ]);
  if (moved.length === 0) throw refuse.conflict("The order changed while you were assigning it. Please reload and try again.");
  return { creator: { id: next.id, name: next.name }, changed: true };
}

/** The creator's country as words (lists and profiles). */
export const creatorCountry = (code: string | null) => (code ? countryName(code) : null);

/** Orders assigned to nobody yet, still open: the admin queue's "unassigned" flag reads this per order. */
export const unassignedOpenWork = and(isNull(orders.creatorId), inArray(orders.workStatus, [...OPEN_WORK]), isNotNull(orders.invoiceIssuedAt));
