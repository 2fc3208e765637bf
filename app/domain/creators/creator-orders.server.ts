/**
 * The orders a creator makes, as they see them: only those assigned to them now, and never the
 * buyer's email, address, tax id, money or documents. Every answer a creator gets about an order is
 * built here from columns chosen one by one (`creatorOrderColumns`), not by trimming the buyer's view:
 * a column added to orders later cannot reach a creator by being forgotten.
 */
import { stagesQueries, toOrderStages } from "../orders/stages.server";
import { earningView, orderNetMinor, type EarningView } from "../payouts/shares.server";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderBriefs, orderEvents, orderMessages, orders, products, users } from "../../../db/schema";
import { keptScopeQuery } from "../counts/kept-counts.server";
import { mediaUrl } from "../media/media.server";
import type { WorkStatus } from "~/lib/rules/work-status";
import { refuse } from "../refusal";
import { shortName, STUDIO_QUEUE } from "~/lib/rules/creators";
import { attachmentsQuery } from "../orders/attachments.server";
import { toBriefView } from "../orders/brief.server";
import { deliveriesQueries, toDeliveryViews } from "../orders/deliveries.server";
import { revisionsQueries, toRevisionViews } from "../orders/revisions.server";
import { messagesQuery, toMessageView } from "../orders/thread.server";
import { ORDER_NOT_FOUND } from "../orders/work-state.server";
import { productImage } from "../orders/orders.server";
import type { OrderEventView } from "../orders/fulfilment.server";

/** The buyer as a creator may know them: a first name and last initial, their company and country. */
export interface CreatorBuyerView {
  first_name: string;
  last_initial: string | null;
  company: string | null;
  country: string | null;
}

export interface CreatorOrderView {
  id: number;
  product: { id: number; title: string; image: string | null };
  package_index: number;
  work_status: WorkStatus;
  due_at: string | null;
  revisions_allowed: number;
  revisions_used: number;
  delivery_days: number;
  revision_days: number;
  starts_at: string | null;
  work_started_at: string | null;
  created_at: string;
  assigned_at: string | null;
  customer: CreatorBuyerView;
  /** The customer's messages the studio's side has not read yet. */
  unread_messages: number;
  /** What the creator earns on it: their share (fixed when it was assigned) of the net price still kept. */
  earns: EarningView | null;
}

/** The columns a creator's view is made of, and nothing else. */
const creatorOrderColumns = {
  id: orders.id,
  productId: orders.productId,
  productTitle: products.title,
  image: productImage,
  packagePosition: orders.packagePosition,
  workStatus: orders.workStatus,
  dueAt: orders.dueAt,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
  deliveryDays: orders.deliveryDays,
  revisionDays: orders.revisionDays,
  startsAt: orders.startsAt,
  workStartedAt: orders.workStartedAt,
  createdAt: orders.createdAt,
  assignedAt: orders.assignedAt,
  buyerName: users.name,
  // Only these two of the billing snapshot leave the database.
  company: sql<string | null>`json_extract(${orders.billingSnapshot}, '$.company')`,
  country: sql<string | null>`json_extract(${orders.billingSnapshot}, '$.country')`,
  net: orderNetMinor,
  currency: orders.currency,
  shareBasisPoints: orders.creatorShareBasisPoints,
  unread: sql<number>`(SELECT count(*) FROM ${orderMessages} WHERE ${orderMessages.orderId} = ${orders.id} AND ${orderMessages.authorKind} = 'customer' AND ${orderMessages.id} > ${orders.studioSeenMessageId})`,
};
type CreatorOrderRow = {
  id: number;
  productId: number;
  productTitle: string;
  image: string | null;
  packagePosition: number;
  workStatus: WorkStatus;
  dueAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  deliveryDays: number;
  revisionDays: number;
  startsAt: Date | null;
  workStartedAt: Date | null;
  createdAt: Date;
  assignedAt: Date | null;
  buyerName: string;
  company: string | null;
  country: string | null;
  net: number;
  currency: string;
  shareBasisPoints: number | null;
  unread: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toCreatorOrderView(row: CreatorOrderRow): CreatorOrderView {
  return {
    id: row.id,
    product: { id: row.productId, title: row.productTitle, image: row.image ? mediaUrl(row.image) : null },
    package_index: row.packagePosition,
    work_status: row.workStatus,
    due_at: iso(row.dueAt),
    revisions_allowed: row.revisionsAllowed,
    revisions_used: row.revisionsUsed,
    delivery_days: row.deliveryDays,
    revision_days: row.revisionDays,
    starts_at: iso(row.startsAt),
    work_started_at: iso(row.workStartedAt),
    created_at: row.createdAt.toISOString(),
    assigned_at: iso(row.assignedAt),
    customer: { ...shortName(row.buyerName), company: row.company || null, country: row.country || null },
    unread_messages: Number(row.unread),
    earns: row.shareBasisPoints === null ? null : earningView(row.net, row.shareBasisPoints, row.currency),
  };
}

function selectCreatorOrders(db: Database, where: SQL | undefined) {
  return db
    .select(creatorOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
}

/** One order assigned to the creator now, as they see it; 404 otherwise. */
export async function getCreatorOrder(db: Database, creatorId: number, orderId: number): Promise<CreatorOrderView> {
  const [row] = await selectCreatorOrders(db, and(eq(orders.id, orderId), eq(orders.creatorId, creatorId))).limit(1);
  if (!row) throw refuse.notFound(ORDER_NOT_FOUND);
  return toCreatorOrderView(row as CreatorOrderRow);
}

/** Where a page of a creator's queue starts: after this order (its due date, or none, then newest first). */
export type CreatorQueueKeyset = { undated: boolean; dueAt: number | null; createdAt: number; id: number };

export function parseCreatorQueueAfter(value: string | null | undefined): CreatorQueueKeyset | null {
  const match = /^([01]):(\d{1,15}|-):(\d{1,15}):(\d{1,12})$/.exec(value ?? "");
  if (!match) return null;
  const undated = match[1] === "1";
  if (undated !== (match[2] === "-")) return null;
  return { undated, dueAt: undated ? null : Number(match[2]), createdAt: Number(match[3]), id: Number(match[4]) };
}

function keysetOf(row: CreatorOrderRow): string {
  return `${row.dueAt ? 0 : 1}:${row.dueAt ? row.dueAt.getTime() : "-"}:${row.createdAt.getTime()}:${row.id}`;
}

/**
 * A page of the creator's orders in one status, due dates first (soonest first, none last), then
 * newest: read from orders_creator_queue_idx from the keyset on, so the rows read follow the page.
 * With the page, how many orders of theirs each status holds (kept counts: one row each).
 */
export async function listCreatorOrders(
  db: Database,
  creatorId: number,
  status: WorkStatus,
  { after = null, limit = 20 }: { after?: CreatorQueueKeyset | null; limit?: number } = {},
): Promise<{ data: CreatorOrderView[]; counts: Record<string, number>; next: string | null }> {
  const from = after
    ? after.undated
      ? sql`((due_at IS NULL) = 1 AND (${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id}))`
      : sql`((due_at IS NULL) = 1 OR ((due_at IS NULL) = 0 AND (${orders.dueAt} > CAST(${after.dueAt} AS INTEGER) OR (${orders.dueAt} = CAST(${after.dueAt} AS INTEGER) AND (${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id})))))`
    : undefined;
  // The page's ids from the creator's part of orders_creator_queue_idx, from the keyset on.
  const ids = sql`SELECT ${orders.id} FROM ${orders} INDEXED BY orders_creator_queue_idx
    WHERE ${orders.creatorId} = ${creatorId} AND ${orders.workStatus} = ${status}${from ? sql` AND ${from}` : sql``}
    ORDER BY (${orders.dueAt} IS NULL), ${orders.dueAt}, ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${limit}`;
  const [rows, kept] = await db.batch([
    selectCreatorOrders(db, sql`${orders.id} IN (${ids})`).orderBy(sql`(${orders.dueAt} IS NULL)`, asc(orders.dueAt), desc(orders.createdAt), desc(orders.id)),
    keptScopeQuery(
      db,
      "creator_work",
      STUDIO_QUEUE.map((s) => `${creatorId}:${s}`),
    ),
  ]);
  const counts = Object.fromEntries(STUDIO_QUEUE.map((s) => [s, kept.find((k) => k.key === `${creatorId}:${s}`)?.n ?? 0]));
  const typed = rows as CreatorOrderRow[];
  const last = typed.at(-1);
  return { data: typed.map(toCreatorOrderView), counts, next: last && typed.length === limit ? keysetOf(last) : null };
}

/**
 * What the creator's order page shows: their view of the order, its brief, timeline, versions,
 * revision requests and thread (no refunds, invoices or payments), in one batch after the order.
 */
export async function getCreatorOrderWork(db: Database, creatorId: number, orderId: number) {
  const order = await getCreatorOrder(db, creatorId, orderId);
  const [seen, briefs, attachments, events, deliveries, files, revisions, comments, messages, ...stageRows] = await db.batch([
    db.select({ studio: orders.studioSeenMessageId }).from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId)).limit(1),
    attachmentsQuery(db, orderId),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.version), asc(orderEvents.id)),
    ...deliveriesQueries(db, orderId),
    ...revisionsQueries(db, orderId),
    messagesQuery(db, orderId),
    ...stagesQueries(db, orderId),
  ]);
  return {
    order,
    ...toOrderStages(order, stageRows, { names: false }),
    brief: briefs[0] ? toBriefView(briefs[0], attachments) : null,
    events: events.map((r): OrderEventView => ({
      actor: r.actorKind,
      from_status: r.fromStatus,
      to_status: r.toStatus,
      note: r.note,
      created_at: r.createdAt.toISOString(),
    })),
    deliveries: toDeliveryViews(orderId, deliveries, files, () => true),
    revisions: toRevisionViews(revisions, comments),
    messages: messages.map((m) => toMessageView(m, attachments)),
    seenMessageId: seen[0]?.studio ?? 0,
  };
}
