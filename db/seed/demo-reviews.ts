/**
 * Reviews for the demo's first look that are still real data: other demo customers, each with a
 * completed, paid and invoiced order of one service and the review they wrote of it (no name reviews
 * twice; every date lies before the seed's today). Motion
 * Graphics Ad Pack (and every service the catalogue adds later) is left without reviews, so the shop
 * shows how a new service looks. Each product's figures are counted from the rows written. Written
 * once, when there are no reviews yet; the reviewers cannot sign in (their passwords are random).
 */
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { billingAddresses, localPaymentIntents, orderEvents, orders, packages, productRatings, products, reviews, users } from "../schema";
import { hashPassword, type PasswordCost } from "../../app/auth/password.server";
import { orderPriceColumns, quoteOrder } from "../../app/domain/money/tax.server";
import { billingSnapshot } from "../../app/domain/money/billing-snapshot";
import { invoiceNumberStatements } from "../../app/domain/money/invoice-numbers.server";
import { reviewerNameOf } from "../../app/domain/reviews/reviewer-name";
import { packageName } from "../../app/lib/rules/packages";

const DAY = 86_400_000;

const REVIEWERS = [
  { name: "Grace Hopper", email: "grace.reviewer@example.com", city: "Arlington", state: "VA", zip: "22201", country: "US", street: "1 Navy Way" },
  {
    name: "Alan Turing",
    company: "Bletchley Analytics Ltd",
    email: "alan.reviewer@example.com",
    city: "Manchester",
    state: "Greater Manchester",
    zip: "M13 9PL",
    country: "GB",
    street: "9 Oxford Road",
  },
  { name: "Hedy Lamarr", email: "hedy.reviewer@example.com", city: "Vienna", state: "Wien", zip: "1010", country: "AT", street: "3 Graben" },
  { name: "Katherine Johnson", email: "katherine.reviewer@example.com", city: "Hampton", state: "VA", zip: "23666", country: "US", street: "4 Langley Blvd" },
  { name: "Tim Berners-Lee", email: "tim.reviewer@example.com", city: "London", state: "London", zip: "EC1A 1BB", country: "GB", street: "12 Web Street" },
  {
    name: "Marie Dubois",
    company: "Atelier Dubois",
    email: "marie.reviewer@example.com",
    city: "Lyon",
    state: "",
    zip: "69002",
    country: "FR",
    street: "8 Rue de la République",
  },
  { name: "Jonas Weber", email: "jonas.reviewer@example.com", city: "Hamburg", state: "", zip: "20095", country: "DE", street: "5 Mönckebergstraße" },
  { name: "Sofia Rossi", email: "sofia.reviewer@example.com", city: "Milan", state: "MI", zip: "20121", country: "IT", street: "Via Dante 7" },
  { name: "Liam Byrne", email: "liam.reviewer@example.com", city: "Dublin", state: "Dublin", zip: "D02 X285", country: "IE", street: "14 Dawson Street" },
  {
    name: "Emma de Vries",
    company: "Grachten Studio",
    email: "emma.reviewer@example.com",
    city: "Utrecht",
    state: "",
    zip: "3511 AB",
    country: "NL",
    street: "Oudegracht 40",
  },
  {
    name: "Priya Shah",
    company: "Shah & Park Architects",
    email: "priya.reviewer@example.com",
    city: "Leeds",
    state: "West Yorkshire",
    zip: "LS1 4AP",
    country: "GB",
    street: "22 Park Row",
  },
  {
    name: "Carlos Ortega",
    company: "Ortega Coffee Co.",
    email: "carlos.reviewer@example.com",
    city: "Austin",
    state: "TX",
    zip: "78701",
    country: "US",
    street: "300 Congress Ave",
  },
  { name: "Astrid Lind", email: "astrid.reviewer@example.com", city: "Stockholm", state: "", zip: "111 52", country: "SE", street: "Drottninggatan 20" },
] as const;

/** What each reviewer thought, by product title (product title → [reviewer index, stars, title, text] list). */
const WRITTEN: Record<string, [number, number, string | null, string][]> = {
  "3D Product Launch Animation": [
    [
      0,
      5,
      "Our launch film, done right",
      "The exploded view of our device is now the first thing on our homepage. Two small rounds of changes, both turned around in a day.",
    ],
    [
      1,
      4,
      "Great result, one slow round",
      "The render quality is excellent and the brief was followed closely. The second revision took a day longer than promised.",
    ],
    [3, 5, null, "Clear questions up front, a first cut that was already close, and the final files in every size we needed for the trade show."],
  ],
  "Animated Explainer Video": [
    [2, 5, "Explains us better than we do", "Sixty seconds that our sales team now sends before every first call. The script suggestions were the best part."],
    [4, 4, null, "Friendly style and a good voice-over. We asked for one change to the pacing and it was done quickly."],
  ],
  "3D Logo Reveal": [
    [0, 4, "Crisp and quick", "A short, polished logo reveal. Delivered on time with a version for vertical video too."],
    [
      2,
      3,
      "Good, but not quite our brand",
      "Technically very good. The first version felt colder than our brand; the revision got closer but not all the way.",
    ],
    [4, 5, null, "We use it at the start of every webinar. Smooth animation and the sound design is spot on."],
  ],
  "Architectural Walkthrough": [
    [
      1,
      5,
      "Sold the flats before they were built",
      "The walkthrough made the floor plans real for buyers. Lighting and materials looked like the finished building.",
    ],
    [3, 4, null, "Very realistic interiors. It took one revision to get the furniture to match our show flat."],
  ],
  "Photoreal Product Render": [
    [4, 5, "Better than our photo shoot", "The renders replaced a studio shoot for our catalogue. Every angle we asked for, with clean backgrounds."],
  ],
  "Character Animation Short": [
    [0, 4, "Charming characters", "Our mascot finally moves the way we imagined. Lip sync needed one small fix, handled fast."],
    [2, 5, null, "Funny, warm and on brief. Our audience asked for a sequel."],
  ],
};

/** Seeds the reviewers, their completed orders and their reviews once; returns how many reviews were written. */
export async function seedDemoReviews(db: Database, cost: PasswordCost, now = Date.now()): Promise<number> {
  const [{ written } = { written: 0 }] = await db.select({ written: count() }).from(reviews);
  if (written > 0) return 0;
  const titles = Object.keys(WRITTEN);
  const catalogue = await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.title, titles));
  if (!catalogue.length) return 0;
  const prices = await db.select().from(packages).orderBy(asc(packages.productId), asc(packages.position));

  // The reviewers, with an address each (made once; a rerun finds them).
  const people: { id: number; name: string; address: typeof billingAddresses.$inferSelect }[] = [];
  for (const reviewer of REVIEWERS) {
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, reviewer.email)).limit(1);
    if (!user) {
      const password = await hashPassword(crypto.randomUUID(), cost);
      [user] = await db
        .insert(users)
        .values({ name: reviewer.name, email: reviewer.email, passwordHash: password, emailVerifiedAt: new Date(now) })
        .returning({ id: users.id });
    }
    let [address] = await db.select().from(billingAddresses).where(eq(billingAddresses.userId, user!.id)).limit(1);
    if (!address) {
      [address] = await db
        .insert(billingAddresses)
        .values({
          userId: user!.id,
          street: reviewer.street,
          city: reviewer.city,
          state: reviewer.state,
          zipCode: reviewer.zip,
          country: reviewer.country,
          companyName: "company" in reviewer ? reviewer.company : null,
          isDefault: true,
        })
        .returning();
    }
    people.push({ id: user!.id, name: reviewer.name, address: address! });
  }

  let count_ = 0;
  const total = catalogue.reduce((sum, product) => sum + (WRITTEN[product.title]?.length ?? 0), 0);
  for (const product of catalogue) {
    for (const [index, [who, stars, title, body]] of (WRITTEN[product.title] ?? []).entries()) {
      // Each review from its own reviewer (the pool is as large as the reviews): no name reviews twice.
      const person = people[count_ % people.length]!;
      const position = (who + index) % 3;
      const pkg = prices.find((p) => p.productId === product.id && p.position === position) ?? prices.find((p) => p.productId === product.id);
      if (!pkg) continue;
      // Placed between 60 and 12 days ago, spread evenly; completed eight days later and reviewed a
      // day after that: every date before the seed's today.
      const placedAt = now - (60 - Math.floor((48 * count_) / Math.max(1, total))) * DAY;
      const completedAt = placedAt + 8 * DAY;
      const address = {
        street: person.address.street,
        city: person.address.city,
        state: person.address.state,
        zip_code: person.address.zipCode,
        country: person.address.country,
        company_name: person.address.companyName,
        tax_id: person.address.taxId,
      };
      const price = await quoteOrder(db, pkg.amountMinor, 0, { country: address.country, taxId: address.tax_id });
      const intentId = `pi_local_review_${person.id}_${product.id}`;
      const [order] = await db
        .insert(orders)
        .values({
          userId: person.id,
          productId: product.id,
          packageId: pkg.id,
          packagePosition: pkg.position,
          billingAddressId: person.address.id,
          amountMinor: price.totalMinor,
          currency: pkg.currency,
          ...orderPriceColumns(price),
          billingSnapshot: JSON.stringify(billingSnapshot(person.name, address)),
          paymentStatus: "succeeded",
          paymentIntentId: intentId,
          gateway: "local",
          idempotencyKey: `demo-review-order-${product.id}-${person.id}`,
          workStatus: "completed",
          workVersion: 4,
          deliveryDays: pkg.deliveryDays,
          revisionsIncluded: pkg.revisions,
          revisionDays: pkg.revisionDays,
          workStartedAt: new Date(placedAt + DAY),
          firstDeliveredAt: new Date(placedAt + 6 * DAY),
          dueAt: new Date(placedAt + DAY + pkg.deliveryDays * DAY),
          revisionsAllowed: pkg.revisions,
          revisionsUsed: stars < 5 ? Math.min(1, pkg.revisions) : 0,
          createdAt: new Date(placedAt),
          updatedAt: new Date(completedAt),
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      const steps = [
        { from: "awaiting_payment", to: "awaiting_brief", by: "system", at: placedAt, note: "Payment received" },
        { from: "awaiting_brief", to: "in_progress", by: "customer", at: placedAt + DAY, note: "Brief submitted" },
        { from: "in_progress", to: "delivered", by: "admin", at: placedAt + 6 * DAY, note: "Delivered" },
        { from: "delivered", to: "completed", by: "customer", at: completedAt, note: "Approved" },
      ] as const;
      await db.batch([
        db.insert(localPaymentIntents).values({
          id: intentId,
          clientSecret: `${intentId}_secret_demo`,
          amountMinor: price.totalMinor,
          currency: pkg.currency.toLowerCase(),
          status: "succeeded",
          idempotencyKey: `order-${orderId}`,
          metadata: { order_id: String(orderId), user_id: String(person.id) },
          createdAt: new Date(placedAt),
        }),
        ...steps.map((step, i) =>
          db.insert(orderEvents).values({
            orderId,
            version: i + 1,
            actorKind: step.by,
            actorId: step.by === "customer" ? person.id : step.by === "admin" ? 1 : null,
            fromStatus: step.from,
            toStatus: step.to,
            note: step.note,
            createdAt: new Date(step.at),
          }),
        ),
        ...invoiceNumberStatements(db, orderId, new Date(placedAt)),
        db.insert(reviews).values({
          orderId,
          productId: product.id,
          userId: person.id,
          reviewerName: reviewerNameOf(person.name),
          packageName: packageName(pkg.position),
          // Those who bought for a company chose to name it.
          reviewerCountry: address.country,
          reviewerCompany: address.company_name,
          rating: stars,
          title,
          body,
          createdAt: new Date(completedAt + DAY),
        }),
      ]);
      count_++;
    }
  }
  // Each product's figures, counted from the reviews just written.
  await db.run(sql`
    INSERT INTO ${productRatings} (product_id, count, sum, stars_1, stars_2, stars_3, stars_4, stars_5, hidden)
    SELECT product_id, count(*), sum(rating), sum(rating = 1), sum(rating = 2), sum(rating = 3), sum(rating = 4), sum(rating = 5), 0
    FROM ${reviews} WHERE hidden_at IS NULL GROUP BY product_id
    ON CONFLICT(product_id) DO UPDATE SET count = excluded.count, sum = excluded.sum, stars_1 = excluded.stars_1, stars_2 = excluded.stars_2,
      stars_3 = excluded.stars_3, stars_4 = excluded.stars_4, stars_5 = excluded.stars_5`);
  return count_;
}
