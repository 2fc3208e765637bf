/**
 * Creators' payout accounts (ADR 039): opened at the provider on the creator's first request (one
 * per creator, by idempotency key), completed on the provider's onboarding page through a
 * single-use link, and kept from the provider's answers: on return from onboarding and on each
 * `account.updated` event. An account that can receive payouts releases the creator's earnings
 * that were waiting for it.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creators, payoutAccounts, payouts } from "../../../db/schema";
import { refuse } from "../refusal";
import { disabledReasonText, ONBOARDING_LINKS_PER_HOUR, PAYOUT_MESSAGES, STUDIO_COUNTRY, type PayoutAccountState } from "~/lib/rules/payouts";
import type { ConnectAccount, ConnectGateway } from "./connect.server";

/** The creator's payout account as /studio/payouts and `POST /creator/payout_account` show it. */
export interface PayoutAccountView {
  state: PayoutAccountState;
  provider: "local" | "stripe" | null;
  payouts_enabled: boolean;
  requirements_due: string[];
  /** Why earnings wait, in plain words; null when the account is ready and nothing is held. */
  waiting_because: string | null;
  /** An admin's hold on the creator's payouts: its reason, or null. */
  held_reason: string | null;
}

type AccountRow = typeof payoutAccounts.$inferSelect;

function stateOf(row: AccountRow | null): PayoutAccountState {
  if (!row) return "none";
  if (row.payoutsEnabled) return "enabled";
  return row.detailsSubmitted ? "disabled" : "incomplete";
}

export function payoutAccountView(row: AccountRow | null, heldReason: string | null): PayoutAccountView {
  const state = stateOf(row);
  const waiting = heldReason
    ? `${PAYOUT_MESSAGES.held} ${heldReason}`
    : state === "none"
      ? PAYOUT_MESSAGES.noAccount
      : state === "incomplete"
        ? PAYOUT_MESSAGES.incomplete
        : state === "disabled"
          ? disabledReasonText(row!.disabledReason)
          : null;
  return {
    state,
    provider: row?.provider ?? null,
    payouts_enabled: row?.payoutsEnabled ?? false,
    requirements_due: row?.requirementsDue ?? [],
    waiting_because: waiting,
    held_reason: heldReason,
  };
}

/** The creator's payout account, with any hold on their payouts. */
export async function creatorPayoutAccount(db: Database, creatorId: number): Promise<PayoutAccountView> {
  const [row] = await db
    .select({ account: payoutAccounts, heldReason: creators.payoutsHeldReason })
    .from(creators)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, creators.id))
    .where(eq(creators.id, creatorId))
    .limit(1);
  return payoutAccountView(row?.account ?? null, row?.heldReason ?? null);
}

/** Where the provider's onboarding sends the creator back: done (`return`), or for a new link when one is spent (`refresh`). */
export function onboardingUrls(origin: string) {
  return { returnUrl: `${origin}/studio/payouts/return`, refreshUrl: `${origin}/studio/payouts/refresh` };
}

/**
 * Starts or resumes the creator's onboarding: the account opened at the provider if they have none
 * (once, whatever the number of requests: the provider's idempotency key and our unique row), and a
 * new single-use link to its onboarding page (`open: false`: only resumes one). Refusals: `invalid` without a country on the profile,
 * `conflict` when the account is already complete (nothing to resume).
 */
export async function startOnboarding(
  db: Database,
  connect: ConnectGateway,
  creatorId: number,
  urls: { returnUrl: string; refreshUrl: string },
  { open = true, now = Date.now() }: { open?: boolean; now?: number } = {},
): Promise<{ url: string; account: PayoutAccountView }> {
  const [creator] = await db
    .select({ email: creators.email, country: creators.country, status: creators.status, account: payoutAccounts, heldReason: creators.payoutsHeldReason })
    .from(creators)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, creators.id))
    .where(eq(creators.id, creatorId))
    .limit(1);
  if (!creator) throw refuse.notFound("Creator not found");
  // A suspended creator may still set up payouts: what they earned stays theirs.
  let row: AccountRow | null | undefined = creator.account;
  if (!row) {
    // Only a creator's own request opens an account (a form post, the API), never a link followed.
    if (!open) throw refuse.conflict(PAYOUT_MESSAGES.noAccount);
    if (!creator.country) throw refuse.invalid(PAYOUT_MESSAGES.needsCountry, [PAYOUT_MESSAGES.needsCountry]);
    const serviceAgreement = creator.country === STUDIO_COUNTRY ? "full" : "recipient";
    const account = await connect.createAccount({
      email: creator.email,
      country: creator.country,
      serviceAgreement,
      idempotencyKey: `payout-account-${creatorId}`,
      metadata: { creator_id: String(creatorId) },
    });
    await db
      .insert(payoutAccounts)
      .values({
        creatorId,
        provider: connect.name,
        accountId: account.id,
        serviceAgreement,
        country: creator.country,
        ...accountFields(account),
        updatedAt: new Date(now),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId)).limit(1);
  }
  if (row!.payoutsEnabled) throw refuse.conflict(PAYOUT_MESSAGES.enabled);
  // Each link is made at the provider: at most ONBOARDING_LINKS_PER_HOUR an hour, counted in the write that allows it.
  const windowStart = now - 3_600_000;
  const [allowed] = await db
    .update(payoutAccounts)
    .set({
      linksInWindow: sql`CASE WHEN ${payoutAccounts.linksWindowAt} IS NULL OR ${payoutAccounts.linksWindowAt} <= ${windowStart} THEN 1 ELSE ${payoutAccounts.linksInWindow} + 1 END`,
      linksWindowAt: sql`CASE WHEN ${payoutAccounts.linksWindowAt} IS NULL OR ${payoutAccounts.linksWindowAt} <= ${windowStart} THEN ${now} ELSE ${payoutAccounts.linksWindowAt} END`,
    })
    .where(
      and(
        eq(payoutAccounts.creatorId, creatorId),
        sql`(${payoutAccounts.linksWindowAt} IS NULL OR ${payoutAccounts.linksWindowAt} <= ${windowStart} OR ${payoutAccounts.linksInWindow} < ${ONBOARDING_LINKS_PER_HOUR})`,
      ),
    )
    .returning({ windowAt: payoutAccounts.linksWindowAt });
  if (!allowed) {
    const waitMs = (row!.linksWindowAt?.getTime() ?? now) + 3_600_000 - now;
    throw refuse.throttled(waitMs / 1000, PAYOUT_MESSAGES.tooManyLinks);
  }
  const link = await connect.accountLink(row!.accountId, urls);
  return { url: link.url, account: payoutAccountView(row!, creator.heldReason) };
}

function accountFields(account: ConnectAccount) {
  return {
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    requirementsDue: account.requirementsDue.slice(0, 50),
    disabledReason: account.payoutsEnabled ? null : (account.disabledReason?.slice(0, 100) ?? null),
    currencies: account.currencies.slice(0, 20),
  };
}

/**
 * Keeps what the provider says of an account (on return from onboarding, on `account.updated`) as
 * of `asOf` (an event's `created`; by default now, when the shop asked), unless a state as new or
 * newer is already kept: events arrive in any order, and one not newer changes nothing
 * (`applied: false`; the webhook then asks the provider, since an event's time is whole seconds).
 * Once the account can receive payouts, the creator's earnings that waited for it are scheduled
 * again (the next run pays what is due), unless an admin holds them. Null for an account the shop does not know.
 */
export async function recordAccountState(
  db: Database,
  account: ConnectAccount,
  { now = Date.now(), asOf = now }: { now?: number; asOf?: number } = {},
): Promise<{ creatorId: number; applied: boolean } | null> {
  const [updated] = await db
    .update(payoutAccounts)
    .set({ ...accountFields(account), stateAsOf: new Date(asOf), updatedAt: new Date(now) })
    .where(and(eq(payoutAccounts.accountId, account.id), or(isNull(payoutAccounts.stateAsOf), lt(payoutAccounts.stateAsOf, new Date(asOf)))))
    .returning({ creatorId: payoutAccounts.creatorId });
  if (!updated) {
    const known = await accountByProviderId(db, account.id);
    return known ? { creatorId: known.creatorId, applied: false } : null;
  }
  if (account.payoutsEnabled) await releaseBlockedPayouts(db, updated.creatorId, now);
  return { creatorId: updated.creatorId, applied: true };
}

/** The creator's payouts that waited (no account, payouts off, a hold) are scheduled again, if nothing stops them now: the same check the scheduled run makes. */
export async function releaseBlockedPayouts(db: Database, creatorId: number, now = Date.now()) {
  await db
    .update(payouts)
    .set({ status: "scheduled", failure: null, updatedAt: new Date(now) })
    .where(
      and(
        eq(payouts.creatorId, creatorId),
        eq(payouts.status, "blocked"),
        sql`EXISTS (SELECT 1 FROM ${payoutAccounts} WHERE ${payoutAccounts.creatorId} = ${creatorId} AND ${payoutAccounts.payoutsEnabled} = 1)`,
        sql`EXISTS (SELECT 1 FROM ${creators} WHERE ${creators.id} = ${creatorId} AND ${creators.payoutsHeldReason} IS NULL)`,
      ),
    );
}

/** Whether a creator may be paid now (a payout account that takes payouts, no hold): the SQL both the run and the release use. */
export const creatorPayable = (creatorId: ReturnType<typeof sql.raw>) =>
  sql`(EXISTS (SELECT 1 FROM "payout_accounts" pa WHERE pa."creator_id" = ${creatorId} AND pa."payouts_enabled" = 1)
    AND EXISTS (SELECT 1 FROM "creators" c WHERE c."id" = ${creatorId} AND c."payouts_held_reason" IS NULL))`;

/** The payout account of a provider's account id (the webhook's lookup). */
export async function accountByProviderId(db: Database, accountId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Asks the provider for the creator's account as it is now and keeps it (the creator back from onboarding). */
export async function refreshPayoutAccount(db: Database, connect: ConnectGateway, creatorId: number, now = Date.now()) {
  const [row] = await db.select({ accountId: payoutAccounts.accountId }).from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId)).limit(1);
  if (!row) return;
  const account = await connect.retrieveAccount(row.accountId);
  if (account) await recordAccountState(db, account, { now });
}
