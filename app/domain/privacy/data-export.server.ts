/**
 * A customer's copy of their data (GDPR arts. 15 and 20): the account, billing addresses, orders with
 * their invoices and credit notes, briefs, messages, revision requests with their pinned comments,
 * reviews, and links to the customer's own files (each link asks for the customer's session, as on
 * the order page). Only this customer's rows are read: every query is scoped by their id or by the
 * ids of their own orders.
 */
import { listSavedCards } from "../payments/saved-cards.server";
import { and, asc, eq, inArray, type AnyColumn } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  deliveryFiles,
  orderAttachments,
  orderBriefs,
  orderDeliveries,
  orderMessages,
  orderRefunds,
  orders,
  reviewComments,
  reviews,
  revisionRequests,
  users,
} from "../../../db/schema";
import { getInvoice, invoiceJson } from "../money/invoices.server";
import { listAddresses } from "../orders/addresses.server";
import { getOrder } from "../orders/orders.server";

export const EXPORT_FORMAT_VERSION = 1;

/** Everything the shop keeps about customer `userId`, as one JSON-ready object; null when there is no such customer. */
export async function exportCustomerData(db: Database, userId: number, origin: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const orderRows = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const orderIds = orderRows.map((o) => o.id);
  const mine = (column: AnyColumn) => inArray(column, orderIds);
  const none = orderIds.length === 0;
  const [addresses, cards, briefs, messages, revisions, comments, deliveries, files, attachments, refunds, written] = await Promise.all([
    listAddresses(db, userId),
    listSavedCards(db, userId),
    none ? [] : db.select().from(orderBriefs).where(mine(orderBriefs.orderId)),
    none ? [] : db.select().from(orderMessages).where(mine(orderMessages.orderId)).orderBy(asc(orderMessages.id)),
    none ? [] : db.select().from(revisionRequests).where(mine(revisionRequests.orderId)).orderBy(asc(revisionRequests.id)),
    none
      ? []
      : db
          .select({ revisionId: reviewComments.revisionId, atSeconds: reviewComments.atSeconds, text: reviewComments.text })
          .from(reviewComments)
          .innerJoin(revisionRequests, eq(revisionRequests.id, reviewComments.revisionId))
          .where(mine(revisionRequests.orderId))
          .orderBy(asc(reviewComments.revisionId), asc(reviewComments.atSeconds)),
    none ? [] : db.select().from(orderDeliveries).where(mine(orderDeliveries.orderId)).orderBy(asc(orderDeliveries.id)),
    none
      ? []
      : db
          .select({ id: deliveryFiles.id, deliveryId: deliveryFiles.deliveryId, name: deliveryFiles.name, orderId: orderDeliveries.orderId })
          .from(deliveryFiles)
          .innerJoin(orderDeliveries, eq(orderDeliveries.id, deliveryFiles.deliveryId))
          .where(mine(orderDeliveries.orderId)),
    none
      ? []
      : db
          .select({ id: orderAttachments.id, orderId: orderAttachments.orderId, messageId: orderAttachments.messageId, name: orderAttachments.name })
          .from(orderAttachments)
          .where(mine(orderAttachments.orderId)),
    none
      ? []
      : db
          .select({ orderId: orderRefunds.orderId, creditNoteNumber: orderRefunds.creditNoteNumber, refundedAt: orderRefunds.refundedAt })
          .from(orderRefunds)
          .where(and(mine(orderRefunds.orderId), eq(orderRefunds.status, "succeeded"))),
    db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.id)),
  ]);
  const orderViews = await Promise.all(
    orderIds.map(async (id) => {
      const [view, invoice] = await Promise.all([getOrder(db, id, { userId }), getInvoice(db, id, { customerId: userId })]);
      return { view, invoice };
    }),
  );
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    account: { id: user.id, name: user.name, email: user.email, created_at: iso(user.createdAt), email_confirmed_at: iso(user.emailVerifiedAt) },
    billing_addresses: addresses,
    // The cards they chose to save at checkout, as the shop keeps them (the card itself stays with the payment provider).
    saved_cards: cards,
    orders: orderViews.map(({ view, invoice }, index) => {
      const orderId = orderIds[index]!;
      const brief = briefs.find((b) => b.orderId === orderId);
      return {
        order: view ? (({ user_id: _owner, ...rest }) => rest)(view) : null,
        invoice: invoice ? invoiceJson(invoice) : null,
        credit_notes: refunds
          .filter((r) => r.orderId === orderId && r.creditNoteNumber)
          .map((r) => ({
            number: r.creditNoteNumber,
            issued_at: iso(r.refundedAt),
            url: `${origin}/profile/orders/${orderId}/credit-notes/${r.creditNoteNumber}`,
          })),
        brief: brief
          ? {
              purpose: brief.purpose,
              audience: brief.audience,
              style: brief.style,
              references: brief.references,
              must_haves: brief.mustHaves,
              deadline_wish: brief.deadlineWish,
              submitted_at: iso(brief.submittedAt),
            }
          : null,
        messages: messages
          .filter((m) => m.orderId === orderId)
          .map((m) => ({ from: m.authorKind === "customer" ? "you" : "studio", body: m.body, sent_at: iso(m.createdAt) })),
        revision_requests: revisions
          .filter((r) => r.orderId === orderId)
          .map((r) => ({
            note: r.note,
            requested_at: iso(r.createdAt),
            comments: comments.filter((c) => c.revisionId === r.id).map((c) => ({ at_seconds: c.atSeconds, text: c.text })),
          })),
        deliveries: deliveries
          .filter((d) => d.orderId === orderId)
          .map((d) => ({
            note: d.note,
            delivered_at: iso(d.createdAt),
            files: files.filter((f) => f.deliveryId === d.id).map((f) => ({ name: f.name, url: `${origin}/orders/${orderId}/files/${f.id}` })),
          })),
        your_files: attachments.filter((a) => a.orderId === orderId).map((a) => ({ name: a.name, url: `${origin}/orders/${orderId}/attachments/${a.id}` })),
      };
    }),
    reviews: written.map((r) => ({
      order_id: r.orderId,
      product_id: r.productId,
      rating: r.rating,
      title: r.title,
      body: r.body,
      written_at: iso(r.createdAt),
      edited_at: iso(r.editedAt),
      studio_reply: r.reply,
      hidden_reason: r.hiddenReason,
    })),
  };
}
