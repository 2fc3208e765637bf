/**
 * The admins' view of creators' payouts (/admin/payouts, `GET /api/v1/admin/payouts`): per creator
 * and currency what is held in clearance, due (cleared, waiting for the run or for the creator's
 * account), paid and failed; the transfers that failed, to retry; and holds on a creator's payouts,
 * with the reason the creator reads, until released.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { admins, creatorBalances as keptBalances, creators, ledgerEntries, payoutAccounts, payouts, payoutSettings } from "../../../db/schema";
import { refuse } from "../refusal";
import { releaseBlockedPayouts } from "./accounts.server";
import { ADJUSTMENT_MESSAGES, DEFAULT_CLEARANCE_DAYS, DEFAULT_SHARE_BASIS_POINTS, HOLD_MESSAGES } from "~/lib/rules/payouts";
import type { PayoutAdjustmentInput, PayoutSettingsInput } from "~/lib/schemas/payouts";

/** One creator's payouts in one currency. */
export interface CreatorPayoutsSummary {
  creator_id: number;
  creator: string;
  currency: string;
  held_minor: number;
  due_minor: number;
  on_its_way_minor: number;
  paid_minor: number;
  failed_minor: number;
  account: "none" | "incomplete" | "enabled";
  held_reason: string | null;
}

/** A transfer the provider refused, with its words; or a payout (a reversal too) unconfirmed for 20 hours. */
export interface FailedPayoutView {
  id: number;
  kind: "transfer" | "reversal";
  creator_id: number;
  creator: string;
  order_id: number | null;
  amount_minor: number;
  currency: string;
  failure: string | null;
  attempts: number;
  updated_at: string;
}

export const PAYOUTS_OVERVIEW_MAX = 200;

export async function payoutsOverview(db: Database, now = Date.now()) {
  // Per creator and currency: what reached them is kept (creator_balances, migration 0058); the rest
  // is work in hand, summed from their payouts by status (the creator's index), so rows read follow
  // the creators listed and what is not yet paid, not the shop's history.
  const live = (statuses: string, extra = "", column = 'coalesce(p."amount_minor", e."amount_minor")') =>
    sql<number>`(SELECT coalesce(sum(${sql.raw(column)}), 0) FROM "payouts" p JOIN "ledger_entries" e ON e."id" = p."entry_id"
      WHERE p."creator_id" = "creator_balances"."creator_id" AND p."currency" = "creator_balances"."currency" AND p."kind" = 'transfer'
      AND p."status" IN (${sql.raw(statuses)})${sql.raw(extra)})`;
  const [rows, failed] = await db.batch([
    db
      .select({
        creatorId: keptBalances.creatorId,
        creator: creators.name,
        currency: keptBalances.currency,
        held: live("'scheduled'", ` AND p."due_at" > ${Math.floor(now)}`),
        due: sql<number>`(${live("'scheduled'", ` AND p."due_at" <= ${Math.floor(now)}`)} + ${live("'blocked'")})`,
        onItsWay: live("'pending'", "", 'p."amount_minor"'),
        paid: keptBalances.paidMinor,
        failed: live("'failed'"),
        enabled: payoutAccounts.payoutsEnabled,
        hasAccount: sql<number>`${payoutAccounts.creatorId} IS NOT NULL`,
        heldReason: creators.payoutsHeldReason,
      })
      .from(keptBalances)
      .innerJoin(creators, eq(creators.id, keptBalances.creatorId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, keptBalances.creatorId))
      .orderBy(asc(creators.name), asc(keptBalances.currency))
      .limit(PAYOUTS_OVERVIEW_MAX),
    db
      .select({
        id: payouts.id,
        kind: payouts.kind,
        creatorId: payouts.creatorId,
        creator: creators.name,
        orderId: payouts.orderId,
        amount: sql<number>`coalesce(${payouts.amountMinor}, 0)`,
        currency: payouts.currency,
        failure: payouts.failure,
        attempts: payouts.attempts,
        updatedAt: payouts.updatedAt,
      })
      .from(payouts)
      .innerJoin(creators, eq(creators.id, payouts.creatorId))
      // Transfers the provider refused (to retry), and any payout unconfirmed for 20 hours (to look up at the provider first).
      .where(eq(payouts.status, "failed"))
      .orderBy(desc(payouts.updatedAt))
      .limit(50),
  ]);
  return {
    creators: rows.map((row): CreatorPayoutsSummary => ({
      creator_id: row.creatorId,
      creator: row.creator,
      currency: row.currency,
      held_minor: Number(row.held),
      due_minor: Number(row.due),
      on_its_way_minor: Number(row.onItsWay),
      paid_minor: Number(row.paid),
      failed_minor: Number(row.failed),
      account: !row.hasAccount ? "none" : row.enabled ? "enabled" : "incomplete",
      held_reason: row.heldReason,
    })),
    failed: failed.map((row): FailedPayoutView => ({
      id: row.id,
      kind: row.kind,
      creator_id: row.creatorId,
      creator: row.creator,
      order_id: row.orderId,
      amount_minor: Number(row.amount),
      currency: row.currency,
      failure: row.failure,
      attempts: row.attempts,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

/** An admin holds a creator's payouts with a reason the creator reads: due transfers wait until released (one already on its way goes on). */
export async function holdPayouts(db: Database, adminId: number, creatorId: number, reason: string, now = Date.now()) {
  const [held] = await db
    .update(creators)
    .set({ payoutsHeldReason: reason, payoutsHeldAt: new Date(now), payoutsHeldBy: adminId })
    .where(and(eq(creators.id, creatorId), isNull(creators.payoutsHeldReason)))
    .returning({ id: creators.id });
  if (!held) throw (await creatorExists(db, creatorId)) ? refuse.conflict(HOLD_MESSAGES.alreadyHeld) : refuse.notFound(HOLD_MESSAGES.notFound);
  // What is already due waits at once, not only from the next run.
  await db
    .update(payouts)
    .set({ status: "blocked", failure: `Held: ${reason}`.slice(0, 500), updatedAt: new Date(now) })
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, "scheduled"), eq(payouts.kind, "transfer"), sql`${payouts.dueAt} <= ${now}`));
}

/** An admin releases the hold: what waited for it is scheduled again (if the creator's account can be paid). */
export async function releasePayouts(db: Database, creatorId: number, now = Date.now()) {
  const [released] = await db
    .update(creators)
    .set({ payoutsHeldReason: null, payoutsHeldAt: null, payoutsHeldBy: null })
    .where(and(eq(creators.id, creatorId), isNotNull(creators.payoutsHeldReason)))
    .returning({ id: creators.id });
  if (!released) throw (await creatorExists(db, creatorId)) ? refuse.conflict(HOLD_MESSAGES.notHeld) : refuse.notFound(HOLD_MESSAGES.notFound);
  await releaseBlockedPayouts(db, creatorId, now);
}

async function creatorExists(db: Database, creatorId: number) {
  const [row] = await db.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).limit(1);
  return Boolean(row);
}

/** Creators an admin may hold (active or away, not held): for the hold form's choice. */
export async function holdableCreators(db: Database) {
  return db
    .select({ id: creators.id, name: creators.name, heldReason: creators.payoutsHeldReason })
    .from(creators)
    .where(sql`${creators.status} IN ('active', 'away', 'suspended')`)
    .orderBy(asc(creators.name))
    .limit(200);
}

/** The shop's payout settings as the admins' form shows them: the default share as a percentage ("70", "72.5"). */
export interface PayoutSettingsView {
  default_share: string;
  default_share_basis_points: number;
  clearance_days: number;
}

export async function getPayoutSettings(db: Database): Promise<PayoutSettingsView> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1)).limit(1);
  return settingsView(row?.defaultShareBasisPoints ?? DEFAULT_SHARE_BASIS_POINTS, row?.clearanceDays ?? DEFAULT_CLEARANCE_DAYS);
}

/** Saves them: the share applies to orders assigned from now on, the clearance period to earnings from now on (each is fixed where it is written). */
export async function savePayoutSettings(db: Database, input: PayoutSettingsInput, now = Date.now()): Promise<PayoutSettingsView> {
  const values = { defaultShareBasisPoints: input.default_share, clearanceDays: input.clearance_days, updatedAt: new Date(now) };
  await db
    .insert(payoutSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: payoutSettings.id, set: values });
  return settingsView(input.default_share, input.clearance_days);
}

function settingsView(basisPoints: number, clearanceDays: number): PayoutSettingsView {
  return { default_share: String(basisPoints / 100), default_share_basis_points: basisPoints, clearance_days: clearanceDays };
}

/** An admin's adjustment as the admins read it. */
export interface AdjustmentView {
  id: number;
  creator_id: number;
  creator: string;
  amount_minor: number;
  currency: string;
  reason: string;
  admin: string | null;
  created_at: string;
}

/**
 * An admin adjusts a creator's balance with a reason the creator reads: one `adjustment` row in the
 * ledger. What is owed to the creator (+) is paid by a transfer due at once (the ledger's trigger,
 * migration 0056) like a cleared earning; what is taken (−) is set against their next transfers.
 * The same key writes one row: a form sent twice or a retried call answers the row already written
 * (`conflict` when the key was used for a different adjustment).
 */
export async function adjustBalance(db: Database, adminId: number, input: PayoutAdjustmentInput, now = Date.now()): Promise<AdjustmentView> {
  if (!(await creatorExists(db, input.creatorId))) throw refuse.notFound(ADJUSTMENT_MESSAGES.notFound);
  const key = `adjustment-${input.key ?? crypto.randomUUID()}`;
  await db
    .insert(ledgerEntries)
    .values({
      creatorId: input.creatorId,
      kind: "adjustment",
      amountMinor: input.amountMinor,
      currency: input.currency,
      idempotencyKey: key,
      reason: input.reason,
      adminId,
      createdAt: new Date(now),
    })
    .onConflictDoNothing();
  const [row] = await adjustmentsQuery(db, eq(ledgerEntries.idempotencyKey, key), 1);
  if (!row || row.creator_id !== input.creatorId || row.amount_minor !== input.amountMinor || row.currency !== input.currency) {
    throw refuse.conflict(ADJUSTMENT_MESSAGES.keyReused);
  }
  return row;
}

/** The latest adjustments, newest first (the admins' page shows them under the form). */
export function recentAdjustments(db: Database, limit = 20): Promise<AdjustmentView[]> {
  return adjustmentsQuery(db, eq(ledgerEntries.kind, "adjustment"), limit);
}

async function adjustmentsQuery(db: Database, where: SQL | undefined, limit: number): Promise<AdjustmentView[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      creatorId: ledgerEntries.creatorId,
      creator: creators.name,
      amountMinor: ledgerEntries.amountMinor,
      currency: ledgerEntries.currency,
      reason: ledgerEntries.reason,
      admin: admins.name,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(creators, eq(creators.id, ledgerEntries.creatorId))
    .leftJoin(admins, eq(admins.id, ledgerEntries.adminId))
    .where(and(eq(ledgerEntries.kind, "adjustment"), where))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    creator_id: row.creatorId,
    creator: row.creator,
    amount_minor: row.amountMinor,
    currency: row.currency,
    reason: row.reason ?? "",
    admin: row.admin,
    created_at: row.createdAt.toISOString(),
  }));
}
