/**
 * API tokens (docs/design.md §4). Access tokens are short-lived JWTs signed and verified with `jose`,
 * HMAC-SHA256 only (the algorithm is pinned on both sides; a token naming another is refused).
 * Refresh tokens are random, stored hashed, single-use (rotated on refresh) and revocable.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Database } from "../../db/client";
import { accountKinds, refreshTokens } from "../../db/schema";
import { hmacKey, hmacSha256, randomToken, sha256 } from "../domain/crypto.server";
import type { SessionKind } from "./sessions.server";

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
const ALGORITHM = "HS256";

export type AccessTokenResult =
  | { ok: true; kind: SessionKind; subjectId: number; /** When the token was issued (ms). */ issuedAt: number }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

export async function createAccessToken(secret: string, kind: SessionKind, subjectId: number, now = Date.now()): Promise<string> {
  // `iat_ms`: the exact moment, compared with the account's "tokens valid after" (sign-out, password change).
  return new SignJWT({ kind, iat_ms: now })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(subjectId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + ACCESS_TOKEN_TTL_MS) / 1000))
    .sign(await hmacKey(secret));
}

export async function verifyAccessToken(secret: string, token: string | null, now = Date.now()): Promise<AccessTokenResult> {
  if (!token) return { ok: false, reason: "missing" };
  let claims: { sub?: unknown; kind?: unknown; iat?: unknown; iat_ms?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: [ALGORITHM],
      typ: "JWT",
      requiredClaims: ["exp", "sub"],
      currentDate: new Date(now),
    }));
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
  const subjectId = Number(claims.sub);
  if (!Number.isSafeInteger(subjectId) || !isAccountKind(claims.kind)) return { ok: false, reason: "invalid" };
  const issuedAt = typeof claims.iat_ms === "number" ? claims.iat_ms : typeof claims.iat === "number" ? claims.iat * 1000 : 0;
  return { ok: true, kind: claims.kind, subjectId, issuedAt };
}

const isAccountKind = (kind: unknown): kind is SessionKind => typeof kind === "string" && (accountKinds as readonly string[]).includes(kind);

/** The Bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  // The scheme is case-insensitive (RFC 9110): "bearer …" is as good as "Bearer …".
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

/** Issues a new refresh token; returns the token (shown once) and the statement storing its hash. */
export async function issueRefreshToken(db: Database, kind: SessionKind, subjectId: number, now = Date.now()) {
  const token = randomToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({ tokenHash: await sha256(token), kind, subjectId, createdAt: new Date(now), expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS) })
    .returning({ id: refreshTokens.id });
  return { token, id: row!.id };
}

/** A token pair for an API client. */
export async function issueTokenPair(db: Database, secret: string, kind: SessionKind, subjectId: number, now = Date.now()) {
  const [access_token, refresh] = await Promise.all([createAccessToken(secret, kind, subjectId, now), issueRefreshToken(db, kind, subjectId, now)]);
  return { access_token, refresh_token: refresh.token };
}

/** How long after a rotation the old refresh token still yields the same new pair (parallel refreshes of one client). */
export const REFRESH_GRACE_MS = 10_000;

/**
 * The refresh token that replaces `token`: derived from it with the token secret, so that two
 * refreshes racing with the same token produce the same successor instead of two.
 */
async function successorToken(secret: string, token: string) {
  return hmacSha256(secret, `refresh-successor:${token}`);
}

/**
 * Exchanges a refresh token for a new pair. An expired, unknown or signed-out token fails. A token
 * presented again within REFRESH_GRACE_MS of its rotation, while its successor is unused, gets the
 * same new pair (a client refreshing on several parallel TOKEN_EXPIRED answers); any other reuse of
 * a rotated token revokes every token of its owner, since it was likely stolen.
 */
export async function rotateRefreshToken(db: Database, secret: string, kind: SessionKind, token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, await sha256(token)), eq(refreshTokens.kind, kind)))
    .limit(1);
  if (!row) return null;
  const nextToken = await successorToken(secret, token);
  const nextHash = await sha256(nextToken);
  const pair = async (rotatedAt: number) => ({
    subjectId: row.subjectId,
    access_token: await createAccessToken(secret, kind, row.subjectId, rotatedAt),
    refresh_token: nextToken,
  });

  /** The answer for a token someone else already rotated or revoked. */
  const alreadyUsed = async (current: typeof row) => {
    if (!current.revokedAt || !current.replacedBy) return null; // signed out or changed password: no grace
    const [successor] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, current.replacedBy)).limit(1);
    const fresh = now - current.revokedAt.getTime() <= REFRESH_GRACE_MS;
    if (fresh && successor && successor.tokenHash === nextHash && !successor.revokedAt) return pair(current.revokedAt.getTime());
    await revokeAllRefreshTokens(db, kind, row.subjectId, now);
    return null;
  };

  if (row.revokedAt) return alreadyUsed(row);
  if (row.expiresAt.getTime() <= now) return null;
  // The successor first (its hash is unique, so a racing refresh inserts nothing), then claim the old token.
  await db
    .insert(refreshTokens)
    .values({ tokenHash: nextHash, kind, subjectId: row.subjectId, createdAt: new Date(now), expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS) })
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
  const [successor] = await db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.tokenHash, nextHash)).limit(1);
  const claimed = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now), replacedBy: successor!.id })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length) return pair(now);
  const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id)).limit(1);
  if (current?.replacedBy === successor!.id) return alreadyUsed(current);
  // Revoked meanwhile (signed out): the successor made above must not outlive it.
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.id, successor!.id), isNull(refreshTokens.revokedAt)));
  return null;
}

export function revokeAllRefreshTokensQuery(db: Database, kind: SessionKind, subjectId: number, now = Date.now()) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.kind, kind), eq(refreshTokens.subjectId, subjectId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Database, kind: SessionKind, subjectId: number, now = Date.now()) {
  await revokeAllRefreshTokensQuery(db, kind, subjectId, now);
}

/** Removes refresh tokens past their expiry (the scheduled cleanup); they can no longer be used or reused. */
export async function deleteExpiredRefreshTokens(db: Database, now = Date.now()) {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date(now)));
}
