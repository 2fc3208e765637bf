/**
 * Emails about orders: the receipt sent once when a payment succeeds, and the news of an order's
 * work (to the customer: delivery ready, completed, refunded, brief reminder; to the studio: brief
 * submitted, revision requested; to the creator making the order: its brief, revisions, lateness and
 * completion). The studio is STUDIO_EMAIL when set, else every admin account.
 */
import { awaitingBriefText, cancellationPeriodEnd } from "~/lib/rules/work-dates";
import { ratePercent } from "../money/tax-rules";
import type { ServiceContext } from "../context";
import { and, eq, isNull, ne } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { admins, creators, orders, products, users } from "../../../db/schema";
import { briefName } from "~/lib/rules/creators";
import { formatMoney } from "~/lib/money";
import { packageName } from "~/lib/rules/packages";
import { CANCELLATION_ANSWER_DAYS } from "~/lib/rules/cancellation-rules";
import { queueEmail } from "./mail.server";
import { OrderReceiptEmail, WorkUpdateEmail } from "./templates";
import { shopOrigin } from "../environment.server";
import { paths } from "~/lib/paths";

/**
 * What a payment's recording needs to tell the customer: the mail queue, and the shop's origin for
 * links (null where no request is at hand, e.g. the scheduled cleanup: the email then has no link).
 */
export interface MailNotice {
  /** TOKEN_SECRET, where given, lets an email carry an approver's review link again (sign-off.server.ts). */
  env: Pick<Env, "MAIL_QUEUE" | "STUDIO_EMAIL"> & Partial<Pick<Env, "TOKEN_SECRET">>;
  origin: string | null;
}

/** The notice for payments recorded while answering a request. */
export function mailNotice(context: Pick<ServiceContext, "env" | "origin">): MailNotice {
  return { env: context.env, origin: shopOrigin(context.env) };
}

/** The tax's name as the invoice was issued with it (the seller's copy on the order), else VAT. */
function taxNameOf(sellerSnapshot: string | null): string {
  try {
    const name = sellerSnapshot ? (JSON.parse(sellerSnapshot) as { tax_name?: unknown }).tax_name : null;
    return typeof name === "string" && name ? name : "VAT";
  } catch {
    return "VAT";
  }
}

const paidDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** Queues the receipt of a paid order to its customer. */
export async function queueReceiptEmail(db: Database, orderId: number, notice: MailNotice, paidAt = new Date()): Promise<void> {
  const [row] = await db
    .select({
      id: orders.id,
      amountMinor: orders.amountMinor,
      subtotalMinor: orders.subtotalMinor,
      discountMinor: orders.discountMinor,
      taxMinor: orders.taxMinor,
      rateBasisPoints: orders.taxRateBasisPoints,
      taxNote: orders.taxNote,
      seller: orders.sellerSnapshot,
      invoiceNumber: orders.invoiceNumber,
      startWorkNow: orders.startWorkNow,
      deliveryDays: orders.deliveryDays,
      currency: orders.currency,
      packagePosition: orders.packagePosition,
      product: products.title,
      name: users.name,
      email: users.email,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return;
  await queueEmail(notice.env, db, {
    to: row.email,
    subject: `Your receipt for order #${row.id}`,
    kind: "order_receipt",
    body: createElement(OrderReceiptEmail, {
      name: row.name,
      links: notice.origin
        ? {
            brief: `${notice.origin}${paths.brief(row.id)}`,
            invoicePdf: row.invoiceNumber ? `${notice.origin}${paths.customerOrder(row.id)}/invoice.pdf` : null,
            orders: `${notice.origin}/profile/orders`,
          }
        : null,
      receipt: {
        orderId: row.id,
        product: row.product,
        packageName: packageName(row.packagePosition),
        invoiceNumber: row.invoiceNumber,
        paidAt: `${paidDate.format(paidAt)} UTC`,
        money: {
          price: formatMoney(row.subtotalMinor, row.currency),
          discount: row.discountMinor > 0 ? formatMoney(row.discountMinor, row.currency) : null,
          taxLabel: `${taxNameOf(row.seller)} (${ratePercent(row.rateBasisPoints)})`,
          tax: formatMoney(row.taxMinor, row.currency),
          total: `${formatMoney(row.amountMinor, row.currency)} ${row.currency}`,
          taxNote: row.taxNote,
        },
        dates: awaitingBriefText({
          now: paidAt.getTime(),
          earliestStart: row.startWorkNow ? null : cancellationPeriodEnd(paidAt.getTime()),
          deliveryDays: row.deliveryDays,
        }),
      },
    }),
  });
}

export type WorkNews =
  | "delivered"
  | "completed"
  | "auto_completed"
  | "stage_approved"
  | "stage_auto_approved"
  | "stopped"
  | "refunded"
  | "partly_refunded"
  | "brief_reminder"
  | "brief_submitted"
  | "brief_scheduled"
  | "revision_requested"
  | "overdue"
  | "cancellation_requested"
  | "cancellation_to_answer"
  | "cancellation_answered"
  | "cancellation_withdrawn";

type NewsText = { to: "customer" | "studio"; subject: string; title: string; lines: string[]; linkLabel: string };

function newsText(news: WorkNews, o: { id: number; product: string; customer: string }): NewsText {
  const order = `order #${o.id} (${o.product})`;
  switch (news) {
    case "delivered":
      return {
        to: "customer",
        subject: `Your delivery for order #${o.id} is ready`,
        title: "Your delivery is ready",
        lines: [`The studio has delivered ${order}.`, "Watch it, then approve it or ask for a revision on the order's page."],
        linkLabel: "Review the delivery",
      };
    case "completed":
      return {
        to: "customer",
        subject: `Order #${o.id} is completed`,
        title: "Your order is completed",
        lines: [`Thank you for approving ${order}. Your files stay available on the order's page.`],
        linkLabel: "Open the order",
      };
    case "stage_approved":
      return {
        to: "studio",
        subject: `A stage of order #${o.id} is approved`,
        title: "A stage is approved",
        lines: [`${o.customer} approved a stage of ${order}. The next stage has started; its due date is on the order's page.`],
        linkLabel: "Open the order",
      };
    case "stopped":
      return {
        to: "studio",
        subject: `Order #${o.id} stopped after a stage`,
        title: "An order is stopped",
        lines: [`${o.customer} stopped ${order} after its latest approved stage. The stages not started are refunded; no more work is due.`],
        linkLabel: "Open the order",
      };
    case "stage_auto_approved":
      return {
        to: "customer",
        subject: `A stage of order #${o.id} was approved for you`,
        title: "A stage was approved for you",
        lines: [
          `The latest stage of ${order} had no answer for a few days, so it was approved as delivered, as the order's page said it would be.`,
          "The next stage has started. You can still comment on each delivery while its stage is in hand.",
        ],
        linkLabel: "Open the order",
      };
    case "auto_completed":
      return {
        to: "customer",
        subject: `Order #${o.id} is completed`,
        title: "Your order is completed",
        lines: [
          `The delivery of ${order} had no answer for a few days, so the order is now completed.`,
          "Your files stay available on the order's page; write to the studio there if anything is wrong.",
        ],
        linkLabel: "Open the order",
      };
    case "refunded":
      return {
        to: "customer",
        subject: `Order #${o.id} has been refunded`,
        title: "Your order has been refunded",
        lines: [`The payment for ${order} has been refunded in full. Depending on your bank it shows on your statement within 5 to 10 days.`],
        linkLabel: "Open the order",
      };
    case "partly_refunded":
      return {
        to: "customer",
        subject: `Part of order #${o.id} has been refunded`,
        title: "Part of your order has been refunded",
        lines: [
          `Part of the payment for ${order} has been refunded, with a credit note on the order's page. Depending on your bank it shows on your statement within 5 to 10 days.`,
        ],
        linkLabel: "Open the order",
      };
    case "brief_reminder":
      return {
        to: "customer",
        subject: `Tell us about your video (order #${o.id})`,
        title: "Your brief starts the work",
        lines: [`Thank you for ${order}. The studio starts as soon as you write your brief: what the video is for, who it is for, and what it must show.`],
        linkLabel: "Write your brief",
      };
    case "brief_submitted":
      return {
        to: "studio",
        subject: `Brief received for order #${o.id}`,
        title: "A brief is in",
        lines: [`${o.customer} submitted the brief of ${order}. Production has started; the due date is on the order's page.`],
        linkLabel: "Open the order",
      };
    case "brief_scheduled":
      return {
        to: "studio",
        subject: `Brief received for order #${o.id}`,
        title: "A brief is in",
        lines: [
          `${o.customer} submitted the brief of ${order}. Work starts when their 14-day cancellation period ends; the start and due dates are on the order's page.`,
        ],
        linkLabel: "Open the order",
      };
    case "cancellation_requested":
      return {
        to: "customer",
        subject: `We received your cancellation of order #${o.id}`,
        title: "Your cancellation request is in",
        lines: [
          `You asked to cancel ${order}. Work had already started at your request, so the studio will answer within ${CANCELLATION_ANSWER_DAYS} days with a refund for the work not yet done.`,
          `If the studio does not answer in time, the whole payment comes back to you.`,
        ],
        linkLabel: "Open the order",
      };
    case "cancellation_to_answer":
      return {
        to: "studio",
        subject: `Cancellation to answer: order #${o.id}`,
        title: "A customer cancelled work in progress",
        lines: [
          `${o.customer} cancelled ${order} within 14 days of paying, after work started at their request.`,
          `Answer within ${CANCELLATION_ANSWER_DAYS} days with a refund for the work not done and a note of the work done; without an answer the whole payment is refunded.`,
        ],
        linkLabel: "Answer the cancellation",
      };
    case "cancellation_answered":
      return {
        to: "customer",
        subject: `Order #${o.id} is cancelled`,
        title: "The studio answered your cancellation",
        lines: [
          `${order} is cancelled. The refund for the work not yet done and the studio's note of the work done are on the order's page, with the credit note.`,
        ],
        linkLabel: "Open the order",
      };
    case "cancellation_withdrawn":
      return {
        to: "studio",
        subject: `Cancellation withdrawn: order #${o.id}`,
        title: "A cancellation was withdrawn by approval",
        lines: [
          `${o.customer} approved the delivery of ${order}, which withdraws their cancellation request: the order is completed and nothing is refunded.`,
          "There is nothing left to answer.",
        ],
        linkLabel: "Open the order",
      };
    case "revision_requested":
      return {
        to: "studio",
        subject: `Revision requested on order #${o.id}`,
        title: "A revision is requested",
        lines: [`${o.customer} asked for changes to the delivery of ${order}.`],
        linkLabel: "See the request",
      };
    case "overdue":
      return {
        to: "studio",
        subject: `Order #${o.id} is overdue`,
        title: "An order is past its due date",
        lines: [`${order} for ${o.customer} has passed its due date without a delivery.`],
        linkLabel: "Open the order",
      };
  }
}

/**
 * What the creator making an order hears of its work, beside the studio's admins: the brief, a
 * revision asked, the due date passed, the order completed. The buyer is named as the creator's
 * workspace names them (first name, last initial).
 */
function creatorNewsText(news: WorkNews, o: { id: number; product: string; customer: string }): Omit<NewsText, "to"> | null {
  const order = `order #${o.id} (${o.product})`;
  switch (news) {
    case "brief_submitted":
      return {
        subject: `Brief received for order #${o.id}`,
        title: "A brief is in",
        lines: [`${o.customer} submitted the brief of ${order}. Work has started; the due date is in your studio.`],
        linkLabel: "Open the order",
      };
    case "brief_scheduled":
      return {
        subject: `Brief received for order #${o.id}`,
        title: "A brief is in",
        lines: [`${o.customer} submitted the brief of ${order}. Work starts when their 14-day cancellation period ends; the dates are in your studio.`],
        linkLabel: "Open the order",
      };
    case "revision_requested":
      return {
        subject: `Revision requested on order #${o.id}`,
        title: "A revision is requested",
        lines: [`${o.customer} asked for changes to the delivery of ${order}.`],
        linkLabel: "See the request",
      };
    case "overdue":
      return {
        subject: `Order #${o.id} is overdue`,
        title: "An order is past its due date",
        lines: [`${order} has passed its due date without a delivery. Deliver, or write to the customer on the order's page.`],
        linkLabel: "Open the order",
      };
    case "completed":
      return {
        subject: `Order #${o.id} is approved`,
        title: "Your delivery is approved",
        lines: [`${o.customer} approved your delivery of ${order}: the order is completed.`],
        linkLabel: "Open the order",
      };
    case "stopped":
      return {
        subject: `Order #${o.id} stopped after a stage`,
        title: "An order is stopped",
        lines: [`The customer stopped ${order} after its latest approved stage: no more work is due. Your approved stages are earned.`],
        linkLabel: "Open the order",
      };
    case "stage_approved":
    case "stage_auto_approved":
      return {
        subject: `A stage of order #${o.id} is approved`,
        title: "A stage is approved: the next has started",
        lines: [`Your delivery of a stage of ${order} is approved. The next stage has started; its due date is in your studio.`],
        linkLabel: "Open the order",
      };
    case "auto_completed":
      return {
        subject: `Order #${o.id} is completed`,
        title: "An order is completed",
        lines: [`Your delivery of ${order} had no answer for a few days, so the order is now completed.`],
        linkLabel: "Open the order",
      };
    default:
      return null;
  }
}

/** Queues the email that tells the customer or the studio (and the creator making the order) about a step of an order's work. */
export async function queueWorkEmail(db: Database, notice: MailNotice, orderId: number, news: WorkNews): Promise<void> {
  const [row] = await db
    .select({
      id: orders.id,
      product: products.title,
      name: users.name,
      email: users.email,
      creatorEmail: creators.email,
      creatorName: creators.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    // The assigned creator, while they may work (not suspended, not erased).
    .leftJoin(creators, and(eq(creators.id, orders.creatorId), ne(creators.status, "suspended"), isNull(creators.erasedAt)))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return;
  const forCreator = row.creatorEmail ? creatorNewsText(news, { id: row.id, product: row.product, customer: briefName(row.name) }) : null;
  if (forCreator && row.creatorEmail) {
    await queueEmail(notice.env, db, {
      to: row.creatorEmail,
      subject: forCreator.subject,
      kind: `work_${news}`,
      body: createElement(WorkUpdateEmail, {
        greeting: `Hello ${row.creatorName},`,
        title: forCreator.title,
        lines: forCreator.lines,
        link: notice.origin ? `${notice.origin}${paths.studioOrder(row.id)}` : null,
        linkLabel: forCreator.linkLabel,
      }),
    });
  }
  const text = newsText(news, { id: row.id, product: row.product, customer: row.name });
  const path = text.to === "customer" ? (news === "brief_reminder" ? paths.brief(row.id) : paths.customerOrder(row.id)) : paths.adminOrder(row.id);
  const recipients = text.to === "customer" ? [row.email] : await studioRecipients(db, notice);
  for (const to of recipients) {
    await queueEmail(notice.env, db, {
      to,
      subject: text.subject,
      kind: `work_${news}`,
      body: createElement(WorkUpdateEmail, {
        greeting: text.to === "customer" ? `Hello ${row.name},` : "Hello,",
        title: text.title,
        lines: text.lines,
        link: notice.origin ? `${notice.origin}${path}` : null,
        linkLabel: text.linkLabel,
      }),
    });
  }
}

/** Who hears the studio's news: STUDIO_EMAIL when set, else every admin (at most 20). */
export async function studioRecipients(db: Database, notice: MailNotice): Promise<string[]> {
  if (notice.env.STUDIO_EMAIL) return [notice.env.STUDIO_EMAIL];
  return (await db.select({ email: admins.email }).from(admins).orderBy(admins.id).limit(20)).map((a) => a.email);
}
