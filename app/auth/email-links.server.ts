/**
 * Single-use links sent by email (reset your password, confirm your email): one token scheme for
 * all of them. A link carries a random 256-bit token; only its SHA-256 is stored, with what it is
 * for, whose account it names and when it expires. Whatever a link authorises is written in the
 * same D1 batch as its claim (`claimLinkQuery`), so a link used twice at once acts once.
 */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailLinks } from "../../db/schema";
import { randomToken, sha256 } from "../domain/crypto.server";
import type { SessionKind } from "./sessions.server";

export type EmailLinkPurpose = "password_reset" | "verify_email" | "creator_invitation";

/** Makes a link for an account and returns its token (the only time the token exists in clear). */
export async function createEmailLink(
  db: Database,
  link: { purpose: EmailLinkPurpose; kind: SessionKind; subjectId: number; minutes: number },
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  await db.insert(emailLinks).values({
    tokenHash: await sha256(token),
    purpose: link.purpose,
    kind: link.kind,
    subjectId: link.subjectId,
    createdAt: new Date(now),
    expiresAt: new Date(now + link.minutes * 60_000),
  });
  return token;
}

export type LiveEmailLink = { id: number; kind: SessionKind; subjectId: number };

/** The unused, unexpired link of `purpose` a token names, or null. */
export async function liveEmailLink(db: Database, purpose: EmailLinkPurpose, token: string, now = Date.now()): Promise<LiveEmailLink | null> {
  const [row] = await db
    .select({ id: emailLinks.id, kind: emailLinks.kind, subjectId: emailLinks.subjectId })
    .from(emailLinks)
    .where(
      and(eq(emailLinks.tokenHash, await sha256(token)), eq(emailLinks.purpose, purpose), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, new Date(now))),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a live link used; returns its id only when this statement claimed it. First in its batch. */
export function claimLinkQuery(db: Database, link: LiveEmailLink, now: number) {
  return db
    .update(emailLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailLinks.id, link.id), isNull(emailLinks.usedAt)))
    .returning({ id: emailLinks.id });
}

/**
 * A condition for the other statements of the claim's batch: true only when that batch's claim
 * held (the link's use time is exactly this batch's `now`), so a lost race changes nothing.
 */
export function claimHeld(link: LiveEmailLink, now: number): SQL {
  return sql`(SELECT ${emailLinks.usedAt} FROM ${emailLinks} WHERE ${emailLinks.id} = ${link.id}) = ${now}`;
}

/** Spends every other open link of the same purpose for the same account. */
export function spendOpenLinksQuery(db: Database, purpose: EmailLinkPurpose, kind: SessionKind, subjectId: number, now: number) {
  return db
    .update(emailLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailLinks.purpose, purpose), eq(emailLinks.kind, kind), eq(emailLinks.subjectId, subjectId), isNull(emailLinks.usedAt)));
}

/** When the newest link of `purpose` was made for an account (to space out resends), or null. */
export async function lastLinkSentAt(db: Database, purpose: EmailLinkPurpose, kind: SessionKind, subjectId: number): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<number>`max(${emailLinks.createdAt})` })
    .from(emailLinks)
    .where(and(eq(emailLinks.purpose, purpose), eq(emailLinks.kind, kind), eq(emailLinks.subjectId, subjectId)));
  return row?.at ?? null;
}
