/**
 * The whole data model, in one place. Money is integer minor units plus an ISO 4217 code;
 * timestamps are epoch milliseconds. Later features only add to this file.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { WORK_STATUSES } from "../app/lib/rules/work-status";
import { LEDGER_KINDS } from "../app/lib/rules/payouts";
import { CREATOR_MEDIA_KINDS } from "../app/lib/rules/media-rules";
import { SUPPLIER_KINDS } from "../app/lib/rules/self-billing";
import type { PackageStage } from "../app/lib/rules/stages";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    /** Access tokens issued before this moment (ms) are refused: set by sign-out and password changes. */
    tokensValidAfter: integer("tokens_valid_after").notNull().default(0),
    /** Wrong passwords in a row (sign-in or password change); a right one resets it. */
    failedPasswordAttempts: integer("failed_password_attempts").notNull().default(0),
    /** No password is checked before this moment (ms): the short, growing delay after repeated wrong ones. */
    passwordLockedUntil: integer("password_locked_until").notNull().default(0),
    /** When the customer opened the confirmation link sent to their email; null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_created_at_idx").on(t.createdAt, t.id)],
);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    /** Access tokens issued before this moment (ms) are refused: set by sign-out and password changes. */
    tokensValidAfter: integer("tokens_valid_after").notNull().default(0),
    /** Wrong passwords in a row (sign-in or password change); a right one resets it. */
    failedPasswordAttempts: integer("failed_password_attempts").notNull().default(0),
    /** No password is checked before this moment (ms): the short, growing delay after repeated wrong ones. */
    passwordLockedUntil: integer("password_locked_until").notNull().default(0),
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email)],
);

/** The three kinds of account, each in its own table (users are customers). */
export const accountKinds = ["customer", "admin", "creator"] as const;

export const creatorStatuses = ["invited", "active", "away", "suspended"] as const;
export type CreatorStatus = (typeof creatorStatuses)[number];

/**
 * Creators: the makers admins invite (app/domain/creators). An invited creator has no password yet
 * (an empty hash no password matches) until they open their invitation. `name` is the display name
 * shown to customers; `email` is never shown to them.
 */
export const creators = sqliteTable(
  "creators",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull().default(""),
    createdAt: createdAt(),
    tokensValidAfter: integer("tokens_valid_after").notNull().default(0),
    failedPasswordAttempts: integer("failed_password_attempts").notNull().default(0),
    passwordLockedUntil: integer("password_locked_until").notNull().default(0),
    status: text("status", { enum: creatorStatuses }).notNull().default("invited"),
    /** The public profile's address (`/creators/{slug}`); set when the invitation is accepted. */
    slug: text("slug"),
    headline: text("headline").notNull().default(""),
    bio: text("bio").notNull().default(""),
    /** ISO 3166-1 alpha-2; null until the creator says. */
    country: text("country"),
    /** Languages they work in, as written ("English", "French"): JSON array. */
    languages: text("languages", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The shop's tags they are skilled in (tag names): JSON array. */
    skills: text("skills", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Orders they take at once (1–20). */
    capacity: integer("capacity").notNull().default(3),
    /** Away until this day's end (status `away`); null when available. */
    awayUntil: integer("away_until", { mode: "timestamp_ms" }),
    /** The statement of reasons an admin wrote when suspending, and when. */
    suspendedReason: text("suspended_reason"),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    invitedBy: integer("invited_by"),
    activatedAt: integer("activated_at", { mode: "timestamp_ms" }),
    /** Erased on request: identity gone, what payouts and tax records need kept. */
    erasedAt: integer("erased_at", { mode: "timestamp_ms" }),
    /** When they were last given an order (an accepted offer or an admin's assignment): the offers' rotation. */
    lastAssignedAt: integer("last_assigned_at", { mode: "timestamp_ms" }),
    /** Their share of an order's net price, in basis points (7000 = 70%), where it differs from the product's and the shop's. */
    shareBasisPoints: integer("share_bp"),
    /** An admin holds the creator's payouts (nothing is sent until released): why, when and who. */
    payoutsHeldReason: text("payouts_held_reason"),
    payoutsHeldAt: integer("payouts_held_at", { mode: "timestamp_ms" }),
    payoutsHeldBy: integer("payouts_held_by"),
  },
  (t) => [
    uniqueIndex("creators_email_unique").on(t.email),
    uniqueIndex("creators_slug_unique").on(t.slug),
    index("creators_status_idx").on(t.status, t.createdAt),
  ],
);

/** Browser sessions. `id` is the SHA-256 of the cookie's random value, never the value itself. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: accountKinds }).notNull(),
    subjectId: integer("subject_id").notNull(),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_subject_idx").on(t.kind, t.subjectId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** API refresh tokens, stored hashed and rotated on use (`replacedBy` links the chain). */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind", { enum: accountKinds }).notNull(),
    subjectId: integer("subject_id").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    replacedBy: integer("replaced_by"),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash), index("refresh_tokens_subject_idx").on(t.kind, t.subjectId)],
);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    descriptionHeading: text("description_heading").notNull(),
    description: text("description").notNull(),
    /** JSON array of strings. */
    servicesOffered: text("services_offered", { mode: "json" }).$type<string[]>().notNull(),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    /** When it went on sale; null while it is a draft (never listed, cached, in the sitemap or the public API). */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /** The creators' share of this product's orders, in basis points, where it differs from the shop's. */
    creatorShareBasisPoints: integer("creator_share_bp"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  // The public listing reads the products on sale newest first (a partial index: only those rows); the
  // admin table all of them newest first; the sitemap's lastmod reads the newest update.
  (t) => [
    index("products_on_sale_idx")
      .on(t.createdAt, t.id)
      .where(sql`archived_at IS NULL AND published_at IS NOT NULL`),
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_updated_idx").on(t.updatedAt),
  ],
);

export const mediaKinds = ["image", "video", "thumbnail"] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** Product media: bytes live in R2 under `r2Key`; ordered by `position` within a kind. */
export const productMedia = sqliteTable(
  "product_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("product_media_key_unique").on(t.r2Key), index("product_media_product_idx").on(t.productId, t.kind, t.position)],
);

/** Position 0, 1, 2 is shown as Basic, Standard, Premium. */
export const packages = sqliteTable(
  "packages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    currency: text("currency").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    shortDescription: text("short_description").notNull(),
    /** JSON array of strings. */
    itemsIncluded: text("items_included", { mode: "json" }).$type<string[]>().notNull(),
    /** The package's promises, shown wherever it is sold and copied onto each order bought with it. */
    deliveryDays: integer("delivery_days").notNull().default(7),
    revisions: integer("revisions").notNull().default(2),
    revisionDays: integer("revision_days").notNull().default(3),
    /**
     * The stages it is made in, in order (JSON; app/lib/rules/stages.ts); empty: made in one piece.
     * With stages, `delivery_days` and `revisions` are their sums (migration 0068).
     */
    stages: text("stages", { mode: "json" }).$type<PackageStage[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("packages_product_position_unique").on(t.productId, t.position),
    // The landing page's "from N days": packages by delivery days, read until the first on sale.
    index("packages_delivery_days_idx").on(t.deliveryDays, t.productId),
  ],
);

/**
 * What a package's completed orders measured, kept in the batch of the move that completes each
 * order (never recomputed from all orders): how many, how many were first delivered within the
 * promised days, and the revisions they used. The days from work start to first delivery are
 * counted per day in `package_delivery_days`, from which the median is read.
 */
export const packageFigures = sqliteTable(
  "package_figures",
  {
    packageId: integer("package_id")
      .primaryKey()
      .references(() => packages.id, { onDelete: "cascade" }),
    completed: integer("completed").notNull().default(0),
    onTime: integer("on_time").notNull().default(0),
    revisionsUsed: integer("revisions_used").notNull().default(0),
    /** on_time × 1000 / completed: the dashboard lists the lowest first. */
    onTimePermille: integer("on_time_permille").notNull().default(0),
    /** Raised by every change of the row's figures (migration 0032). */
    version: integer("version").notNull().default(0),
  },
  (t) => [
    index("package_figures_below_promise_idx")
      .on(t.onTimePermille, t.packageId)
      .where(sql`completed >= 5`),
  ],
);

/** Completed orders of a package by whole days from work start to first delivery (the last bucket holds every longer one). */
export const packageDeliveryDays = sqliteTable(
  "package_delivery_days",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    days: integer("days").notNull(),
    orders: integer("orders").notNull().default(0),
    /** Raised by every change of the row's count (migration 0032). */
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.days] })],
);

export const tags = sqliteTable(
  "tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("tags_name_unique").on(t.name)],
);

export const productTags = sqliteTable(
  "product_tags",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    /**
     * The product's `created_at` while it is on sale, null otherwise: kept by triggers on products and
     * product_tags (migration 0027), so a tag's listing pages by index, newest first, reading only its page.
     */
    listedAt: integer("listed_at"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index("product_tags_listing_idx").on(t.tagId, t.listedAt, t.productId)],
);

/** Who makes a product: its creators, one of them the lead. A product without any is made by the studio. */
export const productCreators = sqliteTable(
  "product_creators",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    lead: integer("lead", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.creatorId] }), index("product_creators_creator_idx").on(t.creatorId)],
);

/**
 * Each creator's figures from their own work, kept by triggers (migration 0047) as the rows change,
 * never typed in: orders completed while assigned to them, of those the ones measured (started and
 * delivered) and delivered on time, and the shown reviews of those orders (count and sum of stars).
 * `recentCompleted` counts the completions in the twelve calendar months from `windowFrom`
 * ("YYYY-MM") through the current month; the scheduled run moves the window on each month. Every
 * creator has a row from their invitation on (a trigger), so the public list reads these in rank order.
 */
export const creatorFigures = sqliteTable(
  "creator_figures",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id, { onDelete: "cascade" }),
    completed: integer("completed").notNull().default(0),
    measured: integer("measured").notNull().default(0),
    onTime: integer("on_time").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** rating_sum × 100 / rating_count (0 without reviews): the list's second key. */
    ratingRank: integer("rating_rank").notNull().default(0),
    recentCompleted: integer("recent_completed").notNull().default(0),
    windowFrom: text("window_from").notNull().default(""),
    /** Copied from the creator by triggers (migration 0048): shown to the public (active or away, with a profile, not erased), and their country; the list's indexes lead with them. */
    shown: integer("shown", { mode: "boolean" }).notNull().default(false),
    country: text("country"),
    /** Raised by every change of the row's figures: the reconciliation repairs only a figure that has not moved. */
    version: integer("version").notNull().default(0),
  },
  (t) => [
    // The public list's order (completed in the last 12 months, then rating), of everyone shown and by country.
    index("creator_figures_rank_idx").on(t.shown, sql`recent_completed DESC`, sql`rating_rank DESC`, t.creatorId),
    index("creator_figures_country_rank_idx").on(t.shown, t.country, sql`recent_completed DESC`, sql`rating_rank DESC`, t.creatorId),
    // Rows whose window the scheduled run has not yet moved to this month.
    index("creator_figures_window_idx").on(t.windowFrom),
  ],
);

/** Each creator's completed orders by calendar month of completion (UTC, "YYYY-MM"), kept with creator_figures. */
export const creatorMonths = sqliteTable(
  "creator_months",
  {
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    completed: integer("completed").notNull().default(0),
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.month] })],
);

export { CREATOR_MEDIA_KINDS as creatorMediaKinds, type CreatorMediaKind } from "../app/lib/rules/media-rules";

/**
 * A creator's avatar, showreel and portfolio pieces: bytes in R2 under `creators/{id}/…` (served
 * publicly, like product media), ordered by `position` among the pieces.
 */
export const creatorMedia = sqliteTable(
  "creator_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CREATOR_MEDIA_KINDS }).notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** A piece's caption (empty for none). */
    title: text("title").notNull().default(""),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("creator_media_key_unique").on(t.r2Key), index("creator_media_creator_idx").on(t.creatorId, t.kind, t.position)],
);

export const OFFER_STATUSES = ["waiting", "accepted", "declined", "expired", "withdrawn"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * Work offered to a creator (app/domain/creators/offers.server.ts): one waiting offer an order at
 * most (a partial unique index), each creator offered an order once. `expires_at` is when an
 * unanswered offer passes to the next creator.
 */
export const creatorOffers = sqliteTable(
  "creator_offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("waiting"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    /** The creator's reason for declining (optional). */
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("creator_offers_order_creator_unique").on(t.orderId, t.creatorId),
    uniqueIndex("creator_offers_one_waiting")
      .on(t.orderId)
      .where(sql`status = 'waiting'`),
    index("creator_offers_creator_idx").on(t.creatorId, t.status, t.createdAt),
    index("creator_offers_waiting_idx").on(t.status, t.expiresAt),
  ],
);

/** How work is offered (one row, id 1; admins edit it on /admin/creators): the offer's window and whether offers go out on their own. */
export const offerSettings = sqliteTable("offer_settings", {
  id: integer("id").primaryKey(),
  windowHours: integer("window_hours").notNull().default(24),
  automatic: integer("automatic", { mode: "boolean" }).notNull().default(true),
  /** Where the scheduled run's sweep of unoffered work goes on from (an order id; 0 starts over). */
  sweepAfter: integer("sweep_after").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
});

/** How creators are paid (one row, id 1; the defaults until an admin saves it): the shop's share and the clearance period. */
export const payoutSettings = sqliteTable("payout_settings", {
  id: integer("id").primaryKey(),
  /** The creator's share of an order's net price where neither the creator nor the product sets one, in basis points. */
  defaultShareBasisPoints: integer("default_share_bp").notNull().default(7000),
  /** Days an earning is held after the order completes before it is paid. */
  clearanceDays: integer("clearance_days").notNull().default(7),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
});

/**
 * The creators' ledger: one row per movement of what the studio owes a creator, in integer minor
 * units of the row's currency, signed as the creator's balance moves (an earning +, a transfer −).
 * Balances are sums of rows (app/domain/payouts/ledger.server.ts). An order's earning is written by
 * the trigger that sees it complete (migration 0051), once: its idempotency key is the order's.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    orderId: integer("order_id").references(() => orders.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** An earning: when its clearance ends and it may be paid. */
    availableAt: integer("available_at", { mode: "timestamp_ms" }),
    /** One key per movement that reaches a payment provider (and per earning): a replay finds the row it made. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The provider's id of the transfer or reversal. */
    externalId: text("external_id"),
    /**
     * The order's net price the row's share was taken of (migration 0062): an earning's net (+), a
     * clawback's refund or dispute net (−); so the studio's commission is the sum of bases less the
     * creator's shares. Null on other kinds.
     */
    basisMinor: integer("basis_minor"),
    /** A transfer or reversal made in the studio's settlement currency (the creator's account cannot take the row's): what moved, in that currency. */
    sentAmountMinor: integer("sent_amount_minor"),
    sentCurrency: text("sent_currency"),
    /** An admin's adjustment or hold: why, and who. */
    reason: text("reason"),
    adminId: integer("admin_id").references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_key_unique").on(t.idempotencyKey),
    index("ledger_entries_creator_idx").on(t.creatorId, t.id),
    index("ledger_entries_creator_time_idx").on(t.creatorId, t.createdAt),
    index("ledger_entries_order_idx").on(t.orderId, t.id),
    index("ledger_entries_available_idx")
      .on(t.availableAt)
      .where(sql`kind = 'earning'`),
  ],
);

/**
 * A creator's payout account at the payment provider (a Stripe Connect account, or the local
 * Connect's offline), kept from the provider's answers and `account.updated` events: whether it can
 * receive payouts, what the provider still needs, and why it is disabled (app/domain/payouts/accounts.server.ts).
 */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    accountId: text("account_id").notNull(),
    /** `full`, or `recipient` for a creator outside the studio's country (transfers arrive about a day later). */
    serviceAgreement: text("service_agreement", { enum: ["full", "recipient"] }).notNull(),
    country: text("country").notNull(),
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
    /** What the provider still needs (its requirement names): JSON array. */
    requirementsDue: text("requirements_due", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The provider's code for why payouts are disabled (`requirements.past_due`, `rejected.fraud`, …), or null. */
    disabledReason: text("disabled_reason"),
    /** Onboarding links asked for in the current hour (from `linksWindowAt`): at most ONBOARDING_LINKS_PER_HOUR. */
    linksInWindow: integer("links_in_window").notNull().default(0),
    linksWindowAt: integer("links_window_at", { mode: "timestamp_ms" }),
    /** When the provider said what is kept here (an event's `created`, or when the shop asked): an older event arriving late changes nothing. */
    stateAsOf: integer("state_as_of", { mode: "timestamp_ms" }),
    /** The currencies the account can be paid in (upper case; JSON array); empty: not known, any. */
    currencies: text("currencies", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("payout_accounts_account_unique").on(t.accountId)],
);

/**
 * Each creator's balance per currency, the sum of their ledger rows, kept by the ledger's trigger
 * (migration 0054) so a payout's claim reads one row instead of the creator's history; reconciled
 * with the rows like every kept figure (app/domain/counts/reconcile.server.ts).
 */
export const creatorBalances = sqliteTable(
  "creator_balances",
  {
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    currency: text("currency").notNull(),
    balanceMinor: integer("balance_minor").notNull().default(0),
    /** What reached the creator: their transfers less reversals (migration 0058), kept by the same trigger. */
    paidMinor: integer("paid_minor").notNull().default(0),
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.currency] })],
);

/**
 * Each creator's ledger per currency and month (UTC, `2026-11`), kept by the ledger's trigger
 * (migration 0060) and reconciled with the rows: what the month moved in all (`net_minor`, so a
 * statement's opening balance is the sum of the months before it), and by kind: earnings (and how
 * many), what reached the creator (transfers less reversals), clawbacks and adjustments.
 */
export const creatorLedgerMonths = sqliteTable(
  "creator_ledger_months",
  {
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    currency: text("currency").notNull(),
    month: text("month").notNull(),
    netMinor: integer("net_minor").notNull().default(0),
    earnedMinor: integer("earned_minor").notNull().default(0),
    earnings: integer("earnings").notNull().default(0),
    paidMinor: integer("paid_minor").notNull().default(0),
    clawedBackMinor: integer("clawed_back_minor").notNull().default(0),
    adjustedMinor: integer("adjusted_minor").notNull().default(0),
    /** The sum of the month's bases (earnings' nets less refunds' and disputes' nets): less earned plus clawed back, the studio's commission. */
    basisMinor: integer("basis_minor").notNull().default(0),
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.currency, t.month] }), index("creator_ledger_months_month_idx").on(t.month)],
);

/**
 * A creator's tax details (app/domain/payouts/tax-details.server.ts): who the studio pays, for its
 * records and the platform reports. Seen by the creator and the admins only. Kept after the
 * creator's erasure until `kept_until` (ten years: the records the law asks for), when the rest of
 * the account goes.
 */
export const creatorTaxDetails = sqliteTable(
  "creator_tax_details",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id),
    entity: text("entity", { enum: ["individual", "company"] }).notNull(),
    legalName: text("legal_name").notNull(),
    dateOfBirth: text("date_of_birth"),
    companyNumber: text("company_number"),
    taxpayerId: text("taxpayer_id").notNull(),
    vatNumber: text("vat_number"),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state"),
    zipCode: text("zip_code"),
    country: text("country").notNull(),
    /** Set when the creator's account is erased: these details stay until then, and the scheduled run removes them after. */
    keptUntil: integer("kept_until", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("creator_tax_details_kept_idx")
      .on(t.keptUntil)
      .where(sql`kept_until IS NOT NULL`),
  ],
);

/**
 * The tax on a creator's supply to the studio, as self-billed invoices print it: a rate by the
 * creator's country ("*": any country without its own row) and kind as a supplier (registered for
 * VAT, a business, an individual). The operator's rules, edited at /admin/settings/self-billing.
 */
export const selfBillingRules = sqliteTable(
  "self_billing_rules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    country: text("country").notNull(),
    supplierKind: text("supplier_kind", { enum: SUPPLIER_KINDS }).notNull(),
    /** Basis points: 2000 = 20.00%. */
    rateBasisPoints: integer("rate_bp").notNull(),
    /** Printed on the invoice ("Reverse charge: …"). */
    note: text("note"),
  },
  (t) => [uniqueIndex("self_billing_rules_country_kind_unique").on(t.country, t.supplierKind)],
);

/**
 * A creator's self-billing agreement: the text they accepted and when; ended when they end it.
 * `invoiced_through` is the last month the scheduled run has issued their invoices for.
 */
export const selfBillingAgreements = sqliteTable(
  "self_billing_agreements",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id),
    agreementText: text("agreement_text").notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    /** The last month (`2026-11`) issued under the agreement: the month before its end. Null while it runs. */
    lastMonth: text("last_month"),
    /** The last month (`2026-11`) the scheduled run issued this creator's invoices for. */
    invoicedThrough: text("invoiced_through").notNull(),
  },
  (t) => [index("self_billing_agreements_invoiced_idx").on(t.invoicedThrough)],
);

/**
 * A self-billed invoice: the creator's invoice to the studio for a closed month's supplies in one
 * currency, issued by the studio under the creator's agreement, numbered in the creator's own
 * sequence (`SB-12-0003`). Written once, by a conditional insert; the details of both sides as they
 * were at issue. The lines are the month's ledger rows (immutable), which sum to `total_minor`.
 */
export const selfBilledInvoices = sqliteTable(
  "self_billed_invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    number: integer("number").notNull(),
    month: text("month").notNull(),
    currency: text("currency").notNull(),
    /** The month's earnings, clawbacks and adjustments: what the studio pays for the supply, tax included. */
    totalMinor: integer("total_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    rateBasisPoints: integer("rate_bp").notNull(),
    taxName: text("tax_name").notNull(),
    taxNote: text("tax_note"),
    supplierKind: text("supplier_kind", { enum: SUPPLIER_KINDS }).notNull(),
    supplierName: text("supplier_name").notNull(),
    supplierAddress: text("supplier_address").notNull(),
    supplierCountry: text("supplier_country").notNull(),
    supplierVatNumber: text("supplier_vat_number"),
    supplierCompanyNumber: text("supplier_company_number"),
    customerName: text("customer_name").notNull(),
    customerAddress: text("customer_address").notNull(),
    customerTaxId: text("customer_tax_id"),
    agreementAcceptedAt: integer("agreement_accepted_at", { mode: "timestamp_ms" }).notNull(),
    /** The last ledger row it bills (migration 0065): its lines are the month's rows up to it, so they always sum to the total. */
    lastEntryId: integer("last_entry_id"),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("self_billed_invoices_number_unique").on(t.creatorId, t.number),
    uniqueIndex("self_billed_invoices_month_unique").on(t.creatorId, t.month, t.currency),
    index("self_billed_invoices_issued_idx").on(t.issuedAt),
  ],
);

export const PAYOUT_KINDS = ["transfer", "reversal"] as const;
/**
 * `scheduled` (in clearance, or a clawback to settle), `blocked` (the creator cannot be paid yet: no
 * payout account, payouts disabled, or held by an admin), `pending` (claimed, the provider called),
 * `paid`, `failed` (the provider refused: an admin may retry), `offset` (nothing to move: the amount
 * was set against what the creator owes, or the clawback against what is not yet paid).
 */
export const PAYOUT_STATUSES = ["scheduled", "blocked", "pending", "paid", "failed", "offset"] as const;

/**
 * Money that leaves the studio for a creator or comes back: one transfer per earning, one reversal
 * attempt per clawback. Written by the ledger's triggers with the movement it settles (migration
 * 0052) and moved by the scheduled run in conditional writes (app/domain/payouts/transfers.server.ts);
 * the ledger's `transfer` and `reversal` rows are written only once the provider has answered.
 */
export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: PAYOUT_KINDS }).notNull(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    orderId: integer("order_id").references(() => orders.id),
    /** The earning it pays, or the clawback it recovers. */
    entryId: integer("entry_id")
      .notNull()
      .references(() => ledgerEntries.id),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    /** What was sent (fixed when claimed); null until then. */
    amountMinor: integer("amount_minor"),
    currency: text("currency").notNull(),
    /**
     * What moved at the provider when the creator's account cannot take `currency`: the amount in the
     * studio's settlement currency, converted at the rate the order's charge settled at.
     */
    sentAmountMinor: integer("sent_amount_minor"),
    sentCurrency: text("sent_currency"),
    /** When it may be sent (an earning's clearance end). */
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    /** The provider call's key: one per attempt, a new one only after the provider refused the last. */
    idempotencyKey: text("idempotency_key"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    /** When this attempt was first claimed (a re-send keeps it): past a provider's memory of keys, a claim is not sent again blindly. */
    firstClaimedAt: integer("first_claimed_at", { mode: "timestamp_ms" }),
    externalId: text("external_id"),
    /** The provider's message when it refused, or why the payout waits. */
    failure: text("failure"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("payouts_entry_unique").on(t.kind, t.entryId),
    index("payouts_creator_idx").on(t.creatorId, t.status),
    index("payouts_order_idx").on(t.orderId),
    index("payouts_due_idx")
      .on(t.dueAt)
      .where(sql`status = 'scheduled'`),
    index("payouts_pending_idx")
      .on(t.claimedAt)
      .where(sql`status = 'pending'`),
  ],
);

/** The local Connect's accounts (app/domain/payouts/local-connect.server.ts): Stripe's connected accounts, offline. */
export const localConnectAccounts = sqliteTable(
  "local_connect_accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    country: text("country").notNull(),
    /** `pending` until its onboarding page is completed (`enabled`) or its verification failed (`unverified`, and onboarding may be resumed). */
    state: text("state", { enum: ["pending", "enabled", "unverified"] }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** What the account has paid out to its bank, per currency (JSON object of minor units). */
    paidOut: text("paid_out", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("local_connect_accounts_key_unique").on(t.idempotencyKey)],
);

/** The local Connect's single-use onboarding links. */
export const localConnectLinks = sqliteTable("local_connect_links", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  returnUrl: text("return_url").notNull(),
  refreshUrl: text("refresh_url").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

/** The local Connect's transfers and their reversals, keyed like Stripe's. */
export const localConnectTransfers = sqliteTable(
  "local_connect_transfers",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["transfer", "reversal"] }).notNull(),
    accountId: text("account_id").notNull(),
    /** A reversal's transfer. */
    transferId: text("transfer_id"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    transferGroup: text("transfer_group"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("local_connect_transfers_key_unique").on(t.idempotencyKey), index("local_connect_transfers_account_idx").on(t.accountId)],
);

export const billingAddresses = sqliteTable(
  "billing_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    street: text("street").notNull(),
    /** The second line (a flat, a building); optional. */
    street2: text("street_2"),
    /** Empty where the country's addresses have none (~/lib/rules/address-rules.ts), as are state and zip code. */
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** A business buyer's name, printed on its invoices. */
    companyName: text("company_name"),
    /** A business buyer's VAT or tax number (checked against its country's format, ~/lib/rules/tax-id.ts). */
    taxId: text("tax_id"),
    createdAt: createdAt(),
  },
  (t) => [index("billing_addresses_user_idx").on(t.userId, t.isDefault, t.id)],
);

export const paymentStatuses = ["initiated", "pending", "succeeded", "completed", "failed", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    packagePosition: integer("package_position").notNull(),
    billingAddressId: integer("billing_address_id").references(() => billingAddresses.id, { onDelete: "set null" }),
    /** The total charged: subtotal − discount + tax (SPEC's `order_amount`). */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** The package's price when ordered. */
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    /** The tax on subtotal − discount, rounded once, half up (app/domain/money/tax-rules.ts). */
    taxMinor: integer("tax_minor").notNull().default(0),
    /** The rate applied, in basis points (2000 = 20.00%). */
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
    /** The billing country whose rule applied (ISO 3166-1 alpha-2). */
    taxCountry: text("tax_country"),
    /** What the invoice says of the tax (e.g. a reverse charge). */
    taxNote: text("tax_note"),
    /** The buyer as invoiced (name, company, address lines, country, tax id; JSON), fixed when the order is made. */
    billingSnapshot: text("billing_snapshot"),
    /** `INV-2026-000001`: given once, in the batch that records the payment's success. */
    invoiceNumber: text("invoice_number"),
    invoiceIssuedAt: integer("invoice_issued_at", { mode: "timestamp_ms" }),
    /** The seller as invoiced (name, address, tax id, the tax's name; JSON), copied from the settings when the number is given. */
    sellerSnapshot: text("seller_snapshot"),
    /** Stripe Tax (STRIPE_TAX=on): the calculation the order was priced with, and the sale it recorded once paid. */
    taxCalculationId: text("tax_calculation_id"),
    taxTransactionId: text("tax_transaction_id"),
    /** Paid with a calculation whose sale Stripe Tax has not recorded yet (set with the invoice's number; app/domain/money/tax-records.server.ts). */
    taxRecordPending: integer("tax_record_pending", { mode: "boolean" }).notNull().default(false),
    /**
     * A business buyer's VAT number as it was checked for this order (app/domain/money/vat-numbers.server.ts):
     * the number, the service, when, its answer and the name, address and reference it gave (JSON); null
     * when the buyer gave no number. The reverse charge applies only when the answer was `valid`.
     */
    vatCheck: text("vat_check"),
    /**
     * The claim of a business buyer whose number did not verify when they paid (VAT was charged):
     * `unverified` until a later check settles it, then `verified` (the VAT went back with a
     * VAT-only credit note, or nothing was owed back) or `lapsed` (still not valid when checks ended).
     */
    vatClaim: text("vat_claim", { enum: ["unverified", "verified", "lapsed"] }),
    /** When the scheduled run next checks an unverified claim (a day after the last check). */
    vatNextCheckAt: integer("vat_next_check_at", { mode: "timestamp_ms" }),
    /** What has gone back so far, and its tax part (the sums of the order's recorded refunds). */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    refundedTaxMinor: integer("refunded_tax_minor").notNull().default(0),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default("initiated"),
    /** The gateway's PaymentIntent id (Stripe `pi_...` or the local gateway's id). */
    paymentIntentId: text("payment_intent_id"),
    gateway: text("gateway", { enum: ["local", "stripe"] })
      .notNull()
      .default("local"),
    /** The customer's consent at checkout to keep the card they pay with, for changes to this order (saved_cards). */
    saveCard: integer("save_card", { mode: "boolean" }).notNull().default(false),
    /** A client-chosen key that makes a replayed "create order" return the same order. */
    idempotencyKey: text("idempotency_key"),
    /** The promotion code whose discount the order carries (its redemption: `promotion_redemptions`). */
    promotionId: integer("promotion_id").references(() => promotions.id),
    /** The work after payment (`~/lib/rules/work-status.ts`); changed only by `fulfilment.server.ts`. */
    workStatus: text("work_status", { enum: WORK_STATUSES }).notNull().default("awaiting_payment"),
    /** Raised by every work move: a move lands only on the version it read. */
    workVersion: integer("work_version").notNull().default(0),
    /** When the studio promised delivery: the brief's submission + the package's delivery days. */
    dueAt: integer("due_at", { mode: "timestamp_ms" }),
    /** The package's promises when bought: days from work start to delivery, revisions included, days per revision. */
    deliveryDays: integer("delivery_days").notNull().default(7),
    revisionsIncluded: integer("revisions_included").notNull().default(3),
    revisionDays: integer("revision_days").notNull().default(3),
    /** Revisions included, fixed at payment (from `revisions_included`) so a later change of the package does not rewrite old orders. */
    revisionsAllowed: integer("revisions_allowed").notNull().default(0),
    /**
     * The package's stages as bought (JSON; app/lib/rules/stages.ts): empty for an order made in one
     * piece. With stages, `due_at` is the current stage's due date and `revisions_allowed` the rounds
     * used so far plus the current stage's own.
     */
    stages: text("stages", { mode: "json" }).$type<PackageStage[]>().notNull().default([]),
    /** The stage in hand (0-based), raised by the move that approves the one before (migration 0069). */
    stage: integer("stage").notNull().default(0),
    /**
     * Sign-off (app/lib/rules/sign-off.ts): how many of the order's named approvers (`order_guests.approver`)
     * must approve a delivery besides the customer; null for every one of them (migration 0071).
     */
    approversRequired: integer("approvers_required"),
    /** A consumer's choice at checkout: start work at once (else it waits out the 14-day cancellation period). */
    startWorkNow: integer("start_work_now", { mode: "boolean" }).notNull().default(true),
    /** When scheduled work moves to production (a submitted brief waits until then). */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    /** When production began, and when the first delivery came: the package's figures are measured from them. */
    workStartedAt: integer("work_started_at", { mode: "timestamp_ms" }),
    firstDeliveredAt: integer("first_delivered_at", { mode: "timestamp_ms" }),
    /** A withdrawal after work started at the customer's request: the studio answers (a proportionate refund) within 3 days. */
    cancellationRequestedAt: integer("cancellation_requested_at", { mode: "timestamp_ms" }),
    cancellationAnsweredAt: integer("cancellation_answered_at", { mode: "timestamp_ms" }),
    /** The customer approved the delivery while their request was open: the request is withdrawn (never refunded). */
    cancellationWithdrawnAt: integer("cancellation_withdrawn_at", { mode: "timestamp_ms" }),
    /**
     * A whole refund that closes the order (a cancellation's, or the first-order guarantee's) is being
     * made: claimed by one conditional write before the gateway is called; approval is refused while
     * it is set. A claim older than CLOSING_REFUND_STALE_MS was left by a run that never finished.
     */
    closingRefundAt: integer("closing_refund_at", { mode: "timestamp_ms" }),
    /**
     * When the newest delivery's review window began (its time plus the days the customer added to
     * it), kept by triggers on order_deliveries (migration 0034): delivered orders complete on their
     * own AUTO_COMPLETE_DAYS after it, found through orders_review_from_idx.
     */
    reviewFromAt: integer("review_from_at", { mode: "timestamp_ms" }),
    revisionsUsed: integer("revisions_used").notNull().default(0),
    /** The newest message of the thread each side has seen (unread counts are the other side's messages after it). */
    customerSeenMessageId: integer("customer_seen_message_id").notNull().default(0),
    studioSeenMessageId: integer("studio_seen_message_id").notNull().default(0),
    /** Set by the timer when a paid order has waited a day for its brief (the studio's reminder flag). */
    briefReminderAt: integer("brief_reminder_at", { mode: "timestamp_ms" }),
    /** The creator assigned to make the order (null: unassigned, the studio's admins hold it), and since when. */
    creatorId: integer("creator_id").references(() => creators.id),
    assignedAt: integer("assigned_at", { mode: "timestamp_ms" }),
    /** The creator's share of the net price, in basis points, fixed when the order is assigned (app/domain/payouts/shares.server.ts). */
    creatorShareBasisPoints: integer("creator_share_bp"),
    /** Set by the timer when an order in production passed its due date (once; the studio is told). */
    overdueAt: integer("overdue_at", { mode: "timestamp_ms" }),
    /** When the order completed (set by the move that completes it, migration 0047): the month its creator is credited in. */
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /** Set when no creator of its product could be offered the order (admins emailed once); cleared by an assignment. */
    offersExhaustedAt: integer("offers_exhausted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    // A creator's workspace: their orders by status, due date first (none last), then newest.
    index("orders_creator_queue_idx").on(t.creatorId, t.workStatus, sql`(due_at IS NULL)`, t.dueAt, sql`created_at DESC`, sql`id DESC`),
    // The lists page by these (newest first): each page's ids are read from the index alone, the
    // work status carried so the queue's "the rest" can skip the studio's current work without the rows.
    index("orders_created_idx").on(t.createdAt, t.id, t.workStatus),
    index("orders_work_status_created_idx").on(t.workStatus, t.createdAt, t.id),
    index("orders_status_idx").on(t.paymentStatus),
    uniqueIndex("orders_payment_intent_unique").on(t.paymentIntentId),
    uniqueIndex("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_invoice_number_unique").on(t.invoiceNumber),
    // The reports read a period's invoices, not the whole table.
    index("orders_invoice_issued_idx").on(t.invoiceIssuedAt),
    index("orders_work_status_idx").on(t.workStatus, t.dueAt),
    // The work queue by due date: per work status, due dates first (none last), then newest; the
    // queue merges a group's statuses from this index, reading only the rows its page shows.
    index("orders_queue_idx").on(t.workStatus, sql`(due_at IS NULL)`, t.dueAt, sql`created_at DESC`, sql`id DESC`),
    // The scheduled run's two timers: scheduled work to start, and cancellation requests left unanswered.
    index("orders_vat_claim_idx")
      .on(t.createdAt)
      .where(sql`vat_claim = 'unverified'`),
    index("orders_vat_next_check_idx")
      .on(t.vatNextCheckAt)
      .where(sql`vat_claim = 'unverified'`),
    index("orders_starts_at_idx")
      .on(t.startsAt)
      .where(sql`work_status = 'scheduled'`),
    index("orders_cancellation_open_idx")
      .on(t.cancellationRequestedAt)
      .where(sql`cancellation_requested_at IS NOT NULL AND cancellation_answered_at IS NULL AND cancellation_withdrawn_at IS NULL`),
    // Work in production not yet flagged overdue, by due date: the overdue timer reads only those it flags
    // (however many orders stay overdue once flagged).
    index("orders_overdue_unflagged_idx")
      .on(t.workStatus, t.dueAt)
      .where(sql`overdue_at IS NULL`),
    // Delivered orders by when their review window began: the auto-completion timer reads only those due.
    index("orders_review_from_idx")
      .on(t.reviewFromAt)
      .where(sql`work_status = 'delivered'`),
    // Started work nobody holds and not yet found nobody free for: the offers' sweep walks only these, by id.
    index("orders_unoffered_idx")
      .on(t.id)
      .where(sql`creator_id IS NULL AND offers_exhausted_at IS NULL AND work_status IN ('in_progress', 'revision_requested')`),
    // The sales Stripe Tax has yet to record: only those rows, however many orders there are.
    index("orders_tax_record_pending_idx")
      .on(t.id)
      .where(sql`tax_record_pending = 1`),
  ],
);

/** The customer's brief of a paid order: submitted once, with the move that starts production. */
export const orderBriefs = sqliteTable("order_briefs", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  purpose: text("purpose").notNull(),
  audience: text("audience"),
  style: text("style"),
  /** Up to five reference URLs, as a JSON array. */
  references: text("references", { mode: "json" }).$type<string[]>().notNull(),
  mustHaves: text("must_haves"),
  /** The customer's wished deadline (YYYY-MM-DD), a wish only: the due date is the package's. */
  deadlineWish: text("deadline_wish"),
  submittedAt: createdAt(),
});

/** What the studio delivered for an order: a note and its files. One per delivering move (its work version). */
export const orderDeliveries = sqliteTable(
  "order_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's work version the delivering move made. */
    version: integer("version").notNull(),
    note: text("note"),
    adminId: integer("admin_id"),
    /** The frame rate the review's timecodes are shown in, as the studio entered it ("25", "23.976"). */
    frameRate: text("frame_rate").notNull().default("25"),
    /** The order's stage it delivers (0-based; 0 for an order made in one piece). */
    stage: integer("stage").notNull().default(0),
    /** Days the customer added to this delivery's review window (at most once an order: REVIEW_EXTENSION_DAYS). */
    reviewExtensionDays: integer("review_extension_days").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_deliveries_order_version_unique").on(t.orderId, t.version)],
);

/** A delivered file, stored privately in R2 under a server-made key (served only to the order's owner and admins). */
export const deliveryFiles = sqliteTable(
  "delivery_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull(),
    r2Key: text("r2_key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    kind: text("kind", { enum: ["video", "image", "document", "audio", "archive"] }).notNull(),
    position: integer("position").notNull(),
    /**
     * `file`: a small file sent with the delivery form, seen at once; `preview`: the video the
     * customer reviews in the browser; `master`: a full-quality file, downloadable only once the
     * customer has approved (admins always).
     */
    role: text("role", { enum: ["file", "preview", "master"] })
      .notNull()
      .default("file"),
  },
  (t) => [uniqueIndex("delivery_files_key_unique").on(t.r2Key), index("delivery_files_delivery_idx").on(t.deliveryId, t.position)],
);

/** A customer's request for changes to a delivery: a note, and comments pinned to moments of its video. */
export const revisionRequests = sqliteTable(
  "revision_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    deliveryId: integer("delivery_id").references(() => orderDeliveries.id, { onDelete: "set null" }),
    version: integer("version").notNull(),
    note: text("note").notNull(),
    createdAt: createdAt(),
    /** Every comment of it became new scope the customer accepted and paid for: its round was given back (once). */
    roundReturnedAt: integer("round_returned_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("revision_requests_order_version_unique").on(t.orderId, t.version)],
);

/**
 * Each decision on a stage of an order made in stages (approve, ask for changes), with who and when:
 * the stage's history. Written with the move it makes (approvals by the timer too, as the shop).
 */
export const stageDecisions = sqliteTable(
  "stage_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The stage (0-based). */
    stage: integer("stage").notNull(),
    /** The order's work version the decision's move made: one decision a move. */
    version: integer("version").notNull(),
    decision: text("decision", { enum: ["approve", "request_changes"] }).notNull(),
    /** Who decided: the customer, the shop's timer, or a named approver (`actor_id` their guest row; "Former guest" once erased). */
    actorKind: text("actor_kind", { enum: ["customer", "system", "guest"] }).notNull(),
    actorId: integer("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stage_decisions_order_version_unique").on(t.orderId, t.version), index("stage_decisions_order_stage_idx").on(t.orderId, t.stage)],
);

/**
 * Sign-offs (app/domain/orders/sign-off.server.ts): each decision the customer or a named approver
 * makes on a delivery that is not a move of the order (an approval while others are still awaited, its
 * withdrawal), and the timer's record of who never answered. Kept as a history: a guest erased with the
 * customer's account leaves `guest_id` null and is shown as "Former guest" (migration 0071). The move
 * that locks a stage and its "changes asked" are `stage_decisions`.
 */
export const stageSignOffs = sqliteTable(
  "stage_sign_offs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The stage (0-based; 0 for an order in one piece). */
    stage: integer("stage").notNull(),
    /** The delivery decided on: a new version asks everyone again. Null once deliveries are erased with the customer's account; `version` stays. */
    deliveryId: integer("delivery_id").references(() => orderDeliveries.id, { onDelete: "set null" }),
    /** Its version number (v1, v2, … across the order). */
    version: integer("version").notNull(),
    signerKind: text("signer_kind", { enum: ["customer", "guest"] }).notNull(),
    guestId: integer("guest_id").references(() => orderGuests.id, { onDelete: "set null" }),
    decision: text("decision", { enum: ["approve", "withdraw", "no_response"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stage_sign_offs_order_delivery_idx").on(t.orderId, t.deliveryId),
    // What `ON DELETE SET NULL` looks up when a delivery or a guest is erased.
    index("stage_sign_offs_delivery_idx").on(t.deliveryId),
    index("stage_sign_offs_guest_idx").on(t.guestId),
  ],
);

/**
 * Change offers (app/domain/orders/change-offers.server.ts): new scope priced by the studio from the
 * frame comment or message that asked for it. A creator's offer above half the order's net price
 * waits for an admin (`pending_approval`) before the customer sees it; an offer open for
 * OFFER_EXPIRY_DAYS without an answer expires (migration 0072).
 */
export const changeOffers = sqliteTable(
  "change_offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => deliveryComments.id, { onDelete: "set null" }),
    messageId: integer("message_id").references(() => orderMessages.id, { onDelete: "set null" }),
    /** The stage it extends (0-based), where the order has stages. */
    stage: integer("stage"),
    description: text("description").notNull(),
    /** Its price before tax, in minor units of the order's currency (tax is decided when it is paid). */
    netMinor: integer("net_minor").notNull(),
    currency: text("currency").notNull(),
    extraDays: integer("extra_days").notNull(),
    status: text("status", { enum: ["pending_approval", "open", "accepted", "declined", "expired"] }).notNull(),
    raisedByKind: text("raised_by_kind", { enum: ["admin", "creator"] }).notNull(),
    raisedById: integer("raised_by_id").notNull(),
    approvedById: integer("approved_by_id"),
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    /** When the customer could first see it (raised, or approved by an admin); it expires OFFER_EXPIRY_DAYS later. */
    offeredAt: integer("offered_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    /** The later payment accepting it makes (claimed while the offer is open; its success accepts the offer, migration 0073). */
    paymentId: integer("payment_id").references(() => orderPayments.id, { onDelete: "set null" }),
    /** When the studio was told of its acceptance (once, whichever path saw the payment succeed first). */
    acceptedToldAt: integer("accepted_told_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("change_offers_order_idx").on(t.orderId),
    index("change_offers_open_expiry_idx").on(t.status, t.expiresAt),
    index("change_offers_payment_idx").on(t.paymentId),
    index("change_offers_comment_idx").on(t.commentId),
  ],
);

export const reviewComments = sqliteTable(
  "review_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    revisionId: integer("revision_id")
      .notNull()
      .references(() => revisionRequests.id, { onDelete: "cascade" }),
    /** Where in the delivered video, in whole seconds. */
    atSeconds: integer("at_seconds").notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("review_comments_revision_idx").on(t.revisionId, t.atSeconds)],
);

/** The thread between a customer and the studio about one order (plain text, shown escaped). */
export const orderMessages = sqliteTable(
  "order_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** `creator`: the order's assigned creator (the studio's side, as an admin is). */
    authorKind: text("author_kind", { enum: ["customer", "admin", "creator"] }).notNull(),
    authorId: integer("author_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_messages_order_idx").on(t.orderId, t.id)],
);

/**
 * A file the customer or the studio attached to the brief or to a message, stored privately in R2
 * under a server-made key (served only to the order's owner and admins).
 */
export const orderAttachments = sqliteTable(
  "order_attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The message it came with; null for the brief's attachments. */
    messageId: integer("message_id").references(() => orderMessages.id, { onDelete: "cascade" }),
    r2Key: text("r2_key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    kind: text("kind", { enum: ["video", "image", "document", "audio", "archive"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_attachments_key_unique").on(t.r2Key), index("order_attachments_order_idx").on(t.orderId, t.messageId)],
);

/**
 * An order's payments: the first made at checkout, later ones for work added to the order (each its
 * own intent, amount, tax, state and invoice). The checkout payment is written through the order's own
 * columns (its `payment_intent_id`, amounts, tax, `payment_status` and `invoice_number`, the order's
 * shape in the API) and copied into its row here, sequence 1, by triggers in the same statement
 * (migration 0066); later payments are written here alone (app/domain/payments/order-payments.server.ts).
 * Every reader of an order's payments (refunds, webhooks, invoices, the reports' kept figures) reads
 * this table. What went back of a payment is the sum of its refunds (order_refunds.payment_id).
 */
export const orderPayments = sqliteTable(
  "order_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1 for the checkout payment, then 2, 3, … in the order they were asked for. */
    sequence: integer("sequence").notNull(),
    /** What the payment is for: the order itself (its package) or a change to it. */
    purpose: text("purpose", { enum: ["order", "change"] })
      .notNull()
      .default("order"),
    /** The invoice line's description of a later payment (the checkout payment's is the product and package). */
    description: text("description"),
    /** The gateway's PaymentIntent id (null until the intent is made). */
    intentId: text("intent_id"),
    gateway: text("gateway", { enum: ["local", "stripe"] })
      .notNull()
      .default("local"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
    taxCountry: text("tax_country"),
    taxNote: text("tax_note"),
    status: text("status", { enum: paymentStatuses }).notNull().default("initiated"),
    /** Its invoice, numbered in the one sequence when the payment succeeded, and the seller as then. */
    invoiceNumber: text("invoice_number"),
    invoiceIssuedAt: integer("invoice_issued_at", { mode: "timestamp_ms" }),
    sellerSnapshot: text("seller_snapshot"),
    /** A later payment's request key: the same key, the same payment. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_payments_sequence_unique").on(t.orderId, t.sequence),
    uniqueIndex("order_payments_intent_unique").on(t.intentId),
    uniqueIndex("order_payments_invoice_unique").on(t.invoiceNumber),
    uniqueIndex("order_payments_key_unique").on(t.orderId, t.idempotencyKey),
    index("order_payments_invoice_issued_idx").on(t.invoiceIssuedAt),
  ],
);

/**
 * Refunds of an order's payment: several partial ones may follow each other, up to what was paid.
 * A row is claimed (`pending`) before the gateway is asked, at most one per order at a time, with an
 * idempotency key per request, so a double click or a retried request refunds once; the provider's
 * `charge.refunded` event finds it already recorded. Each refund done gets a credit note number.
 */
export const orderRefunds = sqliteTable(
  "order_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "succeeded"] }).notNull(),
    /** `refund` (money back, its tax part in proportion) or `vat` (the VAT alone, once the buyer's VAT number verified: no net part). */
    kind: text("kind", { enum: ["refund", "vat"] })
      .notNull()
      .default("refund"),
    /** The gateway's refund id (Stripe `re_...`, or the local gateway's). */
    providerRefundId: text("provider_refund_id"),
    /** The payment refunded (a refund of an order spreads over its payments, newest first, one row each). */
    paymentId: integer("payment_id").references(() => orderPayments.id, { onDelete: "cascade" }),
    /** The tax rate and country of the invoice this refund's credit note corrects (its payment's), copied when it is claimed. */
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
    taxCountry: text("tax_country"),
    amountMinor: integer("amount_minor").notNull(),
    /** The tax part of the amount (app/domain/money/tax-rules.ts `refundTaxPart`), fixed when it is recorded. */
    taxMinor: integer("tax_minor").notNull().default(0),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    /** Who asked: an admin of this shop, or the provider (a refund made in Stripe's dashboard). */
    source: text("source", { enum: ["admin", "provider"] }).notNull(),
    adminId: integer("admin_id"),
    /** The request's key (its `Idempotency-Key`, or one per screen form): the same key, the same refund. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** When the current attempt claimed the refund (a claim left by a crashed request is finished by the next one). */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    /** `CN-2026-000001`: given in the batch that records the refund. */
    creditNoteNumber: text("credit_note_number"),
    /** Stripe Tax: the reversal that records this refund against the order's sale, and whether it is still to be made. */
    taxReversalId: text("tax_reversal_id"),
    taxRecordPending: integer("tax_record_pending", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("order_refunds_key_unique").on(t.orderId, t.idempotencyKey),
    index("order_refunds_payment_idx").on(t.paymentId),
    uniqueIndex("order_refunds_one_pending")
      .on(t.orderId)
      .where(sql`status = 'pending'`),
    uniqueIndex("order_refunds_credit_note_unique").on(t.creditNoteNumber),
    index("order_refunds_status_idx").on(t.status, t.currency),
    // The reports read a period's credit notes, not the whole table.
    index("order_refunds_refunded_idx").on(t.refundedAt),
    index("order_refunds_tax_record_pending_idx")
      .on(t.id)
      .where(sql`tax_record_pending = 1`),
  ],
);

/** Every move of an order's work status: who, when, from, to, why. One row per work version. */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's work version this move made (unique per order: a move is recorded once). */
    version: integer("version").notNull(),
    actorKind: text("actor_kind", { enum: ["customer", "admin", "creator", "system"] }).notNull(),
    actorId: integer("actor_id"),
    fromStatus: text("from_status", { enum: WORK_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: WORK_STATUSES }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_events_order_version_unique").on(t.orderId, t.version)],
);

/** Provider events, keyed by the provider's event id so that a redelivered webhook is applied once. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id),
    type: text("type").notNull(),
    payload: text("payload"),
    createdAt: createdAt(),
  },
  (t) => [index("payment_events_order_idx").on(t.orderId)],
);

/** "Book a demo" requests from the landing page; admins read them. */
export const demoRequests = sqliteTable(
  "demo_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [index("demo_requests_created_idx").on(t.createdAt)],
);

/** Footer newsletter sign-ups: one row per address, however often it is submitted. */
export const newsletterSubscriptions = sqliteTable(
  "newsletter_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscriptions_email_unique").on(t.email)],
);

export type ProductRow = typeof products.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type ProductMediaRow = typeof productMedia.$inferSelect;

/**
 * PaymentIntents of the built-in local gateway (docs/design.md §5), which stands in for Stripe when no
 * keys are set. Mirrors the Stripe fields the app reads.
 */
export const localPaymentIntents = sqliteTable(
  "local_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["requires_payment_method", "requires_action", "processing", "succeeded", "canceled"] }).notNull(),
    lastError: text("last_error"),
    /** The caller's idempotency key: the same key returns the same intent. */
    idempotencyKey: text("idempotency_key").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** Stripe's `customer` and `setup_future_usage: "on_session"`: the card it is paid with is kept for that customer. */
    customerRef: text("customer_ref"),
    saveCard: integer("save_card", { mode: "boolean" }).notNull().default(false),
    /** The card it was paid with (a local payment method). */
    paymentMethodRef: text("payment_method_ref"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("local_payment_intents_idempotency_unique").on(t.idempotencyKey)],
);

/** A customer's record at a payment provider (a Stripe Customer, or the local gateway's), made the first time they save a card. */
export const paymentCustomers = sqliteTable(
  "payment_customers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gateway: text("gateway", { enum: ["local", "stripe"] }).notNull(),
    customerRef: text("customer_ref").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);

/**
 * A card a customer saved with their consent at checkout ("Save this card for changes to this
 * order"): kept at the provider (only its reference, brand, last four digits and expiry here), used
 * only for later payments of that order, with the customer present. Removed by them at any time.
 */
export const savedCards = sqliteTable(
  "saved_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway", { enum: ["local", "stripe"] }).notNull(),
    customerRef: text("customer_ref").notNull(),
    paymentMethodRef: text("payment_method_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_cards_order_unique").on(t.orderId), index("saved_cards_user_idx").on(t.userId, t.id)],
);

/** The local gateway's saved cards (its stand-in for Stripe's PaymentMethods): what a later payment with one does. */
export const localPaymentMethods = sqliteTable("local_payment_methods", {
  id: text("id").primaryKey(),
  customerRef: text("customer_ref"),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  /** The test card's answer to a payment made with it (Stripe's test cards: 4242 succeeds, 3155 asks to authenticate, 0002 is declined). */
  outcome: text("outcome", { enum: ["succeeded", "requires_action", "declined"] }).notNull(),
  detachedAt: integer("detached_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** Refunds of the local gateway, keyed like Stripe's: the same idempotency key returns the same refund. */
export const localRefunds = sqliteTable(
  "local_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("local_refunds_idempotency_unique").on(t.idempotencyKey), index("local_refunds_intent_idx").on(t.intentId)],
);

/**
 * Every email the shop sends, written before it is queued: the outbox the local transport reads
 * (`/admin/emails`) and the record that makes a retried queue job send a message once.
 */
export const emails = sqliteTable(
  "emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** What the message is for (`password_reset`, `password_changed`, …). */
    kind: text("kind").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Extra message headers as a JSON object (the newsletter's `List-Unsubscribe`), or null. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("emails_created_idx").on(t.createdAt)],
);

/**
 * Single-use links sent by email (`email-links.server.ts`): password resets and email confirmations.
 * Only the token's SHA-256 is stored.
 */
export const emailLinks = sqliteTable(
  "email_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    /** `creator_invitation`: an invited creator's link to choose their name and password (7 days). */
    purpose: text("purpose", { enum: ["password_reset", "verify_email", "creator_invitation"] }).notNull(),
    kind: text("kind", { enum: accountKinds }).notNull(),
    subjectId: integer("subject_id").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("email_links_hash_unique").on(t.tokenHash),
    index("email_links_subject_idx").on(t.kind, t.subjectId, t.purpose),
    // Links of a purpose made lately (the invitations' daily cap counts only those).
    index("email_links_purpose_created_idx").on(t.purpose, t.createdAt),
  ],
);

/** Who sells: the studio's details printed on every invoice, and its tax registration. One row (id 1). */
export const shopSettings = sqliteTable("shop_settings", {
  id: integer("id").primaryKey(),
  sellerName: text("seller_name").notNull(),
  sellerAddress: text("seller_address").notNull(),
  /** The studio's VAT number, printed on invoices. */
  sellerTaxId: text("seller_tax_id"),
  /** Where the studio is registered for tax (ISO 3166-1 alpha-2). */
  studioCountry: text("studio_country").notNull(),
  /** What the tax is called on pages and invoices ("VAT"). */
  taxName: text("tax_name").notNull().default("VAT"),
  /** The self-billing agreement creators may accept (the operator's words); null: self-billing is not offered. */
  selfBillingAgreement: text("self_billing_agreement"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
});

export const customerKinds = ["any", "consumer", "business"] as const;
export type CustomerKind = (typeof customerKinds)[number];

/**
 * The shop's own tax rules (when Stripe Tax is off): a rate by the buyer's country ("*": any
 * country without its own row) and kind (a business is a buyer with a tax id). The most specific
 * row applies (app/domain/money/tax-rules.ts).
 */
export const taxRules = sqliteTable(
  "tax_rules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    country: text("country").notNull(),
    customerKind: text("customer_kind", { enum: customerKinds }).notNull(),
    /** Basis points: 2000 = 20.00%. */
    rateBasisPoints: integer("rate_bp").notNull(),
    note: text("note"),
    /** What checkout tells a buyer this rule applies to: why this rate (the operator's words). */
    explanation: text("explanation"),
  },
  (t) => [uniqueIndex("tax_rules_country_kind_unique").on(t.country, t.customerKind)],
);

/** The last number given in each gapless yearly sequence (`INV` invoices, `CN` credit notes). */
export const documentCounters = sqliteTable(
  "document_counters",
  {
    series: text("series", { enum: ["INV", "CN"] }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Promotion codes (app/domain/money/promotions.server.ts): a percentage or a fixed amount in one
 * currency off the package's price, before tax. `code` is kept upper case (codes are read in any
 * case); a code is ended by the admin (inactive, its end set to that moment), never deleted.
 */
export const promotions = sqliteTable(
  "promotions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 3 to 32 letters, digits and dashes, upper case. */
    code: text("code").notNull(),
    /** 1 to 100; or else `amountOffMinor` and `currency`. */
    percentOff: integer("percent_off"),
    amountOffMinor: integer("amount_off_minor"),
    currency: text("currency"),
    /** Every service, or only those in `promotion_products`. */
    allProducts: integer("all_products", { mode: "boolean" }).notNull().default(true),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Redemptions reserved or final at most; null: no cap. */
    maxRedemptions: integer("max_redemptions"),
    oncePerCustomer: integer("once_per_customer", { mode: "boolean" }).notNull().default(false),
    /** Only for a customer with no paid order and no other reserved redemption. */
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotions_code_unique").on(t.code),
    check("promotions_code_upper", sql`${t.code} = upper(${t.code}) AND length(${t.code}) BETWEEN 3 AND 32`),
    check(
      "promotions_one_discount",
      sql`(${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffMinor} IS NULL AND ${t.currency} IS NULL) OR (${t.percentOff} IS NULL AND ${t.amountOffMinor} > 0 AND ${t.currency} IS NOT NULL)`,
    ),
    check("promotions_cap", sql`${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0`),
  ],
);

/** The services a promotion applies to, when it is not for all of them. */
export const promotionProducts = sqliteTable(
  "promotion_products",
  {
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] })],
);

export const redemptionStatuses = ["reserved", "final", "released"] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/**
 * A promotion used by an order: `reserved` in the batch that creates the order (only while the cap,
 * once-per-customer and first-order rules hold), `final` in the batch that records its payment,
 * `released` when the unpaid order is cancelled, expires or is renewed. Reserved and final ones
 * count towards the caps; a refund keeps the redemption final.
 */
export const promotionRedemptions = sqliteTable(
  "promotion_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: redemptionStatuses }).notNull().default("reserved"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotion_redemptions_order_unique").on(t.orderId),
    index("promotion_redemptions_promotion_idx").on(t.promotionId, t.status),
    index("promotion_redemptions_user_idx").on(t.userId, t.status, t.promotionId),
  ],
);

/**
 * A customer's review of a completed order (one per order), shown on the product's page as a
 * verified purchase. Its stars and words are the customer's alone: the studio may answer once and
 * hide a review only for a stated reason (logged); nothing here is typed by the shop.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** Null once the customer's account is erased (the review stays, as "Former customer"). */
    userId: integer("user_id").references(() => users.id),
    /** As shown: the first name and the initial of the last ("Ada L."), fixed when the review is written. */
    reviewerName: text("reviewer_name").notNull(),
    /** The package bought, as named then. */
    packageName: text("package_name").notNull(),
    /** Where the reviewer bought from: the billing country of the order (ISO 3166-1 alpha-2), shown with the name. */
    reviewerCountry: text("reviewer_country"),
    /** The company the order was billed to, shown only where the reviewer chose to name it. */
    reviewerCompany: text("reviewer_company"),
    rating: integer("rating").notNull(),
    title: text("title"),
    body: text("body").notNull(),
    createdAt: createdAt(),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** The studio's one public answer. */
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    /** Hidden by an admin for a stated policy reason (personal data, abuse, off-topic): who, when, why. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenReason: text("hidden_reason", { enum: ["personal_data", "abuse", "off_topic"] }),
    hiddenBy: integer("hidden_by"),
    /** The creator the order was credited to when it completed (set from the order as the review is written): their profile shows it. */
    creatorId: integer("creator_id").references(() => creators.id),
  },
  (t) => [
    uniqueIndex("reviews_order_unique").on(t.orderId),
    // A creator's shown reviews, newest first (their public profile).
    index("reviews_creator_created_idx").on(t.creatorId, t.hiddenAt, t.createdAt, t.id),
    // A product's shown reviews by date and by stars (the page's three orders).
    index("reviews_product_created_idx").on(t.productId, t.hiddenAt, t.createdAt, t.id),
    index("reviews_product_rating_idx").on(t.productId, t.hiddenAt, t.rating, t.createdAt, t.id),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Each product's shown reviews, counted as they are written, edited and hidden (in the same batch as
 * the review): the card and the page read one row, never the reviews themselves. `stars1`…`stars5`
 * are the distribution; `hidden` how many were hidden.
 */
export const productRatings = sqliteTable("product_ratings", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id),
  count: integer("count").notNull().default(0),
  sum: integer("sum").notNull().default(0),
  stars1: integer("stars_1").notNull().default(0),
  stars2: integer("stars_2").notNull().default(0),
  stars3: integer("stars_3").notNull().default(0),
  stars4: integer("stars_4").notNull().default(0),
  stars5: integer("stars_5").notNull().default(0),
  hidden: integer("hidden").notNull().default(0),
  /** Raised by every change of the row's figures (migration 0032): the reconciliation repairs only a figure that has not moved. */
  version: integer("version").notNull().default(0),
});

/**
 * A file on its way into R2 in parts (R2's multipart upload): who sends it, where it goes, its
 * declared size and how it is cut. Its type is read from part 1's first bytes; completion is refused
 * until then. `open` → `completed` → `used` (named by a delivery) or `aborted` (cancelled, refused,
 * or idle for a day: the scheduled run). The binding cannot list an upload's parts, so they are here.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    /** A random UUID, the id clients use. */
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["delivery", "attachment", "product_media", "creator_media"] }).notNull(),
    ownerKind: text("owner_kind", { enum: ["customer", "admin", "creator"] }).notNull(),
    ownerId: integer("owner_id").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    /** What the client said it is; never trusted, kept for support. */
    declaredType: text("declared_type").notNull(),
    /** What part 1's first bytes say it is (null until part 1 has arrived). */
    contentType: text("content_type"),
    kind: text("kind", { enum: ["video", "image", "document", "audio", "archive"] }),
    r2Key: text("r2_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    partSize: integer("part_size").notNull(),
    partCount: integer("part_count").notNull(),
    status: text("status", { enum: ["open", "completed", "used", "aborted"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    /** The last part received or change made: what the scheduled run's idle limit is measured from. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("uploads_key_unique").on(t.r2Key),
    index("uploads_status_updated_idx").on(t.status, t.updatedAt),
    index("uploads_order_idx").on(t.orderId, t.status),
    // An account's open uploads, counted against their limit (uploads.server.ts).
    index("uploads_owner_idx").on(t.ownerKind, t.ownerId, t.status),
  ],
);

/** The parts of an upload R2 has taken: what a resumed upload skips, and what completion names. */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    size: integer("size").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.number] })],
);

/** Who downloaded which master, and when (the studio's record of what was handed over). */
export const masterDownloads = sqliteTable(
  "master_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileId: integer("file_id")
      .notNull()
      .references(() => deliveryFiles.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull(),
    actorKind: text("actor_kind", { enum: ["customer", "admin", "creator"] }).notNull(),
    actorId: integer("actor_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("master_downloads_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * A review comment on one version (delivery) of an order's work: at a frame, or over a range (in
 * and out), with an optional drawing on the frame (vector shapes relative to the frame's size, JSON).
 * Replies name their comment (`parent_id`) and share its frame. The studio resolves a comment; a
 * revision request gathers its version's open comments (`revision_id`).
 */
export const deliveryComments = sqliteTable(
  "delivery_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    authorKind: text("author_kind", { enum: ["customer", "admin", "creator", "guest"] }).notNull(),
    /** The customer's, admin's or guest's id. */
    authorId: integer("author_id").notNull(),
    /** The name shown (a guest's as they gave it; a customer's erased with their account). */
    authorName: text("author_name").notNull(),
    atFrame: integer("at_frame").notNull(),
    endFrame: integer("end_frame"),
    text: text("text").notNull(),
    drawing: text("drawing"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    revisionId: integer("revision_id").references(() => revisionRequests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("delivery_comments_delivery_idx").on(t.deliveryId, t.atFrame, t.id),
    index("delivery_comments_order_idx").on(t.orderId),
    // A comment's replies (a page's comments' replies, and their count).
    index("delivery_comments_parent_idx").on(t.parentId, t.id),
    // An author's comments on a version, counted against their limits (review-comments.server.ts).
    index("delivery_comments_author_idx").on(t.deliveryId, t.authorKind, t.authorId, t.createdAt),
  ],
);

/**
 * A colleague the customer invited to review an order's deliveries: a link (its token stored as a
 * SHA-256 hash) that lets them watch and comment under their name until it expires or is revoked;
 * never approve, ask for changes or download masters.
 */
export const orderGuests = sqliteTable(
  "order_guests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The name they comment under (asked on their first visit). */
    name: text("name"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** Named by the customer as a required approver: their sign-off counts, and their link lives while the order is open (migration 0071). */
    approver: integer("approver", { mode: "boolean" }).notNull().default(false),
    /** When they were first named an approver (and told so by email, once). */
    approverNamedAt: integer("approver_named_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("order_guests_token_unique").on(t.tokenHash),
    index("order_guests_order_idx").on(t.orderId),
    // The invitations sent to one address in a day, across orders (review-guests.server.ts).
    index("order_guests_email_idx").on(t.email, t.createdAt),
  ],
);

/**
 * Counts and sums kept, not counted (ADR 029): each row one figure a page shows, kept by triggers
 * (migrations 0026, 0027) in the statement that changes what it counts, so it is never off by one:
 * - `orders` (key ''): every order; `work_status` and `payment_status` (key the status); `user`
 *   (key the customer's id as text): a customer's orders;
 * - `paid` (key the currency): orders paid (succeeded, completed or refunded), `minor` their amounts;
 *   `refunds` (key the currency): refunds done, `minor` their amounts;
 * - `customers`, `subscribers`, `products` (every product), `on_sale` (key ''); `tag` (key the tag's
 *   id): products on sale with the tag;
 * - `creator_work` (key `{creator_id}:{work_status}`): a creator's orders by status; `creators` (key
 *   ''): creators the public sees; `creator_country` (key the country code), `creator_skill` (key the
 *   skill), `creator_skill_country` (key the skill and the country joined by char(31)): those among them.
 * `npm run`'s reconciliation (app/domain/kept-counts.server.ts) recomputes each from the rows.
 */
export const keptCounts = sqliteTable(
  "kept_counts",
  {
    scope: text("scope", {
      enum: [
        "orders",
        "work_status",
        "payment_status",
        "user",
        "paid",
        "refunds",
        "customers",
        "subscribers",
        "products",
        "on_sale",
        "tag",
        "creator_work",
        "creators",
        "creator_country",
        "creator_skill",
        "creator_skill_country",
      ],
    }).notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
    minor: integer("minor").notNull().default(0),
    /** Raised by every change of the figure (a trigger, migration 0032): the reconciliation repairs only a figure that has not moved. */
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The money reports' figures by day (UTC), currency, tax country and rate: invoices issued and their
 * net sales, discounts and tax; credit notes issued and their refunds and tax. Kept by triggers on
 * orders (when an invoice number is given) and on order_refunds (when a credit note number is given),
 * so a report reads the days of its period, not every invoice.
 */
export const moneyDays = sqliteTable(
  "money_days",
  {
    day: text("day").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    rateBasisPoints: integer("rate_bp").notNull(),
    invoices: integer("invoices").notNull().default(0),
    salesMinor: integer("sales_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    creditNotes: integer("credit_notes").notNull().default(0),
    refundsMinor: integer("refunds_minor").notNull().default(0),
    refundsTaxMinor: integer("refunds_tax_minor").notNull().default(0),
    /** Raised by every change of the row's figures (migration 0032). */
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.country, t.rateBasisPoints] })],
);

/**
 * The reconciliation's scratch rows (app/domain/counts/reconcile.server.ts): for each kept figure
 * (`kind` its table's family, `key` its key parts joined by tabs, numbers padded) its value when the
 * run began (`snapshot`, "n|minor…", null when it had no row) and what the rows add up to (a…h).
 */
export const reconcileChecks = sqliteTable(
  "reconcile_checks",
  {
    /** The run the row belongs to (a run's id, in its cursor): rows of another run are never read. */
    run: text("run").notNull(),
    kind: text("kind", { enum: ["count", "money", "rating", "package", "delivery_days", "creator", "creator_month"] }).notNull(),
    key: text("key").notNull(),
    snapshot: text("snapshot"),
    a: integer("a").notNull().default(0),
    b: integer("b").notNull().default(0),
    c: integer("c").notNull().default(0),
    d: integer("d").notNull().default(0),
    e: integer("e").notNull().default(0),
    f: integer("f").notNull().default(0),
    g: integer("g").notNull().default(0),
    h: integer("h").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.run, t.kind, t.key] })],
);

/**
 * The one reconciliation allowed at a time: its run, the step its next call must carry (a call
 * claims the step by raising it, so a cursor is used once), and when a call last renewed it (idle
 * for RECONCILE_LEASE_MS, another run may take it over).
 */
export const reconcileLease = sqliteTable("reconcile_lease", {
  id: integer("id").primaryKey(),
  run: text("run").notNull(),
  step: integer("step").notNull().default(0),
  renewedAt: integer("renewed_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * What a VAT number's service answered (VIES for EU numbers, HMRC for UK ones, or the local test
 * list), kept for 30 days so checkout and the address book ask again at most once a month per
 * number. Only definite answers are kept (`valid`, `invalid`); a service that could not answer is asked again.
 */
export const vatNumberChecks = sqliteTable("vat_number_checks", {
  /** The number as the address keeps it, country prefix included (`DE206600480`). */
  number: text("number").primaryKey(),
  service: text("service", { enum: ["vies", "hmrc", "local"] }).notNull(),
  result: text("result", { enum: ["valid", "invalid"] }).notNull(),
  checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
  /** The registered name and address the service gave, where it gives them. */
  name: text("name"),
  address: text("address"),
  /** The service's reference for the check (HMRC's consultation number, VIES's request identifier), where it gives one. */
  reference: text("reference"),
});
