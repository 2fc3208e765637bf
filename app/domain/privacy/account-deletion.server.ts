/**
 * "Delete my account" (GDPR art. 17): the Privacy page and `DELETE /api/v1/users/me` both call
 * `deleteCustomerAccount`. The password is asked again (the caller's check, app/auth's), then open
 * work refuses (an order whose work is not completed, cancelled or still unpaid must be finished or
 * cancelled first); otherwise everything personal is erased or anonymised in ONE D1 batch, so
 * nothing is ever half-erased, then the order's files go from R2 and an email confirms it to the
 * address the account had.
 *
 * Table by table:
 * - `users`: the row stays (orders and redemptions reference it, NOT NULL), anonymised: "Former
 *   customer", an address of the reserved `.invalid` domain with a random part (the old address is
 *   free for a new sign-up; nobody can sign in with the new one), a password hash no password
 *   matches, access tokens refused from now on, the confirmation forgotten.
 * - `sessions`, `refresh_tokens`, `email_links`: deleted (every sign-in ends, every emailed link dies).
 * - `billing_addresses`: deleted (orders keep their invoice's copy of the buyer).
 * - `orders`: kept; the address link cleared; the buyer's copy (`billing_snapshot`) kept only where an
 *   invoice was issued (the law's record), cleared on orders never paid. Invoices and credit notes
 *   (`order_refunds`) are unchanged.
 * - `order_briefs`, `order_messages`, `order_attachments`, `revision_requests`, `review_comments`,
 *   `order_deliveries`, `delivery_files`, `delivery_comments`, `order_guests` (the colleagues they
 *   invited, whose links then open nothing): deleted, both sides of the thread and the studio's deliveries
 *   too (made for this customer, often of their own material); their R2 objects (everything under
 *   `orders/{id}/`) are deleted after the batch. The work log (`order_events`) keeps who moved what
 *   when, without its notes (a revision's note is the customer's text); change offers keep what was
 *   offered, without a decline's reason.
 * - `payment_events`: the provider's payloads (they carry billing details) cleared; ids kept, so a
 *   redelivered webhook is still recognised.
 * - `reviews`: kept (their words are the customer's published review), unlinked from the account and
 *   shown as "Former customer" (`reviews.server.ts` `toView`).
 * - `emails`: every message to the account's address, the studio's news about its orders (they
 *   name the customer) and its colleagues' invitations, deleted; the confirmation queued afterwards is the one record kept.
 * - `newsletter_subscriptions`, `demo_requests`: deleted where they carry the account's address.
 * - `promotion_redemptions`, `local_payment_intents`, `local_refunds`: kept (no personal data).
 */
import type { ServiceContext } from "../context";
import { and, asc, eq, inArray, isNull, notInArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import {
  billingAddresses,
  changeOffers,
  deliveryFiles,
  demoRequests,
  emailLinks,
  emails,
  newsletterSubscriptions,
  orderAttachments,
  orderBriefs,
  orderDeliveries,
  orderGuests,
  orderEvents,
  orderMessages,
  orders,
  paymentEvents,
  refreshTokens,
  reviewComments,
  reviews,
  revisionRequests,
  sessions,
  users,
} from "../../../db/schema";
import { forgetCustomers, paymentCustomersOf, savedCardsErasure } from "../payments/saved-cards.server";
import { randomToken } from "~/domain/crypto.server";
import { openWorkMessage } from "~/lib/schemas/account-deletion";
import { SHOP } from "~/lib/shop";
import type { WorkStatus } from "~/lib/rules/work-status";
import { shopOrigin } from "../environment.server";
import { queueEmail } from "../mail/mail.server";
import { mailNotice } from "../mail/order-emails.server";
import { AccountDeletedEmail } from "../mail/templates";
import { cancelUnpaidOrder } from "../orders/orders.server";
import { refuse } from "../refusal";

/** Work that is not open: done, cancelled, or never started (not paid). Any other status is open work. */
export const CLOSED_WORK = ["completed", "cancelled", "awaiting_payment"] as const satisfies readonly WorkStatus[];
/** How an erased customer is named: on their reviews, and in the studio's lists. */
export const FORMER_CUSTOMER = "Former customer";
/** The reserved domain (RFC 2606) of erased accounts' addresses: nothing is ever sent there. */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";
/** Stored in place of an erased account's password hash: not a hash, so no password ever matches it. */
const NO_PASSWORD = "erased";

export type OpenWork = { id: number; workStatus: WorkStatus };

/** The customer's orders with open work, oldest first. */
export async function listOpenWork(db: Database, userId: number): Promise<OpenWork[]> {
  return db
    .select({ id: orders.id, workStatus: orders.workStatus })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.workStatus, [...CLOSED_WORK])))
    .orderBy(asc(orders.id));
}

type ErasureContext = Pick<ServiceContext, "db" | "env" | "payments" | "origin">;

/**
 * Deletes customer `userId`'s account: `confirmPassword` first (it throws the refusal of a wrong or
 * throttled password), then a `conflict` while work is open; else the erasure described above.
 * Unpaid orders are cancelled first (with their payment intents), so nothing can be charged later.
 */
export async function deleteCustomerAccount(context: ErasureContext, userId: number, confirmPassword: () => Promise<void>, now = Date.now()): Promise<void> {
  const { db } = context;
  await confirmPassword();
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw refuse.notFound("Account not found");
  const open = await listOpenWork(db, userId);
  if (open.length) throw refuse.conflict(openWorkMessage(open));
  const theirOrders = await db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, paymentIntentId: orders.paymentIntentId, gateway: orders.gateway })
    .from(orders)
    .where(eq(orders.userId, userId));
  await cancelUnpaidOrders(context, theirOrders);

  const erasedEmail = `erased-${userId}-${randomToken(9)}@${ERASED_EMAIL_DOMAIN}`;
  const customers = await paymentCustomersOf(db, userId);
  const [erased] = await db.batch(erasure(db, { userId, email: account.email, erasedEmail, now }));
  if (erased.length === 0) {
    // Work opened between the check and the batch (an unpaid order paid after all): nothing was written.
    const still = await listOpenWork(db, userId);
    throw refuse.conflict(still.length ? openWorkMessage(still) : "Your account changed while it was being deleted. Please try again.");
  }
  await removeFiles(
    context.env.MEDIA,
    theirOrders.map((o) => o.id),
  );
  // Their records at the payment provider (a Stripe Customer holds their name and address) and the cards kept for them.
  await forgetCustomers(context.payments, customers);
  await confirmByEmail(context, account.email);
}

/** Cancels the unpaid orders and their intents at the gateway; an order paid after all becomes open work, which the batch then refuses. */
async function cancelUnpaidOrders(
  context: ErasureContext,
  theirOrders: { id: number; paymentStatus: string; paymentIntentId: string | null; gateway: string }[],
) {
  const unpaid = theirOrders.filter((o) => ["initiated", "pending", "failed"].includes(o.paymentStatus));
  if (!unpaid.length) return;
  const notice = mailNotice(context);
  for (const order of unpaid) {
    try {
      const gateway = context.payments;
      if (order.gateway === gateway.name) await cancelUnpaidOrder(context.db, gateway, order, notice);
    } catch (error) {
      // The erasure goes on: the order stays unpaid until the scheduled run expires it (within a day).
      console.error("Account deletion: an unpaid order could not be cancelled", order.id, error);
    }
  }
}

/**
 * The erasure's statements, in one batch. The first anonymises the account only while no work is
 * open; every other statement holds only where that one landed (the account now has this batch's
 * own random address), so a refused batch writes nothing at all.
 */
function erasure(db: Database, { userId, email, erasedEmail, now }: { userId: number; email: string; erasedEmail: string; now: number }) {
  const closed = sql.join(
    CLOSED_WORK.map((status) => sql`${status}`),
    sql`, `,
  );
  const noOpenWork = sql`NOT EXISTS (SELECT 1 FROM orders AS open_work WHERE open_work.user_id = ${userId} AND open_work.work_status NOT IN (${closed}))`;
  const held: SQL = sql`(SELECT erased.email FROM users AS erased WHERE erased.id = ${userId}) = ${erasedEmail}`;
  const theirOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const ofTheirOrders = (column: AnyColumn) => and(inArray(column, theirOrders), held);
  const sameAddress = (column: AnyColumn) => and(sql`lower(${column}) = lower(${email})`, held);
  return [
    db
      .update(users)
      .set({
        name: FORMER_CUSTOMER,
        email: erasedEmail,
        passwordHash: NO_PASSWORD,
        tokensValidAfter: now,
        failedPasswordAttempts: 0,
        passwordLockedUntil: 0,
        emailVerifiedAt: null,
      })
      .where(and(eq(users.id, userId), noOpenWork))
      .returning({ id: users.id }),
    db.delete(sessions).where(and(eq(sessions.kind, "customer"), eq(sessions.subjectId, userId), held)),
    db.delete(refreshTokens).where(and(eq(refreshTokens.kind, "customer"), eq(refreshTokens.subjectId, userId), held)),
    db.delete(emailLinks).where(and(eq(emailLinks.kind, "customer"), eq(emailLinks.subjectId, userId), held)),
    db
      .delete(reviewComments)
      .where(
        and(
          inArray(
            reviewComments.revisionId,
            db.select({ id: revisionRequests.id }).from(revisionRequests).where(inArray(revisionRequests.orderId, theirOrders)),
          ),
          held,
        ),
      ),
    db.delete(revisionRequests).where(ofTheirOrders(revisionRequests.orderId)),
    db
      .delete(deliveryFiles)
      .where(
        and(
          inArray(deliveryFiles.deliveryId, db.select({ id: orderDeliveries.id }).from(orderDeliveries).where(inArray(orderDeliveries.orderId, theirOrders))),
          held,
        ),
      ),
    db.delete(orderDeliveries).where(ofTheirOrders(orderDeliveries.orderId)),
    // The colleagues they invited: names, addresses and links (a link opens nothing once its row is gone).
    db.delete(orderGuests).where(ofTheirOrders(orderGuests.orderId)),
    db.delete(orderAttachments).where(ofTheirOrders(orderAttachments.orderId)),
    db.delete(orderMessages).where(ofTheirOrders(orderMessages.orderId)),
    db.delete(orderBriefs).where(ofTheirOrders(orderBriefs.orderId)),
    db.update(orderEvents).set({ note: null }).where(ofTheirOrders(orderEvents.orderId)),
    // A declined change offer's reason is the customer's own words.
    db.update(changeOffers).set({ declineReason: null }).where(ofTheirOrders(changeOffers.orderId)),
    db.update(paymentEvents).set({ payload: null }).where(ofTheirOrders(paymentEvents.orderId)),
    db
      .update(orders)
      .set({ billingAddressId: null })
      .where(and(eq(orders.userId, userId), held)),
    db
      .update(orders)
      .set({ billingSnapshot: null })
      .where(and(eq(orders.userId, userId), isNull(orders.invoiceNumber), held)),
    db.delete(billingAddresses).where(and(eq(billingAddresses.userId, userId), held)),
    // The cards they saved, and their records at the payment provider (forgotten there after the batch).
    ...savedCardsErasure(db, userId, held),
    db
      .update(reviews)
      .set({ userId: null, reviewerName: FORMER_CUSTOMER, reviewerCountry: null, reviewerCompany: null })
      .where(and(eq(reviews.userId, userId), held)),
    db.delete(emails).where(sameAddress(emails.recipient)),
    // The studio's news about their orders names them ("Ada Lovelace submitted the brief of order #12"),
    // and their colleagues' invitations carry a colleague's address and link: any such email whose
    // subject names one of their orders.
    db
      .delete(emails)
      .where(
        and(
          sql`(${emails.kind} LIKE 'work\\_%' ESCAPE '\\' OR ${emails.kind} = 'review_invitation')`,
          sql`EXISTS (SELECT 1 FROM orders AS theirs WHERE theirs.user_id = ${userId} AND (${emails.subject} GLOB '*#' || theirs.id OR ${emails.subject} GLOB '*#' || theirs.id || '[^0-9]*'))`,
          held,
        ),
      ),
    db.delete(newsletterSubscriptions).where(sameAddress(newsletterSubscriptions.email)),
    db.delete(demoRequests).where(sameAddress(demoRequests.email)),
    // The customer search's name index (users_fts, migration 0021) dropped the old name when the
    // first statement renamed the account; its pages keep a deleted word until they are merged:
    // merge them now, so no page of the index still holds the name.
    db.run(sql`INSERT INTO users_fts(users_fts) VALUES ('optimize')`),
  ] as const;
}

/** Deletes every object stored under the orders (deliveries and attachments); a failure is logged, never thrown: the rows are gone already. */
async function removeFiles(bucket: R2Bucket, orderIds: number[]) {
  for (const orderId of orderIds) {
    try {
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix: `orders/${orderId}/`, cursor });
        if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    } catch (error) {
      console.error("Account deletion: the files of an order could not be removed from R2", orderId, error);
    }
  }
}

/** The confirmation, to the address the account had; the erasure stands whatever happens to it (a failure is logged). */
async function confirmByEmail(context: ErasureContext, to: string) {
  try {
    await queueEmail(context.env, context.db, {
      to,
      subject: `Your ${SHOP.name} account has been deleted`,
      kind: "account_deleted",
      body: createElement(AccountDeletedEmail, { shopLink: new URL("/home", shopOrigin(context.env)).toString() }),
    });
  } catch (error) {
    console.error("Account deletion: the confirmation email could not be queued", error);
  }
}
