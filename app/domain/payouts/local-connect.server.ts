/**
 * The local Connect: Stripe Connect's part the shop uses, offline (ADR 039). Connected accounts
 * onboarded on our own page (`/payments/local/connect/{link}`: complete, or fail verification),
 * single-use account links that expire, transfers and reversals keyed like Stripe's (the same key
 * answers the same movement), and each account's balance per currency: what it received, less what
 * was reversed and what it paid out to its bank. A reversal larger than the balance is refused, as
 * Stripe refuses one once the money has left the account. Runs only in a local environment.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { localConnectAccounts, localConnectLinks, localConnectTransfers, localPaymentIntents } from "../../../db/schema";
import { currencyExponent } from "~/lib/currency";
import { convertMinor, STUDIO_SETTLEMENT_CURRENCY } from "~/lib/rules/payouts";
import { randomToken } from "../crypto.server";
import type { ConnectAccount, ConnectGateway, CreateAccountInput, MoneyMove, ReversalInput, TransferInput } from "./connect.server";

/** Stripe's account links are short-lived: a spent or expired one sends the creator to the refresh URL for a new one. */
export const LOCAL_LINK_TTL_MS = 10 * 60_000;

/** What the local Connect still needs of an account it has not verified (Stripe's requirement names). */
export const LOCAL_REQUIREMENTS = ["individual.verification.document", "external_account"] as const;

export const INSUFFICIENT_FUNDS_MESSAGE = "Insufficient funds in the connected account to reverse this transfer.";
export const NO_SUCH_DESTINATION_MESSAGE = "No such destination: the connected account cannot receive transfers.";

/**
 * The local Connect's fixed rates into the studio's settlement currency (pounds per unit), standing in
 * for the rate Stripe settled each charge at. For offline use and tests only: not market rates.
 */
export const LOCAL_SETTLEMENT_RATES: Record<string, number> = {
  AED: 0.21,
  AUD: 0.52,
  BRL: 0.14,
  CAD: 0.57,
  CHF: 0.9,
  CNY: 0.11,
  DKK: 0.115,
  EUR: 0.86,
  GBP: 1,
  HKD: 0.1,
  INR: 0.0093,
  JPY: 0.0052,
  KRW: 0.00055,
  MXN: 0.041,
  NOK: 0.072,
  NZD: 0.46,
  PLN: 0.2,
  SEK: 0.074,
  SGD: 0.59,
  TRY: 0.022,
  USD: 0.79,
  ZAR: 0.043,
};

const EURO_COUNTRIES = new Set(["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK"]);

/** A local account is paid in its country's currency (a bank account there), as an Express account's default currency is. */
export function localAccountCurrency(country: string): string {
  if (EURO_COUNTRIES.has(country)) return "EUR";
  return (
    { GB: "GBP", US: "USD", CH: "CHF", SE: "SEK", DK: "DKK", NO: "NOK", PL: "PLN", CA: "CAD", AU: "AUD", NZ: "NZD" }[country] ?? STUDIO_SETTLEMENT_CURRENCY
  );
}

type AccountRow = typeof localConnectAccounts.$inferSelect;

export function localAccountView(row: Pick<AccountRow, "id" | "state" | "country">): ConnectAccount {
  const currencies = [localAccountCurrency(row.country)];
  switch (row.state) {
    case "enabled":
      return { id: row.id, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: [], disabledReason: null, currencies };
    case "unverified":
      return {
        id: row.id,
        payoutsEnabled: false,
        detailsSubmitted: true,
        requirementsDue: ["individual.verification.document"],
        disabledReason: "requirements.past_due",
        currencies,
      };
    default:
      return {
        id: row.id,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirementsDue: [...LOCAL_REQUIREMENTS],
        disabledReason: "requirements.past_due",
        currencies,
      };
  }
}

async function accountRow(db: Database, id: string) {
  const [row] = await db.select().from(localConnectAccounts).where(eq(localConnectAccounts.id, id)).limit(1);
  return row ?? null;
}

/** The account's balance in a currency: transfers in, less reversals, less what it paid out. */
export async function localConnectBalance(db: Database, accountId: string, anyCaseCurrency: string): Promise<number> {
  const currency = anyCaseCurrency.toLowerCase();
  const account = await accountRow(db, accountId);
  if (!account) return 0;
  const [row] = await db
    .select({
      net: sql<number>`coalesce(sum(CASE WHEN ${localConnectTransfers.kind} = 'transfer' THEN ${localConnectTransfers.amountMinor} ELSE -${localConnectTransfers.amountMinor} END), 0)`,
    })
    .from(localConnectTransfers)
    .where(and(eq(localConnectTransfers.accountId, accountId), eq(localConnectTransfers.currency, currency)));
  return Number(row?.net ?? 0) - (account.paidOut[currency] ?? 0);
}

/** The account pays its whole balance in a currency out to its bank (Stripe's automatic payouts): a later reversal finds nothing to take back. */
export async function payOutLocalAccount(db: Database, accountId: string, anyCaseCurrency: string) {
  const currency = anyCaseCurrency.toLowerCase();
  const account = await accountRow(db, accountId);
  if (!account) return;
  const balance = await localConnectBalance(db, accountId, currency);
  await db
    .update(localConnectAccounts)
    .set({ paidOut: { ...account.paidOut, [currency]: (account.paidOut[currency] ?? 0) + Math.max(0, balance) } })
    .where(eq(localConnectAccounts.id, accountId));
}

/** A link of the local onboarding page: its account and where it returns, or why it cannot be used (spent or expired: go to `refreshUrl`). */
export async function openLocalLink(db: Database, linkId: string, now = Date.now()) {
  const [link] = await db.select().from(localConnectLinks).where(eq(localConnectLinks.id, linkId)).limit(1);
  if (!link) return null;
  const usable = link.usedAt === null && link.expiresAt.getTime() > now;
  return { ...link, usable };
}

/** The creator finishes the local onboarding: the account verified (payouts on) or its verification failed. Spends the link; false when it was spent. */
export async function finishLocalOnboarding(db: Database, linkId: string, outcome: "complete" | "fail", now = Date.now()) {
  const [spent] = await db
    .update(localConnectLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(localConnectLinks.id, linkId), isNull(localConnectLinks.usedAt), sql`${localConnectLinks.expiresAt} > ${now}`))
    .returning({ accountId: localConnectLinks.accountId });
  if (!spent) return null;
  const [account] = await db
    .update(localConnectAccounts)
    .set({ state: outcome === "complete" ? "enabled" : "unverified" })
    .where(eq(localConnectAccounts.id, spent.accountId))
    .returning();
  return account ? localAccountView(account) : null;
}

export function createLocalConnect(db: Database): ConnectGateway {
  async function move(row: Omit<typeof localConnectTransfers.$inferInsert, "id" | "createdAt">, prefix: "tr" | "trr"): Promise<MoneyMove> {
    await db
      .insert(localConnectTransfers)
      .values({ ...row, id: `${prefix}_local_${randomToken(12)}` })
      .onConflictDoNothing({ target: localConnectTransfers.idempotencyKey });
    const [stored] = await db
      .select({ id: localConnectTransfers.id })
      .from(localConnectTransfers)
      .where(eq(localConnectTransfers.idempotencyKey, row.idempotencyKey))
      .limit(1);
    return { ok: true, id: stored!.id };
  }
  async function replay(key: string): Promise<MoneyMove | null> {
    const [same] = await db.select({ id: localConnectTransfers.id }).from(localConnectTransfers).where(eq(localConnectTransfers.idempotencyKey, key)).limit(1);
    return same ? { ok: true, id: same.id } : null;
  }
  return {
    name: "local",
    async createAccount(input: CreateAccountInput) {
      await db
        .insert(localConnectAccounts)
        .values({ id: `acct_local_${randomToken(8)}`, email: input.email, country: input.country, state: "pending", idempotencyKey: input.idempotencyKey })
        .onConflictDoNothing({ target: localConnectAccounts.idempotencyKey });
      const [row] = await db.select().from(localConnectAccounts).where(eq(localConnectAccounts.idempotencyKey, input.idempotencyKey)).limit(1);
      return localAccountView(row!);
    },
    async retrieveAccount(id: string) {
      const row = await accountRow(db, id);
      return row ? localAccountView(row) : null;
    },
    async accountLink(accountId, { returnUrl, refreshUrl }) {
      const id = randomToken(16);
      await db.insert(localConnectLinks).values({ id, accountId, returnUrl, refreshUrl, expiresAt: new Date(Date.now() + LOCAL_LINK_TTL_MS) });
      return { url: `${new URL(returnUrl).origin}/payments/local/connect/${id}` };
    },
    async settlementAmount(input) {
      const [intent] = await db
        .select({ currency: localPaymentIntents.currency })
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, input.paymentIntentId))
        .limit(1);
      const from = input.currency.toUpperCase();
      const rate = LOCAL_SETTLEMENT_RATES[from];
      if (!intent || intent.currency.toUpperCase() !== from || rate === undefined) return null;
      return {
        amountMinor: convertMinor(input.amountMinor, currencyExponent(from), currencyExponent(STUDIO_SETTLEMENT_CURRENCY), rate),
        currency: STUDIO_SETTLEMENT_CURRENCY,
      };
    },
    async transfer(input: TransferInput) {
      const same = await replay(input.idempotencyKey);
      if (same) return same;
      const account = await accountRow(db, input.destination);
      if (!account || account.state !== "enabled") return { ok: false, message: NO_SUCH_DESTINATION_MESSAGE };
      return move(
        {
          kind: "transfer",
          accountId: account.id,
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          transferGroup: input.transferGroup,
          idempotencyKey: input.idempotencyKey,
        },
        "tr",
      );
    },
    async reverse(input: ReversalInput) {
      const same = await replay(input.idempotencyKey);
      if (same) return same;
      const [transfer] = await db.select().from(localConnectTransfers).where(eq(localConnectTransfers.id, input.transferId)).limit(1);
      if (!transfer || transfer.kind !== "transfer") return { ok: false, message: "No such transfer." };
      const [reversed] = await db
        .select({ total: sql<number>`coalesce(sum(${localConnectTransfers.amountMinor}), 0)` })
        .from(localConnectTransfers)
        .where(and(eq(localConnectTransfers.kind, "reversal"), eq(localConnectTransfers.transferId, transfer.id)));
      if (Number(reversed?.total ?? 0) + input.amountMinor > transfer.amountMinor)
        return { ok: false, message: "The reversal is larger than what is left of the transfer." };
      if ((await localConnectBalance(db, transfer.accountId, transfer.currency)) < input.amountMinor) return { ok: false, message: INSUFFICIENT_FUNDS_MESSAGE };
      return move(
        {
          kind: "reversal",
          accountId: transfer.accountId,
          transferId: transfer.id,
          amountMinor: input.amountMinor,
          currency: transfer.currency,
          idempotencyKey: input.idempotencyKey,
        },
        "trr",
      );
    },
  };
}
