/**
 * Browser sessions (docs/design.md §4): the cookie holds a random value; D1 holds its SHA-256 with the
 * subject and expiry, so sessions can be listed and revoked. Customers, admins and creators use separate
 * cookies and rows of different kinds. The cookies are Remix cookie containers (`createCookie`):
 * one place sets their attributes, and parsing and serialising are the framework's.
 */
import { createCookie, type Cookie } from "@remix-run/cloudflare";
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { admins, creators, sessions, users, type accountKinds } from "../../db/schema";
import { randomToken, sha256 } from "../domain/crypto.server";

/** Customers, admins and creators: each kind its own table, cookie and tokens. */
export type SessionKind = (typeof accountKinds)[number];

/** Idle and absolute lifetimes; admin sessions are shorter-lived. */
export const SESSION_POLICY: Record<SessionKind, { idleMs: number; absoluteMs: number; cookie: string }> = {
  customer: { idleMs: 7 * 24 * 3_600_000, absoluteMs: 30 * 24 * 3_600_000, cookie: "sid" },
  admin: { idleMs: 2 * 3_600_000, absoluteMs: 12 * 3_600_000, cookie: "admin_sid" },
  creator: { idleMs: 7 * 24 * 3_600_000, absoluteMs: 30 * 24 * 3_600_000, cookie: "creator_sid" },
};

/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60_000;

function cookieName(kind: SessionKind, secure: boolean) {
  // The __Host- prefix pins the cookie to our host, path / and HTTPS.
  return secure ? `__Host-${SESSION_POLICY[kind].cookie}` : SESSION_POLICY[kind].cookie;
}

/** Every name a session cookie can have: every kind, over HTTPS and over plain HTTP. */
const SESSION_COOKIE_NAMES = new Set((Object.keys(SESSION_POLICY) as SessionKind[]).flatMap((kind) => [cookieName(kind, true), cookieName(kind, false)]));

export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** The cookie container for a kind of session on this scheme (built once per name). */
const containers = new Map<string, Cookie>();
function sessionCookieFor(request: Request, kind: SessionKind): Cookie {
  const secure = isSecureRequest(request);
  const name = cookieName(kind, secure);
  let container = containers.get(name);
  if (!container) {
    container = createCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: Math.floor(SESSION_POLICY[kind].absoluteMs / 1000) });
    containers.set(name, container);
  }
  return container;
}

function requestCookies(request: Request): Array<[name: string, value: string]> {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").map((part) => {
    const [key = "", ...rest] = part.trim().split("=");
    return [key.trim(), rest.join("=")];
  });
}

/** The session token the request's cookie of `kind` carries, or null (absent or malformed). */
export async function readSessionToken(request: Request, kind: SessionKind): Promise<string | null> {
  const value: unknown = await sessionCookieFor(request, kind).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** Whether the request carries a cookie named like a session of `kind` (valid or not). */
export function presentsSessionCookie(request: Request, kind: SessionKind): boolean {
  const name = cookieName(kind, isSecureRequest(request));
  return requestCookies(request).some(([key]) => key === name);
}

/**
 * True when the request presents no credentials at all: no session cookie of any kind (under any
 * of the names this module gives them) and no Authorization header. Only such requests may be
 * answered from, or stored in, a cache shared between visitors. Deciding it here, beside the code
 * that names and reads the cookies, means a renamed cookie cannot make a signed-in request look
 * anonymous.
 */
export function isAnonymousRequest(request: Request): boolean {
  if (request.headers.has("Authorization")) return false;
  return !requestCookies(request).some(([name]) => SESSION_COOKIE_NAMES.has(name));
}

/** The Set-Cookie value that stores `token`, or with null the one that removes the cookie. */
export function sessionCookie(request: Request, kind: SessionKind, token: string | null): Promise<string> {
  const container = sessionCookieFor(request, kind);
  return token === null ? container.serialize("", { maxAge: 0 }) : container.serialize(token);
}

/** Starts a session; returns the Set-Cookie header value. */
export async function createSession(db: Database, request: Request, kind: SessionKind, subjectId: number, now = Date.now()) {
  const token = randomToken();
  const policy = SESSION_POLICY[kind];
  await db.insert(sessions).values({
    id: await sha256(token),
    kind,
    subjectId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + policy.absoluteMs),
  });
  return sessionCookie(request, kind, token);
}

const accountTable = { customer: users, admin: admins, creator: creators } as const;

/**
 * The subject of a live session with its account's public columns, or null: one D1 round trip (the
 * session row joined with its user or admin). Expired sessions are deleted on sight.
 */
export async function getSessionSubject(db: Database, request: Request, kind: SessionKind, now = Date.now()) {
  const token = await readSessionToken(request, kind);
  if (!token) return null;
  const id = await sha256(token);
  const account = accountTable[kind];
  const [row] = await db
    .select({
      subjectId: sessions.subjectId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      account: {
        id: account.id,
        name: account.name,
        email: account.email,
        createdAt: account.createdAt,
        // Admins and creators have no address to confirm; only creators have a status.
        emailVerifiedAt: kind === "customer" ? users.emailVerifiedAt : sql<null>`NULL`,
        creatorStatus: kind === "creator" ? creators.status : sql<null>`NULL`,
      },
    })
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.subjectId))
    .where(and(eq(sessions.id, id), eq(sessions.kind, kind)))
    .limit(1);
  if (!row) return null;
  const policy = SESSION_POLICY[kind];
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + policy.idleMs <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return { sessionId: id, subjectId: row.subjectId, lastSeenAt: row.lastSeenAt.getTime(), account: row.account };
}

/**
 * The id of the person whose valid `kind` session the request presents, as a subquery (NULL without
 * one, so queries keyed on it find nothing). A page keys its own data on it and reads it beside the
 * session itself, in the same round trip, instead of waiting for the session to learn whose data
 * to read; the page still checks the session (requireCustomer) before showing anything.
 */
export async function sessionSubject(request: Request, kind: SessionKind, now = Date.now()): Promise<SQL<number | null>> {
  const token = await readSessionToken(request, kind);
  const id = token ? await sha256(token) : "";
  const idleSince = now - SESSION_POLICY[kind].idleMs;
  return sql<
    number | null
  >`(SELECT ${sessions.subjectId} FROM ${sessions} WHERE ${sessions.id} = ${id} AND ${sessions.kind} = ${kind} AND ${sessions.expiresAt} > ${now} AND ${sessions.lastSeenAt} > ${idleSince})`;
}

/** Records activity for idle expiry, at most every few minutes. */
export async function touchSession(db: Database, sessionId: string, lastSeenAt: number, now = Date.now()) {
  if (now - lastSeenAt < TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId));
}

export async function destroySession(db: Database, request: Request, kind: SessionKind) {
  const token = await readSessionToken(request, kind);
  if (token) await db.delete(sessions).where(and(eq(sessions.id, await sha256(token)), eq(sessions.kind, kind)));
  return sessionCookie(request, kind, null);
}

/** Ends every session of a person, e.g. after a password change. */
export function destroyAllSessionsQuery(db: Database, kind: SessionKind, subjectId: number) {
  return db.delete(sessions).where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)));
}

export async function deleteExpiredSessions(db: Database, now = Date.now()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
}
