/**
 * Email confirmation for customers: signing up sends a welcome with a single-use link (valid
 * VERIFY_LINK_HOURS); opening it and pressing Confirm marks the address confirmed. Unconfirmed
 * customers can still buy; the shop asks them (a banner with Resend) until they confirm. A new link
 * spends the older ones, and is sent at most once a RESEND_SPACING_SECONDS per account.
 */
import { refuse } from "~/domain/refusal";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { createElement } from "react";
import { users } from "../../db/schema";
import { RESEND_SPACING_SECONDS, VERIFY_LINK_HOURS, VERIFY_PATH } from "~/lib/email-verification";
import { claimHeld, claimLinkQuery, createEmailLink, lastLinkSentAt, liveEmailLink, spendOpenLinksQuery } from "./email-links.server";
import { queueEmail } from "../domain/mail/mail.server";
import { VerifyEmail, WelcomeEmail } from "../domain/mail/templates";
import { SHOP } from "~/lib/shop";
import { shopOrigin } from "../domain/environment.server";

type Customer = { id: number; name: string; email: string };

async function verifyLink(context: AppLoadContext, request: Request, customerId: number, now: number) {
  const token = await createEmailLink(context.db, { purpose: "verify_email", kind: "customer", subjectId: customerId, minutes: VERIFY_LINK_HOURS * 60 }, now);
  return new URL(`${VERIFY_PATH}?${new URLSearchParams({ token })}`, shopOrigin(context.env)).toString();
}

/** The welcome email of a new customer, with their first confirmation link. */
export async function sendWelcomeEmail(context: AppLoadContext, request: Request, customer: Customer, now = Date.now()): Promise<void> {
  const link = await verifyLink(context, request, customer.id, now);
  await queueEmail(context.env, context.db, {
    to: customer.email,
    subject: `Welcome to ${SHOP.name}: please confirm your email`,
    kind: "welcome",
    body: createElement(WelcomeEmail, {
      verifyLink: link,
      hours: VERIFY_LINK_HOURS,
      shopLink: new URL("/products", shopOrigin(context.env)).toString(),
    }),
  });
}

export type ResendOutcome = { ok: true } | { ok: false; reason: "already_confirmed" };

/** A new confirmation link for a signed-in customer who has not confirmed yet (`throttled` within the spacing between links). */
export async function resendVerification(context: AppLoadContext, request: Request, customerId: number, now = Date.now()): Promise<ResendOutcome> {
  const [customer] = await context.db
    .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1);
  if (!customer || customer.verifiedAt) return { ok: false, reason: "already_confirmed" };
  const last = await lastLinkSentAt(context.db, "verify_email", "customer", customer.id);
  const wait = last === null ? 0 : Math.ceil((last + RESEND_SPACING_SECONDS * 1000 - now) / 1000);
  if (wait > 0) throw refuse.throttled(wait);
  await spendOpenLinksQuery(context.db, "verify_email", "customer", customer.id, now);
  const link = await verifyLink(context, request, customer.id, now);
  await queueEmail(context.env, context.db, {
    to: customer.email,
    subject: `Confirm your email for ${SHOP.name}`,
    kind: "verify_email",
    body: createElement(VerifyEmail, { verifyLink: link, hours: VERIFY_LINK_HOURS }),
  });
  return { ok: true };
}

/** The address a live confirmation link is for (its page shows it before the Confirm button), or null. */
export async function confirmationFor(context: AppLoadContext, token: string, now = Date.now()): Promise<{ email: string } | null> {
  const link = await liveEmailLink(context.db, "verify_email", token, now);
  if (!link) return null;
  const [customer] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, link.subjectId)).limit(1);
  return customer ?? null;
}

/**
 * Spends a confirmation link and marks its customer's address confirmed, in one batch (the mark only
 * where this batch's claim held). Other open links of the account are spent with it.
 */
export async function confirmEmail(context: AppLoadContext, token: string, now = Date.now()): Promise<boolean> {
  const { db } = context;
  const link = await liveEmailLink(db, "verify_email", token, now);
  if (!link) return false;
  const [claimed] = await db.batch([
    claimLinkQuery(db, link, now),
    db
      .update(users)
      .set({ emailVerifiedAt: new Date(now) })
      .where(and(eq(users.id, link.subjectId), isNull(users.emailVerifiedAt), claimHeld(link, now))),
    spendOpenLinksQuery(db, "verify_email", "customer", link.subjectId, now),
  ]);
  return claimed.length > 0;
}
