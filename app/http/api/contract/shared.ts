/**
 * What the calls of the contract share: the records and answers they give (strict Zod schemas with
 * examples), the bodies that are not JSON, the kinds of refusal and their notes, and the shape of a
 * declaration (`ApiOperation`). Each resource's calls are declared in a file of their own beside it.
 */
import { z } from "zod";
import { paymentStatuses } from "../../../../db/schema";
import type { RefusalKind } from "~/domain/refusal";
import { WORK_STATUSES } from "~/lib/rules/work-status";
import { MessageSchema } from "~/lib/schemas/message";
import { ProductDetailsSchema } from "~/lib/schemas/product";
import { DeliveryNoteSchema } from "~/lib/schemas/delivery";
import { ATTACHMENT_LIMITS, DELIVERY_LIMITS } from "~/lib/rules/delivery-rules";
import { MEDIA_PER_PRODUCT } from "~/lib/rules/media-rules";
import { type FormLimits } from "../../request-body.server";
import { FRAME_RATES, UPLOAD_PURPOSES } from "~/lib/rules/upload-rules";
import { DrawingSchema } from "~/lib/schemas/review-comment";
import { documented } from "~/lib/schemas/json-schema";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
/**
 * Who may call: nobody in particular, a Bearer token of a customer, an admin or a creator, the
 * studio's side (an admin or a creator), any party to an order's work, a customer or an admin (the
 * buyer's money and details: a creator's token is answered as if the record were not there), or Stripe.
 */
export type ApiAuth =
  "public" | "customer" | "admin" | "creator" | "customer or admin" | "admin or creator" | "customer, admin or creator" | "stripe-signature";

// ----- What the API answers -----

/** Where a product stands for the studio (admin answers). */
export const ProductStatusField = z.enum(["draft", "published", "archived"]).describe("draft: not on sale yet; published: on sale; archived: withdrawn");

export const example = <T extends z.ZodTypeAny>(schema: T, value: unknown) => documented(schema, { examples: [value] });
export const at = (value: string) => example(z.string(), value);

export const USER = { id: 7, name: "Ada Lovelace", email: "ada@example.com", created_at: "2026-04-01T09:30:00.000Z" };
export const UserResponse = example(z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string() }).strict(), USER);
export const AdminResponse = example(z.object({ id: z.number().int(), name: z.string(), email: z.string() }).strict(), {
  id: 1,
  name: "Studio Admin",
  email: "admin@example.com",
});
export const ADDRESS = {
  id: 3,
  street: "1 Market St",
  street_2: "Floor 2",
  city: "Leeds",
  state: "West Yorkshire",
  zip_code: "LS1 1AA",
  country: "GB",
  is_default: true,
  company_name: "Lovelace Analytics Ltd",
  tax_id: "GB246813551",
};
export const AddressResponse = example(
  z
    .object({
      id: z.number().int(),
      street: z.string(),
      street_2: z.string().nullable(),
      city: z.string().describe("Empty where the country's addresses have none"),
      state: z.string().describe("Empty where the country's addresses have none (the United Kingdom, Germany, …)"),
      zip_code: z.string().describe("Empty where the country's addresses have no postcode"),
      country: z.string(),
      is_default: z.boolean(),
      company_name: z.string().nullable(),
      tax_id: z.string().nullable().describe("Upper case, without spaces, dots or dashes; a UK or EU VAT number with its country prefix (GB…, DE…, EL…)"),
    })
    .strict(),
  ADDRESS,
);
export const PACKAGE = {
  id: 4,
  position: 0,
  name: "Basic",
  currency: "USD",
  amount: "499.00",
  amount_minor: 49900,
  short_description: "A 30-second explainer",
  items_included: ["Script", "Voice-over", "1 revision"],
  delivery_days: 10,
  revisions: 1,
  revision_days: 3,
  stages: [],
};
export const PackageResponse = example(
  z
    .object({
      id: z.number().int(),
      position: z.number().int(),
      name: z.string(),
      currency: z.string(),
      amount: z.string().describe('Major units as a decimal string, e.g. "499.00"'),
      amount_minor: z.number().int(),
      short_description: z.string(),
      items_included: z.array(z.string()),
      delivery_days: z.number().int().describe("Days from the start of work to the first delivery"),
      revisions: z.number().int().describe("Revisions included"),
      revision_days: z.number().int().describe("Days the studio takes for each revision"),
      stages: z
        .array(
          z
            .object({
              name: z.string(),
              share: z.number().int().describe("Whole percent of the price"),
              days: z.number().int().describe("Days after the previous stage's approval (the first: after the start of work)"),
              revisions: z.number().int().describe("Revision rounds of this stage"),
            })
            .strict(),
        )
        .describe(
          "The stages the package is made in, each approved before the next; empty: made in one piece (delivery_days and revisions are the stages' sums)",
        ),
    })
    .strict(),
  PACKAGE,
);
export const PRODUCT = {
  id: 2,
  title: "Explainer video",
  description_heading: "Explain your product in 60 seconds",
  description: "A short animated video that explains what you do.",
  services_offered: ["Scriptwriting", "Animation"],
  images: ["https://shop.example/media/products/2/cover.jpg"],
  videos: [],
  video_thumbnail: null,
  packages: [PACKAGE],
  tags: ["animation", "explainer", "2d"],
  created_at: "2026-03-12T10:00:00.000Z",
  rating: { average: 4.8, count: 12 },
  creators: [
    { id: 3, slug: "mira-okafor", display_name: "Mira Okafor", avatar_url: "https://shop.example/media/creators/3/avatar.webp", country: "GB", lead: true },
  ],
};
export const CreatorCreditResponse = z
  .object({
    id: z.number().int(),
    slug: z.string().describe("The public profile's address: /creators/{slug}"),
    display_name: z.string(),
    avatar_url: z.string().nullable().describe("Absolute URL"),
    country: z.string().nullable().describe("ISO 3166-1 alpha-2"),
    lead: z.boolean().describe("The product's lead creator"),
  })
  .strict();
export const ProductResponse = example(
  z
    .object({
      id: z.number().int(),
      title: z.string(),
      description_heading: z.string(),
      description: z.string(),
      services_offered: z.array(z.string()),
      images: z.array(z.string().describe("Absolute URL")),
      videos: z.array(z.string().describe("Absolute URL")),
      video_thumbnail: z.string().nullable(),
      packages: z.array(PackageResponse),
      tags: z.array(z.string()),
      created_at: z.string(),
      rating: z
        .object({
          average: z.number().nullable().describe("The average of the shown verified reviews, to one decimal; null when there are none"),
          count: z.number().int(),
        })
        .strict(),
      creators: z.array(CreatorCreditResponse).describe("Who makes it, the lead first; empty: the studio makes it"),
    })
    .strict(),
  PRODUCT,
);
/** A product as the studio's calls answer it: with where it stands. */
export const AdminProductResponse = example(ProductResponse.extend({ status: ProductStatusField }).strict(), { ...PRODUCT, status: "published" });
export const REVIEW = {
  id: 31,
  rating: 5,
  title: "Exactly the launch film we needed",
  body: "Clear brief, two quick rounds of changes and a film our customers still mention.",
  reviewer: "Ada L.",
  reviewer_country: "GB",
  reviewer_company: "Analytical Engines Ltd",
  reviewer_from: "Analytical Engines Ltd, United Kingdom",
  package_name: "Standard",
  verified_purchase: true as const,
  created_at: "2026-04-02T09:30:00.000Z",
  edited: false,
  edited_at: null,
  reply: { body: "Thank you, Ada: it was a pleasure.", created_at: "2026-04-03T10:00:00.000Z" },
};
export const ReviewResponse = example(
  z
    .object({
      id: z.number().int(),
      rating: z.number().int().min(1).max(5),
      title: z.string().nullable(),
      body: z.string(),
      reviewer: z.string().describe('The first name and the initial of the last, or "Former customer"'),
      reviewer_country: z.string().nullable().describe("The reviewer's billing country (ISO 3166-1 alpha-2); null once their account is erased"),
      reviewer_company: z.string().nullable().describe("The company the order was billed to, where the reviewer chose to name it (name_company)"),
      reviewer_from: z.string().nullable().describe('As shown beside the name: "Acme Ltd, United Kingdom", "United Kingdom" or null'),
      package_name: z.string(),
      verified_purchase: z.literal(true),
      created_at: z.string(),
      edited: z.boolean(),
      edited_at: z.string().nullable(),
      reply: z.object({ body: z.string(), created_at: z.string() }).strict().nullable().describe("The studio's one public answer"),
    })
    .strict(),
  REVIEW,
);
export const ReviewPageMeta = example(
  z
    .object({
      totalPages: z.number().int(),
      currentPage: z.number().int(),
      distribution: z.object({ "1": z.number().int(), "2": z.number().int(), "3": z.number().int(), "4": z.number().int(), "5": z.number().int() }).strict(),
      hidden: z.number().int().describe("Reviews the studio hid for a policy reason"),
      rating: z.object({ average: z.number().nullable(), count: z.number().int() }).strict(),
    })
    .strict(),
  { totalPages: 2, currentPage: 1, distribution: { "1": 0, "2": 0, "3": 1, "4": 3, "5": 8 }, hidden: 1, rating: { average: 4.6, count: 12 } },
);
export const ORDER = {
  id: 12,
  product_id: 2,
  billing_address_id: 3,
  package_index: 0,
  order_amount: "598.80",
  currency: "USD",
  subtotal_amount: "499.00",
  discount_amount: "0.00",
  tax_amount: "99.80",
  tax_rate: "20.00",
  tax_country: "GB",
  tax_note: null,
  invoice_number: "INV-2026-000042",
  refunded_amount: "0.00",
  payment_status: "succeeded",
  stripe_transaction_id: "pi_3Q0example",
  created_at: "2026-04-02T08:00:00.000Z",
  paid_at: "2026-04-02T08:01:00.000Z",
  product: { image: "https://shop.example/media/products/2/cover.jpg", title: "Explainer video" },
  work_status: "in_progress",
  due_at: "2026-04-09T08:30:00.000Z",
  revisions_allowed: 1,
  revisions_used: 0,
  delivery_days: 7,
  revision_days: 3,
  start_work_now: true,
  starts_at: null,
  work_started_at: "2026-04-02T08:30:00.000Z",
  cancellation_requested_at: null,
  cancellation_answered_at: null,
  cancellation_withdrawn_at: null,
};
export const OrderResponse = example(
  z
    .object({
      id: z.number().int(),
      product_id: z.number().int(),
      billing_address_id: z.number().int().nullable(),
      package_index: z.number().int(),
      order_amount: z.string().describe("The total charged: subtotal_amount − discount_amount + tax_amount"),
      currency: z.string(),
      subtotal_amount: z.string().describe("The package's price when ordered"),
      discount_amount: z.string(),
      tax_amount: z.string().describe("Tax on subtotal − discount, rounded once, half up"),
      tax_rate: z.string().describe('The rate applied, a percent: "20.00"'),
      tax_country: z.string().nullable().describe("ISO 3166-1 alpha-2 code of the billing country whose rule applied"),
      tax_note: z.string().nullable().describe("What the invoice says of the tax, e.g. a reverse charge"),
      invoice_number: z.string().nullable().describe("INV-{year}-{six digits}: null until paid"),
      refunded_amount: z.string().describe("What has gone back so far (partial refunds leave payment_status succeeded)"),
      payment_status: z.enum(paymentStatuses),
      stripe_transaction_id: z.string().nullable(),
      created_at: z.string(),
      paid_at: z.string().nullable().describe("When the payment succeeded (the invoice's date; the cancellation period counts from it); null until paid"),
      product: z.object({ image: z.string().nullable(), title: z.string() }).strict(),
      work_status: z
        .enum(WORK_STATUSES)
        .describe("The work after payment: awaiting_payment → awaiting_brief → (scheduled →) in_progress → delivered → completed"),
      due_at: z
        .string()
        .nullable()
        .describe("Delivery promised by (the start of work + delivery_days; a revision: its request + revision_days); null before the brief"),
      revisions_allowed: z.number().int().describe("The package's revisions as bought (0 until paid)"),
      revisions_used: z.number().int(),
      delivery_days: z.number().int().describe("The package's delivery days as bought"),
      revision_days: z.number().int().describe("The package's days per revision as bought"),
      start_work_now: z.boolean().describe("A consumer asked for work to start within the 14-day cancellation period (always true for a business)"),
      starts_at: z.string().nullable().describe("When scheduled work moves to production (14 days after payment)"),
      work_started_at: z.string().nullable().describe("When production began; null before"),
      cancellation_requested_at: z.string().nullable().describe("When the customer asked to cancel work already started"),
      cancellation_answered_at: z.string().nullable().describe("When the studio answered that request (a proportionate refund)"),
      cancellation_withdrawn_at: z
        .string()
        .nullable()
        .describe("When the customer withdrew that request by approving the delivery (the order completed, nothing refunded)"),
    })
    .strict(),
  ORDER,
);
export const INVOICE = {
  number: "INV-2026-000042",
  order_id: 12,
  issued_at: "2026-04-02T08:01:00.000Z",
  supplied_at: "2026-04-02T08:01:00.000Z",
  seller: { name: "Reelcraft Studio Ltd", address: "1 Canal Street, Manchester M1 3HE, United Kingdom", tax_id: "GB246813551" },
  buyer: {
    name: "Ada Lovelace",
    company: "Analytical Engines Ltd",
    address_lines: ["1 Market St", "Leeds", "West Yorkshire", "LS1 1AA"],
    country: "GB",
    tax_id: "GB987654321",
  },
  lines: [
    { description: "Explainer video (Basic package)", quantity: 1, net_amount: "499.00", tax_rate: "20.00", tax_amount: "99.80", total_amount: "598.80" },
  ],
  subtotal_amount: "499.00",
  discount_amount: "0.00",
  tax_amount: "99.80",
  total_amount: "598.80",
  currency: "USD",
  note: null,
  transaction_id: "pi_3Q0example",
};
export const InvoiceResponse = example(
  z
    .object({
      number: z.string().describe("INV-{year}-{six digits}, gapless per calendar year (UTC)"),
      order_id: z.number().int(),
      issued_at: z.string(),
      supplied_at: z.string().describe("The date of supply: the payment's date"),
      seller: z.object({ name: z.string(), address: z.string(), tax_id: z.string().nullable() }).strict(),
      buyer: z
        .object({
          name: z.string(),
          company: z.string().nullable(),
          address_lines: z.array(z.string()),
          country: z.string(),
          tax_id: z.string().nullable(),
        })
        .strict()
        .describe("The buyer as invoiced, fixed when the order was made"),
      lines: z.array(
        z
          .object({
            description: z.string(),
            quantity: z.number().int(),
            net_amount: z.string(),
            tax_rate: z.string(),
            tax_amount: z.string(),
            total_amount: z.string(),
          })
          .strict(),
      ),
      subtotal_amount: z.string(),
      discount_amount: z.string(),
      tax_amount: z.string(),
      total_amount: z.string(),
      currency: z.string(),
      note: z.string().nullable(),
      transaction_id: z.string().nullable(),
    })
    .strict(),
  INVOICE,
);
export const REFUND = {
  id: 4,
  status: "succeeded",
  amount: "250.00",
  tax_amount: "41.67",
  currency: "USD",
  reason: "Two of the three scenes were dropped",
  credit_note_number: "CN-2026-000007",
  payment_id: 31,
  created_at: "2026-04-05T10:00:00.000Z",
  refunded_at: "2026-04-05T10:00:01.000Z",
};
export const RefundResponse = example(
  z
    .object({
      id: z.number().int(),
      status: z.enum(["pending", "succeeded"]),
      amount: z.string(),
      tax_amount: z.string().describe("The tax part: half up of amount × order tax ÷ order total; the refund that empties the order takes what remains"),
      currency: z.string(),
      reason: z.string(),
      credit_note_number: z.string().nullable().describe("CN-{year}-{six digits}, gapless per calendar year (UTC); null while pending"),
      payment_id: z
        .number()
        .int()
        .nullable()
        .describe(
          "The payment refunded (GET /orders/{id}/payments): its invoice is the one the credit note corrects; a refund of the order spreads over its payments, newest first",
        ),
      created_at: z.string(),
      refunded_at: z.string().nullable(),
    })
    .strict(),
  REFUND,
);
export const PAYMENT = {
  id: 31,
  sequence: 1,
  purpose: "order",
  description: null,
  status: "succeeded",
  amount: "598.80",
  tax_amount: "99.80",
  refunded_amount: "250.00",
  currency: "USD",
  payment_intent_id: "pi_3Q0example",
  invoice_number: "INV-2026-000042",
  created_at: "2026-04-02T08:00:00.000Z",
  invoiced_at: "2026-04-02T08:01:00.000Z",
};
export const PaymentResponse = example(
  z
    .object({
      id: z.number().int(),
      sequence: z.number().int().describe("1: the checkout payment (the order's own payment_intent_id and invoice_number); then each later payment, in order"),
      purpose: z.enum(["order", "change"]).describe("order: the package bought; change: work added to the order"),
      description: z.string().nullable().describe("A later payment's invoice line; null for the checkout payment"),
      status: z.enum(paymentStatuses),
      amount: z.string().describe("Charged, tax included (decimal string in its currency)"),
      tax_amount: z.string(),
      refunded_amount: z.string().describe("What went back of this payment (its refunds recorded)"),
      currency: z.string(),
      payment_intent_id: z.string().nullable(),
      invoice_number: z.string().nullable().describe("Its invoice, in the one INV sequence; null until it succeeded"),
      created_at: z.string(),
      invoiced_at: z.string().nullable(),
    })
    .strict(),
  PAYMENT,
);
export const PROMOTION = {
  id: 1,
  code: "LAUNCH20",
  percent_off: 20,
  amount_off: null,
  currency: null,
  all_products: false,
  product_ids: [1, 3, 4],
  starts_at: null,
  ends_at: "2026-12-31T23:59:59.000Z",
  max_redemptions: 500,
  once_per_customer: true,
  first_order_only: false,
  active: true,
  status: "active",
  redemptions: { final: 41, reserved: 2 },
  created_at: "2026-04-01T09:00:00.000Z",
};
export const PromotionResponse = example(
  z
    .object({
      id: z.number().int(),
      code: z.string().describe("Upper case; customers may type it in any case"),
      percent_off: z.number().int().nullable(),
      amount_off: z.string().nullable().describe('Major units as a decimal string, "10.00", in currency'),
      currency: z.string().nullable(),
      all_products: z.boolean(),
      product_ids: z.array(z.number().int()).describe("The services it applies to (empty when all_products)"),
      starts_at: z.string().nullable(),
      ends_at: z.string().nullable(),
      max_redemptions: z.number().int().nullable(),
      once_per_customer: z.boolean(),
      first_order_only: z.boolean(),
      active: z.boolean(),
      status: z
        .enum(["active", "scheduled", "expired", "ended", "used_up"])
        .describe("ended: switched off (an admin ended it); expired: past ends_at; scheduled: before starts_at; used_up: at max_redemptions"),
      redemptions: z
        .object({ final: z.number().int(), reserved: z.number().int() })
        .strict()
        .describe(
          "final: paid orders (a refund keeps them); reserved: unpaid orders holding the code until paid, cancelled or expired. Both count towards max_redemptions",
        ),
      created_at: z.string(),
    })
    .strict(),
  PROMOTION,
);
export const FILE = {
  id: 5,
  name: "logo.png",
  content_type: "image/png",
  size: 48213,
  kind: "image",
  url: "https://shop.example/orders/12/attachments/5",
};
/** A file an order carries (an attachment or a delivered file), served at `url` as `served` says. */
export const orderFile = (served: string) =>
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      content_type: z.string(),
      size: z.number().int(),
      kind: z.enum(["video", "image", "document", "audio", "archive"]),
      url: z.string().describe(served),
    })
    .strict();
export const AttachmentResponse = example(orderFile("Served to the owner and admins (session cookie or bearer token)"), FILE);
export const BriefResponse = example(
  z
    .object({
      purpose: z.string(),
      audience: z.string().nullable(),
      style: z.string().nullable(),
      references: z.array(z.string()),
      must_haves: z.string().nullable(),
      deadline_wish: z.string().nullable(),
      submitted_at: z.string(),
      attachments: z.array(AttachmentResponse).describe("Files the customer attached on the brief's page"),
    })
    .strict(),
  {
    purpose: "A launch video for our new app, to show on the landing page",
    audience: "Small business owners",
    style: "Bright and friendly",
    references: ["https://example.com/reel"],
    must_haves: "Our logo at the end",
    deadline_wish: "2026-05-01",
    submitted_at: "2026-04-02T08:30:00.000Z",
    attachments: [FILE],
  },
);
export const OrderEventResponse = example(
  z
    .object({
      actor: z.enum(["customer", "admin", "creator", "system"]).describe("Who moved the order; clients accept kinds added later"),
      from_status: z.enum(WORK_STATUSES),
      to_status: z.enum(WORK_STATUSES),
      note: z.string().nullable(),
      created_at: z.string(),
    })
    .strict(),
  { actor: "customer", from_status: "awaiting_brief", to_status: "in_progress", note: null, created_at: "2026-04-02T08:30:00.000Z" },
);
export const DeliveredKind = z.enum(["video", "image", "document", "audio", "archive"]);
export const DeliveryResponse = example(
  z
    .object({
      id: z.number().int(),
      number: z.number().int().describe("The version: 1 for the order's first delivery, 2 for the next, …"),
      note: z.string().nullable(),
      frame_rate: z.enum(FRAME_RATES).describe("The frame rate the review's timecodes are shown in"),
      review_extension_days: z.number().int().describe("Days the customer added to its review window (once an order)"),
      created_at: z.string(),
      files: z.array(
        orderFile("Served to the owner and admins (session cookie or bearer token); videos stream with Range")
          .extend({ kind: DeliveredKind, role: z.enum(["file", "preview"]).describe("preview: the video to review; file: sent with the delivery form") })
          .strict(),
      ),
      masters: z.array(
        z
          .object({
            id: z.number().int(),
            name: z.string(),
            content_type: z.string(),
            size: z.number().int(),
            kind: DeliveredKind,
            released: z.boolean().describe("Downloadable now: once the owner has approved (admins always)"),
            url: z.string().nullable().describe("GET /orders/{id}/deliveries/{delivery_id}/masters/{file_id}; null until released"),
          })
          .strict(),
      ),
    })
    .strict(),
  {
    id: 9,
    number: 1,
    note: "First cut",
    frame_rate: "25",
    review_extension_days: 0,
    created_at: "2026-04-06T16:00:00.000Z",
    files: [
      {
        id: 21,
        name: "cut-1.mp4",
        content_type: "video/mp4",
        size: 18_400_000,
        kind: "video",
        role: "preview",
        url: "https://shop.example/orders/12/deliveries/21",
      },
    ],
    masters: [
      {
        id: 22,
        name: "cut-1-prores.mov",
        content_type: "video/quicktime",
        size: 4_800_000_000,
        kind: "video",
        released: false,
        url: null,
      },
    ],
  },
);
export const Author = z
  .object({ kind: z.enum(["customer", "admin", "creator", "guest"]).describe("Clients accept kinds added later"), name: z.string() })
  .strict();
export const CommentResponse = example(
  z
    .object({
      id: z.number().int(),
      author: Author,
      at_frame: z.number().int(),
      end_frame: z.number().int().nullable(),
      timecode: z.string().describe("As a player shows it, m:ss or h:mm:ss (a range: in–out); at_frame and end_frame are the exact frames"),
      text: z.string(),
      drawing: DrawingSchema.nullable(),
      resolved: z.boolean(),
      in_revision: z.boolean().describe("Gathered by a revision request"),
      created_at: z.string(),
      replies: z.array(z.object({ id: z.number().int(), author: Author, text: z.string(), created_at: z.string() }).strict()),
    })
    .strict(),
  {
    id: 31,
    author: { kind: "customer", name: "Ada Lovelace" },
    at_frame: 1062,
    end_frame: null,
    timecode: "0:42",
    text: "Logo larger here",
    drawing: {
      shapes: [
        {
          tool: "rect",
          color: "#e11d48",
          points: [
            [0.62, 0.08],
            [0.94, 0.22],
          ],
        },
      ],
    },
    resolved: false,
    in_revision: false,
    created_at: "2026-04-07T09:00:00.000Z",
    replies: [{ id: 32, author: { kind: "admin", name: "Studio Admin" }, text: "Will do", created_at: "2026-04-07T10:00:00.000Z" }],
  },
);
export const UPLOAD = {
  id: "6f1c2a4e-8d0b-4f5e-9a7c-2b3d4e5f6a7b",
  purpose: "delivery",
  order_id: 12,
  product_id: null,
  name: "final-prores.mov",
  size: 4_800_000_000,
  content_type: null,
  kind: null,
  status: "open",
  part_size: 16_777_216,
  part_count: 287,
  parts: [],
  created_at: "2026-04-06T15:00:00.000Z",
};
export const UploadResponse = example(
  z
    .object({
      id: z.string().describe("A UUID"),
      purpose: z.enum(UPLOAD_PURPOSES),
      order_id: z.number().int().nullable(),
      product_id: z.number().int().nullable(),
      name: z.string(),
      size: z.number().int(),
      content_type: z.string().nullable().describe("Read from part 1's first bytes; null until part 1 has arrived"),
      kind: DeliveredKind.nullable(),
      status: z.enum(["open", "completed", "used", "aborted"]),
      part_size: z.number().int().describe("Every part but the last has exactly this many bytes"),
      part_count: z.number().int(),
      parts: z
        .array(z.object({ number: z.number().int(), size: z.number().int(), etag: z.string() }).strict())
        .describe("The parts taken so far (while open): a resuming client sends the others"),
      created_at: z.string(),
    })
    .strict(),
  UPLOAD,
);
export const UploadedPart = example(z.object({ number: z.number().int(), size: z.number().int(), etag: z.string() }).strict(), {
  number: 1,
  size: 16_777_216,
  etag: "2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b",
});
export const RevisionResponse = example(
  z
    .object({
      note: z.string(),
      created_at: z.string(),
      delivery_id: z.number().int().nullable(),
      comments: z.array(z.object({ at_seconds: z.number().int(), text: z.string() }).strict()),
    })
    .strict(),
  { note: "A warmer voice, please", created_at: "2026-04-07T09:00:00.000Z", delivery_id: 9, comments: [{ at_seconds: 42, text: "Logo larger here" }] },
);
export const MessageResponse = example(
  z
    .object({
      id: z.number().int(),
      author: z.enum(["customer", "studio", "creator"]).describe("`creator`: the order's creator (named in author_name); clients accept kinds added later"),
      author_name: z.string().nullable().describe("The creator's display name on their messages; null otherwise"),
      body: z.string(),
      created_at: z.string(),
      attachments: z.array(AttachmentResponse),
    })
    .strict(),
  { id: 31, author: "customer", author_name: null, body: "Here is our logo.", created_at: "2026-04-02T09:00:00.000Z", attachments: [FILE] },
);
export const LocalPaymentStatus = example(
  z.object({ status: z.string().describe("succeeded, requires_action, …"), payment_status: z.enum(paymentStatuses) }).strict(),
  { status: "succeeded", payment_status: "succeeded" },
);
export const TOKENS = { access_token: "eyJhbGciOiJIUzI1NiJ9.access.signature", refresh_token: "rt_9f2c5a0d4b1e" };
export const Tokens = { access_token: at(TOKENS.access_token), refresh_token: at(TOKENS.refresh_token) };
export const PageMeta = example(
  z.object({ totalPages: z.number().int(), currentPage: z.number().int(), totalCount: z.number().int(), limit: z.number().int() }).strict(),
  { totalPages: 3, currentPage: 1, totalCount: 12, limit: 5 },
);
/** What Stripe is told about an event: received, and what was applied or why nothing was. */
export const WebhookReceipt = example(
  z
    .object({
      received: z.literal(true),
      ignored: z.literal(true).optional().describe("An event type the shop does not handle"),
      duplicate: z.literal(true).optional().describe("An event already applied"),
      unknown_order: z.literal(true).optional().describe("No order has this payment"),
      partial: z.literal(true).optional().describe("A partial refund (the shop refunds whole orders only)"),
      order_id: z.number().int().optional(),
      payment_status: z.enum(paymentStatuses).nullable().optional(),
    })
    .strict(),
  { received: true, order_id: 12, payment_status: "succeeded" },
);
/** The OpenAPI document itself (its own schema is OpenAPI 3.1's). */
export const OpenApiDocumentResponse = example(
  z
    .object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string(), version: z.string() }).passthrough(), paths: z.record(z.unknown()) })
    .passthrough(),
  { openapi: "3.1.0", info: { title: "Reelcraft API", version: "1.0.0" }, paths: {} },
);

/** `{ success: true, message?, data, meta? }` around a call's data; `message` is the text the call answers with. */
/** A success answer: `data`, a `message` where given, and `meta` (a page's: PageMeta, or the schema given). */
export function ok(data: z.ZodTypeAny, extra: { message?: string; meta?: true | z.ZodTypeAny } = {}) {
  return z
    .object({
      success: z.literal(true),
      ...(extra.message ? { message: at(extra.message) } : {}),
      data,
      ...(extra.meta ? { meta: extra.meta === true ? PageMeta : extra.meta } : {}),
    })
    .strict();
}
export const done = (message: string) => z.object({ success: z.literal(true), message: at(message) }).strict();

export const at_ = z.string().nullable();
export const named = (description: string) => z.object({ name: z.string(), url: z.string().describe(description) }).strict();
/** A customer's copy of their data (GDPR arts. 15 and 20): what `GET /users/me/export` answers and the profile's file holds. */
export const ExportResponse = example(
  z
    .object({
      format_version: z.literal(1).describe("Changes when a field changes meaning or goes"),
      exported_at: z.string(),
      account: z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: at_, email_confirmed_at: at_ }).strict(),
      billing_addresses: z.array(AddressResponse),
      saved_cards: z
        .array(
          z
            .object({
              id: z.number().int(),
              order_id: z.number().int().describe("The order whose changes the card pays for"),
              brand: z.string(),
              last4: z.string(),
              exp_month: z.number().int(),
              exp_year: z.number().int(),
              created_at: z.string(),
            })
            .strict(),
        )
        .describe("The cards saved at checkout with consent, as the shop keeps them (the card itself stays with the payment provider)"),
      orders: z.array(
        z
          .object({
            order: OrderResponse.nullable(),
            invoice: InvoiceResponse.nullable(),
            credit_notes: z.array(
              z.object({ number: z.string().nullable(), issued_at: at_, url: z.string().describe("The credit note's page (the customer's session)") }).strict(),
            ),
            brief: BriefResponse.omit({ attachments: true }).nullable(),
            messages: z.array(z.object({ from: z.enum(["you", "studio"]), body: z.string(), sent_at: at_ }).strict()),
            revision_requests: z.array(
              z
                .object({
                  note: z.string().nullable(),
                  requested_at: at_,
                  comments: z.array(z.object({ at_seconds: z.number(), text: z.string() }).strict()),
                })
                .strict(),
            ),
            deliveries: z.array(
              z.object({ note: z.string().nullable(), delivered_at: at_, files: z.array(named("The file (the customer's session)")) }).strict(),
            ),
            your_files: z.array(named("The customer's attachment (their session)")),
          })
          .strict(),
      ),
      reviews: z.array(
        z
          .object({
            order_id: z.number().int(),
            product_id: z.number().int(),
            rating: z.number().int(),
            title: z.string().nullable(),
            body: z.string(),
            written_at: at_,
            edited_at: at_,
            studio_reply: z.string().nullable(),
            hidden_reason: z.enum(["personal_data", "abuse", "off_topic"]).nullable(),
          })
          .strict(),
      ),
    })
    .strict(),
  {
    format_version: 1,
    exported_at: "2026-11-25T10:00:00.000Z",
    account: { id: 7, name: "Ada Lovelace", email: "ada@example.com", created_at: "2026-01-02T09:00:00.000Z", email_confirmed_at: null },
    billing_addresses: [],
    saved_cards: [],
    orders: [],
    reviews: [],
  },
);

/** Every refusal: a message, field errors for invalid input, and a code where a client acts on it. */
export const ErrorResponse = example(
  z
    .object({
      success: z.literal(false),
      message: z.string(),
      errors: z.array(z.string()).optional().describe("One message per invalid field, in field order"),
      error_code: z
        .enum(["TOKEN_EXPIRED", "PAYMENT_DECLINED", "PROMO_CODE_REFUSED"])
        .optional()
        .describe(
          "TOKEN_EXPIRED: an expired access token (refresh it and try again); PAYMENT_DECLINED: the card was declined; PROMO_CODE_REFUSED: the order's promo_code was refused, `message` (and `errors`) saying why",
        ),
    })
    .strict(),
  { success: false, message: "Authentication required" },
);

// ----- Requests that are not JSON -----

export const binary = (description: string) => documented(z.string(), { format: "binary", description });

/** Multipart fields of `PUT /products/{id}` (documented, not parsed with Zod: files are streamed). */
export const ProductMediaUpload = z.object({
  "product[title]": ProductDetailsSchema.shape.title.optional(),
  "images[]": documented(z.array(binary("An image")), {
    maxItems: MEDIA_PER_PRODUCT.image,
    description: `Images (repeat the field; at most ${MEDIA_PER_PRODUCT.image} on a product)`,
  }).optional(),
  "videos[]": documented(z.array(binary("A video")), {
    maxItems: MEDIA_PER_PRODUCT.video,
    description: `Videos (repeat the field; at most ${MEDIA_PER_PRODUCT.video} on a product)`,
  }).optional(),
  video_thumbnail: binary("Required with videos, unless the product has one").optional(),
});

export const DeliveryUpload = z.object({
  note: DeliveryNoteSchema.unwrap().optional().describe("What the studio says about this delivery"),
  "files[]": documented(z.array(binary("A video (MP4, WebM), an image or a PDF")), {
    minItems: 1,
    maxItems: DELIVERY_LIMITS.files,
    description: "Videos (MP4, WebM), images or PDFs (repeat the field)",
  }),
});

export const MessageUpload = z.object({
  "message[body]": MessageSchema.shape.body,
  "files[]": documented(z.array(binary("A video, an image or a PDF")), {
    maxItems: ATTACHMENT_LIMITS.files,
    description: `Attachments (repeat the field; up to ${ATTACHMENT_LIMITS.files})`,
  }).optional(),
});

// ----- Refusals -----

/**
 * A kind of refusal a call can answer (its status is the kind's: http/refusal-answer.server.ts),
 * with what it means for this call: a description, or a description and the message an example answer shows.
 */
export type RefusalNote =
  string | { description: string; message: string; errors?: string[]; code?: "TOKEN_EXPIRED" | "PAYMENT_DECLINED" | "PROMO_CODE_REFUSED" };
export type Refusals = Partial<Record<RefusalKind, RefusalNote>>;

export const describe = (note: RefusalNote) => (typeof note === "string" ? note : note.description);

/** The refusals of several groups: descriptions of the same kind joined, the example from the later group that gives one. */
export function refusals(...groups: Refusals[]): Refusals {
  const out: Refusals = {};
  for (const group of groups) {
    for (const [kind, note] of Object.entries(group) as [RefusalKind, RefusalNote][]) {
      const before = out[kind];
      if (!before) {
        out[kind] = note;
        continue;
      }
      const description = `${describe(before)}; ${describe(note)}`;
      out[kind] = typeof note !== "string" ? { ...note, description } : typeof before !== "string" ? { ...before, description } : description;
    }
  }
  return out;
}

/**
 * What the Worker's edge refuses on every call (server.ts, edge/request-guard.server.ts): a
 * malformed request, and past REFUSALS_PER_MINUTE refusals of malformed input from one address, 429.
 */
export const READ: Refusals = {
  malformed: { description: "A GET that carries a body", message: "A GET request cannot carry a body." },
  throttled: "Too many malformed requests from this address in a minute (Retry-After)",
};
export const WRITE: Refusals = {
  malformed: { description: "A Content-Length that is not a length", message: "The request's Content-Length is not a length." },
  too_large: { description: "A body over the call's limit", message: "Request body is too large" },
  throttled: READ.throttled!,
};
/** A call that reads a JSON object body (at most 64 KB). */
export const JSON_BODY: Refusals = {
  malformed: { description: "A body that is not JSON, or not a JSON object", message: "Request body is not valid JSON" },
  unsupported: { description: "A Content-Type other than application/json", message: "Content-Type must be application/json" },
  too_large: "A body over 64 KB",
};
/** A call that reads a multipart/form-data body. */
export const FORM_BODY: Refusals = {
  malformed: { description: "A multipart body that cannot be parsed, or with too many parts", message: "Request body could not be read" },
  too_large: "A file or the whole body over its limit, or too many files",
};
export const NO_TOKEN: Refusals = {
  unauthenticated: {
    description: "No valid access token (`error_code: TOKEN_EXPIRED` when it has expired; WWW-Authenticate)",
    message: "Authentication required",
  },
};
export const CUSTOMER: Refusals = { ...NO_TOKEN, forbidden: { description: "An admin's token", message: "Customer access required" } };
export const ADMIN: Refusals = { ...NO_TOKEN, forbidden: { description: "A customer's token", message: "Admin access required" } };
export const invalid = (description: string, message: string, errors?: string[]): Refusals => ({
  invalid: { description, message, ...(errors ? { errors } : {}) },
});
export const notFound = (description: string, message: string): Refusals => ({ not_found: { description, message } });
export const conflict = (description: string, message: string): Refusals => ({ conflict: { description, message } });
export const ORDER_NOT_FOUND = notFound("Not the caller's order, or none", "Order not found");
export const COMMENT_NOT_FOUND = notFound("Not the caller's order, no such version or comment", "Comment not found");
export const UPLOAD_NOT_FOUND = notFound("No such upload of the caller's", "Upload not found");
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export interface ApiBody {
  /** The schema the route validates the payload with. */
  schema: z.ZodTypeAny;
  /** The key the payload is wrapped in (`{ user: { … } }`). */
  wrapper?: string;
  /** Other shapes the call reads the same payload from: another wrapper, or `null` for the payload unwrapped. */
  alternatives?: readonly (string | null)[];
  contentType?: "application/json" | "multipart/form-data" | "application/octet-stream";
  /** An example payload (inside the wrapper). */
  example: Record<string, unknown>;
  /** The same call also taking multipart/form-data: its fields, an example, the form's limits, and where the JSON payload's fields are in the form (validated with `schema` as JSON is). */
  multipart?: { schema: z.ZodTypeAny; example: Record<string, unknown>; limits: FormLimits; payload?: (form: FormData) => Record<string, unknown> };
  /**
   * How an invalid payload is answered: 422 with the declared `invalid` message and one message per
   * field (the default); 422 with the first invalid field's message alone, naming the field where the
   * message does not ("first field"), or as written ("first message"); 422 with another message than
   * the `invalid` refusal's example, and one message per field; or 400 with a fixed message.
   */
  invalidAnswer?: "first field" | "first message" | { malformed: string } | { invalid: string };
  /** The body's limit in bytes, when not the JSON default (64 KB). */
  maxBytes?: number;
}

export interface ApiOperation {
  method: ApiMethod;
  /** Under `/api/v1`, with `{id}` for a path parameter. */
  path: string;
  summary: string;
  auth: ApiAuth;
  body?: ApiBody;
  query?: z.AnyZodObject;
  /** Request headers the call reads besides Authorization: an `Idempotency-Key` makes a replay answer the same record. */
  idempotencyKey?: true;
  /** Success status → what it means and the body's shape (JSON unless `contentType` names a file's bytes). */
  responses: Record<number, { description: string; schema: z.ZodTypeAny; contentType?: "application/octet-stream" }>;
  /** Every kind of refusal the call can answer, and what it means here. */
  refusals: Refusals;
}
