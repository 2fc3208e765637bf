/**
 * The creators' ledger as its readers see it: a creator's movements newest first (by keyset) and
 * their balances per currency, sums of the rows (ADR 038). An earning is held until its clearance
 * ends, then ready to pay; transfers (to come with the payout accounts) pay it.
 */
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creatorBalances as keptBalances, creators, ledgerEntries, orders, payouts, products } from "../../../db/schema";
import { sentNote, type EarningState, type LedgerKind } from "~/lib/rules/payouts";

/** A movement as its creator sees it. An earning's state: held until `available_at`, then ready to pay. */
export interface CreatorLedgerRowView {
  id: number;
  kind: LedgerKind;
  order_id: number | null;
  product: string | null;
  amount_minor: number;
  currency: string;
  available_at: string | null;
  state: EarningState | null;
  /** An admin's adjustment: why, as the admin wrote it for the creator; a transfer made in the studio's settlement currency: what was sent. */
  note: string | null;
  created_at: string;
}

/** What the studio owes a creator in one currency: earnings still held, cleared and not yet paid, and paid out. */
export interface CreatorBalanceView {
  currency: string;
  held_minor: number;
  ready_minor: number;
  on_its_way_minor: number;
  paid_minor: number;
}

export const LEDGER_PAGE = { default: 20, max: 50 } as const;

/** A ledger row as the creator's pages read it: what moved, on which order (its product's title), why, what was sent, when. */
export const LEDGER_ROW = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  orderId: ledgerEntries.orderId,
  product: products.title,
  amountMinor: ledgerEntries.amountMinor,
  currency: ledgerEntries.currency,
  reason: ledgerEntries.reason,
  sentAmountMinor: ledgerEntries.sentAmountMinor,
  sentCurrency: ledgerEntries.sentCurrency,
  createdAt: ledgerEntries.createdAt,
};

/**
 * A creator's rows of a period (a statement's month), oldest first, by the creator's time index:
 * at most `limit` + 1, so the caller knows whether there were more. `only` narrows them (kinds, currencies).
 */
export function periodRows(db: Database, creatorId: number, period: { from: number; to: number }, limit: number, only?: SQL) {
  return db
    .select(LEDGER_ROW)
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(products, eq(products.id, orders.productId))
    .where(
      and(eq(ledgerEntries.creatorId, creatorId), gte(ledgerEntries.createdAt, new Date(period.from)), lt(ledgerEntries.createdAt, new Date(period.to)), only),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(limit + 1);
}

/** A page of the creator's movements, newest first; `after` is the last row of the page before. */
export async function creatorLedger(db: Database, creatorId: number, options: { after: number | null; limit: number }, now = Date.now()) {
  const rows = await db
    .select({ ...LEDGER_ROW, availableAt: ledgerEntries.availableAt, payout: payouts.status })
    .from(ledgerEntries)
    .leftJoin(payouts, and(eq(payouts.entryId, ledgerEntries.id), eq(payouts.kind, "transfer")))
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(products, eq(products.id, orders.productId))
    .where(and(eq(ledgerEntries.creatorId, creatorId), options.after === null ? undefined : lt(ledgerEntries.id, options.after)))
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    data: page.map((row): CreatorLedgerRowView => ({
      id: row.id,
      kind: row.kind,
      order_id: row.orderId,
      product: row.product,
      amount_minor: row.amountMinor,
      currency: row.currency,
      available_at: row.availableAt ? row.availableAt.toISOString() : null,
      // Earnings, and adjustments in the creator's favour, are paid by a transfer of their own.
      state: row.kind === "earning" || (row.kind === "adjustment" && row.amountMinor > 0) ? earningState(row.availableAt, row.payout, now) : null,
      note: row.kind === "adjustment" ? row.reason : sentNote(row),
      created_at: row.createdAt.toISOString(),
    })),
    next: rows.length > options.limit ? page.at(-1)!.id : null,
  };
}

/** An earning's state: held in clearance, then its payout's. */
function earningState(availableAt: Date | null, payout: (typeof payouts.$inferSelect)["status"] | null, now: number): EarningState {
  switch (payout) {
    case "blocked":
      return "waiting";
    case "pending":
      return "on_its_way";
    case "paid":
      return "paid";
    case "failed":
      return "failed";
    case "offset":
      return "set_off";
    default:
      return availableAt && availableAt.getTime() > now ? "held" : "ready";
  }
}

/**
 * The creator's balances per currency from their kept balance (the sum of their ledger rows,
 * migration 0054) and what reached them (transfers less reversals, 0058): earnings held (clearance
 * not over: their transfers not yet due), ready (the rest of the balance, less transfers on their
 * way), on their way, and paid. Rows read follow the creator's work in hand, not their history.
 */
export async function creatorBalances(db: Database, creatorId: number, now = Date.now()): Promise<CreatorBalanceView[]> {
  const [kept, clearing, sent] = await db.batch([
    db
      .select({ currency: keptBalances.currency, balance: keptBalances.balanceMinor, paid: keptBalances.paidMinor })
      .from(keptBalances)
      .where(eq(keptBalances.creatorId, creatorId))
      .orderBy(keptBalances.currency)
      .limit(50),
    // Earnings (and adjustments owed) whose transfer is not due yet: still in clearance.
    db
      .select({ currency: payouts.currency, amount: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
      .from(payouts)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, payouts.entryId))
      .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, "scheduled"), eq(payouts.kind, "transfer"), gt(payouts.dueAt, new Date(now))))
      .groupBy(payouts.currency),
    // Transfers sent and not yet confirmed: still in the ledger's balance, shown apart.
    db
      .select({ currency: payouts.currency, amount: sql<number>`coalesce(sum(${payouts.amountMinor}), 0)` })
      .from(payouts)
      .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, "pending"), eq(payouts.kind, "transfer")))
      .groupBy(payouts.currency),
  ]);
  const held = new Map(clearing.map((row) => [row.currency, Number(row.amount)]));
  const onItsWay = new Map(sent.map((row) => [row.currency, Number(row.amount)]));
  return kept.map((row) => ({
    currency: row.currency,
    held_minor: held.get(row.currency) ?? 0,
    ready_minor: row.balance - (held.get(row.currency) ?? 0) - (onItsWay.get(row.currency) ?? 0),
    on_its_way_minor: onItsWay.get(row.currency) ?? 0,
    paid_minor: row.paid,
  }));
}

/** An order's movements for the admins (at most a handful: its earning, and later its transfer, reversals and clawbacks), oldest first. */
export interface OrderLedgerRowView {
  id: number;
  kind: LedgerKind;
  creator: string;
  amount_minor: number;
  currency: string;
  available_at: string | null;
  idempotency_key: string;
  created_at: string;
}

export async function orderLedger(db: Database, orderId: number, limit = 50): Promise<OrderLedgerRowView[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      creator: creators.name,
      amountMinor: ledgerEntries.amountMinor,
      currency: ledgerEntries.currency,
      availableAt: ledgerEntries.availableAt,
      key: ledgerEntries.idempotencyKey,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(creators, eq(creators.id, ledgerEntries.creatorId))
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    creator: row.creator,
    amount_minor: row.amountMinor,
    currency: row.currency,
    available_at: row.availableAt ? row.availableAt.toISOString() : null,
    idempotency_key: row.key,
    created_at: row.createdAt.toISOString(),
  }));
}
