/** Customers and admins: creation, credentials, profile and password changes. */
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { admins, users } from "../../db/schema";
import type { SignupInput } from "~/lib/schemas/auth";
import { totalPagesFor } from "~/lib/pagination";
import { hashPassword, verifyPassword } from "./password.server";
import { destroyAllSessionsQuery, type SessionKind } from "./sessions.server";
import { revokeAllRefreshTokensQuery } from "./tokens.server";

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

type Row = { id: number; name: string; email: string; createdAt: Date };

export function toUserView(row: Row): UserView {
  return { id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() };
}

export function toAdminView(row: Row): AdminView {
  return { id: row.id, name: row.name, email: row.email };
}

const table = { customer: users, admin: admins } as const;
const publicColumns = (kind: SessionKind) => ({ id: table[kind].id, name: table[kind].name, email: table[kind].email, createdAt: table[kind].createdAt });

/** Used when an email is unknown, so a failed login costs the same time either way. */
let dummyHash: Promise<string> | null = null;

export async function createCustomer(db: Database, input: SignupInput): Promise<{ ok: true; user: UserView } | { ok: false; reason: "email_taken" }> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning(publicColumns("customer"));
  return row ? { ok: true, user: toUserView(row) } : { ok: false, reason: "email_taken" };
}

/** Checks an email and password; returns the account's id or null (never says which part was wrong). */
export async function authenticate(db: Database, kind: SessionKind, email: string, password: string): Promise<number | null> {
  const t = table[kind];
  const [row] = await db.select({ id: t.id, passwordHash: t.passwordHash }).from(t).where(eq(t.email, email)).limit(1);
  if (!row) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? row.id : null;
}

export async function getUser(db: Database, id: number): Promise<UserView | null> {
  const [row] = await db.select(publicColumns("customer")).from(users).where(eq(users.id, id)).limit(1);
  return row ? toUserView(row) : null;
}

export async function getAdmin(db: Database, id: number): Promise<AdminView | null> {
  const [row] = await db.select(publicColumns("admin")).from(admins).where(eq(admins.id, id)).limit(1);
  return row ? toAdminView(row) : null;
}

export async function updateName(db: Database, kind: SessionKind, id: number, name: string) {
  const t = table[kind];
  const [row] = await db.update(t).set({ name }).where(eq(t.id, id)).returning(publicColumns(kind));
  if (!row) return null;
  return kind === "customer" ? toUserView(row) : toAdminView(row);
}

/**
 * Changes a password after checking the current one, and in the same batch ends every session and
 * revokes every refresh token of that person (SPEC §4: a password change forces a new login).
 */
export async function changePassword(db: Database, kind: SessionKind, id: number, current: string, next: string): Promise<"changed" | "wrong_password"> {
  const t = table[kind];
  const [row] = await db.select({ passwordHash: t.passwordHash }).from(t).where(eq(t.id, id)).limit(1);
  if (!row || !(await verifyPassword(current, row.passwordHash))) return "wrong_password";
  const passwordHash = await hashPassword(next);
  await db.batch([db.update(t).set({ passwordHash }).where(eq(t.id, id)), destroyAllSessionsQuery(db, kind, id), revokeAllRefreshTokensQuery(db, kind, id)]);
  return "changed";
}

/** Customers, newest first, paginated in SQL. */
export async function listUsers(db: Database, page: number, limit: number) {
  const [[counted], rows] = await db.batch([
    db.select({ total: count() }).from(users),
    db
      .select(publicColumns("customer"))
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = counted?.total ?? 0;
  return { data: rows.map(toUserView), total, totalPages: totalPagesFor(total, limit) };
}
