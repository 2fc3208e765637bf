/**
 * The footer's newsletter list. Joining sends one welcome message with an unsubscribe link that
 * works without signing in: the link carries the address and an HMAC of it (keyed from
 * TOKEN_SECRET), so it needs no stored token and cannot be made for someone else's address. The
 * message also names the link in `List-Unsubscribe` with one-click `List-Unsubscribe-Post`
 * (RFC 8058), which mail apps show as their own Unsubscribe button.
 */
import type { ServiceContext } from "../context";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { newsletterSubscriptions } from "../../../db/schema";
import { UNSUBSCRIBE_PATH } from "~/lib/subscribe-messages";
import { hmacSha256, verifyHmacSha256 } from "../crypto.server";
import { queueEmail } from "../mail/mail.server";
import { NewsletterWelcomeEmail } from "../mail/templates";
import { SHOP } from "~/lib/shop";
import { shopOrigin } from "../environment.server";

const macSecret = (env: Pick<Env, "TOKEN_SECRET">) => `newsletter-unsubscribe:${env.TOKEN_SECRET}`;

/** The unsubscribe link for an address (absolute, on the shop's origin). */
export async function unsubscribeLink(env: Pick<Env, "TOKEN_SECRET">, origin: string, email: string): Promise<string> {
  const token = await hmacSha256(macSecret(env), email);
  return new URL(`${UNSUBSCRIBE_PATH}?${new URLSearchParams({ email, token })}`, origin).toString();
}

/**
 * Adds an address to the newsletter and welcomes it. Submitting it again changes nothing, sends
 * nothing and answers the same, so the box never tells anyone whether an address was already on the
 * list, nor lets anyone flood an inbox.
 */
export async function subscribe(context: ServiceContext, request: Request, email: string): Promise<void> {
  const added = await context.db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  if (added.length === 0) return;
  const link = await unsubscribeLink(context.env, shopOrigin(context.env), email);
  await queueEmail(context.env, context.db, {
    to: email,
    subject: `You are on the ${SHOP.name} newsletter`,
    kind: "newsletter_welcome",
    body: createElement(NewsletterWelcomeEmail, { unsubscribeLink: link, shopLink: new URL("/products", shopOrigin(context.env)).toString() }),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

/** Whether an unsubscribe link's token belongs to its address (the page checks before asking). */
export function isUnsubscribeToken(env: Pick<Env, "TOKEN_SECRET">, email: string, token: string): Promise<boolean> {
  return verifyHmacSha256(macSecret(env), email, token);
}

/** Takes an address off the list when the token is its own; true also when it was not on the list. */
export async function unsubscribe(context: ServiceContext, email: string, token: string): Promise<boolean> {
  if (!(await isUnsubscribeToken(context.env, email, token))) return false;
  await context.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return true;
}
