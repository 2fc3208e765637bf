/**
 * Time and people for the review: the customer may invite up to GUESTS_PER_ORDER colleagues by email
 * to watch and comment on the order's deliveries (a link that expires after GUEST_LINK_DAYS and can
 * be revoked; never approve, ask for changes or download masters), and may extend the review window
 * once by REVIEW_EXTENSION_DAYS (the auto-completion moves with it).
 */
import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { orderDeliveries, orderGuests, orders, products, users } from "../../../db/schema";
import { readBillingSnapshot } from "../money/billing-snapshot";
import { hmacSha256, randomToken, sha256 } from "~/domain/crypto.server";
import { AUTO_COMPLETE_DAYS } from "~/lib/rules/work-status";
import { refuse } from "../refusal";
import { queueEmail } from "../mail/mail.server";
import type { MailNotice } from "../mail/order-emails.server";
import { WorkUpdateEmail } from "../mail/templates";
import { getWorkState } from "./work-state.server";
import {
  GUEST_LINK_DAYS,
  GUESTS_PER_ORDER,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_ORDER_PER_DAY,
  REVIEW_EXTENSION_DAYS,
} from "~/lib/rules/review-rules";
import { paths } from "~/lib/paths";
import { SHOP } from "~/lib/shop";

const DAY_MS = 86_400_000;

export interface GuestView {
  id: number;
  email: string;
  name: string | null;
  expires_at: string;
  /** Neither revoked nor expired (an approver's link lives while the order is open). */
  active: boolean;
  /** Named by the customer as a required approver (sign-off.server.ts). */
  approver: boolean;
}

/**
 * A guest's link token, derived from TOKEN_SECRET and what the invitation row keeps (order, address,
 * time), so an email asking an approver for their sign-off can carry the link again without the
 * token being stored: only its hash is. Links made before (random) are reissued when their guest is
 * named an approver.
 */
export function guestLinkToken(secret: string, guest: { orderId: number; email: string; createdAt: Date }): Promise<string> {
  return hmacSha256(`guest-link:${secret}`, `${guest.orderId}:${guest.email}:${guest.createdAt.getTime()}`);
}

/** A live link: not revoked, and not expired unless its guest is an approver (whose link lives while the order is open). */
const LIVE_GUEST = (now: number) => sql`revoked_at IS NULL AND (expires_at > ${now} OR approver = 1)`;

/** The order's guests, newest first (the customer's page). */
export async function listGuests(db: Database, orderId: number, now = Date.now()): Promise<GuestView[]> {
  const rows = await db.select().from(orderGuests).where(eq(orderGuests.orderId, orderId)).orderBy(desc(orderGuests.id)).limit(50);
  return rows.map((g) => ({
    id: g.id,
    email: g.email,
    name: g.name,
    expires_at: g.expiresAt.toISOString(),
    active: g.revokedAt === null && (g.approver || g.expiresAt.getTime() > now),
    approver: g.approver && g.revokedAt === null,
  }));
}

/**
 * Invites a colleague (the order's owner only): 409 past GUESTS_PER_ORDER live invitations or for an
 * address already invited; 429 past INVITATIONS_PER_ORDER_PER_DAY invitations of the order or
 * INVITATIONS_PER_ADDRESS_PER_DAY to the address in the last 24 hours (revoked ones count). Every
 * rule is held in the insert's own condition, so invitations sent at once cannot pass them; nothing
 * is sent when one refuses. The link goes by email; its token is kept only as a hash.
 */
export async function inviteGuest(db: Database, notice: MailNotice, orderId: number, customerId: number, email: string, now = Date.now()) {
  const state = await getWorkState(db, orderId, { kind: "customer", id: customerId });
  if (!["in_progress", "delivered", "revision_requested"].includes(state.workStatus))
    throw refuse.conflict("Colleagues can be invited while the work is in production or under review.");
  const secret = notice.env.TOKEN_SECRET;
  const token = secret ? await guestLinkToken(secret, { orderId, email, createdAt: new Date(now) }) : randomToken();
  const dayAgo = now - DAY_MS;
  const inserted = await db.run(sql`
    INSERT INTO ${orderGuests} (order_id, email, token_hash, created_at, expires_at)
    SELECT ${orderId}, ${email}, ${await sha256(token)}, ${now}, ${now + GUEST_LINK_DAYS * DAY_MS}
    WHERE NOT EXISTS (SELECT 1 FROM ${orderGuests} WHERE order_id = ${orderId} AND email = ${email} AND ${LIVE_GUEST(now)})
      AND (SELECT count(*) FROM ${orderGuests} WHERE order_id = ${orderId} AND ${LIVE_GUEST(now)}) < ${GUESTS_PER_ORDER}
      AND (SELECT count(*) FROM ${orderGuests} WHERE order_id = ${orderId} AND created_at > ${dayAgo}) < ${INVITATIONS_PER_ORDER_PER_DAY}
      AND (SELECT count(*) FROM ${orderGuests} WHERE email = ${email} AND created_at > ${dayAgo}) < ${INVITATIONS_PER_ADDRESS_PER_DAY}`);
  if (!inserted.meta.changes) throw await invitationRefusal(db, orderId, email, now);
  const link = `${notice.origin ?? ""}${paths.guestReview(token)}`;
  const about = await invitationSubject(db, orderId);
  // Who invites whom to review what: an invitation a colleague can tell from a phishing email.
  const from = about.company ? `${about.inviter} (${about.company})` : about.inviter;
  const version = about.versions ? ` (v${about.versions})` : "";
  await queueEmail(notice.env, db, {
    to: email,
    // The order's number ends the subject: erasing the customer's account finds (and deletes) the emails that name them by it.
    subject: `${about.inviter} invited you to review "${about.film}"${version}, order #${orderId}`,
    kind: "review_invitation",
    body: createElement(WorkUpdateEmail, {
      greeting: "Hello,",
      title: `${about.inviter} invited you to review a video`,
      lines: [
        `${from} invited you to watch and comment on "${about.film}"${about.versions ? `, version ${about.versions}` : ""}, made for them by ${SHOP.name} (order #${orderId}).`,
        `The link works for ${GUEST_LINK_DAYS} days. Anyone with it can comment under the name they give, so please keep it to yourself. You need no account, and you will not be asked for a password or payment.`,
      ],
      link,
      linkLabel: "Review the video",
    }),
  });
  return { link };
}

/** The film a guest reviews: its product's title (null for an order that is gone). */
export async function reviewedFilm(db: Database, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: products.title })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.title ?? null;
}

/** What an invitation names: the customer inviting, their company (as billed), the film and its latest version. */
async function invitationSubject(db: Database, orderId: number) {
  const [row] = await db
    .select({
      inviter: users.name,
      billing: orders.billingSnapshot,
      film: products.title,
      versions: sql<number>`(SELECT count(*) FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return {
    inviter: row?.inviter ?? "A customer",
    company: readBillingSnapshot(row?.billing ?? null)?.company ?? null,
    film: row?.film ?? `order #${orderId}`,
    versions: Number(row?.versions ?? 0),
  };
}

/** Which rule an invitation that was not inserted broke, in the order the insert's condition reads them. */
async function invitationRefusal(db: Database, orderId: number, email: string, now: number) {
  const live = and(
    eq(orderGuests.orderId, orderId),
    isNull(orderGuests.revokedAt),
    or(gt(orderGuests.expiresAt, new Date(now)), eq(orderGuests.approver, true)),
  );
  const today = gt(orderGuests.createdAt, new Date(now - DAY_MS));
  const [[same], [alive], forOrder, forAddress] = await db.batch([
    db
      .select({ n: count() })
      .from(orderGuests)
      .where(and(live, eq(orderGuests.email, email))),
    db.select({ n: count() }).from(orderGuests).where(live),
    db
      .select({ at: orderGuests.createdAt })
      .from(orderGuests)
      .where(and(eq(orderGuests.orderId, orderId), today))
      .orderBy(orderGuests.createdAt)
      .limit(INVITATIONS_PER_ORDER_PER_DAY),
    db
      .select({ at: orderGuests.createdAt })
      .from(orderGuests)
      .where(and(eq(orderGuests.email, email), today))
      .orderBy(orderGuests.createdAt)
      .limit(INVITATIONS_PER_ADDRESS_PER_DAY),
  ]);
  if ((same?.n ?? 0) > 0) return refuse.conflict(`${email} is already invited.`);
  if ((alive?.n ?? 0) >= GUESTS_PER_ORDER)
    return refuse.conflict(`You can invite up to ${GUESTS_PER_ORDER} colleagues to an order. Revoke one to invite another.`);
  // The wait: until the oldest invitation of the last 24 hours is older than that.
  const waitFor = (sent: { at: Date }[]) => ((sent[0]?.at.getTime() ?? now) + DAY_MS - now) / 1000;
  if (forOrder.length >= INVITATIONS_PER_ORDER_PER_DAY)
    return refuse.throttled(waitFor(forOrder), `This order has sent ${INVITATIONS_PER_ORDER_PER_DAY} invitations in the last 24 hours. Try again tomorrow.`);
  return refuse.throttled(waitFor(forAddress), `No more invitations can go to ${email} today. Try again tomorrow.`);
}

/** Ends a guest's link (the owner only; an approver is no longer one); revoking again changes nothing. */
export async function revokeGuest(db: Database, orderId: number, customerId: number, guestId: number, now = Date.now()) {
  await getWorkState(db, orderId, { kind: "customer", id: customerId });
  const [row] = await db
    .update(orderGuests)
    .set({ revokedAt: sql`coalesce(${orderGuests.revokedAt}, ${now})`, approver: false })
    .where(and(eq(orderGuests.id, guestId), eq(orderGuests.orderId, orderId)))
    .returning({ id: orderGuests.id });
  if (!row) throw refuse.notFound("Guest not found");
}

/** The guest a link stands for, while it is live: `gone` once it expired or was revoked, 404 for no such link. */
export async function guestFromToken(db: Database, token: string, now = Date.now()) {
  if (!/^[\w-]{20,100}$/.test(token)) throw refuse.notFound("This review link does not exist.");
  const [row] = await db
    .select({ guest: orderGuests, workStatus: orders.workStatus })
    .from(orderGuests)
    .innerJoin(orders, eq(orders.id, orderGuests.orderId))
    .where(eq(orderGuests.tokenHash, await sha256(token)))
    .limit(1);
  if (!row) throw refuse.notFound("This review link does not exist.");
  const guest = row.guest;
  // An approver's link lives while the order is open; any other ends at its expiry.
  const approverLive = guest.approver && !["completed", "cancelled"].includes(row.workStatus);
  if (guest.revokedAt || (guest.expiresAt.getTime() <= now && !approverLive))
    throw refuse.gone("This review link has expired or was revoked. Ask whoever invited you for a new one.");
  return guest;
}

/** The name a guest comments under (asked on their first visit). */
export async function nameGuest(db: Database, guestId: number, name: string) {
  await db.update(orderGuests).set({ name }).where(eq(orderGuests.id, guestId));
}

/**
 * The customer extends the newest delivery's review window by REVIEW_EXTENSION_DAYS, once an order:
 * 409 when it is not awaiting their review or was extended before. Answers the new last day.
 */
export async function extendReview(db: Database, orderId: number, customerId: number): Promise<Date> {
  const state = await getWorkState(db, orderId, { kind: "customer", id: customerId });
  if (state.workStatus !== "delivered") throw refuse.conflict("Only a delivery awaiting your review can have more time.");
  const [[used], [newest]] = await db.batch([
    db
      .select({ n: count() })
      .from(orderDeliveries)
      .where(and(eq(orderDeliveries.orderId, orderId), gt(orderDeliveries.reviewExtensionDays, 0))),
    db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(desc(orderDeliveries.version)).limit(1),
  ]);
  if ((used?.n ?? 0) > 0) throw refuse.conflict("The review window of this order was already extended once.");
  const [extended] = await db
    .update(orderDeliveries)
    .set({ reviewExtensionDays: REVIEW_EXTENSION_DAYS })
    .where(
      and(
        eq(orderDeliveries.id, newest!.id),
        // Exactly once, whatever runs beside it.
        sql`NOT EXISTS (SELECT 1 FROM ${orderDeliveries} d WHERE d.order_id = ${orderId} AND d.review_extension_days > 0)`,
        sql`(SELECT ${orders.workStatus} FROM ${orders} WHERE ${orders.id} = ${orderId}) = 'delivered'`,
      ),
    )
    .returning();
  if (!extended) throw refuse.conflict("The review window of this order was already extended once.");
  return reviewDeadline(extended);
}

/** When a delivery completes itself without an answer: AUTO_COMPLETE_DAYS after it, plus any extension. */
export function reviewDeadline(delivery: { createdAt: Date; reviewExtensionDays: number }): Date {
  return new Date(delivery.createdAt.getTime() + (AUTO_COMPLETE_DAYS + delivery.reviewExtensionDays) * DAY_MS);
}
