/**
 * A creator's data rights (GDPR arts. 15, 17 and 20): their copy of what the shop keeps about them,
 * and erasure. `/studio/privacy` and the API (`GET /api/v1/creator/me/export`,
 * `DELETE /api/v1/creator/me`) call these.
 *
 * The copy holds their account and profile, portfolio, tax details, the products they are credited on, the orders
 * assigned to them (as their own view shows them: no buyer's details), and what they wrote: messages
 * and comments on versions.
 *
 * Erasure, once the password is given again and no order assigned to them is still being made (they
 * finish it, or an admin reassigns it): in ONE D1 batch,
 * - `creators`: the row stays (orders name who made them: what payouts and tax records will need),
 *   anonymised: "Former creator", an address of the reserved `.invalid` domain, a password hash no
 *   password matches, tokens refused from now on, the public profile (slug, headline, bio, country,
 *   languages, skills, away date) cleared, status `suspended` (no work is assigned or offered to
 *   it) and `erased_at` set;
 * - `sessions`, `refresh_tokens`, `email_links`: deleted;
 * - `creator_media`: deleted, their objects removed from R2 afterwards (with the images' copies and
 *   any portfolio upload left over);
 * - `product_creators`: deleted; a product whose lead they were takes its next creator as lead;
 * - `delivery_comments`: their name on their comments becomes "Former creator" (the comments stay:
 *   they are part of the customer's order); messages name their author from the account, so they
 *   read "Former creator" too;
 * - `emails`: every message to their address deleted; the confirmation queued afterwards is the one
 *   record kept;
 * - `orders` keep `creator_id`: who made what, and when, stays for the records the law asks for;
 * - `creator_tax_details`: kept ten years (`kept_until`), for the same records;
 * - `self_billing_agreements`: ended (the months before still issued); it and `self_billed_invoices`
 *   are kept, the studio's accounting records (the invoices carry the details they were issued with).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import {
  creatorMedia,
  creators,
  creatorTaxDetails,
  selfBilledInvoices,
  selfBillingAgreements,
  deliveryComments,
  emailLinks,
  emails,
  orderEvents,
  orderMessages,
  orders,
  productCreators,
  products,
  refreshTokens,
  sessions,
  uploads,
} from "../../../db/schema";
import { OPEN_WORK, openAssignmentsMessage } from "~/lib/rules/creators";
import { SHOP } from "~/lib/shop";
import type { ServiceContext } from "../context";
import { randomToken } from "../crypto.server";
import { getPortfolio, portfolioKeys } from "../creators/portfolio.server";
import { shopOrigin } from "../environment.server";
import { queueEmail } from "../mail/mail.server";
import { CreatorAccountDeletedEmail } from "../mail/templates";
import { refuse } from "../refusal";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { ERASED_EMAIL_DOMAIN } from "./account-deletion.server";
import { getTaxDetails, TAX_RECORDS_KEPT_MS } from "../payouts/tax-details.server";
import { selfBilledNumber } from "~/lib/rules/self-billing";
import { monthAfter, monthOf } from "~/lib/rules/statements";

export const FORMER_CREATOR = "Former creator";
const NO_PASSWORD = "erased";
const EXPORT_FORMAT_VERSION = 1;
/** The most of each list a copy holds (messages, comments): far more than a creator writes. */
const EXPORT_ROWS = 10_000;

/** Everything the shop keeps about creator `creatorId`, as one JSON-ready object (absolute links); null when there is no such creator. */
export async function exportCreatorData(db: Database, creatorId: number, origin: string) {
  const [account] = await db.select().from(creators).where(eq(creators.id, creatorId)).limit(1);
  if (!account) return null;
  const mine = and(eq(orderMessages.authorKind, "creator"), eq(orderMessages.authorId, creatorId));
  const [portfolio, credited, assigned, messages, comments, taxDetails, agreement, invoices] = await Promise.all([
    getPortfolio(db, creatorId),
    db
      .select({ id: products.id, title: products.title, lead: productCreators.lead })
      .from(productCreators)
      .innerJoin(products, eq(products.id, productCreators.productId))
      .where(eq(productCreators.creatorId, creatorId))
      .orderBy(asc(products.id)),
    db
      .select({ id: orders.id, product: products.title, workStatus: orders.workStatus, assignedAt: orders.assignedAt, dueAt: orders.dueAt })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.creatorId, creatorId))
      .orderBy(asc(orders.id))
      .limit(EXPORT_ROWS),
    db
      .select({ orderId: orderMessages.orderId, body: orderMessages.body, createdAt: orderMessages.createdAt })
      .from(orderMessages)
      .where(mine)
      .orderBy(asc(orderMessages.id))
      .limit(EXPORT_ROWS),
    db
      .select({
        orderId: deliveryComments.orderId,
        deliveryId: deliveryComments.deliveryId,
        atFrame: deliveryComments.atFrame,
        text: deliveryComments.text,
        createdAt: deliveryComments.createdAt,
      })
      .from(deliveryComments)
      .where(and(eq(deliveryComments.authorKind, "creator"), eq(deliveryComments.authorId, creatorId)))
      .orderBy(asc(deliveryComments.id))
      .limit(EXPORT_ROWS),
    getTaxDetails(db, creatorId),
    db.select().from(selfBillingAgreements).where(eq(selfBillingAgreements.creatorId, creatorId)).limit(1),
    db
      .select({
        creatorId: selfBilledInvoices.creatorId,
        number: selfBilledInvoices.number,
        month: selfBilledInvoices.month,
        currency: selfBilledInvoices.currency,
        totalMinor: selfBilledInvoices.totalMinor,
        taxMinor: selfBilledInvoices.taxMinor,
        issuedAt: selfBilledInvoices.issuedAt,
      })
      .from(selfBilledInvoices)
      .where(eq(selfBilledInvoices.creatorId, creatorId))
      .orderBy(asc(selfBilledInvoices.number))
      .limit(EXPORT_ROWS),
  ]);
  const absolute = <T extends { url: string } | null>(item: T): T => (item ? { ...item, url: new URL(item.url, origin).href } : item);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      status: account.status,
      slug: account.slug,
      headline: account.headline,
      bio: account.bio,
      country: account.country,
      languages: account.languages,
      skills: account.skills,
      capacity: account.capacity,
      away_until: account.awayUntil ? account.awayUntil.toISOString().slice(0, 10) : null,
      created_at: account.createdAt.toISOString(),
      activated_at: iso(account.activatedAt),
      suspended_at: iso(account.suspendedAt),
      suspended_reason: account.suspendedReason,
    },
    portfolio: { avatar: absolute(portfolio.avatar), showreel: absolute(portfolio.showreel), pieces: portfolio.pieces.map(absolute) },
    tax_details: taxDetails,
    self_billing: {
      agreement: agreement[0]
        ? { text: agreement[0].agreementText, accepted_at: agreement[0].acceptedAt.toISOString(), ended_at: iso(agreement[0].endedAt) }
        : null,
      invoices: invoices.map((i) => ({
        number: selfBilledNumber({ creator_id: i.creatorId, number: i.number }),
        month: i.month,
        currency: i.currency,
        total_minor: i.totalMinor,
        tax_minor: i.taxMinor,
        issued_at: i.issuedAt.toISOString(),
      })),
    },
    products: credited.map((p) => ({ id: p.id, title: p.title, lead: p.lead })),
    orders: assigned.map((o) => ({ id: o.id, product: o.product, work_status: o.workStatus, assigned_at: iso(o.assignedAt), due_at: iso(o.dueAt) })),
    messages: messages.map((m) => ({ order_id: m.orderId, body: m.body, created_at: m.createdAt.toISOString() })),
    comments: comments.map((c) => ({
      order_id: c.orderId,
      delivery_id: c.deliveryId,
      at_frame: c.atFrame,
      text: c.text,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

/** The creator's orders still being made (oldest first). */
export async function openAssignments(db: Database, creatorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.creatorId, creatorId), inArray(orders.workStatus, [...OPEN_WORK])))
    .orderBy(asc(orders.id))
    .limit(20);
  return rows.map((r) => r.id);
}

type ErasureContext = Pick<ServiceContext, "db" | "env" | "origin">;

/**
 * Erases creator `creatorId`'s account as described above: `confirmPassword` first (it throws the
 * refusal of a wrong or throttled password), then a `conflict` while an order of theirs is being made.
 */
export async function deleteCreatorAccount(context: ErasureContext, creatorId: number, confirmPassword: () => Promise<void>, now = Date.now()): Promise<void> {
  const { db } = context;
  await confirmPassword();
  const [account] = await db
    .select({ email: creators.email, name: creators.name })
    .from(creators)
    .where(and(eq(creators.id, creatorId), isNull(creators.erasedAt)))
    .limit(1);
  if (!account) throw refuse.notFound("Creator not found");
  const open = await openAssignments(db, creatorId);
  if (open.length) throw refuse.conflict(openAssignmentsMessage(open));
  const keys = await portfolioKeys(db, creatorId);
  // Portfolio uploads still open: their rows go with the batch, their parts are aborted after it.
  const openUploads = await db
    .select({ key: uploads.r2Key, uploadId: uploads.r2UploadId })
    .from(uploads)
    .where(and(eq(uploads.ownerKind, "creator"), eq(uploads.ownerId, creatorId), eq(uploads.purpose, "creator_media"), eq(uploads.status, "open")))
    .limit(100);
  const erasedEmail = `erased-creator-${creatorId}-${randomToken(9)}@${ERASED_EMAIL_DOMAIN}`;
  const [erased] = await db.batch(erasure(db, { creatorId, email: account.email, name: account.name, erasedEmail, now }));
  if (erased.length === 0) {
    // An order was assigned between the check and the batch: nothing was written.
    const still = await openAssignments(db, creatorId);
    throw refuse.conflict(still.length ? openAssignmentsMessage(still) : "Your account changed while it was being deleted. Please try again.");
  }
  for (const upload of openUploads) {
    await context.env.MEDIA.resumeMultipartUpload(upload.key, upload.uploadId)
      .abort()
      .catch(() => {});
  }
  // Their profile leaves the cached pages (the list, the products they made).
  await catalogueChanged();
  const leftover = await context.env.MEDIA.list({ prefix: `creators/${creatorId}/` });
  const gone = [...keys, ...leftover.objects.map((o) => o.key)];
  if (gone.length) await context.env.MEDIA.delete(gone).catch((error: unknown) => console.error("Creator erasure: files not removed", creatorId, error));
  try {
    await queueEmail(context.env, context.db, {
      to: account.email,
      subject: `Your ${SHOP.name} creator account has been deleted`,
      kind: "account_deleted",
      body: createElement(CreatorAccountDeletedEmail, { shopLink: new URL("/home", shopOrigin(context.env)).toString() }),
    });
  } catch (error) {
    console.error("Creator erasure: the confirmation email could not be queued", error);
  }
}

/** The new text of an assignment note naming `name`, each of its shapes matched whole (a longer name that starts alike is left alone). */
function timelineNote(name: string): SQL {
  const note = sql`${orderEvents.note}`;
  const startsWith = (prefix: SQL) => sql`substr(${note}, 1, length(${prefix})) = ${prefix}`;
  const rest = (prefix: SQL) => sql`substr(${note}, length(${prefix}) + 1)`;
  const assigned = sql`${"Assigned to " + name + ": "}`;
  const reassignedFrom = sql`${"Reassigned from " + name + " to "}`;
  const reassignedTo = sql`${" to " + name + ": "}`;
  return sql`CASE
    WHEN ${note} = ${"Assigned to " + name} THEN ${"Assigned to " + FORMER_CREATOR}
    WHEN ${startsWith(assigned)} THEN ${"Assigned to " + FORMER_CREATOR + ": "} || ${rest(assigned)}
    WHEN ${note} = ${"Returned to the studio: " + name + " was suspended"} THEN ${"Returned to the studio: " + FORMER_CREATOR + " was suspended"}
    WHEN ${startsWith(reassignedFrom)} THEN ${"Reassigned from " + FORMER_CREATOR + " to "} || replace(${rest(reassignedFrom)}, ${reassignedTo}, ${" to " + FORMER_CREATOR + ": "})
    WHEN ${note} LIKE 'Reassigned from %' THEN replace(${note}, ${reassignedTo}, ${" to " + FORMER_CREATOR + ": "})
    ELSE ${note}
  END`;
}

/**
 * The erasure's statements. The first anonymises the account only while nothing assigned to them is
 * being made; every other holds only where that one landed (the account now has this batch's own
 * random address), so a refused batch writes nothing.
 */
function erasure(
  db: Database,
  { creatorId, email, name, erasedEmail, now }: { creatorId: number; email: string; name: string; erasedEmail: string; now: number },
) {
  const open = sql.join(
    OPEN_WORK.map((status) => sql`${status}`),
    sql`, `,
  );
  const nothingOpen = sql`NOT EXISTS (SELECT 1 FROM orders AS open_work WHERE open_work.creator_id = ${creatorId} AND open_work.work_status IN (${open}))`;
  const held: SQL = sql`(SELECT erased.email FROM creators AS erased WHERE erased.id = ${creatorId}) = ${erasedEmail}`;
  return [
    db
      .update(creators)
      .set({
        name: FORMER_CREATOR,
        email: erasedEmail,
        passwordHash: NO_PASSWORD,
        tokensValidAfter: now,
        failedPasswordAttempts: 0,
        passwordLockedUntil: 0,
        status: "suspended",
        slug: null,
        headline: "",
        bio: "",
        country: null,
        languages: [],
        skills: [],
        awayUntil: null,
        suspendedReason: null,
        suspendedAt: new Date(now),
        erasedAt: new Date(now),
      })
      .where(and(eq(creators.id, creatorId), isNull(creators.erasedAt), nothingOpen))
      .returning({ id: creators.id }),
    db.delete(sessions).where(and(eq(sessions.kind, "creator"), eq(sessions.subjectId, creatorId), held)),
    db.delete(refreshTokens).where(and(eq(refreshTokens.kind, "creator"), eq(refreshTokens.subjectId, creatorId), held)),
    db.delete(emailLinks).where(and(eq(emailLinks.kind, "creator"), eq(emailLinks.subjectId, creatorId), held)),
    db.delete(creatorMedia).where(and(eq(creatorMedia.creatorId, creatorId), held)),
    db.delete(uploads).where(and(eq(uploads.ownerKind, "creator"), eq(uploads.ownerId, creatorId), eq(uploads.purpose, "creator_media"), held)),
    db.delete(productCreators).where(and(eq(productCreators.creatorId, creatorId), held)),
    // A product left without a lead takes its first remaining creator as lead.
    db
      .update(productCreators)
      .set({ lead: true })
      .where(
        and(
          sql`(${productCreators.productId}, ${productCreators.position}) IN (SELECT product_id, min(position) FROM product_creators GROUP BY product_id HAVING max(lead) = 0)`,
          held,
        ),
      ),
    // The timeline's assignment notes name creators ("Assigned to …", "Reassigned from … to …: why",
    // "Returned to the studio: … was suspended"): their name there becomes "Former creator" too.
    db
      .update(orderEvents)
      .set({ note: timelineNote(name) })
      .where(
        and(
          sql`(${orderEvents.note} LIKE 'Assigned to %' OR ${orderEvents.note} LIKE 'Reassigned from %' OR ${orderEvents.note} LIKE 'Returned to the studio: %')`,
          sql`instr(${orderEvents.note}, ${name}) > 0`,
          held,
        ),
      ),
    db
      .update(deliveryComments)
      .set({ authorName: FORMER_CREATOR })
      .where(and(eq(deliveryComments.authorKind, "creator"), eq(deliveryComments.authorId, creatorId), held)),
    db.delete(emails).where(and(sql`lower(${emails.recipient}) = lower(${email})`, held)),
    // Their tax details stay for the records the law asks for (ten years), then go.
    db
      .update(creatorTaxDetails)
      .set({ keptUntil: new Date(now + TAX_RECORDS_KEPT_MS) })
      .where(and(eq(creatorTaxDetails.creatorId, creatorId), held)),
    // A running self-billing agreement ends: the months before are still issued, none after.
    db
      .update(selfBillingAgreements)
      .set({ endedAt: new Date(now), lastMonth: monthAfter(monthOf(now), -1) })
      .where(and(eq(selfBillingAgreements.creatorId, creatorId), isNull(selfBillingAgreements.endedAt), held)),
  ] as const;
}
