/**
 * Creators join by invitation only: an admin invites an email address (`inviteCreator`), which makes
 * an `invited` creator account with no password and emails a single-use link valid for
 * INVITATION_DAYS. Opening it (`acceptInvitation`) sets the display name and password, makes the
 * account `active` with its profile's address (slug), spends the link, and signs the creator in.
 * The shop sends at most INVITATIONS_PER_DAY invitation emails in any 24 hours.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { createElement } from "react";
import { creators, emailLinks } from "../../db/schema";
import { refuse } from "~/domain/refusal";
import { queueEmail } from "../domain/mail/mail.server";
import { CreatorInvitationEmail } from "../domain/mail/templates";
import { shopOrigin } from "../domain/environment.server";
import { SHOP } from "~/lib/shop";
import { slugify } from "~/lib/slug";
import { catalogueChanged } from "~/domain/catalogue/catalogue-version.server";
import type { AcceptInvitationInput, CreatorInvitationInput } from "~/lib/schemas/creator";
import { claimHeld, claimLinkQuery, createEmailLink, liveEmailLink, spendOpenLinksQuery } from "./email-links.server";
import { hashPassword } from "./password.server";
import { createSession, destroySession } from "./sessions.server";

import { INVITATION_DAYS, INVITATION_MESSAGES, INVITATIONS_PER_DAY } from "~/lib/rules/creators";

export interface InvitationView {
  id: number;
  name: string;
  email: string;
  status: "invited";
  invited_at: string;
  expires_at: string;
}

/**
 * Invites `input.email` as a creator (or invites again an address still `invited`: its earlier links
 * are spent). 409 when the address already belongs to a creator who accepted; 429 past the day's cap.
 */
export async function inviteCreator(context: AppLoadContext, adminId: number, input: CreatorInvitationInput, now = Date.now()): Promise<InvitationView> {
  const { db } = context;
  const [sent] = await db
    .select({ n: count() })
    .from(emailLinks)
    .where(and(eq(emailLinks.purpose, "creator_invitation"), gt(emailLinks.createdAt, new Date(now - 86_400_000))));
  if ((sent?.n ?? 0) >= INVITATIONS_PER_DAY) throw refuse.throttled(3600, INVITATION_MESSAGES.dailyCap);
  const [creator] = await db
    .insert(creators)
    .values({ name: input.name, email: input.email, invitedBy: adminId, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: creators.email, set: { name: input.name, invitedBy: adminId }, where: eq(creators.status, "invited") })
    .returning({ id: creators.id, createdAt: creators.createdAt });
  if (!creator) throw refuse.conflict(INVITATION_MESSAGES.taken);
  await spendOpenLinksQuery(db, "creator_invitation", "creator", creator.id, now);
  const token = await createEmailLink(db, { purpose: "creator_invitation", kind: "creator", subjectId: creator.id, minutes: INVITATION_DAYS * 24 * 60 }, now);
  const link = new URL(`/creator/invitation?${new URLSearchParams({ token })}`, shopOrigin(context.env)).toString();
  await queueEmail(context.env, db, {
    to: input.email,
    subject: `Join ${SHOP.name} as a creator`,
    kind: "creator_invitation",
    body: createElement(CreatorInvitationEmail, { name: input.name, link, days: INVITATION_DAYS }),
  });
  return {
    id: creator.id,
    name: input.name,
    email: input.email,
    status: "invited",
    invited_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITATION_DAYS * 86_400_000).toISOString(),
  };
}

/** The invited creator a live invitation token names (its page shows their name), or null. */
export async function invitationFor(context: AppLoadContext, token: string, now = Date.now()): Promise<{ name: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const link = await liveEmailLink(context.db, "creator_invitation", token, now);
  if (!link || link.kind !== "creator") return null;
  const [row] = await context.db
    .select({ name: creators.name })
    .from(creators)
    .where(and(eq(creators.id, link.subjectId), eq(creators.status, "invited")))
    .limit(1);
  return row ?? null;
}

/**
 * Accepts an invitation: name and password set, the account active with its slug, the link spent,
 * in one batch that lands only where this request claimed the link (a link opened twice at once
 * acts once). Returns the new session's cookies.
 */
export async function acceptInvitation(context: AppLoadContext, request: Request, input: AcceptInvitationInput, now = Date.now()): Promise<Headers> {
  const { db } = context;
  const link = await liveEmailLink(db, "creator_invitation", input.token, now);
  if (!link || link.kind !== "creator") throw refuse.invalid(INVITATION_MESSAGES.invalid);
  const passwordHash = await hashPassword(input.password, context.passwordCost);
  const base = slugify(input.name) || "creator";
  // The name's slug, or with the account's id after it where another creator has it.
  const slug = sql<string>`CASE WHEN EXISTS (SELECT 1 FROM ${creators} c WHERE c.slug = ${base} AND c.id <> ${link.subjectId}) THEN ${base} || '-' || ${link.subjectId} ELSE ${base} END`;
  const [claimed, activated] = await db.batch([
    claimLinkQuery(db, link, now),
    db
      .update(creators)
      .set({ name: input.name, passwordHash, status: "active", slug, activatedAt: new Date(now), tokensValidAfter: now })
      .where(and(eq(creators.id, link.subjectId), eq(creators.status, "invited"), claimHeld(link, now)))
      .returning({ id: creators.id }),
    spendOpenLinksQuery(db, "creator_invitation", "creator", link.subjectId, now),
  ]);
  if (claimed.length === 0 || activated.length === 0) throw refuse.invalid(INVITATION_MESSAGES.invalid);
  // A new public profile: the creators list and the landing page's count are cached pages.
  await catalogueChanged();
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(db, request, "creator"));
  headers.append("Set-Cookie", await createSession(db, request, "creator", link.subjectId, now));
  return headers;
}
