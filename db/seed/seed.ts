/**
 * Writes the demo catalogue, demo accounts and the demo customer's orders. Idempotent: accounts are
 * inserted only when their email is free, the catalogue only into an empty product table, media
 * objects only when missing from R2, and orders only for a demo customer who has none. Shared by the seed command (Node) and the integration tests (workerd).
 */
import { and, count, eq, inArray, isNull, like } from "drizzle-orm";
import type { Database } from "../client";
import {
  admins,
  creatorMedia,
  packages,
  productMedia,
  products,
  productTags,
  promotionProducts,
  promotions,
  shopSettings,
  tags,
  taxRules,
  users,
} from "../schema";
import { hashPassword, PRODUCTION_COST, type PasswordCost } from "../../app/auth/password.server";
import { SEED_AVATARS, seedCreators, seedPortfolios } from "./demo-creators";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantKey, variantSourceKey, type VariantFormat, type VariantWidth } from "../../app/lib/media-variants";
import { DEMO_ADMIN, DEMO_CUSTOMER, SEED_PRODUCTS } from "./catalogue";
import { seedDemoOrders } from "./demo-orders";
import { seedSelfBilling } from "./demo-self-billing";
import { seedDemoReviews } from "./demo-reviews";
import { recountPackageFigures } from "../../app/domain/orders/package-figures.server";
import { PACKAGE_PROMISES_BY_POSITION } from "../../app/lib/rules/packages";
import { ANIMATION_STAGES, stagesDays, stagesRevisions } from "../../app/lib/rules/stages";
import { REVERSE_CHARGE_NOTE } from "../../app/domain/money/tax-rules";

const CONTENT_TYPES: Record<string, string> = { jpg: "image/jpeg", mp4: "video/mp4" };
/** The rendered films' frame size (db/seed/render-media.ts): films, posters and stills alike. */
const DIMENSIONS: Record<string, [number, number]> = { image: [960, 540], video: [960, 540], thumbnail: [960, 540] };
/** Seeded products are dated an hour apart, the first newest, so listing order is stable. */
const SEED_EPOCH = Date.UTC(2026, 10, 1, 12);

export type LoadMedia = (file: string) => Promise<Uint8Array>;

export interface SeedResult {
  productsCreated: number;
  accountsCreated: number;
  mediaUploaded: number;
  ordersCreated: number;
  reviewsCreated: number;
  variantsMade: number;
}

/**
 * The studio's details and tax rules, when there are none: an example for a UK-registered studio
 * (GB 20% for everyone; a business outside the UK with a tax id 0%, reverse charge; anyone else the
 * UK rate). The operator sets their own at /admin/settings/tax; this is not tax advice.
 */
export const EXAMPLE_TAX_RULES = [
  {
    country: "GB",
    customerKind: "any",
    rateBasisPoints: 2000,
    note: null,
    explanation: "UK VAT at 20%: the studio is in the UK, and every buyer in the UK pays it, business or not.",
  },
  {
    country: "*",
    customerKind: "business",
    rateBasisPoints: 0,
    note: REVERSE_CHARGE_NOTE,
    explanation:
      "No UK VAT: you are a business outside the UK with a valid VAT or tax number, so you account for any tax in your own country (reverse charge).",
  },
  {
    country: "*",
    customerKind: "any",
    rateBasisPoints: 2000,
    note: null,
    explanation:
      "UK VAT at 20%: the studio is registered for VAT in the UK only. A business pays 0% instead by adding its company name and VAT number to the billing address.",
  },
] as const;

async function seedTaxSettings(db: Database) {
  await db
    .insert(shopSettings)
    .values({
      id: 1,
      sellerName: "Reelcraft Studio Ltd",
      sellerAddress: "1 Canal Street, Manchester M1 3HE, United Kingdom",
      sellerTaxId: "GB246813551",
      studioCountry: "GB",
      taxName: "VAT",
    })
    .onConflictDoNothing();
  const [{ rules } = { rules: 0 }] = await db.select({ rules: count() }).from(taxRules);
  if (rules === 0) await db.insert(taxRules).values([...EXAMPLE_TAX_RULES]);
  // The first migration wrote the example's rows without the words for buyers: the demo gives them
  // theirs, where a row is still the example's and has none.
  else {
    const [first, ...rest] = EXAMPLE_TAX_RULES.map((rule) =>
      db
        .update(taxRules)
        .set({ explanation: rule.explanation })
        .where(
          and(
            eq(taxRules.country, rule.country),
            eq(taxRules.customerKind, rule.customerKind),
            eq(taxRules.rateBasisPoints, rule.rateBasisPoints),
            isNull(taxRules.explanation),
          ),
        ),
    );
    await db.batch([first!, ...rest]);
  }
}

/**
 * `loadVariant` reads the seed images' AVIF/WebP variants (db/seed/media/variants, made by
 * `npm run seed:variants` through the Images binding), so the demo's pages never wait for one;
 * without it (the integration tests' stand-in bytes are no pictures) they are made on first request.
 */
export async function seed(
  db: Database,
  bucket: R2Bucket,
  loadMedia: LoadMedia,
  cost: PasswordCost = PRODUCTION_COST,
  loadVariant?: LoadMedia,
): Promise<SeedResult> {
  await seedTaxSettings(db);
  const accountsCreated = await seedAccounts(db, cost);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
  const productsCreated = total === 0 ? await seedCatalogue(db) : 0;
  const mediaUploaded = await uploadMissingMedia(db, bucket, loadMedia);
  const creatorsCreated = await seedCreators(db, cost);
  const portfolioUploaded = await seedPortfolios(db, bucket, loadMedia);
  const ordersCreated = await seedDemoOrders(db, bucket, loadMedia);
  const reviewsCreated = await seedDemoReviews(db, cost);
  await seedSelfBilling(db);
  // The packages' measured figures, counted from the completed orders just written (kept per order from then on).
  if (ordersCreated + reviewsCreated > 0) await recountPackageFigures(db);
  await seedPromotions(db);
  const variantsMade = loadVariant ? await uploadMissingVariants(db, bucket, loadVariant) : 0;
  return {
    productsCreated,
    accountsCreated: accountsCreated + creatorsCreated,
    mediaUploaded: mediaUploaded + portfolioUploaded,
    ordersCreated,
    reviewsCreated,
    variantsMade,
  };
}

/**
 * The listing's banner promises "up to 20% off" 3D animation videos: LAUNCH20 makes it true, 20% off
 * three of the seeded 3D services. Written once (by its code), with its services added where missing.
 */
export const LAUNCH_PROMOTION = {
  code: "LAUNCH20",
  percentOff: 20,
  products: ["3D Product Launch Animation", "3D Logo Reveal", "Architectural Walkthrough"],
} as const;

async function seedPromotions(db: Database) {
  await db
    .insert(promotions)
    .values({ code: LAUNCH_PROMOTION.code, percentOff: LAUNCH_PROMOTION.percentOff, allProducts: false })
    .onConflictDoNothing({ target: promotions.code });
  const [promotion] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, LAUNCH_PROMOTION.code)).limit(1);
  const services = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.title, [...LAUNCH_PROMOTION.products]));
  if (promotion && services.length)
    await db
      .insert(promotionProducts)
      .values(services.map((service) => ({ promotionId: promotion.id, productId: service.id })))
      .onConflictDoNothing();
}

/** The seed files that get variants: the catalogue's images and video thumbnails, and the creators' avatars. */
export function seedImageFiles(): string[] {
  return [...new Set([...SEED_PRODUCTS.flatMap((p) => [...p.images, ...(p.video ? [p.video.thumbnail] : [])]), ...SEED_AVATARS.map((a) => a.file)])].sort();
}

/** A seed image's variant file name in db/seed/media/variants, e.g. `image-01.jpg.w640.avif`. */
export function seedVariantFile(file: string, width: VariantWidth, format: VariantFormat["ext"]) {
  return variantKey(file, width, format);
}

async function uploadMissingVariants(db: Database, bucket: R2Bucket, loadVariant: LoadMedia): Promise<number> {
  const rows = [
    ...(await db.select({ key: productMedia.r2Key }).from(productMedia)),
    ...(await db.select({ key: creatorMedia.r2Key }).from(creatorMedia).where(like(creatorMedia.r2Key, "creators/%/seed-%"))),
  ];
  let uploaded = 0;
  for (const { key } of rows) {
    if (!key.includes("/seed-") || !variantSourceKey(`/media/${key}`)) continue;
    const file = key.slice(key.indexOf("/seed-") + "/seed-".length);
    for (const width of VARIANT_WIDTHS) {
      for (const format of VARIANT_FORMATS) {
        const target = variantKey(key, width, format.ext);
        if (await bucket.head(target)) continue;
        await bucket.put(target, await loadVariant(seedVariantFile(file, width, format.ext)), { httpMetadata: { contentType: format.mime } });
        uploaded++;
      }
    }
  }
  return uploaded;
}

async function seedAccounts(db: Database, cost: PasswordCost): Promise<number> {
  let created = 0;
  for (const [table, account] of [
    [admins, DEMO_ADMIN],
    [users, DEMO_CUSTOMER],
  ] as const) {
    const existing = await db.select({ id: table.id }).from(table).where(eq(table.email, account.email)).limit(1);
    if (existing.length) continue;
    const values = { name: account.name, email: account.email, passwordHash: await hashPassword(account.password, cost) };
    // The demo customer's address counts as confirmed, so the demo shows the shop without the banner.
    await (table === users ? db.insert(users).values({ ...values, emailVerifiedAt: new Date() }) : db.insert(admins).values(values));
    created++;
  }
  return created;
}

function seedKey(productId: number, file: string) {
  return `products/${productId}/seed-${file}`;
}

async function seedCatalogue(db: Database): Promise<number> {
  const tagNames = [...new Set(SEED_PRODUCTS.flatMap((p) => p.tags))].sort();
  // Explicit ids keep one all-or-nothing batch possible (no ids to read back between statements).
  const tagIds = new Map(tagNames.map((name, i) => [name, i + 1]));
  const statements = [
    db.insert(tags).values(tagNames.map((name) => ({ id: tagIds.get(name)!, name }))),
    ...SEED_PRODUCTS.flatMap((product, index) => {
      const id = index + 1;
      const createdAt = new Date(SEED_EPOCH - index * 3_600_000);
      const media = [
        ...(product.video
          ? [
              { kind: "video" as const, file: product.video.file, position: 0 },
              { kind: "thumbnail" as const, file: product.video.thumbnail, position: 0 },
            ]
          : []),
        ...product.images.map((file, position) => ({ kind: "image" as const, file, position })),
      ];
      return [
        db.insert(products).values({
          id,
          title: product.title,
          descriptionHeading: product.descriptionHeading,
          description: product.description,
          servicesOffered: product.servicesOffered,
          createdAt,
          updatedAt: createdAt,
          publishedAt: createdAt,
        }),
        db.insert(packages).values(
          product.packages.map((p, position) => ({
            productId: id,
            position,
            currency: p.currency,
            amountMinor: Math.round(p.amount * 100),
            shortDescription: p.shortDescription,
            itemsIncluded: p.itemsIncluded,
            // Basic 10 days, 1 revision in 3 days; Standard 7, 2 in 3; Premium 5, 3 in 2. A 3D product's
            // Premium is made in stages (script to final, each approved before the next): it promises
            // their days and revisions.
            ...(staged(product, position)
              ? { deliveryDays: stagesDays(ANIMATION_STAGES), revisions: stagesRevisions(ANIMATION_STAGES), stages: [...ANIMATION_STAGES] }
              : {
                  deliveryDays: PACKAGE_PROMISES_BY_POSITION[position]!.delivery_days,
                  revisions: PACKAGE_PROMISES_BY_POSITION[position]!.revisions,
                }),
            revisionDays: PACKAGE_PROMISES_BY_POSITION[position]!.revision_days,
          })),
        ),
        db.insert(productTags).values(product.tags.map((name) => ({ productId: id, tagId: tagIds.get(name)! }))),
        ...(media.length
          ? [
              db.insert(productMedia).values(
                media.map((m) => ({
                  productId: id,
                  kind: m.kind,
                  r2Key: seedKey(id, m.file),
                  contentType: CONTENT_TYPES[m.file.split(".").pop()!]!,
                  size: 0,
                  width: DIMENSIONS[m.kind]![0],
                  height: DIMENSIONS[m.kind]![1],
                  position: m.position,
                })),
              ),
            ]
          : []),
      ];
    }),
  ];
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
  return SEED_PRODUCTS.length;
}

/** The Premium package of every 3D product is made in stages. */
function staged(product: (typeof SEED_PRODUCTS)[number], position: number): boolean {
  return position === 2 && product.tags.includes("3D Animation");
}

async function uploadMissingMedia(db: Database, bucket: R2Bucket, loadMedia: LoadMedia): Promise<number> {
  const rows = await db
    .select({ id: productMedia.id, key: productMedia.r2Key, contentType: productMedia.contentType, size: productMedia.size })
    .from(productMedia);
  let uploaded = 0;
  for (const row of rows) {
    if (!row.key.includes("/seed-")) continue;
    if (row.size > 0 && (await bucket.head(row.key))) continue;
    const bytes = await loadMedia(row.key.slice(row.key.indexOf("/seed-") + "/seed-".length));
    await bucket.put(row.key, bytes, { httpMetadata: { contentType: row.contentType } });
    await db.update(productMedia).set({ size: bytes.byteLength }).where(eq(productMedia.id, row.id));
    uploaded++;
  }
  return uploaded;
}
