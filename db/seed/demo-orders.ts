/**
 * A lived-in shop for the demo customer: two saved addresses and an order in every state of the
 * work (awaiting its brief, in production with a thread, delivered for review after a revision with
 * a pinned comment, a revision requested, completed, refunded) and one failed payment. The demo
 * creator makes four of them (in production, delivered, revision requested, completed). Written once, when the demo
 * customer has no orders yet; dated relative to the moment of seeding so due dates look current.
 * Paid orders get their local gateway intents, so receipts show a transaction and a refund works.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import {
  billingAddresses,
  deliveryFiles,
  ledgerEntries,
  localPaymentIntents,
  localPaymentMethods,
  orderBriefs,
  orderDeliveries,
  orderEvents,
  orderMessages,
  orderPayments,
  orderRefunds,
  orders,
  packages,
  reviewComments,
  revisionRequests,
  users,
} from "../schema";
import type { WorkStatus } from "../../app/lib/rules/work-status";
import { orderPriceColumns, quoteOrder } from "../../app/domain/money/tax.server";
import { DEFAULT_CLEARANCE_DAYS, DEFAULT_SHARE_BASIS_POINTS, earningOf } from "../../app/lib/rules/payouts";
import { billingSnapshot } from "../../app/domain/money/billing-snapshot";
import { invoiceNumberStatements, nextNumberQueries } from "../../app/domain/money/invoice-numbers.server";
import { createLocalGateway } from "../../app/domain/payments/local-gateway.server";
import { recordLaterPaymentStatus, requestLaterPayment } from "../../app/domain/payments/order-payments.server";
import type { LoadMedia } from "./seed";
import { DEMO_CUSTOMER } from "./catalogue";
import { demoCreatorId } from "./demo-creators";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `admin` is the studio: the order's creator where it has one. */
type Step = { to: WorkStatus; by: "customer" | "admin" | "system"; at: number; note?: string };

interface DemoOrder {
  productId: number;
  packagePosition: number;
  payment: "succeeded" | "refunded" | "failed";
  placedAt: number;
  steps: Step[];
  brief?: string;
  messages?: { by: "customer" | "admin"; at: number; body: string }[];
  /** Deliveries of the seeded video, oldest first; a revision (with pinned comments) between two of them. */
  deliveries?: { at: number; note: string; revision?: { at: number; note: string; comments: [number, string][] } }[];
  refund?: { at: number; reason: string };
  /** Work added to the order and paid for on its own (a later payment with its own invoice, order-payments.server.ts). */
  change?: { at: number; description: string; netMinor: number };
  /** Made by the demo creator (assigned an hour after payment): their steps and messages are the creator's. */
  byCreator?: true;
  /** Paid with 'Save this card for changes to this order' ticked: the local gateway kept the test card. */
  savedCard?: true;
  /** Work added to the order and not paid yet: a later payment waiting for the customer. */
  due?: { description: string; netMinor: number };
}

/** The demo's orders, newest placed first; `now` is the moment of seeding. */
function demoOrders(now: number): DemoOrder[] {
  const paid = (at: number): Step => ({ to: "awaiting_brief", by: "system", at, note: "Payment received" });
  const briefed = (at: number): Step => ({ to: "in_progress", by: "customer", at, note: "Brief submitted" });
  // The completed walkthrough's timeline ends by the 10th of last month at the latest (22 days back
  // otherwise): its earning is in a closed month, so the demo creator's statement for it carries a
  // self-billed invoice whatever the day of seeding.
  const date = new Date(now);
  const closed = Math.min(now, Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 10, 12) + 22 * DAY);
  return [
    { productId: 2, packagePosition: 0, payment: "succeeded", placedAt: now - 2 * HOUR, steps: [paid(now - 2 * HOUR)] },
    {
      productId: 3,
      packagePosition: 1,
      payment: "succeeded",
      placedAt: now - 3 * DAY,
      steps: [paid(now - 3 * DAY), briefed(now - 2 * DAY)],
      byCreator: true,
      savedCard: true,
      due: { description: "A white end card in three aspect ratios (16:9, 9:16 and 1:1)", netMinor: 12_000 },
      brief: "A five-second logo reveal for the start of our product videos: metallic, confident, with a soft whoosh.",
      messages: [
        { by: "customer", at: now - 2 * DAY + HOUR, body: "Could the reveal end on a white background? Our videos start on white." },
        { by: "admin", at: now - DAY, body: "Yes, we will end on white. First cut in a few days." },
      ],
    },
    {
      productId: 1,
      packagePosition: 1,
      payment: "succeeded",
      placedAt: now - 12 * DAY,
      steps: [
        paid(now - 12 * DAY),
        briefed(now - 11 * DAY),
        { to: "delivered", by: "admin", at: now - 6 * DAY, note: "First cut" },
        { to: "revision_requested", by: "customer", at: now - 5 * DAY, note: "Slower turntable, please, and a warmer light." },
        { to: "delivered", by: "admin", at: now - 12 * HOUR, note: "Second cut: slower turntable, warmer light" },
      ],
      byCreator: true,
      brief: "A 30-second launch film of our espresso machine for the website's hero and for social media.",
      deliveries: [
        {
          at: now - 6 * DAY,
          note: "First cut",
          revision: { at: now - 5 * DAY, note: "Slower turntable, please, and a warmer light.", comments: [[2, "The turn is too fast here"]] },
        },
        { at: now - 12 * HOUR, note: "Second cut: slower turntable, warmer light" },
      ],
    },
    {
      productId: 4,
      packagePosition: 0,
      payment: "succeeded",
      placedAt: closed - 30 * DAY,
      steps: [
        paid(closed - 30 * DAY),
        briefed(closed - 29 * DAY),
        { to: "delivered", by: "admin", at: closed - 23 * DAY, note: "Final walkthrough" },
        { to: "completed", by: "customer", at: closed - 22 * DAY, note: "Approved" },
      ],
      byCreator: true,
      brief: "A one-minute walkthrough of the show flat for the sales office screens.",
      deliveries: [{ at: closed - 23 * DAY, note: "Final walkthrough" }],
    },
    {
      productId: 5,
      packagePosition: 0,
      payment: "refunded",
      placedAt: now - 20 * DAY,
      steps: [paid(now - 20 * DAY), { to: "cancelled", by: "admin", at: now - 19 * DAY, note: "Cancelled and refunded: Ordered twice by mistake" }],
      refund: { at: now - 19 * DAY, reason: "Ordered twice by mistake" },
    },
    { productId: 6, packagePosition: 0, payment: "failed", placedAt: now - 4 * DAY, steps: [] },
    {
      productId: 6,
      packagePosition: 0,
      payment: "succeeded",
      placedAt: now - 9 * DAY,
      steps: [
        paid(now - 9 * DAY),
        briefed(now - 8 * DAY),
        { to: "delivered", by: "admin", at: now - 4 * DAY, note: "First renders" },
        { to: "revision_requested", by: "customer", at: now - 3 * DAY, note: "Brighter renders, please, and the lid open in the last shot." },
      ],
      byCreator: true,
      brief: "Six photoreal stills of our kettle for the online shop: white background, one lifestyle shot in a kitchen.",
      change: { at: now - 7 * DAY + 4 * HOUR, description: "Two more lifestyle shots: breakfast table and office kitchen", netMinor: 18_000 },
      messages: [
        { by: "admin", at: now - 7 * DAY, body: "Thanks for the CAD files. Do you want the steam visible in the lifestyle shot?" },
        { by: "customer", at: now - 7 * DAY + 3 * HOUR, body: "Yes please, a little steam." },
      ],
      deliveries: [
        {
          at: now - 4 * DAY,
          note: "First renders",
          revision: { at: now - 3 * DAY, note: "Brighter renders, please, and the lid open in the last shot.", comments: [[1, "Lid open here"]] },
        },
      ],
    },
  ];
}

/** Seeds the demo orders once; returns how many were written. */
export async function seedDemoOrders(db: Database, bucket: R2Bucket, loadMedia: LoadMedia, now = Date.now()): Promise<number> {
  const creatorId = await demoCreatorId(db);
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).limit(1);
  if (!customer) return 0;
  const [{ placed } = { placed: 0 }] = await db.select({ placed: count() }).from(orders).where(eq(orders.userId, customer.id));
  if (placed > 0) return 0;

  const addressIds = await demoAddresses(db, customer.id);
  const addresses = await db.select().from(billingAddresses).where(eq(billingAddresses.userId, customer.id));
  const [{ name } = { name: "" }] = await db.select({ name: users.name }).from(users).where(eq(users.id, customer.id));
  const video = await loadMedia("video-01.mp4");
  const prices = await db.select().from(packages).orderBy(asc(packages.productId), asc(packages.position));

  const list = demoOrders(now);
  const paid: { orderId: number; at: number; change?: NonNullable<DemoOrder["change"]> }[] = [];
  const due: ({ orderId: number } & NonNullable<DemoOrder["due"]>)[] = [];
  for (const [index, demo] of list.entries()) {
    const pkg = prices.find((p) => p.productId === demo.productId && p.position === demo.packagePosition);
    if (!pkg) continue;
    const intentId = `pi_local_demo_${customer.id}_${index + 1}`;
    const last = demo.steps.at(-1);
    const row = addresses.find((a) => a.id === addressIds[index % addressIds.length])!;
    const address = {
      street: row.street,
      city: row.city,
      state: row.state,
      zip_code: row.zipCode,
      country: row.country,
      company_name: row.companyName,
      tax_id: row.taxId,
    };
    const price = await quoteOrder(db, pkg.amountMinor, 0, { country: address.country, taxId: address.tax_id });
    const [order] = await db
      .insert(orders)
      .values({
        userId: customer.id,
        productId: demo.productId,
        packageId: pkg.id,
        packagePosition: pkg.position,
        billingAddressId: row.id,
        amountMinor: price.totalMinor,
        currency: pkg.currency,
        ...orderPriceColumns(price),
        billingSnapshot: JSON.stringify(billingSnapshot(name, address)),
        paymentStatus: demo.payment,
        paymentIntentId: intentId,
        gateway: "local",
        saveCard: demo.savedCard ?? false,
        idempotencyKey: `demo-order-${index + 1}`,
        workStatus: last?.to ?? "awaiting_payment",
        workVersion: demo.steps.length,
        deliveryDays: pkg.deliveryDays,
        revisionsIncluded: pkg.revisions,
        revisionDays: pkg.revisionDays,
        workStartedAt: demo.brief ? new Date(demo.steps[1]!.at) : null,
        firstDeliveredAt: demo.deliveries?.[0] ? new Date(demo.deliveries[0].at) : null,
        dueAt: demo.brief ? new Date(demo.steps[1]!.at + pkg.deliveryDays * DAY) : null,
        revisionsAllowed: demo.payment === "failed" ? 0 : pkg.revisions,
        revisionsUsed: demo.deliveries?.filter((d) => d.revision).length ?? 0,
        refundedMinor: demo.refund ? price.totalMinor : 0,
        refundedTaxMinor: demo.refund ? price.taxMinor : 0,
        creatorId: demo.byCreator && creatorId ? creatorId : null,
        assignedAt: demo.byCreator && creatorId ? new Date(demo.steps[0]!.at + HOUR) : null,
        creatorShareBasisPoints: demo.byCreator && creatorId ? DEFAULT_SHARE_BASIS_POINTS : null,
        createdAt: new Date(demo.placedAt),
        updatedAt: new Date(last?.at ?? demo.placedAt),
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    // Who made the studio's steps: the demo creator on their orders, else the demo admin.
    const studio = demo.byCreator && creatorId ? ({ kind: "creator", id: creatorId } as const) : ({ kind: "admin", id: 1 } as const);
    const statements: BatchItem<"sqlite">[] = [
      db.insert(localPaymentIntents).values({
        id: intentId,
        clientSecret: `${intentId}_secret_demo`,
        amountMinor: price.totalMinor,
        currency: pkg.currency.toLowerCase(),
        status: demo.payment === "failed" ? "requires_payment_method" : "succeeded",
        lastError: demo.payment === "failed" ? "Your card was declined." : null,
        idempotencyKey: `order-${orderId}`,
        metadata: { order_id: String(orderId), user_id: String(customer.id) },
        createdAt: new Date(demo.placedAt),
        ...(demo.savedCard ? { customerRef: `cus_local_${customer.id}`, saveCard: true, paymentMethodRef: `pm_local_demo_${orderId}` } : {}),
      }),
      // The test card the gateway kept with the customer's consent (saved-cards.server.ts saves it as the customer next looks).
      ...(demo.savedCard
        ? [
            db.insert(localPaymentMethods).values({
              id: `pm_local_demo_${orderId}`,
              customerRef: `cus_local_${customer.id}`,
              brand: "visa",
              last4: "4242",
              expMonth: 12,
              expYear: new Date(now).getUTCFullYear() + 4,
              outcome: "succeeded",
            }),
          ]
        : []),
      ...demo.steps.map((step, i) =>
        db.insert(orderEvents).values({
          orderId,
          version: i + 1,
          actorKind: step.by === "admin" && studio.kind === "creator" ? "creator" : step.by,
          actorId: step.by === "customer" ? customer.id : step.by === "admin" ? studio.id : null,
          fromStatus: i === 0 ? "awaiting_payment" : demo.steps[i - 1]!.to,
          toStatus: step.to,
          note: step.note ?? null,
          createdAt: new Date(step.at),
        }),
      ),
      ...(demo.brief
        ? [
            db.insert(orderBriefs).values({
              orderId,
              purpose: demo.brief,
              audience: "Our customers and prospects",
              style: "Clean, premium, calm",
              references: ["https://vimeo.com/channels/staffpicks"],
              mustHaves: "Our logo at the end",
              deadlineWish: null,
              submittedAt: new Date(demo.steps[1]!.at),
            }),
          ]
        : []),
      ...(demo.messages ?? []).map((m) =>
        db.insert(orderMessages).values({
          orderId,
          authorKind: m.by === "customer" ? "customer" : studio.kind,
          authorId: m.by === "customer" ? customer.id : studio.id,
          body: m.body,
          createdAt: new Date(m.at),
        }),
      ),
      // The creator's earning on a completed order, as the completing move's trigger would have written it.
      ...(demo.byCreator && creatorId && last?.to === "completed"
        ? [
            db.insert(ledgerEntries).values({
              creatorId,
              orderId,
              kind: "earning" as const,
              amountMinor: earningOf(
                price.subtotalMinor - price.discountMinor - (demo.refund ? price.totalMinor - price.taxMinor : 0),
                DEFAULT_SHARE_BASIS_POINTS,
              ),
              currency: pkg.currency,
              availableAt: new Date(last.at + DEFAULT_CLEARANCE_DAYS * DAY),
              idempotencyKey: `earning-${orderId}`,
              createdAt: new Date(last.at),
            }),
          ]
        : []),
      ...(demo.refund
        ? [
            db.insert(orderRefunds).values({
              orderId,
              // The checkout payment's (copied from the order when it was inserted above).
              paymentId: sql`(SELECT ${orderPayments.id} FROM ${orderPayments} WHERE ${orderPayments.orderId} = ${orderId} AND ${orderPayments.sequence} = 1)`,
              taxRateBasisPoints: price.rateBasisPoints,
              taxCountry: price.taxCountry,
              status: "succeeded",
              providerRefundId: `re_local_demo_${orderId}`,
              amountMinor: price.totalMinor,
              taxMinor: price.taxMinor,
              idempotencyKey: `demo-refund-${orderId}`,
              currency: pkg.currency,
              reason: demo.refund.reason,
              source: "admin",
              adminId: 1,
              claimedAt: new Date(demo.refund.at),
              refundedAt: new Date(demo.refund.at),
            }),
          ]
        : []),
    ];
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
    await seedDeliveries(db, bucket, orderId, demo, video);
    if (demo.payment !== "failed") paid.push({ orderId, at: demo.steps[0]!.at });
    if (demo.change) paid.push({ orderId, at: demo.change.at, change: demo.change });
    if (demo.due) due.push({ orderId, ...demo.due });
  }
  // Invoices numbered in payment order (a change's with its own payment), and credit notes for
  // refunds, as the shop would have issued them.
  const gateway = createLocalGateway(db);
  for (const { orderId, at, change } of paid.sort((a, b) => a.at - b.at)) {
    if (change) {
      await payChange(db, gateway, orderId, change);
      continue;
    }
    const [first, ...rest] = invoiceNumberStatements(db, orderId, new Date(at));
    await db.batch([first, ...rest]);
  }
  // Work added and waiting to be paid (after the order's own invoice: a later payment needs a paid order).
  for (const { orderId, description, netMinor } of due) {
    await requestLaterPayment(db, gateway, orderId, { description, netMinor, idempotencyKey: `demo-due-${orderId}` });
  }
  const refunded = await db.select({ id: orderRefunds.id, at: orderRefunds.refundedAt }).from(orderRefunds).where(eq(orderRefunds.status, "succeeded"));
  for (const refund of refunded) {
    const due = and(eq(orderRefunds.id, refund.id), isNull(orderRefunds.creditNoteNumber));
    const next = nextNumberQueries(db, "CN", sql`EXISTS (SELECT 1 FROM ${orderRefunds} WHERE ${due})`, refund.at ?? new Date(now));
    await db.batch([...next.statements, db.update(orderRefunds).set({ creditNoteNumber: next.number }).where(due)]);
  }
  return list.length;
}

/** A change to a demo order, asked for and paid through the payments model with the local gateway's test card, on its day. */
async function payChange(db: Database, gateway: ReturnType<typeof createLocalGateway>, orderId: number, change: NonNullable<DemoOrder["change"]>) {
  const { payment, intent } = await requestLaterPayment(db, gateway, orderId, {
    description: change.description,
    netMinor: change.netMinor,
    idempotencyKey: `demo-change-${orderId}`,
  });
  const confirmed = await gateway.confirmCard(intent.id, { number: "4242424242424242", expiry: "12/40", cvc: "123" });
  if (!confirmed.ok) throw new Error(`The demo change of order ${orderId} was not paid: ${confirmed.message}`);
  await recordLaterPaymentStatus(db, payment.id, confirmed.intent, new Date(change.at));
  await db
    .update(orderPayments)
    .set({ createdAt: new Date(change.at) })
    .where(eq(orderPayments.id, payment.id));
}

async function demoAddresses(db: Database, userId: number): Promise<number[]> {
  const existing = await db.select({ id: billingAddresses.id }).from(billingAddresses).where(eq(billingAddresses.userId, userId));
  if (existing.length >= 2) return existing.map((a) => a.id);
  const rows = await db
    .insert(billingAddresses)
    .values([
      { userId, street: "221B Baker Street", city: "London", state: "Greater London", zipCode: "NW1 6XE", country: "GB", isDefault: true },
      { userId, street: "500 Market Street", city: "San Francisco", state: "CA", zipCode: "94105", country: "US", isDefault: false },
    ])
    .returning({ id: billingAddresses.id });
  return rows.map((r) => r.id);
}

/** The deliveries (all of the seeded video) and the revision request between them, with its pinned comments. */
async function seedDeliveries(db: Database, bucket: R2Bucket, orderId: number, demo: DemoOrder, video: Uint8Array) {
  const deliveredSteps = demo.steps.map((s, i) => ({ ...s, version: i + 1 })).filter((s) => s.to === "delivered");
  for (const [i, delivery] of (demo.deliveries ?? []).entries()) {
    const version = deliveredSteps[i]?.version ?? i + 1;
    const [row] = await db
      .insert(orderDeliveries)
      .values({ orderId, version, note: delivery.note, adminId: demo.byCreator ? null : 1, createdAt: new Date(delivery.at) })
      .returning({ id: orderDeliveries.id });
    const key = `orders/${orderId}/deliveries/demo-cut-v${i + 1}.mp4`;
    await bucket.put(key, video, { httpMetadata: { contentType: "video/mp4" } });
    await db.insert(deliveryFiles).values({
      deliveryId: row!.id,
      orderId,
      r2Key: key,
      name: `cut-v${i + 1}.mp4`,
      contentType: "video/mp4",
      size: video.byteLength,
      kind: "video",
      position: 0,
    });
    if (delivery.revision) {
      const [revision] = await db
        .insert(revisionRequests)
        .values({ orderId, deliveryId: row!.id, version: version + 1, note: delivery.revision.note, createdAt: new Date(delivery.revision.at) })
        .returning({ id: revisionRequests.id });
      await db.insert(reviewComments).values(delivery.revision.comments.map(([atSeconds, text]) => ({ revisionId: revision!.id, atSeconds, text })));
    }
  }
}
