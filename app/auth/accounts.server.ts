/** Customers, admins and creators: creation, credentials, profile and password changes. */
import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { admins, creators, refreshTokens, users, type CreatorStatus } from "../../db/schema";
import type { SignupInput } from "~/lib/schemas/auth";
import { totalPagesFor } from "~/lib/pagination";
import type { CustomerSearch } from "~/lib/customer-search";
import type { Keyset } from "~/lib/query";
import { hashPassword, verifyPassword, type PasswordCost } from "./password.server";
import { destroyAllSessionsQuery, type SessionKind } from "./sessions.server";
import { revokeAllRefreshTokensQuery } from "./tokens.server";
import { keptFigureQuery } from "../domain/counts/kept-counts.server";

/** A customer as the API and screens show them (SPEC §3: no password, ever). */
export interface UserView {
  id: number;
  name: string;
  email: string;
  created_at: string;
}

export interface AdminView {
  id: number;
  name: string;
  email: string;
}

/** A creator as they see themselves (their profile is app/domain/creators). */
export interface CreatorAccountView {
  id: number;
  name: string;
  email: string;
  status: CreatorStatus;
}

type Row = { id: number; name: string; email: string; createdAt: Date };

export function toUserView(row: Row): UserView {
  return { id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() };
}

export function toAdminView(row: Row): AdminView {
  return { id: row.id, name: row.name, email: row.email };
}

export function toCreatorAccountView(row: Row & { status: CreatorStatus | null }): CreatorAccountView {
  return { id: row.id, name: row.name, email: row.email, status: row.status ?? "invited" };
}

/** Each kind's account as its own view. */
export type AccountView<K extends SessionKind> = K extends "customer" ? UserView : K extends "admin" ? AdminView : CreatorAccountView;
type AnyRow = Row & { status?: CreatorStatus | null };
/** An account row as its kind's view (every kind named: a new one fails to compile here). */
export function accountView<K extends SessionKind>(kind: K, row: AnyRow): AccountView<K> {
  const views: { [P in SessionKind]: (r: AnyRow) => AccountView<P> } = {
    customer: toUserView,
    admin: toAdminView,
    creator: (r) => toCreatorAccountView({ ...r, status: r.status ?? null }),
  };
  return views[kind](row) as AccountView<K>;
}

const table = { customer: users, admin: admins, creator: creators } as const;
const publicColumns = (kind: SessionKind) => ({
  id: table[kind].id,
  name: table[kind].name,
  email: table[kind].email,
  createdAt: table[kind].createdAt,
  status: kind === "creator" ? creators.status : sql<CreatorStatus | null>`NULL`,
});

/** Used when an email is unknown, so a failed login costs the same time either way (one per cost). */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: PasswordCost) {
  let hash = dummyHashes.get(cost.N);
  if (!hash) dummyHashes.set(cost.N, (hash = hashPassword("not-a-real-password", cost)));
  return hash;
}

export async function createCustomer(
  db: Database,
  input: SignupInput,
  cost: PasswordCost,
): Promise<{ ok: true; user: UserView } | { ok: false; reason: "email_taken" }> {
  const passwordHash = await hashPassword(input.password, cost);
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning(publicColumns("customer"));
  return row ? { ok: true, user: toUserView(row) } : { ok: false, reason: "email_taken" };
}

/**
 * Wrong passwords an account may have in a row (at sign-in or as the current password of a change)
 * before each further one makes the next check wait: 1 s, then 2, 4, … up to MAX_PASSWORD_WAIT_MS.
 * A delay, never a lock: a stranger guessing can keep the owner waiting a minute at most, while
 * guessing stays at about one try a minute. A right password clears it.
 */
export const FREE_PASSWORD_ATTEMPTS = 5;
export const MAX_PASSWORD_WAIT_MS = 60_000;

export type PasswordCheck = { ok: true } | { ok: false; reason: "wrong_password" } | { ok: false; reason: "throttled"; retryAfter: number };

const passwordColumns = (kind: SessionKind) => ({
  id: table[kind].id,
  passwordHash: table[kind].passwordHash,
  failedPasswordAttempts: table[kind].failedPasswordAttempts,
  passwordLockedUntil: table[kind].passwordLockedUntil,
});
type PasswordRow = { id: number; passwordHash: string; failedPasswordAttempts: number; passwordLockedUntil: number };
const clearedAttempts = { failedPasswordAttempts: 0, passwordLockedUntil: 0 };

/**
 * Checks a password against an account, honouring and updating its wait. No hash is computed while
 * the account is waiting. A wrong password is counted in one statement (the wait computed from the
 * stored count, so guesses sent at once are all counted); a right one is left for the caller to
 * clear (with its own write).
 */
async function checkPassword(db: Database, kind: SessionKind, row: PasswordRow, password: string, now: number): Promise<PasswordCheck> {
  if (row.passwordLockedUntil > now) return { ok: false, reason: "throttled", retryAfter: Math.ceil((row.passwordLockedUntil - now) / 1000) };
  if (await verifyPassword(password, row.passwordHash)) return { ok: true };
  const t = table[kind];
  const failures = sql`${t.failedPasswordAttempts} + 1`;
  const wait = sql`min(${MAX_PASSWORD_WAIT_MS}, 1000 << min(${failures} - ${FREE_PASSWORD_ATTEMPTS} - 1, 6))`;
  await db
    .update(t)
    .set({
      failedPasswordAttempts: failures,
      passwordLockedUntil: sql`CASE WHEN ${failures} <= ${FREE_PASSWORD_ATTEMPTS} THEN 0 ELSE ${now} + ${wait} END`,
    })
    .where(eq(t.id, row.id));
  return { ok: false, reason: "wrong_password" };
}

export type Authentication = { ok: true; id: number } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAfter: number };

/** Checks an email and password (never saying which part was wrong), within the account's wait. */
export async function authenticate(
  db: Database,
  kind: SessionKind,
  email: string,
  password: string,
  cost: PasswordCost,
  now = Date.now(),
): Promise<Authentication> {
  const t = table[kind];
  const [row] = await db.select(passwordColumns(kind)).from(t).where(eq(t.email, email)).limit(1);
  if (!row) {
    await verifyPassword(password, await dummyHash(cost));
    return { ok: false, reason: "invalid" };
  }
  const check = await checkPassword(db, kind, row, password, now);
  if (!check.ok) return check.reason === "throttled" ? check : { ok: false, reason: "invalid" };
  if (row.failedPasswordAttempts > 0) await db.update(t).set(clearedAttempts).where(eq(t.id, row.id));
  return { ok: true, id: row.id };
}

/**
 * The account an access token names, if the token is still honoured: issued after the account's
 * "tokens valid after" moment (sign-out and password changes move it). One query, the one the call
 * makes anyway to know who is asking.
 */
export async function getAccountForToken(db: Database, kind: SessionKind, id: number, issuedAt: number) {
  const t = table[kind];
  const [row] = await db
    .select({ ...publicColumns(kind), tokensValidAfter: t.tokensValidAfter })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!row || issuedAt <= row.tokensValidAfter) return null;
  return { kind, view: accountView(kind, row) };
}

/** Refuses every access token issued until now, for sign-out and password changes. */
export function expireAccessTokensQuery(db: Database, kind: SessionKind, id: number, now = Date.now()) {
  const t = table[kind];
  return db.update(t).set({ tokensValidAfter: now }).where(eq(t.id, id));
}

export async function getUser(db: Database, id: number): Promise<UserView | null> {
  const [row] = await db.select(publicColumns("customer")).from(users).where(eq(users.id, id)).limit(1);
  return row ? toUserView(row) : null;
}

/** Any kind's account by id, as its view. */
export async function getAccount<K extends SessionKind>(db: Database, kind: K, id: number): Promise<AccountView<K> | null> {
  const [row] = await db.select(publicColumns(kind)).from(table[kind]).where(eq(table[kind].id, id)).limit(1);
  return row ? accountView(kind, row) : null;
}

export async function getAdmin(db: Database, id: number): Promise<AdminView | null> {
  const [row] = await db.select(publicColumns("admin")).from(admins).where(eq(admins.id, id)).limit(1);
  return row ? toAdminView(row) : null;
}

export async function updateName(db: Database, kind: SessionKind, id: number, name: string, tokenIssuedAt?: number) {
  const t = table[kind];
  // Through the API the same statement checks the caller's token is still honoured (no extra query).
  const where = tokenIssuedAt === undefined ? eq(t.id, id) : and(eq(t.id, id), lt(t.tokensValidAfter, tokenIssuedAt));
  const [row] = await db.update(t).set({ name }).where(where).returning(publicColumns(kind));
  if (!row) return null;
  return accountView(kind, row);
}

/**
 * Changes a password after checking the current one, and in the same batch ends every session and
 * revokes every refresh token of that person (SPEC §4: a password change forces a new login).
 */
export async function changePassword(
  db: Database,
  kind: SessionKind,
  id: number,
  current: string,
  next: string,
  { cost, tokenIssuedAt }: { cost: PasswordCost; tokenIssuedAt?: number },
): Promise<{ ok: true } | { ok: false; reason: "wrong_password" | "token_revoked" } | { ok: false; reason: "throttled"; retryAfter: number }> {
  const t = table[kind];
  const now = Date.now();
  const [row] = await db
    .select({ ...passwordColumns(kind), tokensValidAfter: t.tokensValidAfter })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!row) return { ok: false, reason: "wrong_password" };
  if (tokenIssuedAt !== undefined && tokenIssuedAt <= row.tokensValidAfter) return { ok: false, reason: "token_revoked" };
  const check = await checkPassword(db, kind, row, current, now);
  if (!check.ok) return check;
  const passwordHash = await hashPassword(next, cost);
  await db.batch([
    db
      .update(t)
      .set({ passwordHash, tokensValidAfter: now, ...clearedAttempts })
      .where(eq(t.id, id)),
    destroyAllSessionsQuery(db, kind, id),
    revokeAllRefreshTokensQuery(db, kind, id, now),
  ]);
  return { ok: true };
}

/**
 * Checks a signed-in person's password again before a step that cannot be undone (deleting the
 * account), within the account's wait, as a password change's current password is checked; a right
 * one clears the count. Through the API (`tokenIssuedAt`) the caller's token must still be honoured.
 */
export async function confirmPassword(
  db: Database,
  kind: SessionKind,
  id: number,
  password: string,
  { tokenIssuedAt, now = Date.now() }: { tokenIssuedAt?: number; now?: number } = {},
): Promise<{ ok: true } | { ok: false; reason: "wrong_password" | "token_revoked" } | { ok: false; reason: "throttled"; retryAfter: number }> {
  const t = table[kind];
  const [row] = await db
    .select({ ...passwordColumns(kind), tokensValidAfter: t.tokensValidAfter })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!row) return { ok: false, reason: "wrong_password" };
  if (tokenIssuedAt !== undefined && tokenIssuedAt <= row.tokensValidAfter) return { ok: false, reason: "token_revoked" };
  const check = await checkPassword(db, kind, row, password, now);
  if (!check.ok) return check;
  if (row.failedPasswordAttempts > 0) await db.update(t).set(clearedAttempts).where(eq(t.id, id));
  return { ok: true };
}

/**
 * Signs an API client out everywhere: refresh tokens revoked and access tokens refused from now on,
 * in one batch, only if the caller's own token is still honoured (a revoked token cannot keep
 * signing its owner out). False when it is not.
 */
export async function signOutTokens(db: Database, kind: SessionKind, id: number, tokenIssuedAt: number, now = Date.now()): Promise<boolean> {
  const t = table[kind];
  const [moved] = await db.batch([
    db
      .update(t)
      .set({ tokensValidAfter: now })
      .where(and(eq(t.id, id), lt(t.tokensValidAfter, tokenIssuedAt)))
      .returning({ id: t.id }),
    db
      .update(refreshTokens)
      .set({ revokedAt: new Date(now) })
      .where(
        and(
          eq(refreshTokens.kind, kind),
          eq(refreshTokens.subjectId, id),
          isNull(refreshTokens.revokedAt),
          sql`(SELECT ${t.tokensValidAfter} FROM ${t} WHERE ${t.id} = ${id}) = ${now}`,
        ),
      ),
  ]);
  return moved.length > 0;
}

/**
 * The customers a search finds, as a condition on users.id: email addresses starting with its
 * prefix (a range on users_email_unique: the largest code point ends the range) and names whose
 * words start with its words (users_fts, kept by triggers). Reads only the rows that match.
 */
function searchCondition(search: CustomerSearch) {
  const byEmail = search.emailPrefix
    ? sql`SELECT ${users.id} FROM ${users} WHERE ${users.email} >= ${search.emailPrefix} AND ${users.email} < ${search.emailPrefix} || char(1114111)`
    : null;
  const byName = search.nameMatch ? sql`SELECT rowid FROM users_fts WHERE users_fts MATCH ${search.nameMatch}` : null;
  const ids = byEmail && byName ? sql`${byEmail} UNION ${byName}` : (byEmail ?? byName)!;
  return sql`${users.id} IN (${ids})`;
}

async function pageOfUsers(db: Database, page: number, limit: number, search: CustomerSearch | null = null, after?: Keyset) {
  const where = search ? searchCondition(search) : undefined;
  // The page's ids from users_created_at_idx alone: the rows before the page cost an index entry
  // each, none after a customer (`after`, a walk's keyset).
  const newest = db
    .select({ id: users.id })
    .from(users)
    .where(and(where, after ? sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}, ${after.id})` : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  const ids = after ? newest : newest.offset((page - 1) * limit);
  const [[counted], rows] = await db.batch([
    // Every customer: the count kept (kept_counts); a search counts what it finds (only those rows).
    search ? db.select({ n: count() }).from(users).where(where) : keptFigureQuery(db, "customers"),
    db
      .select({ ...publicColumns("customer"), emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(desc(users.createdAt), desc(users.id)),
  ]);
  const total = counted?.n ?? 0;
  return { rows, total, totalPages: totalPagesFor(total, limit) };
}

/** Customers, newest first, paginated in SQL (the API's shape). */
export async function listUsers(db: Database, page: number, limit: number, after?: Keyset) {
  const { rows, total, totalPages } = await pageOfUsers(db, page, limit, null, after);
  return { data: rows.map(toUserView), total, totalPages };
}

/**
 * The same page for the admin screen, with whether each customer has confirmed their email; with a
 * search (~/lib/customer-search), only the customers it finds.
 */
export async function listUsersWithVerification(db: Database, page: number, limit: number, search: CustomerSearch | null = null) {
  const { rows, total, totalPages } = await pageOfUsers(db, page, limit, search);
  return { data: rows.map((row) => ({ ...toUserView(row), emailVerified: row.emailVerifiedAt !== null })), total, totalPages };
}
