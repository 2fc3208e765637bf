/**
 * Paying creators, exactly once (ADR 039). Every earning has one `payouts` row (the ledger's trigger
 * writes it, due at the end of its clearance) and every clawback one (due at once). The scheduled run:
 * - marks due transfers `blocked` whose creator cannot be paid (no payout account, payouts off, a
 *   hold): they wait, the creator is told why, and onboarding or a release schedules them again;
 * - claims one due row at a time in a conditional write that also fixes its amount from the ledger
 *   as it stands in that statement: a transfer pays its earning, less what the creator owes (a
 *   clawback not recovered), never below nothing (`offset` then); a reversal takes back what a
 *   clawback left owed, from the order's paid transfer, never more than is left of it;
 * - calls the provider with the row's idempotency key, then records the answer in one batch that
 *   moves the row `paid` only while it is still the claimed one, and writes the ledger's `transfer`
 *   (or `reversal`) row keyed by the payout, so a replay or a second recording writes nothing;
 * - sends claims a crashed run left behind again with the same key (the provider answers the same
 *   movement), after PAYOUT_CLAIM_STALE_MS.
 * A provider's refusal fails a transfer (an admin may retry: a new key then, as nothing was made) and
 * leaves a clawback's debt to be set against the next earnings. A network failure leaves the claim
 * for the next run. Two runs at once never claim the same row.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { ledgerEntries, orders, payoutAccounts, payouts } from "../../../db/schema";
import type { ConnectGateway, MoneyMove } from "./connect.server";
import { creatorPayable } from "./accounts.server";
import { refuse } from "../refusal";
import { RETRY_MESSAGES, STUDIO_SETTLEMENT_CURRENCY } from "~/lib/rules/payouts";

/** A claim older than this was left by a run that never finished: the next run sends it again with its key. */
export const PAYOUT_CLAIM_STALE_MS = 10 * 60_000;
/** Stripe keeps idempotency keys for 24 hours: a claim unconfirmed for 20 is not sent again, but failed for an admin to look up. */
export const PAYOUT_KEY_MEMORY_MS = 20 * 3_600_000;
/** Payouts one run moves at most (each a provider call); the rest wait for the next run, due first. */
export const PAYOUT_RUN_MAX = 100;
/** Due transfers one run checks for a creator who cannot be paid. */
export const PAYOUT_BLOCK_SCAN = 500;
/** A reversal whose transfer is still on its way is looked at again this much later. */
const REVERSAL_WAIT_MS = 30 * 60_000;

/** Why a transfer in a currency the creator's account cannot take, and no charge to convert it at, was refused. */
const cannotTake = (currency: string) =>
  `The creator's payout account cannot take ${currency}, and this payout has no charge to convert it at: make it in ${STUDIO_SETTLEMENT_CURRENCY}.`;

export const PAYOUT_NOTES = {
  cannotBePaid: "Waiting for the creator's payout account",
  offsetDebt: "Set against what the creator owed",
  offsetUnpaid: "Taken from the earning before it was paid",
  offsetAbsorbed: "Set against earnings not yet paid",
  unconfirmed: "Not confirmed by the provider for 20 hours: look it up at the provider (its transfer group names the order) before retrying.",
} as const;

type PayoutRow = typeof payouts.$inferSelect;

const outer = (column: string) => sql.raw(`"payouts"."${column}"`);

/** Sums over the creator's payouts of one kind and status in the row's currency (`alias` names the payout row). */
const creatorsPayouts = (alias: string, kind: "transfer" | "reversal", statuses: string) =>
  sql.raw(
    `${alias}."creator_id" = "payouts"."creator_id" AND ${alias}."currency" = "payouts"."currency" AND ${alias}."kind" = '${kind}' AND ${alias}."status" IN (${statuses})`,
  );

/** An earning as it stands: its amount less what was clawed back of its order (`h` names its transfer's payout row). */
const earningLeft = sql.raw(
  `(e."amount_minor" + coalesce((SELECT sum(c."amount_minor") FROM "ledger_entries" c WHERE c."order_id" = h."order_id" AND c."kind" = 'clawback'), 0))`,
);

/**
 * What the studio owes the creator in the row's currency now: their kept balance (the sum of their
 * ledger rows, migration 0054), less earnings still in clearance (net of their clawbacks) and
 * transfers on their way, plus reversals on their way back. Rows read follow the creator's work in
 * hand, not their history.
 */
function owedSql(now: number) {
  return sql`(coalesce((SELECT b."balance_minor" FROM "creator_balances" b WHERE b."creator_id" = ${outer("creator_id")} AND b."currency" = ${outer("currency")}), 0)
    - (SELECT coalesce(sum(${earningLeft}), 0) FROM "payouts" h JOIN "ledger_entries" e ON e."id" = h."entry_id"
      WHERE ${creatorsPayouts("h", "transfer", "'scheduled'")} AND h."due_at" > ${now})
    - (SELECT coalesce(sum(q."amount_minor"), 0) FROM "payouts" q WHERE ${creatorsPayouts("q", "transfer", "'pending'")})
    + (SELECT coalesce(sum(r."amount_minor"), 0) FROM "payouts" r WHERE ${creatorsPayouts("r", "reversal", "'pending'")}))`;
}

/**
 * What the creator owes of money already sent (negative: a debt a reversal may recover): their kept
 * balance less every earning not sent yet (in clearance, due, waiting or failed; net of their
 * clawbacks) and transfers on their way, plus reversals on their way back. An earning not yet sent
 * is no money in hand, so a debt is not taken for covered by it.
 */
function sentOwedSql() {
  return sql`(coalesce((SELECT b."balance_minor" FROM "creator_balances" b WHERE b."creator_id" = ${outer("creator_id")} AND b."currency" = ${outer("currency")}), 0)
    - (SELECT coalesce(sum(${earningLeft}), 0) FROM "payouts" h JOIN "ledger_entries" e ON e."id" = h."entry_id"
      WHERE ${creatorsPayouts("h", "transfer", "'scheduled', 'blocked', 'failed'")})
    - (SELECT coalesce(sum(q."amount_minor"), 0) FROM "payouts" q WHERE ${creatorsPayouts("q", "transfer", "'pending'")})
    + (SELECT coalesce(sum(r."amount_minor"), 0) FROM "payouts" r WHERE ${creatorsPayouts("r", "reversal", "'pending'")}))`;
}

/** The key of a claim's attempt: the movement's own for the first, a new one after the provider refused the last. */
function attemptKey(prefix: "transfer" | "reversal") {
  return sql`${prefix} || '-' || ${outer("entry_id")} || CASE WHEN ${outer("attempts")} > 0 THEN '-' || (${outer("attempts")} + 1) ELSE '' END`;
}

function nextDue(kind: "transfer" | "reversal", now: number) {
  return sql`(SELECT p2."id" FROM "payouts" p2 WHERE p2."status" = 'scheduled' AND p2."kind" = ${kind} AND p2."due_at" <= ${now} ORDER BY p2."due_at", p2."id" LIMIT 1)`;
}

export interface PayoutRunResult {
  blocked: number;
  paid: number;
  offset: number;
  failed: number;
  reversed: number;
  /** Calls that did not answer (network): their claims are sent again later. */
  unanswered: number;
}

export async function runPayouts(db: Database, connect: ConnectGateway, now = Date.now()): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { blocked: 0, paid: 0, offset: 0, failed: 0, reversed: 0, unanswered: 0 };
  const at = new Date(now);
  // Due transfers of creators who cannot be paid wait, out of the due index, until onboarding or a release.
  const blocked = await db
    .update(payouts)
    .set({ status: "blocked", failure: PAYOUT_NOTES.cannotBePaid, updatedAt: at })
    .where(
      and(
        sql`${outer("id")} IN (SELECT p2."id" FROM "payouts" p2 WHERE p2."status" = 'scheduled' AND p2."kind" = 'transfer' AND p2."due_at" <= ${now} ORDER BY p2."due_at" LIMIT ${PAYOUT_BLOCK_SCAN})`,
        sql`NOT ${creatorPayable(outer("creator_id"))}`,
      ),
    )
    .returning({ id: payouts.id });
  result.blocked = blocked.length;

  let moves = 0;
  // Claims a crashed run left: the same key again.
  const stale = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, "pending"), sql`${payouts.claimedAt} < ${now - PAYOUT_CLAIM_STALE_MS}`))
    .orderBy(payouts.claimedAt)
    .limit(PAYOUT_RUN_MAX);
  for (const row of stale) {
    if (row.firstClaimedAt && row.firstClaimedAt.getTime() < now - PAYOUT_KEY_MEMORY_MS) {
      // The provider may have forgotten the key: sent again, it could move the money twice. An admin looks it up first.
      await db
        .update(payouts)
        .set({ status: "failed", failure: PAYOUT_NOTES.unconfirmed, updatedAt: at })
        .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending"), eq(payouts.claimedAt, row.claimedAt!)));
      result.failed++;
      continue;
    }
    const [reclaimed] = await db
      .update(payouts)
      .set({ claimedAt: at, updatedAt: at })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending"), eq(payouts.claimedAt, row.claimedAt!)))
      .returning();
    if (!reclaimed) continue;
    moves++;
    await send(db, connect, reclaimed, result, now);
  }

  while (moves < PAYOUT_RUN_MAX) {
    const row = await claimTransfer(db, now);
    if (!row) break;
    moves++;
    if (row.status === "offset") result.offset++;
    else await send(db, connect, row, result, now);
  }
  while (moves < PAYOUT_RUN_MAX) {
    const row = await claimReversal(db, now);
    if (row === "none") break;
    moves++;
    if (row === "waiting") continue;
    if (row.status === "offset") result.offset++;
    else await send(db, connect, row, result, now);
  }
  return result;
}

/** The next due transfer (or the one named) of a creator who can be paid, claimed with its amount fixed (or `offset` when the creator owes as much). */
async function claimTransfer(db: Database, now: number, only?: number): Promise<PayoutRow | null> {
  const target = only === undefined ? nextDue("transfer", now) : sql`${only}`;
  const earning = sql`(SELECT e."amount_minor" FROM "ledger_entries" e WHERE e."id" = ${outer("entry_id")})`;
  const amount = sql`max(0, min(${earning}, ${owedSql(now)}))`;
  const [row] = await db
    .update(payouts)
    .set({
      status: sql`CASE WHEN ${amount} > 0 THEN 'pending' ELSE 'offset' END`,
      amountMinor: amount,
      failure: sql`CASE WHEN ${amount} < ${earning} THEN ${PAYOUT_NOTES.offsetDebt} ELSE NULL END`,
      attempts: sql`${outer("attempts")} + 1`,
      idempotencyKey: attemptKey("transfer"),
      sentAmountMinor: null,
      sentCurrency: null,
      claimedAt: new Date(now),
      firstClaimedAt: new Date(now),
      updatedAt: new Date(now),
    })
    .where(and(sql`${outer("id")} = ${target}`, eq(payouts.status, "scheduled"), creatorPayable(outer("creator_id"))))
    .returning();
  if (row) return row;
  // The first due transfer's creator became unpayable since the block step: it waits with the others, and the next is tried.
  const [waits] = await db
    .update(payouts)
    .set({ status: "blocked", failure: PAYOUT_NOTES.cannotBePaid, updatedAt: new Date(now) })
    .where(and(sql`${outer("id")} = ${target}`, eq(payouts.status, "scheduled"), sql`NOT ${creatorPayable(outer("creator_id"))}`))
    .returning({ id: payouts.id });
  // An admin's retry names one payout: nothing else is tried for it.
  if (only !== undefined) return null;
  // Or another run claimed it meanwhile: whether anything is still due decides.
  const stillDue = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(sql`${payouts.id} = ${nextDue("transfer", now)}`);
  return waits || stillDue.length ? claimTransfer(db, now) : null;
}

/**
 * The next due clawback, settled: by a reversal of the order's paid transfer (claimed with its
 * amount: what the creator still owes, at most the clawback and what is left of the transfer), or
 * `offset` when its earning was not paid (the clawback reduced it) or the debt is covered by earnings
 * not yet paid. `waiting` when the order's transfer is on its way (looked at again later).
 */
async function claimReversal(db: Database, now: number): Promise<PayoutRow | "waiting" | "none"> {
  const [due] = await db
    .select()
    .from(payouts)
    .where(sql`${payouts.id} = ${nextDue("reversal", now)}`)
    .limit(1);
  if (!due) return "none";
  const at = new Date(now);
  const [transfer] = due.orderId
    ? await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.kind, "transfer"), eq(payouts.orderId, due.orderId)))
        .limit(1)
    : [];
  if (transfer?.status === "pending") {
    await db
      .update(payouts)
      .set({ dueAt: new Date(now + REVERSAL_WAIT_MS), updatedAt: at })
      .where(and(eq(payouts.id, due.id), eq(payouts.status, "scheduled")));
    return "waiting";
  }
  if (!transfer || transfer.status !== "paid") {
    const [row] = await db
      .update(payouts)
      .set({ status: "offset", amountMinor: 0, failure: PAYOUT_NOTES.offsetUnpaid, updatedAt: at })
      .where(and(eq(payouts.id, due.id), eq(payouts.status, "scheduled")))
      .returning();
    return row ?? "waiting";
  }
  const clawback = sql`(SELECT -e."amount_minor" FROM "ledger_entries" e WHERE e."id" = ${outer("entry_id")})`;
  const leftOfTransfer = sql`(${transfer.amountMinor ?? 0} - (SELECT coalesce(sum(r."amount_minor"), 0) FROM "payouts" r
    WHERE r."kind" = 'reversal' AND r."order_id" = ${outer("order_id")} AND r."status" IN ('paid', 'pending')))`;
  const amount = sql`max(0, min(${clawback}, -${sentOwedSql()}, ${leftOfTransfer}))`;
  const [row] = await db
    .update(payouts)
    .set({
      status: sql`CASE WHEN ${amount} > 0 THEN 'pending' ELSE 'offset' END`,
      amountMinor: amount,
      failure: sql`CASE WHEN ${amount} > 0 THEN NULL ELSE ${PAYOUT_NOTES.offsetAbsorbed} END`,
      attempts: sql`${outer("attempts")} + 1`,
      idempotencyKey: attemptKey("reversal"),
      sentAmountMinor: null,
      sentCurrency: null,
      claimedAt: at,
      firstClaimedAt: at,
      updatedAt: at,
    })
    .where(and(eq(payouts.id, due.id), eq(payouts.status, "scheduled")))
    .returning();
  return row ?? "waiting";
}

/** Calls the provider for a claimed payout with its key and records the answer (once). */
async function send(db: Database, connect: ConnectGateway, row: PayoutRow, result: PayoutRunResult, now: number) {
  let answer: MoneyMove;
  let sent: Sent;
  try {
    ({ move: answer, sent } = await call(db, connect, row));
  } catch (error) {
    console.error("Payout not answered; sent again by a later run", row.id, error);
    result.unanswered++;
    return;
  }
  const at = new Date(now);
  const claimed = and(eq(payouts.id, row.id), eq(payouts.status, "pending"), eq(payouts.idempotencyKey, row.idempotencyKey!));
  if (!answer.ok) {
    // A refused transfer fails (an admin retries it); a refused reversal leaves the debt against the next earnings.
    const [changed] = await db
      .update(payouts)
      .set(
        row.kind === "transfer"
          ? { status: "failed", failure: answer.message.slice(0, 500), updatedAt: at }
          : { status: "offset", failure: answer.message.slice(0, 500), updatedAt: at },
      )
      .where(claimed)
      .returning({ id: payouts.id });
    if (changed) {
      if (row.kind === "transfer") result.failed++;
      else result.offset++;
    }
    return;
  }
  const sign = row.kind === "transfer" ? -1 : 1;
  const [changed] = await db.batch([
    db
      .update(payouts)
      .set({
        status: "paid",
        externalId: answer.id,
        failure: null,
        updatedAt: at,
      })
      .where(claimed)
      .returning({ id: payouts.id }),
    // The money moved (the provider said so): its ledger row, once per payout whoever records it.
    db
      .insert(ledgerEntries)
      .values({
        creatorId: row.creatorId,
        orderId: row.orderId,
        kind: row.kind,
        amountMinor: sign * row.amountMinor!,
        currency: row.currency,
        idempotencyKey: `${row.kind}-payout-${row.id}`,
        externalId: answer.id,
        sentAmountMinor: sent ? sign * sent.amountMinor : null,
        sentCurrency: sent?.currency ?? null,
      })
      .onConflictDoNothing(),
  ]);
  if (changed.length) {
    if (row.kind === "transfer") result.paid++;
    else result.reversed++;
  }
}

/** What a call moved at the provider when it was not the row's amount in the row's currency (a transfer in the settlement currency, or its reversal). */
type Sent = { amountMinor: number; currency: string } | null;
type Ask = { amountMinor: number; currency: string } | { refused: string };

async function call(db: Database, connect: ConnectGateway, row: PayoutRow): Promise<{ move: MoneyMove; sent: Sent }> {
  const metadata = { payout_id: String(row.id), creator_id: String(row.creatorId), ...(row.orderId ? { order_id: String(row.orderId) } : {}) };
  if (row.kind === "transfer") {
    const [account] = await db
      .select({ id: payoutAccounts.accountId, currencies: payoutAccounts.currencies })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.creatorId, row.creatorId))
      .limit(1);
    if (!account) return { move: { ok: false, message: "The creator has no payout account." }, sent: null };
    const ask = await pinned(db, row, () => transferCurrency(db, connect, row, account.currencies));
    if ("refused" in ask) return { move: { ok: false, message: ask.refused }, sent: null };
    const move = await connect.transfer({
      amountMinor: ask.amountMinor,
      currency: ask.currency,
      destination: account.id,
      transferGroup: `order-${row.orderId ?? "none"}`,
      idempotencyKey: row.idempotencyKey!,
      metadata,
    });
    return { move, sent: ask.currency === row.currency ? null : ask };
  }
  const [transfer] = await db
    .select({ externalId: payouts.externalId, amountMinor: payouts.amountMinor, sentAmountMinor: payouts.sentAmountMinor, sentCurrency: payouts.sentCurrency })
    .from(payouts)
    .where(and(eq(payouts.kind, "transfer"), eq(payouts.orderId, row.orderId ?? -1), eq(payouts.status, "paid")))
    .limit(1);
  if (!transfer?.externalId) return { move: { ok: false, message: "The order's transfer was not found." }, sent: null };
  const ask = await pinned(db, row, async () => {
    if (!transfer.sentCurrency || transfer.sentCurrency === row.currency || transfer.sentAmountMinor === null || !transfer.amountMinor) {
      return { amountMinor: row.amountMinor!, currency: row.currency };
    }
    // A transfer made in the settlement currency is reversed in it, at the rate it was sent at, rounded once over all its reversals.
    const [prior] = await db
      .select({
        amount: sql<number>`coalesce(sum(${payouts.amountMinor}), 0)`,
        sent: sql<number>`coalesce(sum(${payouts.sentAmountMinor}), 0)`,
      })
      .from(payouts)
      .where(and(eq(payouts.kind, "reversal"), eq(payouts.orderId, row.orderId ?? -1), inArray(payouts.status, ["paid", "pending"]), ne(payouts.id, row.id)));
    const before = { amount: Number(prior?.amount ?? 0), sent: Number(prior?.sent ?? 0) };
    const upToThis = Math.floor(((before.amount + row.amountMinor!) * transfer.sentAmountMinor) / transfer.amountMinor + 0.5);
    return { amountMinor: Math.max(0, Math.min(transfer.sentAmountMinor - before.sent, upToThis - before.sent)), currency: transfer.sentCurrency };
  });
  if ("refused" in ask) return { move: { ok: false, message: ask.refused }, sent: null };
  const move = await connect.reverse({ transferId: transfer.externalId, amountMinor: ask.amountMinor, idempotencyKey: row.idempotencyKey!, metadata });
  return { move, sent: ask.currency === row.currency ? null : ask };
}

/**
 * What the provider is asked to move for a claimed payout: worked out on its first send and kept on
 * the row (in a write that requires the same claim), so a re-send with the same key asks for exactly
 * the same, whatever changed since (the account's currencies, other reversals).
 */
async function pinned(db: Database, row: PayoutRow, work: () => Promise<Ask>): Promise<Ask> {
  if (row.sentCurrency && row.sentAmountMinor !== null) return { amountMinor: row.sentAmountMinor, currency: row.sentCurrency };
  const ask = await work();
  if ("refused" in ask) return ask;
  const [kept] = await db
    .update(payouts)
    .set({ sentAmountMinor: ask.amountMinor, sentCurrency: ask.currency })
    .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending"), eq(payouts.idempotencyKey, row.idempotencyKey!), isNull(payouts.sentCurrency)))
    .returning({ amountMinor: payouts.sentAmountMinor, currency: payouts.sentCurrency });
  if (kept) return ask;
  // Another run pinned it first: what it asked for, exactly.
  const [other] = await db
    .select({ amountMinor: payouts.sentAmountMinor, currency: payouts.sentCurrency })
    .from(payouts)
    .where(eq(payouts.id, row.id))
    .limit(1);
  return other?.currency && other.amountMinor !== null ? { amountMinor: other.amountMinor, currency: other.currency } : ask;
}

/**
 * What a transfer sends: the row's amount in its currency where the creator's account takes it (or
 * the provider did not say what it takes); otherwise the amount in the studio's settlement currency
 * at the rate the order's charge settled at. An adjustment has no charge: it is refused (for an admin
 * to make it in the settlement currency).
 */
async function transferCurrency(
  db: Database,
  connect: ConnectGateway,
  row: PayoutRow,
  takes: string[],
): Promise<{ amountMinor: number; currency: string } | { refused: string }> {
  const currency = row.currency.toUpperCase();
  if (!takes.length || takes.includes(currency) || currency === STUDIO_SETTLEMENT_CURRENCY) return { amountMinor: row.amountMinor!, currency: row.currency };
  const [order] = row.orderId ? await db.select({ paymentIntentId: orders.paymentIntentId }).from(orders).where(eq(orders.id, row.orderId)).limit(1) : [];
  const settled = order?.paymentIntentId
    ? await connect.settlementAmount({ paymentIntentId: order.paymentIntentId, amountMinor: row.amountMinor!, currency })
    : null;
  return settled ?? { refused: cannotTake(currency) };
}

/**
 * An admin retries a failed transfer: scheduled again now (in a write that requires it still failed,
 * so two clicks retry once) and sent at once with a new key (the provider made nothing on the
 * refused attempt). Waits instead (`blocked`) if the creator cannot be paid now. Refusals:
 * `not_found`, `conflict` (not a failed transfer). Returns the payout's state after the attempt.
 */
export async function retryPayout(db: Database, connect: ConnectGateway, payoutId: number, now = Date.now()): Promise<PayoutRow> {
  const [rescheduled] = await db
    .update(payouts)
    .set({ status: "scheduled", dueAt: new Date(now), failure: null, updatedAt: new Date(now) })
    .where(and(eq(payouts.id, payoutId), eq(payouts.kind, "transfer"), eq(payouts.status, "failed")))
    .returning({ id: payouts.id });
  if (!rescheduled) {
    const [exists] = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId)).limit(1);
    throw exists ? refuse.conflict(RETRY_MESSAGES.notFailed) : refuse.notFound(RETRY_MESSAGES.notFound);
  }
  const claimed = await claimTransfer(db, now, payoutId);
  if (claimed?.status === "pending") await send(db, connect, claimed, { blocked: 0, paid: 0, offset: 0, failed: 0, reversed: 0, unanswered: 0 }, now);
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1);
  return row!;
}

/** A payout as the admins' API shows it. */
export function payoutView(row: PayoutRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    creator_id: row.creatorId,
    order_id: row.orderId,
    amount_minor: row.amountMinor,
    currency: row.currency,
    // What moved, where it was not the row's currency (a same-currency send is pinned too, but says nothing new).
    sent_amount_minor: row.sentCurrency && row.sentCurrency !== row.currency ? row.sentAmountMinor : null,
    sent_currency: row.sentCurrency && row.sentCurrency !== row.currency ? row.sentCurrency : null,
    attempts: row.attempts,
    external_id: row.externalId,
    failure: row.failure,
  };
}
