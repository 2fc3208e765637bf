/** Emails about orders: the receipt sent once when a payment succeeds. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import type { Database } from "../../../db/client";
import { orders, products, users } from "../../../db/schema";
import { formatMoney } from "~/lib/money";
import { packageName } from "~/lib/packages";
import { queueEmail } from "./mail.server";
import { OrderReceiptEmail } from "./templates";

/**
 * What a payment's recording needs to tell the customer: the mail queue, and the shop's origin for
 * links (null where no request is at hand, e.g. the scheduled cleanup: the email then has no link).
 */
export interface PaymentNotice {
  env: Pick<Env, "MAIL_QUEUE">;
  origin: string | null;
}

/** The notice for payments recorded while answering a request. */
export function paymentNotice(context: Pick<AppLoadContext, "env" | "origin">): PaymentNotice {
  return { env: context.env, origin: context.origin };
}

const paidDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** Queues the receipt of a paid order to its customer. */
export async function queueReceiptEmail(db: Database, orderId: number, notice: PaymentNotice, paidAt = new Date()): Promise<void> {
  const [row] = await db
    .select({
      id: orders.id,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
      packagePosition: orders.packagePosition,
      transactionId: orders.paymentIntentId,
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
      ordersLink: notice.origin ? `${notice.origin}/profile/orders` : null,
      receipt: {
        orderId: row.id,
        product: row.product,
        packageName: packageName(row.packagePosition),
        amount: `${formatMoney(row.amountMinor, row.currency)} ${row.currency}`,
        paidAt: `${paidDate.format(paidAt)} UTC`,
        transactionId: row.transactionId,
      },
    }),
  });
}
