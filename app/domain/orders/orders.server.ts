/**
 * Orders and their payments (docs/design.md §5). The server prices every order from the chosen package;
 * the gateway, never the client, says whether it was paid.
 */
import { refuse } from "../refusal";
import { and, count, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creators, keptCounts, orderMessages, orders, packages, productMedia, products, promotions, users, type PaymentStatus } from "../../../db/schema";
import { fullRowOf } from "../../../db/insert-select";
import { decimalToMinor, minorToDecimalString } from "~/lib/money-decimal";
import { decideWorkMove, WORK_STATUSES, type WorkActor, type WorkStatus } from "~/lib/rules/work-status";
import { totalPagesFor } from "~/lib/pagination";
import { parseAfterParam, type Keyset } from "~/lib/query";
import { getAddress } from "./addresses.server";
import { orderStatusFor, type Intent, type PaymentGateway } from "../payments/gateway.server";
import { mediaUrl } from "../media/media.server";
import { queueReceiptEmail, type MailNotice } from "../mail/order-emails.server";
import { paidWorkChanges, SHOP_ACTOR, workEventQuery } from "./work-events.server";
import { rateText } from "../money/tax-rules";
import { buysAsBusiness } from "~/lib/rules/buyer";
import { orderPriceColumns } from "../money/tax.server";
import { taxAddressOf, type TaxService } from "../money/tax-service.server";
import { readVatCheck, VAT_RECHECK_MS, vatCheckJson, vatCheckSummary, vatNumberHolds } from "../money/vat-numbers.server";
import { billingSnapshot, readBillingSnapshot, type BillingSnapshot } from "../money/billing-snapshot";
import { packageName } from "~/lib/rules/packages";
import { invoiceNumberStatements } from "../money/invoice-numbers.server";
import { onSale } from "../catalogue/on-sale";
import {
  checkPromotion,
  finalRedemptionStatement,
  promotionRefusal,
  promotionIdByCode,
  PROMO_MESSAGES,
  redeemableWhere,
  releaseRedemptionStatement,
  reservationStatement,
} from "../money/promotions.server";

/** An order as SPEC §3 shows it: `order_amount` a decimal string, the product's image and title embedded. */
export interface OrderView {
  id: number;
  product_id: number;
  billing_address_id: number | null;
  package_index: number;
  /** The total charged (subtotal − discount + tax). */
  order_amount: string;
  currency: string;
  subtotal_amount: string;
  discount_amount: string;
  tax_amount: string;
  /** Percent, two decimals: "20.00". */
  tax_rate: string;
  tax_country: string | null;
  tax_note: string | null;
  invoice_number: string | null;
  /** What has gone back so far. */
  refunded_amount: string;
  payment_status: PaymentStatus;
  stripe_transaction_id: string | null;
  created_at: string;
  /** When the payment succeeded (its invoice's date): the cancellation period counts from it. */
  paid_at: string | null;
  product: { image: string | null; title: string };
  work_status: WorkStatus;
  due_at: string | null;
  revisions_allowed: number;
  revisions_used: number;
  /** The package's promises as bought. */
  delivery_days: number;
  revision_days: number;
  /** Whether work starts at once; else a submitted brief waits (scheduled) until `starts_at`. */
  start_work_now: boolean;
  starts_at: string | null;
  /** When production began (null before). */
  work_started_at: string | null;
  /** A cancellation after work started: asked, and answered by the studio. */
  cancellation_requested_at: string | null;
  cancellation_answered_at: string | null;
  /** The customer approved the delivery while the request was open: withdrawn, never refunded. */
  cancellation_withdrawn_at: string | null;
}

/** The order's product's first image (else the video thumbnail), read in the same query as the order (the buyer's and the creator's views). */
export const productImage = sql<string | null>`(
  SELECT ${productMedia.r2Key} FROM ${productMedia}
  WHERE ${productMedia.productId} = ${orders.productId} AND ${productMedia.kind} IN ('image', 'thumbnail')
  ORDER BY CASE ${productMedia.kind} WHEN 'image' THEN 0 ELSE 1 END, ${productMedia.position}, ${productMedia.id}
  LIMIT 1
)`;

const orderColumns = {
  id: orders.id,
  productId: orders.productId,
  billingAddressId: orders.billingAddressId,
  packagePosition: orders.packagePosition,
  amountMinor: orders.amountMinor,
  currency: orders.currency,
  subtotalMinor: orders.subtotalMinor,
  discountMinor: orders.discountMinor,
  taxMinor: orders.taxMinor,
  taxRateBasisPoints: orders.taxRateBasisPoints,
  taxCountry: orders.taxCountry,
  taxNote: orders.taxNote,
  invoiceNumber: orders.invoiceNumber,
  refundedMinor: orders.refundedMinor,
  paymentStatus: orders.paymentStatus,
  paymentIntentId: orders.paymentIntentId,
  createdAt: orders.createdAt,
  paidAt: orders.invoiceIssuedAt,
  userId: orders.userId,
  workStatus: orders.workStatus,
  dueAt: orders.dueAt,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
  deliveryDays: orders.deliveryDays,
  revisionDays: orders.revisionDays,
  startWorkNow: orders.startWorkNow,
  startsAt: orders.startsAt,
  workStartedAt: orders.workStartedAt,
  cancellationRequestedAt: orders.cancellationRequestedAt,
  cancellationAnsweredAt: orders.cancellationAnsweredAt,
  cancellationWithdrawnAt: orders.cancellationWithdrawnAt,
  productTitle: products.title,
  image: productImage,
};

type OrderRow = { [K in keyof typeof orderColumns]: unknown } & {
  id: number;
  productId: number;
  billingAddressId: number | null;
  packagePosition: number;
  amountMinor: number;
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  taxRateBasisPoints: number;
  taxCountry: string | null;
  taxNote: string | null;
  invoiceNumber: string | null;
  refundedMinor: number;
  paymentStatus: PaymentStatus;
  paymentIntentId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  userId: number;
  workStatus: WorkStatus;
  dueAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  deliveryDays: number;
  revisionDays: number;
  startWorkNow: boolean;
  startsAt: Date | null;
  workStartedAt: Date | null;
  cancellationRequestedAt: Date | null;
  cancellationAnsweredAt: Date | null;
  cancellationWithdrawnAt: Date | null;
  productTitle: string;
  image: string | null;
};

function toView(row: OrderRow): OrderView {
  return {
    id: row.id,
    product_id: row.productId,
    billing_address_id: row.billingAddressId,
    package_index: row.packagePosition,
    order_amount: minorToDecimalString(row.amountMinor, row.currency),
    currency: row.currency,
    subtotal_amount: minorToDecimalString(row.subtotalMinor, row.currency),
    discount_amount: minorToDecimalString(row.discountMinor, row.currency),
    tax_amount: minorToDecimalString(row.taxMinor, row.currency),
    tax_rate: rateText(row.taxRateBasisPoints),
    tax_country: row.taxCountry,
    tax_note: row.taxNote,
    invoice_number: row.invoiceNumber,
    refunded_amount: minorToDecimalString(row.refundedMinor, row.currency),
    payment_status: row.paymentStatus,
    stripe_transaction_id: row.paymentIntentId,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    product: { image: row.image ? mediaUrl(row.image) : null, title: row.productTitle },
    work_status: row.workStatus,
    due_at: row.dueAt ? row.dueAt.toISOString() : null,
    revisions_allowed: row.revisionsAllowed,
    revisions_used: row.revisionsUsed,
    delivery_days: row.deliveryDays,
    revision_days: row.revisionDays,
    start_work_now: Boolean(row.startWorkNow),
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    work_started_at: row.workStartedAt ? row.workStartedAt.toISOString() : null,
    cancellation_requested_at: row.cancellationRequestedAt ? row.cancellationRequestedAt.toISOString() : null,
    cancellation_answered_at: row.cancellationAnsweredAt ? row.cancellationAnsweredAt.toISOString() : null,
    cancellation_withdrawn_at: row.cancellationWithdrawnAt ? row.cancellationWithdrawnAt.toISOString() : null,
  };
}

function selectOrders(db: Database, where: SQL | undefined) {
  return db.select(orderColumns).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(where);
}

/** Orders newest first; a customer's own when `userId` is given, everyone's for admins. */
/** The newest orders of the whole shop, as a query to put in a caller's batch, and its mapping. */
export function recentOrdersQuery(db: Database, limit: number) {
  return selectOrders(db, undefined).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

export function toOrderViews(rows: unknown[]): OrderView[] {
  return (rows as OrderRow[]).map(toView);
}

/** Who reads a thread: its customer, or the studio (any admin; they share what the studio has seen). */
export type ThreadReader = "customer" | "studio";

/** Messages the other side wrote after the newest one `reader` has seen. */
function unreadMessages(reader: ThreadReader) {
  const seen = reader === "customer" ? orders.customerSeenMessageId : orders.studioSeenMessageId;
  // The studio's side is its admins and the order's creator.
  const otherSide = reader === "customer" ? sql`${orderMessages.authorKind} <> 'customer'` : sql`${orderMessages.authorKind} = 'customer'`;
  return sql<number>`(SELECT count(*) FROM ${orderMessages} WHERE ${orderMessages.orderId} = ${orders.id} AND ${otherSide} AND ${orderMessages.id} > ${seen})`;
}

export type OrderWithUnread = OrderView & { unread_messages: number };

/**
 * Whose orders a read may return: one customer's (by id, or as a session's subject: sessionSubject),
 * or every order (the studio's side: admins, and the shop's own steps once access is settled). Always
 * said, never left out: a new kind of account cannot read every order by being forgotten.
 */
export type OrderScope = { userId: number | SQL<number | null> } | typeof EVERY_ORDER;
export const EVERY_ORDER = { every: true } as const;

/**
 * The orders an account may see as the buyer's orders (money, tax, invoice): a customer their own,
 * admins and the shop's own steps every one, a creator none (they read their assigned orders
 * through app/domain/creators' own view, never this one). Every kind is named (no default), so a
 * kind added to WorkActor fails to compile here until it says whose orders it sees.
 */
export function ordersOf(account: { kind: WorkActor; id: number | null }): OrderScope {
  switch (account.kind) {
    case "customer":
      return { userId: account.id ?? -1 };
    case "creator":
      return NO_ORDER;
    case "admin":
    case "system":
      return EVERY_ORDER;
  }
}
/** No order at all: a scope nothing matches. */
export const NO_ORDER = { userId: -1 } as const;

/**
 * Orders newest first, a customer's own when `userId` is given, everyone's for admins. With
 * `unreadFor`, each carries how many messages of its thread that reader has not seen (the screens
 * show it; the API's order shape stays as it is).
 */
export async function listOrders(db: Database, scope: OrderScope, page: number, limit: number, options?: { after?: Keyset }): Promise<OrderPage<OrderView>>;
export async function listOrders(
  db: Database,
  scope: OrderScope,
  page: number,
  limit: number,
  options: { unreadFor: ThreadReader; after?: Keyset },
): Promise<OrderPage<OrderWithUnread>>;
export async function listOrders(db: Database, scope: OrderScope, page: number, limit: number, options: { unreadFor?: ThreadReader; after?: Keyset } = {}) {
  const where = "every" in scope ? undefined : eq(orders.userId, scope.userId);
  const [[counted], rows] = await db.batch([
    // The count kept for these orders (kept_counts), not a count of them.
    db
      .select({ total: keptCounts.n })
      .from(keptCounts)
      .where(
        "every" in scope
          ? and(eq(keptCounts.scope, "orders"), eq(keptCounts.key, ""))
          : and(
              eq(keptCounts.scope, "user"),
              // A customer's key is their id as text ('7'; a bound number could read as '7.0').
              typeof scope.userId === "number"
                ? eq(keptCounts.key, String(scope.userId))
                : sql`${keptCounts.key} = CAST(CAST(${scope.userId} AS INTEGER) AS TEXT)`,
            ),
      ),
    db
      // Named, as every computed column of a batch: D1's rows are objects keyed by column name.
      .select({ ...orderColumns, unread: (options.unreadFor ? unreadMessages(options.unreadFor) : sql<number>`0`).as("unread") })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(inArray(orders.id, pageOfIds(db, where, page, limit, options.after)))
      .orderBy(...newestOrders),
  ]);
  const total = counted?.total ?? 0;
  const data = (rows as (OrderRow & { unread: number })[]).map((row) =>
    options.unreadFor ? { ...toView(row), unread_messages: Number(row.unread) } : toView(row),
  );
  return { data, total, totalPages: totalPagesFor(total, limit) };
}

const newestOrders = [desc(orders.createdAt), desc(orders.id)];

/**
 * The ids of one page of orders, newest first, read from an index alone (orders_user_created_idx
 * for a customer, orders_created_idx for all): by page number the rows before the page cost an index
 * entry each; after an order (`after`, a walk's keyset) only the page's entries are read. Only the
 * page's own orders and products are read then.
 */
function pageOfIds(db: Database, where: SQL | undefined, page: number, limit: number, after?: Keyset) {
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(where, after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id})` : undefined))
    .orderBy(...newestOrders)
    .limit(limit);
  return after ? ids : ids.offset((page - 1) * limit);
}

export interface OrderPage<T> {
  data: T[];
  total: number;
  totalPages: number;
}

/** How the studio's queue is ordered: its work by due date (what is late or due soonest first), or newest first. */
export type QueueSort = "due" | "newest";

/**
 * Where the queue's Next link goes on from inside the current work (by due date): the last order's
 * group, whether it has a due date, the date, and its `created_at` and `id`. Written in the link as
 * `due:{group}:{0|1}:{due ms or -}:{created ms}:{id}`.
 */
export type QueueKeyset = { group: 0 | 1; undated: boolean; dueAt: number | null; createdAt: number; id: number };

const QUEUE_AFTER = /^due:([01]):([01]):(-|\d{1,15}):(\d{1,15}):([1-9]\d{0,14})$/;

/** A queue page's `?after=`: the due-date keyset, or the newest-first one; anything unreadable means none. */
export function parseQueueAfter(value: string | null | undefined): QueueKeyset | Keyset | undefined {
  const match = QUEUE_AFTER.exec(value ?? "");
  if (!match) return parseAfterParam(value);
  const [, group, undated, due, created, id] = match;
  // A dated order names its date; an undated one none.
  if ((undated === "1") !== (due === "-")) return undefined;
  return { group: Number(group) as 0 | 1, undated: undated === "1", dueAt: due === "-" ? null : Number(due), createdAt: Number(created), id: Number(id) };
}

const isQueueKeyset = (after: QueueKeyset | Keyset | undefined): after is QueueKeyset => after !== undefined && "group" in after;

/**
 * The studio's work queue (/admin/orders): orders filtered by work status (all when null), with
 * the count of every status for the tabs and each order's unread messages, in one batch. Sorted by
 * due date: the studio's own work first (in production, revisions), then what waits on the
 * customer (delivered, awaiting a brief), then the rest; each by due date, then newest.
 */
export async function listOrderQueue(
  db: Database,
  {
    status,
    sort,
    page,
    limit,
    studio,
    after,
  }: { status: WorkStatus | null; sort: QueueSort; page: number; limit: number; studio: SQL<number | null>; after?: Keyset | QueueKeyset | undefined },
) {
  // Read for the studio only: `studio` is the admin session's subject (sessionSubject), NULL for anyone else.
  const forStudio = sql`${studio} IS NOT NULL`;
  const [counts, rows] = await db.batch([
    // The counts kept per work status (kept_counts): the tabs read a row each, however many orders there are.
    db
      .select({ status: keptCounts.key, n: keptCounts.n })
      .from(keptCounts)
      .where(and(forStudio, eq(keptCounts.scope, "work_status"))),
    db
      // Who bought each order: one row by primary key per order shown (the page's rows, not the shop's).
      .select({
        ...orderColumns,
        unread: unreadMessages("studio").as("unread"),
        briefReminderAt: orders.briefReminderAt,
        // Aliased: both columns are called "name", and D1's rows are keyed by column name.
        customer: sql<string | null>`${users.name}`.as("customer_name"),
        creator: sql<string | null>`${creators.name}`.as("creator_name"),
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .leftJoin(users, eq(users.id, orders.userId))
      // Who makes each order: one row by primary key per order shown.
      .leftJoin(creators, eq(creators.id, orders.creatorId))
      .where(and(forStudio, inArray(orders.id, sql`(${queuePageIds(status, sort, page, limit, after)})`)))
      .orderBy(...(sort === "due" ? byDue : []), ...newestOrders)
      .limit(limit),
  ]);
  const countOf = Object.fromEntries(WORK_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<WorkStatus, number>;
  const all = Object.values(countOf).reduce((a, b) => a + b, 0);
  const total = status ? countOf[status] : all;
  const read = rows as (OrderRow & { unread: number; briefReminderAt: Date | null; customer: string | null; creator: string | null })[];
  return {
    nextAfter: queueNextAfter(status, sort, read, limit),
    data: read.map((row) => ({
      ...toView(row),
      unread_messages: Number(row.unread),
      customer: row.customer,
      creator: row.creator,
      // The timer's flag: paid a day ago and still no brief (the customer has been reminded).
      brief_reminded: row.workStatus === "awaiting_brief" && row.briefReminderAt !== null,
    })),
    counts: { all, ...countOf },
    totalPages: totalPagesFor(total, limit),
  };
}

/** The studio's own work (by due date first), then what waits on the customer (by due date), then the rest (newest first). */
const QUEUE_GROUPS = [
  ["in_progress", "revision_requested"],
  ["delivered", "awaiting_brief", "scheduled"],
] as const;
const CURRENT_WORK: WorkStatus[] = [...QUEUE_GROUPS[0], ...QUEUE_GROUPS[1]];

/** A work status's group in the due-date order (0, 1 or 2), as SQL. */
const queueGroup = sql`CASE WHEN ${orders.workStatus} IN ('in_progress', 'revision_requested') THEN 0 WHEN ${orders.workStatus} IN ('delivered', 'awaiting_brief', 'scheduled') THEN 1 ELSE 2 END`;

/** The page's order by due date: the group, then (current work) due dates first, earliest first, then newest. */
const byDue = [queueGroup, sql`CASE WHEN ${queueGroup} < 2 THEN ${orders.dueAt} IS NULL END`, sql`CASE WHEN ${queueGroup} < 2 THEN ${orders.dueAt} END`];

/**
 * The ids of one page of the queue, each part read by index. Newest first: orders_created_idx (or
 * orders_work_status_created_idx for one status). By due date: each group of current work merges
 * its statuses from orders_queue_idx (due dates first, earliest first, then newest), reading only
 * as far as the page; the rest follows newest first; the page takes from each group what falls in
 * it, the rows of the groups before it counted from the kept counts. After an order (`after`, the
 * Next link's keyset) the newest-first part reads only its page, however deep.
 */
function queuePageIds(status: WorkStatus | null, sort: QueueSort, page: number, limit: number, keyset?: Keyset | QueueKeyset): SQL {
  const offset = (page - 1) * limit;
  // A due-date keyset goes on inside the current work; a newest-first one past it (or in newest order).
  const dueAfter = isQueueKeyset(keyset) ? keyset : undefined;
  const after = isQueueKeyset(keyset) ? undefined : keyset;
  const newest = (where: SQL | undefined, skip: SQL | number) =>
    sql`SELECT ${orders.id} FROM ${orders} WHERE ${and(where, after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id})` : undefined) ?? sql`1`}
        ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${limit} OFFSET ${after ? 0 : skip}`;
  if (sort === "newest" || (status !== null && !CURRENT_WORK.includes(status))) {
    return newest(status ? eq(orders.workStatus, status) : undefined, offset);
  }
  const dueOrdered = (statuses: readonly WorkStatus[], skip: SQL | number) => {
    const arm = (s: WorkStatus) =>
      sql`SELECT ${orders.id} AS id, ${orders.dueAt} IS NULL AS nd, ${orders.dueAt} AS d, ${orders.createdAt} AS c FROM ${orders} WHERE ${orders.workStatus} = ${s}`;
    return sql`SELECT id FROM (${sql.join(statuses.map(arm), sql` UNION ALL `)} ORDER BY 2, 3, 4 DESC, 1 DESC LIMIT ${limit} OFFSET ${skip})`;
  };
  /**
   * The orders of `statuses` after the keyset in the due-date order, each status read from
   * orders_queue_idx from the keyset on (orders with the keyset's own due date and newer than it are
   * skipped, read only as ties): dated ones after the keyset's date, then the undated, newest first.
   */
  const dueOrderedAfter = (statuses: readonly WorkStatus[], k: QueueKeyset) => {
    const columns = sql`${orders.id} AS id, ${orders.dueAt} IS NULL AS nd, ${orders.dueAt} AS d, ${orders.createdAt} AS c`;
    const seen = (dated: boolean) =>
      sql`(${orders.createdAt} > ${k.createdAt} OR (${orders.createdAt} = ${k.createdAt} AND ${orders.id} >= ${k.id}))${dated ? sql` AND ${orders.dueAt} = ${k.dueAt}` : sql``}`;
    const undated = (s: WorkStatus, from: SQL | undefined) =>
      sql`SELECT * FROM (SELECT ${columns} FROM ${orders} INDEXED BY orders_queue_idx WHERE ${orders.workStatus} = ${s} AND (${orders.dueAt} IS NULL) = 1 AND ${orders.dueAt} IS NULL${from ? sql` AND ${from}` : sql``}
          ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${limit})`;
    // One term per status (D1 allows few terms in a compound SELECT): its dated orders after the keyset, then its undated ones.
    const arms = statuses.map((s) =>
      k.undated
        ? undated(s, sql`${orders.createdAt} <= ${k.createdAt} AND NOT ${seen(false)}`)
        : sql`SELECT * FROM (SELECT * FROM (SELECT ${columns} FROM ${orders} INDEXED BY orders_queue_idx WHERE ${orders.workStatus} = ${s} AND (${orders.dueAt} IS NULL) = 0 AND ${orders.dueAt} >= ${k.dueAt} AND NOT (${seen(true)})
            ORDER BY ${orders.dueAt}, ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${limit}) UNION ALL ${undated(s, undefined)})`,
    );
    return sql`SELECT id FROM (${sql.join(arms, sql` UNION ALL `)} ORDER BY 2, 3, 4 DESC, 1 DESC LIMIT ${limit})`;
  };
  if (status !== null) return dueAfter ? dueOrderedAfter([status], dueAfter) : dueOrdered([status], offset);
  const rest = notInArray(orders.workStatus, CURRENT_WORK);
  // After an order of the current work: the rest of its group, then the groups after it, each from its start.
  if (dueAfter) {
    const parts = [dueOrderedAfter(QUEUE_GROUPS[dueAfter.group], dueAfter), ...(dueAfter.group === 0 ? [dueOrdered(QUEUE_GROUPS[1], 0)] : []), newest(rest, 0)];
    return sql.join(
      parts.map((part) => sql`SELECT id FROM (${part})`),
      sql` UNION ALL `,
    );
  }
  // Past the current work (the Next link of a page that ended in the rest): the rest alone, by keyset.
  if (after) return newest(rest, 0);
  // How many orders the groups before a group hold, from the kept counts.
  const before = (statuses: readonly WorkStatus[]) =>
    sql`max(0, ${offset} - (SELECT coalesce(sum(${keptCounts.n}), 0) FROM ${keptCounts} WHERE ${keptCounts.scope} = 'work_status' AND ${inArray(keptCounts.key, [...statuses])}))`;
  return sql`SELECT id FROM (${dueOrdered(QUEUE_GROUPS[0], offset)}) UNION ALL SELECT id FROM (${dueOrdered(QUEUE_GROUPS[1], before(QUEUE_GROUPS[0]))}) UNION ALL SELECT id FROM (${newest(rest, before(CURRENT_WORK))})`;
}

/**
 * The keyset of the order after which the queue's next page starts, when that page can be read by
 * it (newest first, or by due date once past the current work); null otherwise.
 */
function queueNextAfter(
  status: WorkStatus | null,
  sort: QueueSort,
  rows: { workStatus: WorkStatus; createdAt: Date; dueAt: Date | null; id: number }[],
  limit: number,
) {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return null;
  const byKeyset = sort === "newest" || (status === null ? !CURRENT_WORK.includes(last.workStatus) : !CURRENT_WORK.includes(status));
  if (byKeyset) return `${last.createdAt.toISOString()}_${last.id}`;
  // Inside the current work, by due date: the keyset of that order.
  const group = (QUEUE_GROUPS[0] as readonly WorkStatus[]).includes(last.workStatus) ? 0 : 1;
  return `due:${group}:${last.dueAt ? 0 : 1}:${last.dueAt ? last.dueAt.getTime() : "-"}:${last.createdAt.getTime()}:${last.id}`;
}

export async function getOrder(db: Database, id: number, scope: OrderScope): Promise<(OrderView & { user_id: number }) | null> {
  const where = "every" in scope ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, scope.userId));
  const [row] = (await selectOrders(db, where).limit(1)) as OrderRow[];
  return row ? { ...toView(row), user_id: row.userId } : null;
}

export interface CreateOrderInput {
  productId: number;
  /** Package by position; when absent, the package whose price matches `clientAmount`/`currency`. */
  packageIndex?: number | undefined;
  billingAddressId: number;
  /** What the client thinks it costs (SPEC §7 sends it); rejected when it disagrees with the server. */
  clientAmount?: string | number | undefined;
  currency?: string | undefined;
  /** Same key, same order: a double-clicked or replayed submit never creates a second order. */
  idempotencyKey: string;
  /** A promotion code (any case): its discount comes off the package's price, and its redemption is reserved with the order. */
  promoCode?: string | undefined;
  /** A consumer asked for work to start before the cancellation period ends (ignored for a business, whose work starts at once). */
  startWorkNow?: boolean | undefined;
}

/** How long an unpaid order may be paid. After that it is cancelled, and paying starts a new order at today's price. */
export const UNPAID_ORDER_LIFETIME_MS = 24 * 3_600_000;

const UNPAID: readonly PaymentStatus[] = ["initiated", "failed"];

/** How many unpaid orders a customer may have open at once (within their lifetime). */
export const UNPAID_ORDER_LIMIT = 10;
export const UNPAID_ORDER_LIMIT_MESSAGE = `You have ${UNPAID_ORDER_LIMIT} unpaid orders. Pay one of them, or wait until they expire after 24 hours, before starting another.`;

type OrderRecord = typeof orders.$inferSelect;

/**
 * Why an unpaid order may no longer be paid, or null when it may: it is older than
 * UNPAID_ORDER_LIFETIME_MS, or its package's price changed since it was created (the customer must
 * be charged what the page shows today, never a price stored earlier).
 */
export function unpayableReason(
  order: Pick<OrderRecord, "createdAt" | "subtotalMinor" | "currency">,
  price: { amountMinor: number; currency: string },
  now = Date.now(),
): "expired" | "repriced" | null {
  if (now - order.createdAt.getTime() >= UNPAID_ORDER_LIFETIME_MS) return "expired";
  if (order.subtotalMinor !== price.amountMinor || order.currency !== price.currency) return "repriced";
  return null;
}

/** Cancels an unpaid order and its intent at the gateway, so the old amount can never be charged. */
export async function cancelUnpaidOrder(
  db: Database,
  gateway: PaymentGateway,
  order: Pick<OrderRecord, "id" | "paymentIntentId">,
  notice: MailNotice,
  now = Date.now(),
  still?: SQL,
) {
  if (order.paymentIntentId) {
    const intent = await gateway.cancelIntent(order.paymentIntentId);
    // Paid after all (a card confirmed a moment ago): record that instead of cancelling.
    if (intent && intent.status !== "canceled") return recordIntentStatus(db, order.id, intent, notice);
  }
  return (await cancelIfUnpaid(db, order.id, now, still)) ? ("canceled" as const) : ("unchanged" as const);
}

/**
 * Marks an order cancelled if it is still unpaid (and `still` holds), and releases its promotion
 * code's reservation in the same batch (only if the order was cancelled), so the code counts again
 * for others. True when this call cancelled it.
 */
async function cancelIfUnpaid(db: Database, orderId: number, now: number, still?: SQL): Promise<boolean> {
  const [cancelled] = await db.batch([
    db
      .update(orders)
      .set({ paymentStatus: "canceled", updatedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...UNPAID]), still))
      .returning({ id: orders.id }),
    releaseRedemptionStatement(db, orderId),
  ]);
  return cancelled.length > 0;
}

/**
 * The order to pay for `input`: the one its idempotency key already made, or a new one. An unpaid
 * order that expired or whose price changed is cancelled and replaced by a new order at today's
 * price (keyed by the old order, so a double-clicked retry still makes only one).
 */
async function orderToPay(
  db: Database,
  gateway: PaymentGateway | null,
  tax: TaxService,
  userId: number,
  input: CreateOrderInput,
  now: number,
  notice: MailNotice,
) {
  let placed = await insertOrder(db, gateway?.name ?? "stripe", tax, userId, input);
  for (let renewals = 0; renewals < 3; renewals++) {
    const { order, pkg } = placed;
    const stale = order.paymentStatus === "canceled" || (UNPAID.includes(order.paymentStatus) && unpayableReason(order, pkg, now) !== null);
    if (!stale) return placed;
    if (order.paymentStatus !== "canceled") {
      // Cancelling releases its code's reservation; the renewed order reserves the code again, if it still may.
      if (gateway) await cancelUnpaidOrder(db, gateway, order, notice);
      else await cancelIfUnpaid(db, order.id, now);
    }
    placed = await insertOrder(db, gateway?.name ?? "stripe", tax, userId, { ...input, idempotencyKey: `renew-${order.id}` });
  }
  throw refuse.conflict("This checkout could not be renewed; reload the page");
}

/** What making an order needs beyond D1: the card gateway and where its tax comes from (the load context has both). */
export interface OrderServices {
  payments: PaymentGateway;
  tax: TaxService;
}

/**
 * Creates (or, for a repeated idempotency key, returns) an order in `initiated` and its one
 * PaymentIntent. Returns the order and the intent's client secret.
 */
export async function createOrder(
  db: Database,
  { payments: gateway, tax }: OrderServices,
  userId: number,
  input: CreateOrderInput,
  notice: MailNotice,
  now = Date.now(),
) {
  const { order, description } = await orderToPay(db, gateway, tax, userId, input, now, notice);
  if (order.amountMinor === 0) {
    // Nothing to pay (a code took the whole price off): paid as it is made, under the shop's own
    // intent (succeeded, no client secret); no gateway is asked.
    const intent = await recordFreeOrder(db, order, notice);
    const { user_id: _owner, ...view } = (await getOrder(db, order.id, EVERY_ORDER))!;
    return { order: view, clientSecret: null, intent };
  }
  const intent = await gateway.createIntent({
    amountMinor: order.amountMinor,
    currency: order.currency,
    idempotencyKey: `order-${order.id}`,
    metadata: { order_id: String(order.id), user_id: String(userId) },
    description,
  });
  if (order.paymentIntentId !== intent.id) {
    await db.update(orders).set({ paymentIntentId: intent.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
  }
  // The same order shape as every other answer about orders (no owner id).
  const { user_id: _owner, ...view } = (await getOrder(db, order.id, EVERY_ORDER))!;
  return { order: view, clientSecret: intent.clientSecret, intent };
}

/** An order without a PaymentIntent yet: Stripe's hosted checkout session creates the intent itself. */
export async function createOrderForHostedCheckout(
  db: Database,
  tax: TaxService,
  userId: number,
  input: CreateOrderInput,
  notice: MailNotice,
  now = Date.now(),
) {
  const { order } = await orderToPay(db, null, tax, userId, input, now, notice);
  if (order.amountMinor === 0) await recordFreeOrder(db, order, notice);
  return (await getOrder(db, order.id, EVERY_ORDER))!;
}

/**
 * An order with nothing to pay (a promotion code took the whole price off; no card can be charged
 * nothing) is paid as it is made, through the same success as a card payment: its invoice number
 * (a zero invoice), its code's redemption made final, its work started and its receipt sent. Its
 * intent id is the shop's own (`free_{id}`), which no gateway knows.
 */
async function recordFreeOrder(db: Database, order: { id: number; currency: string; paymentIntentId: string | null }, notice: MailNotice) {
  const intentId = `free_${order.id}`;
  if (order.paymentIntentId !== intentId) {
    await db
      .update(orders)
      .set({ paymentIntentId: intentId, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), sql`${orders.paymentIntentId} IS NULL`, eq(orders.amountMinor, 0)));
  }
  const intent: Intent = { id: intentId, clientSecret: null, status: "succeeded", amountMinor: 0, currency: order.currency, lastError: null, metadata: {} };
  await recordIntentStatus(db, order.id, intent, notice);
  return intent;
}

/** The idempotency key an order of this customer was created with (to pay it again after a decline). */
export async function getOrderKey(db: Database, userId: number, orderId: number) {
  const [row] = await db
    .select({
      key: orders.idempotencyKey,
      productId: orders.productId,
      packagePosition: orders.packagePosition,
      billingAddressId: orders.billingAddressId,
      paymentStatus: orders.paymentStatus,
      promotionCode: promotions.code,
    })
    .from(orders)
    .leftJoin(promotions, eq(promotions.id, orders.promotionId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Cancels every unpaid order older than UNPAID_ORDER_LIFETIME_MS (the scheduled cleanup), a batch
 * at a time, releasing the promotion codes they reserved; returns how many were cancelled.
 */
export async function expireUnpaidOrders(db: Database, gateway: PaymentGateway | null, notice: MailNotice, now = Date.now(), limit = 100) {
  const due = await db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId, gateway: orders.gateway })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, [...UNPAID]), lt(orders.createdAt, new Date(now - UNPAID_ORDER_LIFETIME_MS))))
    .limit(limit);
  let cancelled = 0;
  for (const order of due) if (await expireUnpaidOrder(db, gateway, order, notice, now)) cancelled++;
  return cancelled;
}

/**
 * The timer's act on one unpaid order it picked: its intent cancelled at its gateway (a payment
 * that arrived meanwhile is recorded instead), and the order cancelled by a write that re-checks
 * that it is still unpaid and still past its lifetime. True when this call cancelled it.
 */
export async function expireUnpaidOrder(
  db: Database,
  gateway: PaymentGateway | null,
  order: Pick<OrderRecord, "id" | "paymentIntentId" | "gateway">,
  notice: MailNotice,
  now = Date.now(),
): Promise<boolean> {
  const expired = lt(orders.createdAt, new Date(now - UNPAID_ORDER_LIFETIME_MS));
  if (gateway && order.gateway === gateway.name) return (await cancelUnpaidOrder(db, gateway, order, notice, now, expired)) === "canceled";
  return cancelIfUnpaid(db, order.id, now, expired);
}

async function insertOrder(db: Database, gatewayName: PaymentGateway["name"], tax: TaxService, userId: number, input: CreateOrderInput, now = Date.now()) {
  const [productRows, packageRows, sameKey, [unpaid]] = await db.batch([
    db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.id, input.productId), onSale()))
      .limit(1),
    db.select().from(packages).where(eq(packages.productId, input.productId)),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, input.idempotencyKey)))
      .limit(1),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.paymentStatus, [...UNPAID]), gte(orders.createdAt, new Date(now - UNPAID_ORDER_LIFETIME_MS)))),
  ]);
  const product = productRows[0];
  if (!product) throw refuse.notFound("Product not found");
  if (!sameKey.length && (unpaid?.n ?? 0) >= UNPAID_ORDER_LIMIT) throw refuse.throttled(undefined, UNPAID_ORDER_LIMIT_MESSAGE);

  let pkg = input.packageIndex === undefined ? undefined : packageRows.find((p) => p.position === input.packageIndex);
  if (input.packageIndex !== undefined && !pkg) throw refuse.invalid("This product has no such package");
  if (input.clientAmount !== undefined) {
    const currency = (input.currency ?? pkg?.currency ?? "").toUpperCase();
    const claimed = decimalToMinor(input.clientAmount, currency || "USD");
    if (claimed === null) throw refuse.invalid("order_amount must be a positive decimal amount");
    pkg ??= packageRows.find((p) => p.amountMinor === claimed && p.currency === currency);
    if (!pkg || pkg.amountMinor !== claimed || (input.currency && input.currency.toUpperCase() !== pkg.currency)) {
      throw refuse.invalid("order_amount and currency do not match the package price");
    }
  }
  if (!pkg) throw refuse.invalid("Choose a package");

  const [address, buyer] = await Promise.all([
    getAddress(db, userId, input.billingAddressId),
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  if (!address) throw refuse.invalid("Choose one of your billing addresses");

  // A code is checked for a new order only: a replayed key answers the order it made (whose own
  // reservation would otherwise count against it), if it was made with the same code.
  const use = { userId, productId: product.id, currency: pkg.currency, subtotalMinor: pkg.amountMinor };
  let promotion: { id: number; discountMinor: number } | null = null;
  if (input.promoCode && !sameKey.length) {
    const checked = await checkPromotion(db, input.promoCode, use, now);
    if (!checked.ok) throw promotionRefusal(checked.message);
    promotion = checked.promotion;
  }

  if (!sameKey.length) {
    // The price, the tax on it and the buyer as invoiced are fixed now: later edits of the address
    // book, or of the tax table, never change this order.
    const price = await tax.quote(db, {
      subtotalMinor: pkg.amountMinor,
      discountMinor: promotion?.discountMinor ?? 0,
      currency: pkg.currency,
      buyer: taxAddressOf(address),
    });
    const values = {
      userId,
      productId: product.id,
      packageId: pkg.id,
      packagePosition: pkg.position,
      billingAddressId: address.id,
      amountMinor: price.totalMinor,
      currency: pkg.currency,
      ...orderPriceColumns(price),
      taxCalculationId: price.calculationId,
      // A business's VAT number as checked for this price; a claim that did not verify (VAT charged) is checked again later.
      vatCheck: vatCheckJson(price.vatCheck),
      vatClaim: price.vatCheck && !vatNumberHolds(price.vatCheck) ? ("unverified" as const) : null,
      vatNextCheckAt: price.vatCheck && !vatNumberHolds(price.vatCheck) ? new Date(now + VAT_RECHECK_MS) : null,
      billingSnapshot: JSON.stringify(billingSnapshot(buyer[0]?.name ?? "", address)),
      paymentStatus: "initiated" as const,
      gateway: gatewayName,
      idempotencyKey: input.idempotencyKey,
      promotionId: promotion?.id ?? null,
      // The package's promises as bought: later edits of the package never change this order.
      deliveryDays: pkg.deliveryDays,
      revisionsIncluded: pkg.revisions,
      revisionDays: pkg.revisionDays,
      stages: pkg.stages,
      startWorkNow: buysAsBusiness(address) ? true : input.startWorkNow === true,
    };
    const sameOrder = { target: [orders.userId, orders.idempotencyKey] };
    if (promotion) {
      // The order is inserted only where the code may still be used (its cap, once per customer,
      // first order: checked in the statement), and reserves its redemption in the same batch.
      await db.batch([
        db
          .insert(orders)
          .select(
            db
              .select(fullRowOf(orders, values))
              .from(promotions)
              .where(redeemableWhere(promotion.id, use, now)),
          )
          .onConflictDoNothing(sameOrder),
        reservationStatement(db, { userId, idempotencyKey: input.idempotencyKey, promotionId: promotion.id }, now),
      ]);
    } else {
      await db.insert(orders).values(values).onConflictDoNothing(sameOrder);
    }
  }
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (!order && promotion) {
    // The code's last redemption went to another order a moment ago (or this customer's own): say why, before any payment.
    const again = await checkPromotion(db, input.promoCode!, use, now);
    throw promotionRefusal(again.ok ? PROMO_MESSAGES.usedUp : again.message);
  }
  if (!order) throw new Error("Order insert returned nothing");
  const promotionId = input.promoCode ? (promotion?.id ?? (await promotionIdByCode(db, input.promoCode))) : null;
  if (
    order.productId !== product.id ||
    order.packagePosition !== pkg.position ||
    order.billingAddressId !== address.id ||
    (order.promotionId ?? null) !== promotionId
  ) {
    // The same key was used for a different purchase: refuse rather than charge for the wrong thing.
    throw refuse.conflict("This checkout was already used for another order; reload the page");
  }

  // A retried payment of an unpaid order carries the choice made this time (start now, or wait out the cancellation period).
  const startWorkNow = buysAsBusiness(address) ? true : input.startWorkNow === true;
  if (order.startWorkNow !== startWorkNow && UNPAID.includes(order.paymentStatus)) {
    await db
      .update(orders)
      .set({ startWorkNow })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, [...UNPAID])));
    order.startWorkNow = startWorkNow;
  }
  return { order, pkg, description: `Order ${order.id}: ${product.title} (${pkg.shortDescription})` };
}

/**
 * Records what the gateway says about an order's payment. A succeeded order never goes back. The
 * intent must be for this order's amount and currency, or the status is not trusted. The change is
 * made only from the status read, so of two recordings at once one makes it; the one that makes an
 * order succeed queues its receipt, once.
 */
export async function recordIntentStatus(db: Database, orderId: number, intent: Intent, notice: MailNotice): Promise<PaymentStatus> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw refuse.notFound("Order not found");
  if (order.paymentIntentId !== intent.id || intent.amountMinor !== order.amountMinor || intent.currency.toUpperCase() !== order.currency) {
    console.error("Payment intent does not match order", { orderId, intent: intent.id });
    return order.paymentStatus;
  }
  const next = orderStatusFor(intent);
  // A paid order never goes back to unpaid; a refunded one changes only through refunds.server.ts.
  if (order.paymentStatus === "succeeded" || order.paymentStatus === "completed" || order.paymentStatus === "refunded" || next === order.paymentStatus) {
    return order.paymentStatus;
  }
  const now = new Date();
  // The payment that makes an order succeed also starts its work (the state machine's `pay` move:
  // awaiting its brief), in the same statement.
  const pay = next === "succeeded" ? decideWorkMove(order.workStatus, "pay", "system") : null;
  const [changed] = await db.batch([
    db
      .update(orders)
      .set({ paymentStatus: next, updatedAt: now, ...(pay?.ok ? paidWorkChanges(order.workVersion, pay.to) : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, order.paymentStatus)))
      .returning({ id: orders.id }),
    ...(pay?.ok
      ? [
          workEventQuery(db, {
            orderId,
            version: order.workVersion + 1,
            actor: SHOP_ACTOR,
            from: pay.from,
            to: pay.to,
            note: "Payment received",
            now: now.getTime(),
          }),
        ]
      : []),
    // The success issues the invoice's number in the same transaction: once, and gapless.
    ...(next === "succeeded" ? invoiceNumberStatements(db, orderId, now) : []),
    // ...and makes its promotion code's redemption final (a later refund does not give it back).
    // A declined payment (failed) keeps the reservation: the order can still be paid, and a retry
    // pays this same order; if it is never paid, its expiry (expireUnpaidOrders) releases the code.
    ...(next === "succeeded" ? [finalRedemptionStatement(db, orderId)] : []),
    // The gateway cancelled the payment (Stripe's payment_intent.canceled): the code counts again.
    ...(next === "canceled" ? [releaseRedemptionStatement(db, orderId)] : []),
  ]);
  if (changed.length === 0) {
    const [current] = await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
    return current?.status ?? order.paymentStatus;
  }
  if (next === "succeeded") await queueReceiptEmail(db, orderId, notice, now);
  return next;
}

/** Asks the gateway for the order's payment status and records it (SPEC §7 update_payment_status). */
export async function syncPaymentStatus(db: Database, gateway: PaymentGateway, orderId: number, notice: MailNotice): Promise<PaymentStatus> {
  const [order] = await db.select({ intentId: orders.paymentIntentId, status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw refuse.notFound("Order not found");
  if (!order.intentId) return order.status;
  const intent = await gateway.retrieveIntent(order.intentId);
  if (!intent) return order.status;
  return recordIntentStatus(db, orderId, intent, notice);
}

/** Links the PaymentIntent a hosted checkout session created to its order (only if none is linked yet). */
export async function attachIntent(db: Database, orderId: number, intentId: string) {
  await db
    .update(orders)
    .set({ paymentIntentId: intentId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentIntentId} IS NULL`));
}

/** The order behind an intent id (local authentication page, webhooks). */
export async function getOrderIdByIntent(db: Database, intentId: string): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intentId)).limit(1);
  return row?.id ?? null;
}

/**
 * The order behind a payment intent, if it belongs to `userId`, with whether it may still be paid
 * (unpaid, younger than its lifetime, and still at its package's current price).
 */
export async function getPayableOrderByIntent(db: Database, userId: number, intentId: string, now = Date.now()) {
  const [row] = await db
    .select({ order: orders, currentAmount: packages.amountMinor, currentCurrency: packages.currency })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(and(eq(orders.paymentIntentId, intentId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) return null;
  const { order } = row;
  const price = { amountMinor: row.currentAmount ?? -1, currency: row.currentCurrency ?? "" };
  const payable = order.paymentStatus === "succeeded" || (UNPAID.includes(order.paymentStatus) && unpayableReason(order, price, now) === null);
  return { order, payable };
}

/** Who bought an order and what its package includes, as the studio's order page shows them first. */
export interface OrderBuyerView {
  name: string;
  email: string;
  /** The buyer as invoiced (fixed at order time): null for an order made before the shop kept it. */
  billing: BillingSnapshot | null;
  package: { name: string; short_description: string; items_included: string[] } | null;
  /** A business buyer's VAT number as checked for the order (one line), and the claim still open when it did not verify. */
  vat: { summary: string; claim: "unverified" | "verified" | "lapsed" | null } | null;
}

/**
 * The studio's view of an order's buyer: the account's name and email, the billing address as the
 * order keeps it, and the package bought (its position's current description and items). One
 * statement, by primary keys and the package's unique index.
 */
export async function getOrderBuyer(db: Database, orderId: number): Promise<OrderBuyerView | null> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      billing: orders.billingSnapshot,
      vatCheck: orders.vatCheck,
      vatClaim: orders.vatClaim,
      position: orders.packagePosition,
      shortDescription: packages.shortDescription,
      items: packages.itemsIncluded,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(packages, and(eq(packages.productId, orders.productId), eq(packages.position, orders.packagePosition)))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const vatCheck = readVatCheck(row.vatCheck);
  return {
    name: row.name,
    email: row.email,
    billing: readBillingSnapshot(row.billing),
    vat: vatCheck ? { summary: vatCheckSummary(vatCheck), claim: row.vatClaim } : null,
    package:
      row.shortDescription === null ? null : { name: packageName(row.position), short_description: row.shortDescription, items_included: row.items ?? [] },
  };
}
