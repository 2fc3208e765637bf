/**
 * Creators' calls: their account (sign-in, tokens, profile, password), the orders assigned to them
 * (their own view, without the buyer's money or details), and the admins' calls that invite them and
 * assign orders to them.
 */
import {
  ADJUSTMENT_MESSAGES,
  EARNING_STATES,
  LEDGER_KINDS,
  ONBOARDING_LINKS_PER_HOUR,
  PAYOUT_ACCOUNT_STATES,
  PAYOUT_MESSAGES,
  RETRY_MESSAGES,
  STATEMENT_MESSAGES,
} from "~/lib/rules/payouts";
import { STATEMENT_MONTHS_LISTED, STATEMENT_MOVEMENTS_MAX } from "~/lib/rules/statements";
import { SELF_BILLING_MESSAGES, SUPPLIER_KINDS } from "~/lib/rules/self-billing";
import { AcceptAgreementApiSchema } from "~/lib/schemas/self-billing";
import { PayoutAdjustmentSchema } from "~/lib/schemas/payouts";
import { CreatorTaxDetailsSchema, TAX_ENTITIES, TAX_MESSAGES, TAX_SAVED } from "~/lib/schemas/creator-tax";
import { z } from "zod";
import { ChangePasswordSchema, LoginSchema, RefreshTokenSchema } from "~/lib/schemas/auth";
import { DeleteAccountSchema } from "~/lib/schemas/account-deletion";
import { AssignmentSchema, CreatorInvitationSchema, CreatorProfileSchema, PortfolioItemSchema } from "~/lib/schemas/creator";
import { CREATOR_MEDIA_KINDS, PORTFOLIO_PIECES } from "~/lib/rules/media-rules";
import { creatorStatuses, OFFER_STATUSES, PAYOUT_KINDS, PAYOUT_STATUSES } from "../../../../db/schema";
import { OfferDeclineSchema } from "~/lib/schemas/offers";
import { OFFER_DECLINE_REASON_MAX, OFFER_MESSAGES, OFFER_RULE } from "~/lib/rules/offers";
import { WORK_STATUSES } from "~/lib/rules/work-status";
import { CreatorListQuerySchema } from "~/lib/query";
import { CREATORS_RANKING_RULE } from "~/lib/rules/creator-figures";
import {
  ADMIN,
  BriefResponse,
  DeliveryResponse,
  conflict,
  done,
  example,
  invalid,
  JSON_BODY,
  MessageResponse,
  notFound,
  PageMeta,
  OrderEventResponse,
  ok,
  READ,
  refusals,
  RevisionResponse,
  Tokens,
  TOKENS,
  TOO_MANY_ATTEMPTS,
  WRITE,
  type ApiOperation,
} from "./shared";

const CREATOR: ApiOperation["refusals"] = {
  unauthenticated: {
    description: "No valid access token (`error_code: TOKEN_EXPIRED` when it has expired; WWW-Authenticate)",
    message: "Authentication required",
  },
  forbidden: { description: "A customer's or an admin's token", message: "Creator access required" },
};

export const CreatorAccountResponse = example(
  z.object({ id: z.number().int(), name: z.string(), email: z.string(), status: z.enum(creatorStatuses) }).strict(),
  { id: 4, name: "Mara Lind", email: "creator@example.com", status: "active" },
);

export const CreatorProfileResponse = example(
  z
    .object({
      id: z.number().int(),
      name: z.string().describe("The display name customers see"),
      email: z.string(),
      status: z.enum(creatorStatuses),
      slug: z.string().nullable(),
      headline: z.string(),
      bio: z.string(),
      country: z.string().nullable(),
      languages: z.array(z.string()),
      skills: z.array(z.string()).describe("Tag names of the shop"),
      capacity: z.number().int().describe("Orders at once, 1 to 20"),
      away_until: z.string().nullable().describe("YYYY-MM-DD: away until that day's end; null when available"),
      suspended_reason: z.string().nullable().describe("The statement of reasons while suspended"),
      created_at: z.string(),
    })
    .strict(),
  {
    id: 4,
    name: "Mara Lind",
    email: "creator@example.com",
    status: "active",
    slug: "mara-lind",
    headline: "3D product films with soft light",
    bio: "Ten years of product animation.",
    country: "SE",
    languages: ["English", "Swedish"],
    skills: ["3d", "product"],
    capacity: 4,
    away_until: null,
    suspended_reason: null,
    created_at: "2026-04-01T09:30:00.000Z",
  },
);

const Earning = z
  .object({
    amount_minor: z
      .number()
      .int()
      .describe("In the currency's minor units: the share of the net price (after discount and refunds, before tax), rounded half up"),
    currency: z.string(),
    share_basis_points: z.number().int().describe("The creator's share (7000 = 70%): the creator's own rate, else the product's, else the shop's"),
  })
  .strict();

const CreatorOrderFields = {
  id: z.number().int(),
  product: z.object({ id: z.number().int(), title: z.string(), image: z.string().nullable() }).strict(),
  package_index: z.number().int(),
  work_status: z.enum(WORK_STATUSES),
  due_at: z.string().nullable(),
  revisions_allowed: z.number().int(),
  revisions_used: z.number().int(),
  delivery_days: z.number().int(),
  revision_days: z.number().int(),
  starts_at: z.string().nullable(),
  work_started_at: z.string().nullable(),
  created_at: z.string(),
  assigned_at: z.string().nullable(),
  customer: z
    .object({ first_name: z.string(), last_initial: z.string().nullable(), company: z.string().nullable(), country: z.string().nullable() })
    .strict()
    .describe("The buyer as a creator may know them: never their email, address or tax id"),
  unread_messages: z.number().int(),
  earns: Earning.nullable().describe("What the creator earns on the order (its rate fixed when it was assigned)"),
};
const CREATOR_ORDER = {
  id: 42,
  product: { id: 2, title: "3D product film", image: "/media/products/2/cover.webp" },
  package_index: 1,
  work_status: "in_progress",
  due_at: "2026-04-12T08:30:00.000Z",
  revisions_allowed: 2,
  revisions_used: 0,
  delivery_days: 10,
  revision_days: 3,
  starts_at: null,
  work_started_at: "2026-04-02T08:30:00.000Z",
  created_at: "2026-04-01T09:30:00.000Z",
  assigned_at: "2026-04-02T09:00:00.000Z",
  customer: { first_name: "Ada", last_initial: "L", company: "Analytical Ltd", country: "GB" },
  unread_messages: 1,
  earns: { amount_minor: 48930, currency: "GBP", share_basis_points: 7000 },
};
export const CreatorOrderResponse = example(z.object(CreatorOrderFields).strict(), CREATOR_ORDER);
export const CreatorOrderDetailResponse = example(
  z
    .object({
      ...CreatorOrderFields,
      brief: BriefResponse.nullable(),
      events: z.array(OrderEventResponse),
      deliveries: z.array(DeliveryResponse),
      revisions: z.array(RevisionResponse),
      messages: z.array(MessageResponse),
    })
    .strict(),
  { ...CREATOR_ORDER, brief: null, events: [], deliveries: [], revisions: [], messages: [] },
);

export const CreatorOrdersQuery = z
  .object({
    status: z.enum(["in_progress", "revision_requested", "delivered", "completed"]).default("in_progress"),
    after: z
      .string()
      .max(60)
      .regex(/^[01]:(\d{1,15}|-):\d{1,15}:\d{1,12}$/, "after must be the next_after of the page before")
      .optional(),
    limit: z.coerce.number().int().min(1, "limit must be between 1 and 50").max(50, "limit must be between 1 and 50").default(20),
  })
  .strict();

const PORTFOLIO_ITEM = {
  id: 31,
  kind: "piece",
  url: "/media/creators/4/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0.webp",
  content_type: "image/webp",
  size: 482_113,
  title: "Bottle turntable, soft light",
};
export const PortfolioItemResponse = example(
  z
    .object({
      id: z.number().int(),
      kind: z.enum(CREATOR_MEDIA_KINDS),
      url: z.string().describe("Public: /media/creators/{id}/…; stills also at …w{160|320|480|640|960}.{avif|webp}"),
      content_type: z.string(),
      size: z.number().int(),
      title: z.string().describe("A piece's caption; empty for none"),
    })
    .strict(),
  PORTFOLIO_ITEM,
);
export const PortfolioResponse = example(
  z.object({ avatar: PortfolioItemResponse.nullable(), showreel: PortfolioItemResponse.nullable(), pieces: z.array(PortfolioItemResponse) }).strict(),
  { avatar: null, showreel: null, pieces: [PORTFOLIO_ITEM] },
);
const TaxDetailsResponse = example(
  z
    .object({
      entity: z.enum(TAX_ENTITIES),
      legal_name: z.string(),
      date_of_birth: z.string().nullable().describe("A person's, YYYY-MM-DD"),
      company_number: z.string().nullable().describe("A company's"),
      taxpayer_id: z.string(),
      vat_number: z.string().nullable(),
      street: z.string(),
      city: z.string(),
      state: z.string().nullable(),
      zip_code: z.string().nullable(),
      country: z.string(),
      kept_until: z.string().nullable().describe("Set when the account was erased: the details are kept until then (ten years)"),
      updated_at: z.string(),
    })
    .strict(),
  {
    entity: "individual",
    legal_name: "Mara Lind",
    date_of_birth: "1990-04-21",
    company_number: null,
    taxpayer_id: "19900421-1234",
    vat_number: null,
    street: "Storgatan 1",
    city: "Stockholm",
    state: null,
    zip_code: "111 22",
    country: "SE",
    kept_until: null,
    updated_at: "2026-12-01T10:00:00.000Z",
  },
);

const at = z.string().nullable();
export const CreatorExportResponse = example(
  z
    .object({
      format_version: z.literal(1).describe("Changes when a field changes meaning or goes"),
      exported_at: z.string(),
      account: z
        .object({
          id: z.number().int(),
          name: z.string(),
          email: z.string(),
          status: z.enum(creatorStatuses),
          slug: z.string().nullable(),
          headline: z.string(),
          bio: z.string(),
          country: z.string().nullable(),
          languages: z.array(z.string()),
          skills: z.array(z.string()),
          capacity: z.number().int(),
          away_until: at,
          created_at: z.string(),
          activated_at: at,
          suspended_at: at,
          suspended_reason: z.string().nullable(),
        })
        .strict(),
      portfolio: PortfolioResponse,
      tax_details: TaxDetailsResponse.nullable(),
      self_billing: z
        .object({
          agreement: z.object({ text: z.string(), accepted_at: z.string(), ended_at: z.string().nullable() }).strict().nullable(),
          invoices: z.array(
            z
              .object({
                number: z.string(),
                month: z.string(),
                currency: z.string(),
                total_minor: z.number().int(),
                tax_minor: z.number().int(),
                issued_at: z.string(),
              })
              .strict(),
          ),
        })
        .strict(),
      products: z.array(z.object({ id: z.number().int(), title: z.string(), lead: z.boolean() }).strict()),
      orders: z
        .array(z.object({ id: z.number().int(), product: z.string(), work_status: z.enum(WORK_STATUSES), assigned_at: at, due_at: at }).strict())
        .describe("The orders assigned to the creator, without the buyer's details"),
      messages: z.array(z.object({ order_id: z.number().int(), body: z.string(), created_at: z.string() }).strict()),
      comments: z.array(
        z.object({ order_id: z.number().int(), delivery_id: z.number().int(), at_frame: z.number().int(), text: z.string(), created_at: z.string() }).strict(),
      ),
    })
    .strict(),
  {
    format_version: 1,
    exported_at: "2026-04-20T10:00:00.000Z",
    account: {
      id: 4,
      name: "Mara Lind",
      email: "creator@example.com",
      status: "active",
      slug: "mara-lind",
      headline: "3D product films",
      bio: "",
      country: "SE",
      languages: ["English"],
      skills: ["3d"],
      capacity: 4,
      away_until: null,
      created_at: "2026-04-01T09:30:00.000Z",
      activated_at: "2026-04-01T10:00:00.000Z",
      suspended_at: null,
      suspended_reason: null,
    },
    portfolio: { avatar: null, showreel: null, pieces: [] },
    tax_details: null,
    self_billing: { agreement: null, invoices: [] },
    products: [{ id: 2, title: "3D product film", lead: true }],
    orders: [{ id: 42, product: "3D product film", work_status: "completed", assigned_at: "2026-04-02T09:00:00.000Z", due_at: "2026-04-12T08:30:00.000Z" }],
    messages: [{ order_id: 42, body: "The first cut is up.", created_at: "2026-04-08T09:00:00.000Z" }],
    comments: [],
  },
);

const SUSPENDED_CREATOR: ApiOperation["refusals"] = {
  forbidden: { description: "A suspended creator's token", message: "Your creator account is suspended" },
};

const ORDER_NOT_FOUND = notFound("Not assigned to this creator (or no such order)", "Order not found");

const CreatorOfferResponse = example(
  z
    .object({
      id: z.number().int(),
      order_id: z.number().int(),
      product: z.string(),
      package: z.string(),
      brief: z.string().nullable().describe("What the video is for, in the buyer's words"),
      due_at: z.string().nullable().describe("When the work is due (it counts from the start of work, whoever accepts)"),
      expires_at: z.string().describe("Unanswered by then, the offer passes to the next creator"),
      status: z.enum(OFFER_STATUSES),
      earns: Earning.describe("What the creator earns if they make it"),
    })
    .strict(),
  {
    id: 7,
    order_id: 42,
    product: "3D Logo Reveal",
    package: "Simple reveal",
    brief: "A five-second reveal of our new mark for the conference screens.",
    due_at: "2026-04-11T09:30:00.000Z",
    expires_at: "2026-04-02T09:30:00.000Z",
    status: "waiting",
    earns: { amount_minor: 10430, currency: "GBP", share_basis_points: 7000 },
  },
);

export const CreatorPayoutsQuery = z
  .object({
    after: z.coerce.number().int("after must be the next_after of the page before").min(1, "after must be the next_after of the page before").optional(),
    limit: z.coerce.number().int().min(1, "limit must be between 1 and 50").max(50, "limit must be between 1 and 50").default(20),
  })
  .strict();

const LedgerRowResponse = example(
  z
    .object({
      id: z.number().int(),
      kind: z.enum(LEDGER_KINDS),
      order_id: z.number().int().nullable(),
      product: z.string().nullable(),
      amount_minor: z.number().int().describe("Signed as the creator's balance moves: an earning +, a transfer −"),
      currency: z.string(),
      available_at: z.string().nullable().describe("An earning: when its clearance ends and it may be paid"),
      state: z
        .enum(EARNING_STATES)
        .nullable()
        .describe(
          "An earning (or an adjustment in the creator's favour): held until available_at, then ready; waiting (the payout account cannot be paid yet), on_its_way, paid, failed (an admin retries), or set_off against what was owed",
        ),
      note: z
        .string()
        .nullable()
        .describe(
          "An admin's adjustment: the reason they gave; a transfer or reversal made in the studio's settlement currency: what was sent (\"Sent as £63.20\")",
        ),
      created_at: z.string(),
    })
    .strict(),
  {
    id: 12,
    kind: "earning",
    order_id: 42,
    product: "3D Logo Reveal",
    amount_minor: 10430,
    currency: "GBP",
    available_at: "2026-04-19T09:30:00.000Z",
    state: "held",
    note: null,
    created_at: "2026-04-12T09:30:00.000Z",
  },
);

const BalanceResponse = z
  .object({
    currency: z.string(),
    held_minor: z.number().int().describe("Earnings whose clearance is not over"),
    ready_minor: z.number().int().describe("Cleared and not yet sent (less anything taken back)"),
    on_its_way_minor: z.number().int().describe("Transfers sent to the payout account and not yet confirmed"),
    paid_minor: z.number().int().describe("Transferred to the creator's payout account (less reversals)"),
  })
  .strict();

export const PayoutAccountResponse = example(
  z
    .object({
      state: z.enum(PAYOUT_ACCOUNT_STATES).describe("none, incomplete (onboarding not finished), enabled, or disabled (the provider needs more)"),
      provider: z.enum(["local", "stripe"]).nullable(),
      payouts_enabled: z.boolean(),
      requirements_due: z.array(z.string()).describe("What the provider still needs (its requirement names)"),
      waiting_because: z.string().nullable().describe("Why earnings wait, in plain words; null when they are paid as they clear"),
      held_reason: z.string().nullable().describe("An admin's hold on the creator's payouts"),
    })
    .strict(),
  {
    state: "incomplete",
    provider: "stripe",
    payouts_enabled: false,
    requirements_due: ["external_account", "individual.verification.document"],
    waiting_because: PAYOUT_MESSAGES.incomplete,
    held_reason: null,
  },
);

const AdminPayoutsRow = example(
  z
    .object({
      creator_id: z.number().int(),
      creator: z.string(),
      currency: z.string(),
      held_minor: z.number().int(),
      due_minor: z.number().int().describe("Cleared: waiting for the next run, or for the creator's payout account or a hold's release"),
      on_its_way_minor: z.number().int(),
      paid_minor: z.number().int(),
      failed_minor: z.number().int(),
      account: z.enum(["none", "incomplete", "enabled"]),
      held_reason: z.string().nullable(),
    })
    .strict(),
  {
    creator_id: 3,
    creator: "Mara Lind",
    currency: "GBP",
    held_minor: 69930,
    due_minor: 0,
    on_its_way_minor: 0,
    paid_minor: 84000,
    failed_minor: 0,
    account: "enabled",
    held_reason: null,
  },
);

const FailedPayoutResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(PAYOUT_KINDS).describe("A transfer may be retried; a reversal unconfirmed for 20 hours is looked up at the provider"),
    creator_id: z.number().int(),
    creator: z.string(),
    order_id: z.number().int().nullable(),
    amount_minor: z.number().int(),
    currency: z.string(),
    failure: z.string().nullable(),
    attempts: z.number().int(),
    updated_at: z.string(),
  })
  .strict();

const AdjustmentResponse = example(
  z
    .object({
      id: z.number().int().describe("The ledger row"),
      creator_id: z.number().int(),
      creator: z.string(),
      amount_minor: z.number().int().describe("Signed: owed to the creator +, taken from them −"),
      currency: z.string(),
      reason: z.string(),
      admin: z.string().nullable(),
      created_at: z.string(),
    })
    .strict(),
  {
    id: 311,
    creator_id: 3,
    creator: "Mara Lind",
    amount_minor: -1250,
    currency: "GBP",
    reason: "Stock footage bought for order #1042, agreed with the creator",
    admin: "Studio Admin",
    created_at: "2026-12-07T10:00:00.000Z",
  },
);

const StatementMovementResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    order_id: z.number().int().nullable(),
    product: z.string().nullable(),
    amount_minor: z.number().int().describe("Signed as the creator's balance moves"),
    note: z.string().nullable().describe("An adjustment's reason; a movement made in the settlement currency: what moved"),
    created_at: z.string(),
  })
  .strict();

const SelfBilledInvoiceResponse = z
  .object({
    id: z.number().int(),
    document: z.enum(["invoice", "credit_note"]).describe("A credit note when the month's supplies were negative (refunds of work billed before)"),
    number: z.string().describe("The creator's own sequence: SB-{creator id}-{0001…}"),
    sequence: z.number().int(),
    creator_id: z.number().int(),
    month: z.string(),
    currency: z.string(),
    total_minor: z
      .number()
      .int()
      .describe("The month's earnings, clawbacks and adjustments: what the studio pays for the supply, tax included; the sum of the lines"),
    tax_minor: z.number().int().describe("The tax within the total, at the rate the operator's rules give the creator"),
    net_minor: z.number().int(),
    rate_basis_points: z.number().int(),
    tax_name: z.string(),
    tax_note: z.string().nullable().describe("The rule's words: a reverse charge, no VAT, the output tax due"),
    supplier: z
      .object({
        kind: z.enum(SUPPLIER_KINDS),
        name: z.string(),
        address: z.string(),
        country: z.string(),
        vat_number: z.string().nullable(),
        company_number: z.string().nullable(),
      })
      .strict()
      .describe("The creator, from their tax details as they were at issue"),
    customer: z.object({ name: z.string(), address: z.string(), tax_id: z.string().nullable() }).strict().describe("The studio"),
    agreement_accepted_at: z.string(),
    issued_at: z.string(),
    lines: z.array(StatementMovementResponse),
    truncated: z.boolean(),
  })
  .strict();

const StatementResponse = example(
  z
    .object({
      month: z.string(),
      from: z.string().describe("The month's start (UTC), inclusive"),
      to: z.string().describe("The next month's start (UTC), exclusive"),
      creator: z.object({ id: z.number().int(), name: z.string() }).strict(),
      studio: z.object({ name: z.string(), address: z.string(), tax_id: z.string().nullable() }).strict(),
      currencies: z.array(
        z
          .object({
            currency: z.string(),
            opening_minor: z.number().int(),
            earned_minor: z.number().int(),
            paid_minor: z.number().int().describe("Transfers less reversals"),
            clawed_back_minor: z.number().int(),
            adjusted_minor: z.number().int(),
            closing_minor: z.number().int().describe("opening_minor plus every movement of the month"),
            movements: z.array(StatementMovementResponse),
            truncated: z.boolean().describe(`More than ${STATEMENT_MOVEMENTS_MAX} movements: the list is cut, the totals are whole`),
          })
          .strict(),
      ),
      self_billed_invoices: z
        .array(SelfBilledInvoiceResponse)
        .describe("Under the creator's self-billing agreement, once the month has closed: their invoice to the studio per currency billed"),
    })
    .strict(),
  {
    month: "2026-11",
    from: "2026-11-01T00:00:00.000Z",
    to: "2026-12-01T00:00:00.000Z",
    creator: { id: 3, name: "Mara Lind" },
    studio: { name: "Reelcraft Studio Ltd", address: "1 Studio Lane, Leeds LS1 1AA, United Kingdom", tax_id: "GB123456789" },
    currencies: [
      {
        currency: "GBP",
        opening_minor: 0,
        earned_minor: 84000,
        paid_minor: 84000,
        clawed_back_minor: 0,
        adjusted_minor: 0,
        closing_minor: 0,
        movements: [
          { id: 41, kind: "earning", order_id: 42, product: "3D Logo Reveal", amount_minor: 84000, note: null, created_at: "2026-11-03T10:00:00.000Z" },
          { id: 57, kind: "transfer", order_id: 42, product: "3D Logo Reveal", amount_minor: -84000, note: null, created_at: "2026-11-10T10:30:00.000Z" },
        ],
        truncated: false,
      },
    ],
    self_billed_invoices: [],
  },
);

const AgreementResponse = example(
  z
    .object({
      offered_text: z.string().nullable().describe("The operator's current agreement; null: self-billing is not offered"),
      accepted: z
        .object({ text: z.string(), accepted_at: z.string(), ended_at: z.string().nullable(), last_month: z.string().nullable() })
        .strict()
        .nullable()
        .describe("What the creator accepted, and when it ended (the last month issued under it)"),
      active: z.boolean(),
      text_changed: z.boolean().describe("The operator's text differs from the one accepted: accepting again takes the new one"),
      has_tax_details: z.boolean().describe("Acceptance needs the creator's tax details"),
    })
    .strict(),
  {
    offered_text: "Self-billing agreement between Reelcraft Studio Ltd and you…",
    accepted: {
      text: "Self-billing agreement between Reelcraft Studio Ltd and you…",
      accepted_at: "2026-09-02T10:00:00.000Z",
      ended_at: null,
      last_month: null,
    },
    active: true,
    text_changed: false,
    has_tax_details: true,
  },
);

const PayoutResponse = example(
  z
    .object({
      id: z.number().int(),
      kind: z.enum(PAYOUT_KINDS),
      status: z.enum(PAYOUT_STATUSES),
      creator_id: z.number().int(),
      order_id: z.number().int().nullable(),
      amount_minor: z.number().int().nullable(),
      currency: z.string(),
      sent_amount_minor: z
        .number()
        .int()
        .nullable()
        .describe(
          "Made in the studio's settlement currency (the creator's account cannot take `currency`): what moved, at the rate the order's charge settled at",
        ),
      sent_currency: z.string().nullable(),
      attempts: z.number().int(),
      external_id: z.string().nullable(),
      failure: z.string().nullable(),
    })
    .strict(),
  {
    id: 7,
    kind: "transfer",
    status: "paid",
    creator_id: 3,
    order_id: 42,
    amount_minor: 84000,
    currency: "GBP",
    sent_amount_minor: null,
    sent_currency: null,
    attempts: 2,
    external_id: "tr_1Q0example",
    failure: null,
  },
);

const OfferAnswerResponse = example(z.object({ order_id: z.number().int() }).strict(), { order_id: 42 });

const CreatorFiguresResponse = z
  .object({
    completed: z.number().int().describe("Orders completed while assigned to them"),
    completed_last_12_months: z.number().int(),
    on_time_percent: z.number().int().nullable().describe("Share of their measured orders first delivered within the promised days; null: none measured"),
    rating: z.object({ average: z.number().nullable().describe("Of the shown reviews of their orders, to one decimal"), count: z.number().int() }).strict(),
    is_new: z.boolean().describe('Fewer than 5 completed orders: shown as "New creator", without figures'),
  })
  .strict();

const CREATOR_CARD = {
  id: 3,
  slug: "mira-okafor",
  display_name: "Mira Okafor",
  avatar_url: "https://shop.example/media/creators/3/avatar.webp",
  country: "GB",
  country_name: "United Kingdom",
  headline: "3D product films and turntables",
  skills: ["3d", "product"],
  available: true,
  figures: { completed: 24, completed_last_12_months: 19, on_time_percent: 96, rating: { average: 4.8, count: 17 }, is_new: false },
};

export const CreatorCardResponse = example(
  z
    .object({
      id: z.number().int(),
      slug: z.string(),
      display_name: z.string(),
      avatar_url: z.string().nullable().describe("Absolute URL"),
      country: z.string().nullable(),
      country_name: z.string().nullable(),
      headline: z.string(),
      skills: z.array(z.string()).describe("The shop's tags they work in"),
      available: z.boolean().describe("false while they are away"),
      figures: CreatorFiguresResponse,
    })
    .strict(),
  CREATOR_CARD,
);

export const PublicCreatorResponse = example(
  CreatorCardResponse.extend({
    bio: z.string(),
    languages: z.array(z.string()),
    away_until: z.string().nullable().describe("YYYY-MM-DD, while away"),
    showreel: z.object({ url: z.string(), content_type: z.string() }).strict().nullable(),
    portfolio: z.array(z.object({ id: z.number().int(), url: z.string(), content_type: z.string(), title: z.string() }).strict()),
    products: z.array(z.object({ id: z.number().int(), title: z.string(), image_url: z.string().nullable(), lead: z.boolean() }).strict()),
    reviews: z.array(
      z
        .object({
          id: z.number().int(),
          rating: z.number().int(),
          title: z.string().nullable(),
          body: z.string(),
          reviewer_name: z.string(),
          product_id: z.number().int(),
          created_at: z.string(),
        })
        .strict(),
    ),
    joined_at: z.string(),
  }).strict(),
  {
    ...CREATOR_CARD,
    bio: "I light and animate products for launches.",
    languages: ["English"],
    away_until: null,
    showreel: { url: "https://shop.example/media/creators/3/showreel.mp4", content_type: "video/mp4" },
    portfolio: [{ id: 9, url: "https://shop.example/media/creators/3/turntable.mp4", content_type: "video/mp4", title: "Headphones turntable" }],
    products: [{ id: 2, title: "3D product film", image_url: "https://shop.example/media/products/2/cover.jpg", lead: true }],
    reviews: [
      {
        id: 5,
        rating: 5,
        title: "Spot on",
        body: "Exactly the film we needed.",
        reviewer_name: "Ada L.",
        product_id: 2,
        created_at: "2026-10-01T09:00:00.000Z",
      },
    ],
    joined_at: "2026-05-02T10:00:00.000Z",
  },
);

export const CREATORS_CALLS = [
  {
    method: "GET",
    path: "/creators",
    summary: `The shop's creators, with their kept figures. ${CREATORS_RANKING_RULE}`,
    auth: "public",
    query: CreatorListQuerySchema,
    responses: { 200: { description: "A page of creators", schema: ok(z.array(CreatorCardResponse), { meta: PageMeta }) } },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "country must be a two-letter country code" } }),
  },
  {
    method: "GET",
    path: "/creators/{slug}",
    summary: "A creator's public profile: figures, showreel and portfolio, the products they make on sale, the latest reviews of their work",
    auth: "public",
    responses: { 200: { description: "The creator", schema: ok(PublicCreatorResponse) } },
    refusals: refusals(READ, notFound("No such creator, or one not shown to the public", "Creator not found")),
  },
  {
    method: "POST",
    path: "/creator/sign_in",
    summary: "Sign in as a creator",
    auth: "public",
    body: { schema: LoginSchema, wrapper: "session", example: { email: "creator@example.com", password: "your-password" } },
    responses: {
      200: { description: "Signed in", schema: ok(z.object({ creator: CreatorAccountResponse, ...Tokens }).strict(), { message: "Signed in successfully" }) },
    },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      { unauthenticated: { description: "Invalid email or password (WWW-Authenticate)", message: "Invalid email or password" } },
      invalid("Invalid input", "Invalid email or password", ["Password must be at least 6 characters"]),
      { throttled: "Too many attempts (Retry-After)" },
    ),
  },
  {
    method: "POST",
    path: "/creator/refresh_token",
    summary: "Exchange a creator's refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema, example: { refresh_token: TOKENS.refresh_token }, invalidAnswer: { malformed: "refresh_token is required" } },
    responses: { 200: { description: "A new pair", schema: ok(z.object(Tokens).strict()) } },
    refusals: refusals(WRITE, JSON_BODY, { malformed: "No refresh_token", unauthenticated: "Invalid or expired refresh token (WWW-Authenticate)" }),
  },
  {
    method: "DELETE",
    path: "/creator/sign_out",
    summary: "Sign the creator out everywhere",
    auth: "creator",
    responses: { 200: { description: "Signed out", schema: done("Signed out successfully") } },
    refusals: refusals(WRITE, CREATOR),
  },
  {
    method: "GET",
    path: "/creator/me",
    summary: "The signed-in creator's profile (a suspended creator reads the statement of reasons here)",
    auth: "creator",
    responses: { 200: { description: "The profile", schema: ok(CreatorProfileResponse) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "PUT",
    path: "/creator/me",
    summary: "Change the creator's profile, capacity and away date (skills are the shop's tags)",
    auth: "creator",
    body: {
      schema: CreatorProfileSchema,
      wrapper: "creator",
      example: {
        name: "Mara Lind",
        headline: "3D product films",
        bio: "Ten years of product animation.",
        country: "SE",
        languages: ["English"],
        skills: ["3d"],
        capacity: 4,
        away_until: null,
      },
    },
    responses: { 200: { description: "Updated", schema: ok(CreatorProfileResponse, { message: "Profile updated successfully" }) } },
    refusals: refusals(WRITE, CREATOR, JSON_BODY, invalid("Invalid input", "Profile update failed", ["Capacity must be a whole number from 1 to 20"]), {
      not_found: { description: "A suspended creator (their profile is the admins' to change)", message: "Creator not found" },
    }),
  },
  {
    method: "GET",
    path: "/creator/me/export",
    summary:
      "Everything the shop keeps about the signed-in creator (account and profile, portfolio, products credited to them, their orders without the buyer's details, what they wrote): GDPR arts. 15 and 20",
    auth: "creator",
    responses: { 200: { description: "The creator's data", schema: ok(CreatorExportResponse) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "DELETE",
    path: "/creator/me",
    summary:
      'Delete the signed-in creator\'s account (GDPR art. 17), the password asked again: profile, portfolio and sign-ins erased at once; their messages and comments stay on their orders as "Former creator"; which orders they made stays for payment and tax records; a confirmation emailed',
    auth: "creator",
    body: {
      schema: DeleteAccountSchema,
      wrapper: "creator",
      example: { current_password: "your-password" },
      invalidAnswer: { invalid: "Account deletion failed" },
    },
    responses: { 200: { description: "Deleted", schema: done("Your account has been deleted.") } },
    refusals: refusals(
      WRITE,
      CREATOR,
      JSON_BODY,
      invalid("Invalid input, or a wrong current password", "Current password is incorrect", ["Current password is incorrect"]),
      conflict(
        "An order assigned to the creator is still being made",
        "Orders #42 are still being made by you: deliver them, or ask the studio to reassign them, before deleting your account.",
      ),
      { throttled: "Too many wrong current passwords (Retry-After)" },
    ),
  },
  {
    method: "PUT",
    path: "/creator/change_password",
    summary: "Change the creator's password (under `creator` or unwrapped); every session and token ends",
    auth: "creator",
    body: {
      schema: ChangePasswordSchema,
      wrapper: "creator",
      alternatives: [null],
      example: { current_password: "your-password", password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
    },
    responses: { 200: { description: "Changed", schema: done("Password changed successfully. Please sign in again.") } },
    refusals: refusals(WRITE, CREATOR, JSON_BODY, invalid("Invalid input", "Current password is incorrect", ["Current password is incorrect"]), {
      throttled: TOO_MANY_ATTEMPTS,
    }),
  },
  {
    method: "GET",
    path: "/creator/orders",
    summary: "The orders assigned to the creator in one status, due dates first; `after` is the page before's `next_after`",
    auth: "creator",
    query: CreatorOrdersQuery,
    responses: {
      200: {
        description: "A page of the creator's orders, and how many they have in each status",
        schema: ok(z.array(CreatorOrderResponse), {
          meta: z.object({ next_after: z.string().nullable(), counts: z.record(z.number().int()), limit: z.number().int() }).strict(),
        }),
      },
    },
    refusals: refusals(READ, CREATOR, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "GET",
    path: "/creator/orders/{id}",
    summary: "An order assigned to the creator: their view of it, its brief, timeline, versions, revisions and thread",
    auth: "creator",
    responses: { 200: { description: "The order", schema: ok(CreatorOrderDetailResponse) } },
    refusals: refusals(READ, CREATOR, ORDER_NOT_FOUND),
  },
  {
    method: "GET",
    path: "/creator/portfolio",
    summary: `The creator's avatar, showreel and portfolio pieces (at most ${PORTFOLIO_PIECES}), in their order`,
    auth: "creator",
    responses: { 200: { description: "The portfolio", schema: ok(PortfolioResponse) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "POST",
    path: "/creator/portfolio",
    summary:
      "Add an upload sent in parts (purpose creator_media) as the avatar (a still), the showreel (a video) or a piece (either): checked like product media; a new avatar or showreel replaces the old",
    auth: "creator",
    body: {
      schema: PortfolioItemSchema,
      wrapper: "portfolio_item",
      example: { kind: "piece", upload_id: "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0", title: "Bottle turntable" },
    },
    responses: { 201: { description: "Added", schema: ok(PortfolioItemResponse, { message: "Added to your portfolio" }) } },
    refusals: refusals(
      WRITE,
      CREATOR,
      SUSPENDED_CREATOR,
      JSON_BODY,
      invalid("Not the creator's finished upload, a type the place does not take, or too large", "Invalid input", [
        "reel.mov is not a supported showreel: use an MP4 or WebM video.",
      ]),
      conflict(`The portfolio already has ${PORTFOLIO_PIECES} pieces`, `Your portfolio has ${PORTFOLIO_PIECES} pieces: remove one before adding another.`),
    ),
  },
  {
    method: "DELETE",
    path: "/creator/portfolio/{id}",
    summary: "Remove an item of the creator's portfolio (its files leave storage)",
    auth: "creator",
    responses: { 200: { description: "Removed", schema: done("Removed from your portfolio") } },
    refusals: refusals(WRITE, CREATOR, SUSPENDED_CREATOR, notFound("Not one of the creator's items", "Portfolio item not found")),
  },
  {
    method: "GET",
    path: "/creator/offers",
    summary: `Work offered to the creator and waiting for their answer, soonest to expire first. ${OFFER_RULE}`,
    auth: "creator",
    responses: { 200: { description: "The offers waiting for an answer", schema: ok(z.array(CreatorOfferResponse)) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "GET",
    path: "/creator/payouts",
    summary: "The creator's money: balances per currency and the ledger's movements newest first; `after` is the page before's `next_after`",
    auth: "creator",
    query: CreatorPayoutsQuery,
    responses: {
      200: {
        description: "A page of the creator's ledger, and their balances",
        schema: ok(z.array(LedgerRowResponse), {
          meta: z
            .object({ balances: z.array(BalanceResponse), account: PayoutAccountResponse, next_after: z.number().int().nullable(), limit: z.number().int() })
            .strict(),
        }),
      },
    },
    refusals: refusals(READ, CREATOR, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "GET",
    path: "/creator/tax_details",
    summary: "The creator's tax details (null until given): who the studio pays, for its records and the yearly platform reports",
    auth: "creator",
    responses: { 200: { description: "The tax details", schema: ok(TaxDetailsResponse.nullable()) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "PUT",
    path: "/creator/tax_details",
    summary:
      "Give or change the creator's tax details, all at once: a person gives a date of birth, a company its company number. Seen by the creator and the studio's admins only; kept ten years after the account is erased",
    auth: "creator",
    body: {
      schema: CreatorTaxDetailsSchema,
      wrapper: "tax_details",
      example: {
        entity: "individual",
        legal_name: "Mara Lind",
        date_of_birth: "1990-04-21",
        taxpayer_id: "19900421-1234",
        street: "Storgatan 1",
        city: "Stockholm",
        zip_code: "111 22",
        country: "SE",
      },
    },
    responses: { 200: { description: "Saved", schema: ok(TaxDetailsResponse, { message: TAX_SAVED }) } },
    refusals: refusals(WRITE, CREATOR, JSON_BODY, invalid("A field missing or malformed", "Invalid input", [TAX_MESSAGES.dateOfBirth])),
  },
  {
    method: "GET",
    path: "/admin/creators/{id}/tax_details",
    summary: "A creator's tax details (null until given), for the studio's records",
    auth: "admin",
    responses: { 200: { description: "The tax details", schema: ok(TaxDetailsResponse.nullable()) } },
    refusals: refusals(READ, ADMIN, notFound("No such creator", "Creator not found")),
  },
  {
    method: "GET",
    path: "/creator/statements",
    summary: `The months the creator has statements for, newest first (the last ${STATEMENT_MONTHS_LISTED}), each with its PDF's address on the studio's screens`,
    auth: "creator",
    responses: {
      200: {
        description: "The months",
        schema: ok(
          z.array(
            example(z.object({ month: z.string(), label: z.string(), pdf: z.string() }).strict(), {
              month: "2026-11",
              label: "November 2026",
              pdf: "/studio/payouts/statements/2026-11/statement.pdf",
            }),
          ),
        ),
      },
    },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "GET",
    path: "/creator/statements/{month}",
    summary:
      "The creator's statement for a month (UTC): per currency the opening balance, each movement and the closing balance. The printable page is /studio/payouts/statements/{month}, the PDF /studio/payouts/statements/{month}/statement.pdf",
    auth: "creator",
    responses: { 200: { description: "The statement", schema: ok(StatementResponse) } },
    refusals: refusals(READ, CREATOR, notFound("A malformed month, or one not begun", STATEMENT_MESSAGES.notFound)),
  },
  {
    method: "GET",
    path: "/creator/self_billing_agreement",
    summary: "The self-billing agreement: the operator's text, and whether and when the creator accepted it",
    auth: "creator",
    responses: { 200: { description: "The agreement", schema: ok(AgreementResponse) } },
    refusals: refusals(READ, CREATOR),
  },
  {
    method: "POST",
    path: "/creator/self_billing_agreement",
    summary:
      "Accept the operator's self-billing agreement (again, for a changed text): from this month on the studio issues the creator's invoice for each closed month, numbered in their own sequence",
    auth: "creator",
    body: { schema: AcceptAgreementApiSchema, wrapper: "self_billing_agreement", example: { accept: true } },
    responses: { 200: { description: "Accepted", schema: ok(AgreementResponse, { message: SELF_BILLING_MESSAGES.accepted }) } },
    refusals: refusals(
      WRITE,
      CREATOR,
      JSON_BODY,
      invalid("Not confirmed, or the creator has no tax details yet", "Invalid input", [SELF_BILLING_MESSAGES.taxDetailsFirst]),
      conflict("The studio offers no agreement", SELF_BILLING_MESSAGES.notOffered),
    ),
  },
  {
    method: "DELETE",
    path: "/creator/self_billing_agreement",
    summary: "End the agreement: the months before this one are still issued; from this one on the creator invoices the studio themselves",
    auth: "creator",
    responses: { 200: { description: "Ended", schema: ok(AgreementResponse, { message: SELF_BILLING_MESSAGES.ended }) } },
    refusals: refusals(WRITE, CREATOR, conflict("No agreement running", SELF_BILLING_MESSAGES.notAccepted)),
  },
  {
    method: "POST",
    path: "/creator/payout_account",
    summary:
      "Start or resume setting up the creator's payout account (a suspended creator's too: what they earned stays theirs): opened at Stripe (or the local Connect) on the first call, then a new single-use onboarding link each call; the creator opens `url`, and comes back to /studio/payouts",
    auth: "creator",
    responses: {
      200: {
        description: "The onboarding link and the account as it stands",
        schema: ok(
          example(z.object({ url: z.string(), account: PayoutAccountResponse }).strict(), {
            url: "https://connect.stripe.com/setup/e/acct_1Q0example/AbCdEf",
            account: {
              state: "none",
              provider: "stripe",
              payouts_enabled: false,
              requirements_due: ["external_account"],
              waiting_because: PAYOUT_MESSAGES.incomplete,
              held_reason: null,
            },
          }),
        ),
      },
    },
    refusals: refusals(
      WRITE,
      CREATOR,
      invalid("The creator's profile has no country", PAYOUT_MESSAGES.needsCountry, [PAYOUT_MESSAGES.needsCountry]),
      conflict("The account is already set up: nothing to resume", PAYOUT_MESSAGES.enabled),
      { throttled: { description: `More than ${ONBOARDING_LINKS_PER_HOUR} links in an hour (Retry-After)`, message: PAYOUT_MESSAGES.tooManyLinks } },
    ),
  },
  {
    method: "GET",
    path: "/admin/payouts",
    summary:
      "Creators' payouts per creator and currency (held in clearance, due, on its way, paid (transfers less reversals), failed), their payout accounts and holds, and the payouts that failed",
    auth: "admin",
    responses: {
      200: {
        description: "The payouts",
        schema: ok(z.array(AdminPayoutsRow), { meta: z.object({ failed: z.array(FailedPayoutResponse) }).strict() }),
      },
    },
    refusals: refusals(READ, ADMIN),
  },
  {
    method: "POST",
    path: "/admin/payouts/{id}/retry",
    summary:
      "Retry a failed transfer: sent again at once with a new idempotency key (the provider made nothing on the refused attempt); it waits instead if the creator cannot be paid now",
    auth: "admin",
    responses: { 200: { description: "The payout after the attempt", schema: ok(PayoutResponse) } },
    refusals: refusals(WRITE, ADMIN, notFound("No such payout", RETRY_MESSAGES.notFound), conflict("Not a failed transfer", RETRY_MESSAGES.notFailed)),
  },
  {
    method: "POST",
    path: "/admin/payouts/adjustments",
    summary:
      "Adjust a creator's balance with a reason the creator reads: `amount` is signed in the currency's major units (owed to the creator +, taken from them −); what is owed is paid by a transfer due at once, what is taken is set against their next transfers. The same `key` writes one adjustment: a retry answers the row already written",
    auth: "admin",
    body: {
      schema: PayoutAdjustmentSchema,
      wrapper: "adjustment",
      example: {
        creator_id: 3,
        amount: "-12.50",
        currency: "GBP",
        reason: "Stock footage bought for order #1042, agreed with the creator",
        key: "adj-2026-12-07-0001",
      },
    },
    responses: { 201: { description: "Adjusted", schema: ok(AdjustmentResponse, { message: ADJUSTMENT_MESSAGES.done }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("An amount that is zero, too large or not an amount; no reason; a currency the shop does not take", "Invalid input", [
        "Write why the balance is adjusted (at least 5 characters)",
      ]),
      notFound("No such creator", ADJUSTMENT_MESSAGES.notFound),
      conflict("The key was used for a different adjustment", ADJUSTMENT_MESSAGES.keyReused),
    ),
  },
  {
    method: "POST",
    path: "/creator/offers/{id}/accept",
    summary:
      "Accept an offer: the order becomes the creator's. Exactly once: an offer already answered, expired, or given to someone else meanwhile answers 409",
    auth: "creator",
    responses: { 200: { description: "Accepted", schema: ok(OfferAnswerResponse, { message: OFFER_MESSAGES.accepted }) } },
    refusals: refusals(
      WRITE,
      CREATOR,
      SUSPENDED_CREATOR,
      notFound("Not an offer made to this creator", OFFER_MESSAGES.notFound),
      conflict("Answered, expired, or the order given to someone else meanwhile", OFFER_MESSAGES.expired),
    ),
  },
  {
    method: "POST",
    path: "/creator/offers/{id}/decline",
    summary: "Decline an offer (a reason optional; send `{}` for none): the order is offered to the next creator at once",
    auth: "creator",
    body: { schema: OfferDeclineSchema, wrapper: "decline", alternatives: [null], example: { reason: "Fully booked on a launch this week" } },
    responses: { 200: { description: "Declined", schema: ok(OfferAnswerResponse, { message: OFFER_MESSAGES.declined }) } },
    refusals: refusals(
      WRITE,
      CREATOR,
      SUSPENDED_CREATOR,
      JSON_BODY,
      notFound("Not an offer made to this creator", OFFER_MESSAGES.notFound),
      invalid("A reason too long", "Invalid input", [`A reason is at most ${OFFER_DECLINE_REASON_MAX} characters`]),
      conflict("Answered, expired, or the order given to someone else meanwhile", OFFER_MESSAGES.expired),
    ),
  },
  {
    method: "POST",
    path: "/admin/creators/invitations",
    summary: "Invite a creator by email: a single-use link valid for 7 days (at most 50 invitations a day)",
    auth: "admin",
    body: { schema: CreatorInvitationSchema, wrapper: "invitation", example: { email: "maker@example.com", name: "Mara Lind" } },
    responses: {
      201: {
        description: "Invited",
        schema: ok(
          example(
            z
              .object({
                id: z.number().int(),
                name: z.string(),
                email: z.string(),
                status: z.literal("invited"),
                invited_at: z.string(),
                expires_at: z.string(),
              })
              .strict(),
            {
              id: 12,
              name: "Mara Lind",
              email: "maker@example.com",
              status: "invited",
              invited_at: "2026-04-01T09:30:00.000Z",
              expires_at: "2026-04-08T09:30:00.000Z",
            },
          ),
          { message: "Invitation sent" },
        ),
      },
    },
    refusals: refusals(WRITE, ADMIN, JSON_BODY, invalid("Invalid input", "Invalid input", ["Please enter a valid email address"]), {
      conflict: { description: "The email belongs to a creator who already accepted", message: "A creator with this email already has an account" },
      throttled: "Past the day's 50 invitations (Retry-After)",
    }),
  },
  {
    method: "POST",
    path: "/admin/orders/{id}/assignment",
    summary: "Assign a paid, open order to one of its product's creators, or reassign it (a reason required); on the timeline",
    auth: "admin",
    body: { schema: AssignmentSchema, wrapper: "assignment", example: { creator_id: 4, reason: "Mara has the right style for this brief" } },
    responses: {
      200: {
        description: "Assigned",
        schema: ok(
          example(
            z.object({ order_id: z.number().int(), creator: z.object({ id: z.number().int(), name: z.string() }).strict(), changed: z.boolean() }).strict(),
            { order_id: 42, creator: { id: 4, name: "Mara Lind" }, changed: true },
          ),
          { message: "Order assigned" },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      notFound("No such order", "Order not found"),
      invalid("Not one of the product's creators, one who cannot take work, or a reassignment without a reason", "Choose one of this product's creators", [
        "Choose one of this product's creators",
      ]),
      { conflict: { description: "Unpaid, completed or cancelled; or changed meanwhile", message: "A completed or cancelled order cannot be assigned" } },
    ),
  },
] as const satisfies readonly ApiOperation[];
