/**
 * Password recovery for customers, admins and creators: 'Forgot password?' emails a single-use link (valid
 * RESET_LINK_MINUTES; `email-links.server.ts`); the link's page (or `PUT /api/v1/password_resets`)
 * sets a new password, ends every session and refresh token of the account and spends every other
 * open link, in one batch. Asking answers the same whether or not the email has an account, and is
 * throttled per client address like a sign-in. Every password change, by reset or by the account
 * forms, is confirmed by email.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { createElement } from "react";
import { admins, creators, users } from "../../db/schema";
import { changePassword } from "./accounts.server";
import { LOGIN_PATH, RESET_LINK_MINUTES } from "~/lib/password-recovery";
import { claimHeld, claimLinkQuery, createEmailLink, liveEmailLink, spendOpenLinksQuery } from "./email-links.server";
import { queueEmail } from "../domain/mail/mail.server";
import { PasswordChangedEmail, PasswordResetEmail } from "../domain/mail/templates";
import { SHOP } from "~/lib/shop";
import { shopOrigin } from "../domain/environment.server";
import { hashPassword } from "./password.server";
import { allowSignInAttempt } from "./rate-limit.server";
import { refuse } from "~/domain/refusal";
import { destroyAllSessionsQuery, type SessionKind } from "./sessions.server";
import { revokeAllRefreshTokensQuery } from "./tokens.server";

const table = { customer: users, admin: admins, creator: creators } as const;

/**
 * The name an email may greet by: an admin's, or a customer's once their address is confirmed.
 * Until then the name is whatever a stranger typed when signing up with that address, and is not
 * quoted to its owner (null: the email says "Hello,").
 */
function quotableName(kind: SessionKind) {
  const names: Record<SessionKind, SQL<string | null>> = {
    admin: sql<string | null>`${admins.name}`,
    // A creator's name was given by the admin who invited them, then by themselves.
    creator: sql<string | null>`${creators.name}`,
    customer: sql<string | null>`CASE WHEN ${users.emailVerifiedAt} IS NULL THEN NULL ELSE ${users.name} END`,
  };
  return names[kind];
}

/** Emails a reset link when `email` names an account of `kind`; the same answer either way (`throttled` past the address's limit). */
export async function requestPasswordReset(context: AppLoadContext, request: Request, kind: SessionKind, email: string, now = Date.now()): Promise<void> {
  if (!(await allowSignInAttempt(context.env, request))) throw refuse.throttled();
  const t = table[kind];
  const [account] = await context.db
    .select({ id: t.id, name: quotableName(kind), email: t.email })
    .from(t)
    .where(eq(t.email, email))
    .limit(1);
  if (!account) return;
  const token = await createEmailLink(context.db, { purpose: "password_reset", kind, subjectId: account.id, minutes: RESET_LINK_MINUTES }, now);
  const link = new URL(`/reset-password?${new URLSearchParams({ token })}`, shopOrigin(context.env)).toString();
  await queueEmail(context.env, context.db, {
    to: account.email,
    subject: `Reset your ${SHOP.name} password`,
    kind: "password_reset",
    body: createElement(PasswordResetEmail, { name: account.name, link, minutes: RESET_LINK_MINUTES }),
  });
}

/** Whether a reset token is live (the link's page asks before showing the form). */
export async function isLiveResetToken(context: AppLoadContext, token: string, now = Date.now()): Promise<boolean> {
  return (await liveEmailLink(context.db, "password_reset", token, now)) !== null;
}

export type ResetOutcome = { ok: true; kind: SessionKind } | { ok: false; reason: "invalid" };

/**
 * Spends a reset token and sets the new password. The token is claimed and the password written in
 * one batch, the password only where this batch's claim holds, so a link used twice at once changes
 * the password once.
 */
export async function resetPassword(context: AppLoadContext, request: Request, token: string, password: string, now = Date.now()): Promise<ResetOutcome> {
  const { db } = context;
  const reset = await liveEmailLink(db, "password_reset", token, now);
  if (!reset) return { ok: false, reason: "invalid" };
  const t = table[reset.kind];
  const passwordHash = await hashPassword(password, context.passwordCost);
  const [claimed] = await db.batch([
    claimLinkQuery(db, reset, now),
    db
      .update(t)
      .set({ passwordHash, tokensValidAfter: now, failedPasswordAttempts: 0, passwordLockedUntil: 0 })
      .where(and(eq(t.id, reset.subjectId), claimHeld(reset, now))),
    destroyAllSessionsQuery(db, reset.kind, reset.subjectId),
    revokeAllRefreshTokensQuery(db, reset.kind, reset.subjectId, now),
    spendOpenLinksQuery(db, "password_reset", reset.kind, reset.subjectId, now),
  ]);
  if (claimed.length === 0) return { ok: false, reason: "invalid" };
  await sendPasswordChangedEmail(context, request, reset.kind, reset.subjectId);
  return { ok: true, kind: reset.kind };
}

/** Tells an account holder their password changed (after a reset or a change on the account forms). */
export async function sendPasswordChangedEmail(context: AppLoadContext, request: Request, kind: SessionKind, id: number): Promise<void> {
  const t = table[kind];
  const [account] = await context.db
    .select({ name: quotableName(kind), email: t.email })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!account) return;
  await queueEmail(context.env, context.db, {
    to: account.email,
    subject: `Your ${SHOP.name} password was changed`,
    kind: "password_changed",
    body: createElement(PasswordChangedEmail, { name: account.name, loginLink: new URL(LOGIN_PATH[kind], shopOrigin(context.env)).toString() }),
  });
}

/**
 * Changes a signed-in person's password (the account forms and the API): the checks and the
 * sign-out everywhere of `changePassword`, then the confirmation email.
 */
export async function changeAccountPassword(
  context: AppLoadContext,
  request: Request,
  kind: SessionKind,
  id: number,
  current: string,
  next: string,
  tokenIssuedAt?: number,
): ReturnType<typeof changePassword> {
  const outcome = await changePassword(context.db, kind, id, current, next, { cost: context.passwordCost, tokenIssuedAt });
  if (outcome.ok) await sendPasswordChangedEmail(context, request, kind, id);
  return outcome;
}
