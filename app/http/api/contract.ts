/**
 * The JSON API's contract: every call under `/api/v1`, with who may make it, the Zod schemas its
 * route validates the request with, the shapes it answers with and the kinds of refusal it can
 * answer. The OpenAPI document (`/api/v1/openapi.json`, http/openapi.server.ts) and the reference
 * page (`/api/docs`) are generated from it (each refusal's status from its kind, as the server
 * decides it), the server answers methods a path does not list with 405 and OPTIONS with the path's
 * `Allow` from it (edge/api-boundary.server.ts), and tests check that the routes and their answers
 * agree with it (tests/integration/api-contract.test.ts, tests/integration/openapi-driven.test.ts).
 * Server-only: the browser's code never imports it (client-chunks.ts refuses a build that would).
 */
import { z } from "zod";
import { paymentStatuses } from "../../../db/schema";
import type { RefusalKind } from "~/domain/refusal";
import { AddressSchema } from "~/lib/schemas/address";
import {
  AdminLoginSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RefreshTokenSchema,
  ResetPasswordSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "~/lib/schemas/auth";
import { ACCOUNT_DELETED, DeleteAccountSchema, openWorkMessage } from "~/lib/schemas/account-deletion";
import { LocalAuthenticateSchema, LocalConfirmSchema } from "~/lib/schemas/local-payment";
import { CreateOrderSchema } from "~/lib/schemas/order";
import { PromotionSchema } from "~/lib/schemas/promotion";
import { WORK_STATUSES } from "~/lib/rules/work-status";
import { BriefSchema } from "~/lib/schemas/brief";
import { CancellationAnswerSchema, RefundSchema } from "~/lib/schemas/refund";
import { ReconcileSchema } from "~/lib/schemas/reconcile";
import { CANCELLATION_MESSAGES } from "~/lib/rules/cancellation-rules";
import { ReviewHideSchema, ReviewListQuerySchema, ReviewReplySchema, ReviewSchema } from "~/lib/schemas/review";
import { RevisionSchema } from "~/lib/schemas/revision";
import { MessageSchema } from "~/lib/schemas/message";
import { ProductCreateSchema, ProductDetailsSchema } from "~/lib/schemas/product";
import { DeliveryNoteSchema } from "~/lib/schemas/delivery";
import { ATTACHMENT_LIMITS, DELIVERY_LIMITS } from "~/lib/rules/delivery-rules";
import { MEDIA_PER_PRODUCT, PRODUCT_MEDIA_FORM } from "~/lib/rules/media-rules";
import { ATTACHMENT_FORM, DELIVERY_FORM } from "../order-forms.server";
import { WEBHOOK_MAX_BYTES, type FormLimits } from "../request-body.server";
import { FRAME_RATES, MASTERS_HELD, UPLOAD_PURPOSES } from "~/lib/rules/upload-rules";
import { DeliveryUploadsSchema, ProductMediaUploadsSchema, UploadCreateSchema } from "~/lib/schemas/upload";
import { CommentReplySchema, DrawingSchema, ReviewCommentSchema } from "~/lib/schemas/review-comment";
import { documented } from "~/lib/schemas/json-schema";
import { AutosuggestQuerySchema, KeysetQuerySchema, PaginationQuerySchema, ProductListQuerySchema } from "~/lib/query";
import { ADDRESS_DELETED, PRODUCT_PUBLISHED } from "~/lib/api-answers";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
/** Who may call: nobody in particular, a customer's or an admin's Bearer token, either, or Stripe. */
export type ApiAuth = "public" | "customer" | "admin" | "customer or admin" | "stripe-signature";

// ----- What the API answers -----

/** Where a product stands for the studio (admin answers). */
const ProductStatusField = z.enum(["draft", "published", "archived"]).describe("draft: not on sale yet; published: on sale; archived: withdrawn");

const example = <T extends z.ZodTypeAny>(schema: T, value: unknown) => documented(schema, { examples: [value] });
const at = (value: string) => example(z.string(), value);

const USER = { id: 7, name: "Ada Lovelace", email: "ada@example.com", created_at: "2026-04-01T09:30:00.000Z" };
export const UserResponse = example(z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string() }).strict(), USER);
export const AdminResponse = example(z.object({ id: z.number().int(), name: z.string(), email: z.string() }).strict(), {
  id: 1,
  name: "Studio Admin",
  email: "admin@example.com",
});
const ADDRESS = {
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
const PACKAGE = {
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
    })
    .strict(),
  PACKAGE,
);
const PRODUCT = {
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
};
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
    })
    .strict(),
  PRODUCT,
);
/** A product as the studio's calls answer it: with where it stands. */
const AdminProductResponse = example(ProductResponse.extend({ status: ProductStatusField }).strict(), { ...PRODUCT, status: "published" });
const REVIEW = {
  id: 31,
  rating: 5,
  title: "Exactly the launch film we needed",
  body: "Clear brief, two quick rounds of changes and a film our customers still mention.",
  reviewer: "Ada L.",
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
const ReviewPageMeta = example(
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
const ORDER = {
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
  product: { image: "https://shop.example/media/products/2/cover.jpg", title: "Explainer video" },
  work_status: "in_progress",
  due_at: "2026-04-09T08:30:00.000Z",
  revisions_allowed: 1,
  revisions_used: 0,
  delivery_days: 7,
  revision_days: 3,
  start_work_now: true,
  starts_at: null,
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
const INVOICE = {
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
const REFUND = {
  id: 4,
  status: "succeeded",
  amount: "250.00",
  tax_amount: "41.67",
  currency: "USD",
  reason: "Two of the three scenes were dropped",
  credit_note_number: "CN-2026-000007",
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
      created_at: z.string(),
      refunded_at: z.string().nullable(),
    })
    .strict(),
  REFUND,
);
const PROMOTION = {
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
const FILE = {
  id: 5,
  name: "logo.png",
  content_type: "image/png",
  size: 48213,
  kind: "image",
  url: "https://shop.example/orders/12/attachments/5",
};
/** A file an order carries (an attachment or a delivered file), served at `url` as `served` says. */
const orderFile = (served: string) =>
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
const AttachmentResponse = example(orderFile("Served to the owner and admins (session cookie or bearer token)"), FILE);
const BriefResponse = example(
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
const OrderEventResponse = example(
  z
    .object({
      actor: z.enum(["customer", "admin", "system"]),
      from_status: z.enum(WORK_STATUSES),
      to_status: z.enum(WORK_STATUSES),
      note: z.string().nullable(),
      created_at: z.string(),
    })
    .strict(),
  { actor: "customer", from_status: "awaiting_brief", to_status: "in_progress", note: null, created_at: "2026-04-02T08:30:00.000Z" },
);
const DeliveredKind = z.enum(["video", "image", "document", "audio", "archive"]);
const DeliveryResponse = example(
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
const Author = z.object({ kind: z.enum(["customer", "admin", "guest"]), name: z.string() }).strict();
const CommentResponse = example(
  z
    .object({
      id: z.number().int(),
      author: Author,
      at_frame: z.number().int(),
      end_frame: z.number().int().nullable(),
      timecode: z.string().describe("m:ss:ff (a range: in–out) at the version's frame rate"),
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
    timecode: "0:42:12",
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
const UPLOAD = {
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
const UploadResponse = example(
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
const UploadedPart = example(z.object({ number: z.number().int(), size: z.number().int(), etag: z.string() }).strict(), {
  number: 1,
  size: 16_777_216,
  etag: "2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b",
});
const RevisionResponse = example(
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
const MessageResponse = example(
  z
    .object({
      id: z.number().int(),
      author: z.enum(["customer", "studio"]),
      body: z.string(),
      created_at: z.string(),
      attachments: z.array(AttachmentResponse),
    })
    .strict(),
  { id: 31, author: "customer", body: "Here is our logo.", created_at: "2026-04-02T09:00:00.000Z", attachments: [FILE] },
);
const LocalPaymentStatus = example(
  z.object({ status: z.string().describe("succeeded, requires_action, …"), payment_status: z.enum(paymentStatuses) }).strict(),
  { status: "succeeded", payment_status: "succeeded" },
);
const TOKENS = { access_token: "eyJhbGciOiJIUzI1NiJ9.access.signature", refresh_token: "rt_9f2c5a0d4b1e" };
const Tokens = { access_token: at(TOKENS.access_token), refresh_token: at(TOKENS.refresh_token) };
const PageMeta = example(
  z.object({ totalPages: z.number().int(), currentPage: z.number().int(), totalCount: z.number().int(), limit: z.number().int() }).strict(),
  { totalPages: 3, currentPage: 1, totalCount: 12, limit: 5 },
);
/** What Stripe is told about an event: received, and what was applied or why nothing was. */
const WebhookReceipt = example(
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
const OpenApiDocumentResponse = example(
  z
    .object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string(), version: z.string() }).passthrough(), paths: z.record(z.unknown()) })
    .passthrough(),
  { openapi: "3.1.0", info: { title: "Reelcraft API", version: "1.0.0" }, paths: {} },
);

/** `{ success: true, message?, data, meta? }` around a call's data; `message` is the text the call answers with. */
function ok(data: z.ZodTypeAny, extra: { message?: string; meta?: true } = {}) {
  return z
    .object({
      success: z.literal(true),
      ...(extra.message ? { message: at(extra.message) } : {}),
      data,
      ...(extra.meta ? { meta: PageMeta } : {}),
    })
    .strict();
}
const done = (message: string) => z.object({ success: z.literal(true), message: at(message) }).strict();

const at_ = z.string().nullable();
const named = (description: string) => z.object({ name: z.string(), url: z.string().describe(description) }).strict();
/** A customer's copy of their data (GDPR arts. 15 and 20): what `GET /users/me/export` answers and the profile's file holds. */
const ExportResponse = example(
  z
    .object({
      format_version: z.literal(1).describe("Changes when a field changes meaning or goes"),
      exported_at: z.string(),
      account: z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: at_, email_confirmed_at: at_ }).strict(),
      billing_addresses: z.array(AddressResponse),
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

const binary = (description: string) => documented(z.string(), { format: "binary", description });

/** Multipart fields of `PUT /products/{id}` (documented, not parsed with Zod: files are streamed). */
const ProductMediaUpload = z.object({
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

const DeliveryUpload = z.object({
  note: DeliveryNoteSchema.unwrap().optional().describe("What the studio says about this delivery"),
  "files[]": documented(z.array(binary("A video (MP4, WebM), an image or a PDF")), {
    minItems: 1,
    maxItems: DELIVERY_LIMITS.files,
    description: "Videos (MP4, WebM), images or PDFs (repeat the field)",
  }),
});

const MessageUpload = z.object({
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

const describe = (note: RefusalNote) => (typeof note === "string" ? note : note.description);

/** The refusals of several groups: descriptions of the same kind joined, the example from the later group that gives one. */
function refusals(...groups: Refusals[]): Refusals {
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
const READ: Refusals = {
  malformed: { description: "A GET that carries a body", message: "A GET request cannot carry a body." },
  throttled: "Too many malformed requests from this address in a minute (Retry-After)",
};
const WRITE: Refusals = {
  malformed: { description: "A Content-Length that is not a length", message: "The request's Content-Length is not a length." },
  too_large: { description: "A body over the call's limit", message: "Request body is too large" },
  throttled: READ.throttled!,
};
/** A call that reads a JSON object body (at most 64 KB). */
const JSON_BODY: Refusals = {
  malformed: { description: "A body that is not JSON, or not a JSON object", message: "Request body is not valid JSON" },
  unsupported: { description: "A Content-Type other than application/json", message: "Content-Type must be application/json" },
  too_large: "A body over 64 KB",
};
/** A call that reads a multipart/form-data body. */
const FORM_BODY: Refusals = {
  malformed: { description: "A multipart body that cannot be parsed, or with too many parts", message: "Request body could not be read" },
  too_large: "A file or the whole body over its limit, or too many files",
};
const NO_TOKEN: Refusals = {
  unauthenticated: {
    description: "No valid access token (`error_code: TOKEN_EXPIRED` when it has expired; WWW-Authenticate)",
    message: "Authentication required",
  },
};
const CUSTOMER: Refusals = { ...NO_TOKEN, forbidden: { description: "An admin's token", message: "Customer access required" } };
const ADMIN: Refusals = { ...NO_TOKEN, forbidden: { description: "A customer's token", message: "Admin access required" } };
const invalid = (description: string, message: string, errors?: string[]): Refusals => ({ invalid: { description, message, ...(errors ? { errors } : {}) } });
const notFound = (description: string, message: string): Refusals => ({ not_found: { description, message } });
const conflict = (description: string, message: string): Refusals => ({ conflict: { description, message } });
const ORDER_NOT_FOUND = notFound("Not the caller's order, or none", "Order not found");
const COMMENT_NOT_FOUND = notFound("Not the caller's order, no such version or comment", "Comment not found");
const UPLOAD_NOT_FOUND = notFound("No such upload of the caller's", "Upload not found");
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

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

const OPERATIONS = [
  // Customer accounts
  {
    method: "POST",
    path: "/sign_up",
    summary: "Create a customer account",
    auth: "public",
    body: { schema: SignupSchema, wrapper: "user", example: { name: "Ada Lovelace", email: "ada@example.com", password: "Str0ng!Pass" } },
    responses: { 201: { description: "Signed up", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: "Signed up successfully" }) } },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      invalid("Invalid input, or the email already has an account: `errors` names each field's rule", "Signup failed", ["Name is required"]),
      { throttled: { description: "Too many sign-ups from this address (Retry-After)", message: TOO_MANY_ATTEMPTS } },
    ),
  },
  {
    method: "POST",
    path: "/sign_in",
    summary: "Sign in as a customer",
    auth: "public",
    body: { schema: LoginSchema, wrapper: "session", example: { email: "ada@example.com", password: "Str0ng!Pass" } },
    responses: { 200: { description: "Signed in", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: "Signed in successfully" }) } },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      { unauthenticated: { description: "Invalid email or password (WWW-Authenticate)", message: "Invalid email or password" } },
      invalid("Invalid input", "Login failed", ["Please enter a valid email address"]),
      { throttled: "Too many attempts (Retry-After)" },
    ),
  },
  {
    method: "DELETE",
    path: "/sign_out",
    summary: "Sign out: refresh and access tokens stop working",
    auth: "customer",
    responses: { 200: { description: "Signed out", schema: done("Signed out successfully") } },
    refusals: refusals(WRITE, CUSTOMER),
  },
  {
    method: "POST",
    path: "/refresh_token",
    summary: "Exchange a refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema, example: { refresh_token: TOKENS.refresh_token }, invalidAnswer: { malformed: "refresh_token is required" } },
    responses: { 200: { description: "A new pair", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict()) } },
    refusals: refusals(WRITE, JSON_BODY, { malformed: "No refresh_token", unauthenticated: "Invalid or expired refresh token (WWW-Authenticate)" }),
  },
  {
    method: "POST",
    path: "/password_resets",
    summary: "Email a customer a single-use link (30 minutes) to choose a new password; the same answer for unknown emails",
    auth: "public",
    body: { schema: ForgotPasswordSchema, example: { email: "ada@example.com" } },
    responses: {
      200: {
        description: "Asked (whether or not the email has an account)",
        schema: done("If an account uses that email, a link to choose a new password is on its way. It works once, for 30 minutes."),
      },
    },
    refusals: refusals(WRITE, JSON_BODY, invalid("Invalid input", "Password reset failed", ["Please enter a valid email address"]), {
      throttled: "Too many attempts (Retry-After)",
    }),
  },
  {
    method: "PUT",
    path: "/password_resets",
    summary: "Set a new password with the emailed link's token: every session and token of the account ends",
    auth: "public",
    body: { schema: ResetPasswordSchema, example: { token: "3kYd0aJc9QmT", password: "N3w!Passw0rd" } },
    responses: { 200: { description: "Password changed", schema: done("Your password has been changed. Please log in with the new one.") } },
    refusals: refusals(WRITE, JSON_BODY, invalid("Invalid input", "Password reset failed", ["Password must contain at least one number"]), {
      gone: { description: "The token is invalid, used or expired", message: "This reset link is invalid, used or expired. Ask for a new one." },
    }),
  },
  {
    method: "GET",
    path: "/users/me",
    summary: "The signed-in customer",
    auth: "customer",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) } },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "GET",
    path: "/users/me/export",
    summary:
      "Everything the shop keeps about the signed-in customer (account, addresses, orders with invoices and credit notes, briefs, messages, revision requests, reviews, links to their files): GDPR arts. 15 and 20",
    auth: "customer",
    responses: {
      200: {
        description: "The customer's data",
        schema: ok(ExportResponse),
      },
    },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "DELETE",
    path: "/users/me",
    summary:
      'Delete the signed-in customer\'s account (GDPR art. 17), the password asked again: personal data erased or anonymised at once, invoices and credit notes kept as the law requires, reviews kept as "Former customer", every session and token ended, a confirmation emailed',
    auth: "customer",
    body: { schema: DeleteAccountSchema, wrapper: "user", example: { current_password: "Str0ng!Pass" }, invalidAnswer: { invalid: "Account deletion failed" } },
    responses: { 200: { description: "Deleted", schema: done(ACCOUNT_DELETED) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input, or a wrong current password", "Current password is incorrect", ["Current password is incorrect"]),
      conflict("An order's work is still open (neither completed, cancelled nor unpaid)", openWorkMessage([{ id: 12 }])),
      { throttled: "Too many wrong current passwords (Retry-After)" },
    ),
  },
  {
    method: "PUT",
    path: "/users/update_profile",
    summary: "Change the customer's name",
    auth: "customer",
    body: { schema: UpdateProfileSchema, wrapper: "user", example: { name: "Ada King" } },
    responses: { 200: { description: "Updated", schema: ok(UserResponse, { message: "Profile updated successfully" }) } },
    refusals: refusals(WRITE, CUSTOMER, JSON_BODY, invalid("Invalid input", "Profile update failed", ["Name must be at least 2 characters"])),
  },
  {
    method: "PUT",
    path: "/users/change_password",
    summary: "Change the customer's password (every session and token ends)",
    auth: "customer",
    body: {
      schema: ChangePasswordSchema,
      wrapper: "user",
      example: { current_password: "Str0ng!Pass", password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
    },
    responses: { 200: { description: "Changed", schema: done("Password changed successfully. Please login again.") } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input, or a wrong current password", "Password change failed", ["Passwords do not match"]),
      { throttled: "Too many wrong current passwords (Retry-After)" },
    ),
  },
  // Admin accounts
  {
    method: "POST",
    path: "/admin/sign_in",
    summary: "Sign in as an admin",
    auth: "public",
    body: { schema: AdminLoginSchema, wrapper: "session", example: { email: "admin@example.com", password: "your-password" } },
    responses: {
      200: { description: "Signed in", schema: ok(z.object({ admin: AdminResponse, ...Tokens }).strict(), { message: "Signed in successfully" }) },
    },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      { unauthenticated: { description: "Invalid email or password (WWW-Authenticate)", message: "Invalid email or password" } },
      invalid("Invalid input", "Invalid email or password", ["Password must be at least 8 characters"]),
      { throttled: "Too many attempts (Retry-After)" },
    ),
  },
  {
    method: "DELETE",
    path: "/admin/sign_out",
    summary: "Sign the admin out",
    auth: "admin",
    responses: { 200: { description: "Signed out", schema: done("Signed out successfully") } },
    refusals: refusals(WRITE, ADMIN),
  },
  {
    method: "POST",
    path: "/admin/refresh_token",
    summary: "Exchange an admin refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema, example: { refresh_token: TOKENS.refresh_token }, invalidAnswer: { malformed: "refresh_token is required" } },
    responses: { 200: { description: "A new pair", schema: ok(z.object(Tokens).strict()) } },
    refusals: refusals(WRITE, JSON_BODY, { malformed: "No refresh_token", unauthenticated: "Invalid or expired refresh token (WWW-Authenticate)" }),
  },
  {
    method: "GET",
    path: "/admin/profile",
    summary: "The signed-in admin",
    auth: "admin",
    responses: { 200: { description: "The admin", schema: ok(AdminResponse) } },
    refusals: refusals(READ, ADMIN),
  },
  {
    method: "PUT",
    path: "/admin/profile",
    summary: "Change the admin's name",
    auth: "admin",
    body: { schema: UpdateProfileSchema, wrapper: "admin", example: { name: "Studio Lead" } },
    responses: { 200: { description: "Updated", schema: ok(AdminResponse, { message: "Profile updated successfully" }) } },
    refusals: refusals(WRITE, ADMIN, JSON_BODY, invalid("Invalid input", "Profile update failed", ["Name must be at least 2 characters"])),
  },
  {
    method: "PUT",
    path: "/admin/change_password",
    summary: "Change the admin's password (under `admin`, `user` or unwrapped)",
    auth: "admin",
    body: {
      schema: ChangePasswordSchema,
      wrapper: "admin",
      alternatives: ["user", null],
      example: { current_password: "your-password", password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
    },
    responses: { 200: { description: "Changed", schema: done("Password changed successfully. Please sign in again.") } },
    refusals: refusals(WRITE, ADMIN, JSON_BODY, invalid("Invalid input, or a wrong current password", "Password change failed", ["Passwords do not match"]), {
      throttled: "Too many wrong current passwords (Retry-After)",
    }),
  },
  {
    method: "POST",
    path: "/admin/reconcile",
    summary:
      "One call of the reconciliation of the counts and sums the pages show (kept by triggers) with the rows they count: at most 10,000 rows read a call; pass `cursor` back until `done`. A figure that differs is repaired only if it has not moved since the run began (else it is reported as moved); `repair: false` only reports",
    auth: "admin",
    body: {
      schema: ReconcileSchema,
      wrapper: "reconcile",
      example: { cursor: "eyJydW4iOiJyN0hxMlhjOUxtUDRzVDh2VzF5WjBhIiwic3RlcCI6MiwicGhhc2UiOiJvcmRlcnMiLCJhZnRlciI6WzIwMDBdfQ", repair: true },
    },
    responses: {
      200: {
        description: "What this call compared and repaired, and where to go on",
        schema: ok(
          example(
            z
              .object({
                done: z.boolean(),
                cursor: z.string().nullable().describe("Pass it back to go on; null once done"),
                phase: z.string(),
                rows_read: z.number().int().min(0),
                repaired: z.number().int().min(0),
                moved: z.number().int().min(0).describe("Figures that differed but moved during the run: checked again by the next run"),
                differences: z.array(
                  z
                    .object({
                      figure: z.enum(["count", "money", "rating", "package", "delivery_days", "listed_at"]),
                      key: z.array(z.string()),
                      kept: z.array(z.number()),
                      counted: z.array(z.number()),
                      repaired: z.boolean(),
                    })
                    .strict(),
                ),
              })
              .strict(),
            {
              done: false,
              cursor: "eyJydW4iOiJyN0hxMlhjOUxtUDRzVDh2VzF5WjBhIiwic3RlcCI6MywicGhhc2UiOiJvcmRlcnMiLCJhZnRlciI6WzQwMDBdfQ",
              phase: "orders",
              rows_read: 9120,
              repaired: 0,
              moved: 0,
              differences: [],
            },
          ),
          { message: "Reconciliation goes on" },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("A cursor no call returned", "Reconciliation could not start", ["cursor must be the cursor a previous call returned"]),
      conflict(
        "One run at a time: another run holds the lease (Retry-After: when it would expire, idle), this cursor's call was made already, or the run was taken over",
        "Another reconciliation is running. Try again when it is done.",
      ),
    ),
  },
  // People (admins)
  {
    method: "GET",
    path: "/users",
    summary: "Customers, newest first: by `pageNumber`, or after the last customer seen (`after`: its `created_at` and `id`)",
    auth: "admin",
    query: KeysetQuerySchema,
    responses: { 200: { description: "A page of customers", schema: ok(z.array(UserResponse), { meta: true }) } },
    refusals: refusals(READ, ADMIN, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "GET",
    path: "/users/{id}",
    summary: "One customer",
    auth: "admin",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) } },
    refusals: refusals(
      READ,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "User id must be a positive whole number" } },
      notFound("No such customer", "User not found"),
    ),
  },
  // Catalogue
  {
    method: "GET",
    path: "/products",
    summary: "Active products, newest first, optionally with a tag",
    auth: "public",
    query: ProductListQuerySchema,
    responses: { 200: { description: "A page of products", schema: ok(z.array(ProductResponse), { meta: true }) } },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "POST",
    path: "/products",
    summary:
      "Create a product (step 1: details and packages; media follow with PUT). On sale at once, unless sent `draft: true`: then it stays off the shop until `POST /products/{id}/publish`",
    auth: "admin",
    body: {
      schema: ProductCreateSchema,
      wrapper: "product",
      example: {
        title: "Explainer video",
        description_heading: "Explain your product in 60 seconds",
        description: "A short animated video that explains what you do.",
        services_offered: ["Scriptwriting", "Animation"],
        packages: [{ short_description: "A 30-second explainer", amount: "499.00", items_included: ["Script", "Voice-over"], currency: "USD" }],
        tags: ["animation", "explainer", "2d"],
      },
    },
    responses: {
      201: {
        description: "Created",
        schema: ok(example(z.object({ id: z.number().int(), status: ProductStatusField }).strict(), { id: 2, status: "published" }), {
          message: "Product created successfully!",
        }),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("Invalid input: `errors` names each field's rule", "Failed to create product", ["At least 3 tags are required"]),
    ),
  },
  {
    method: "GET",
    path: "/products/{id}",
    summary: "One active product",
    auth: "public",
    responses: { 200: { description: "The product", schema: ok(ProductResponse, { message: "Product fetched successfully" }) } },
    refusals: refusals(
      READ,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/publish",
    summary: "Put a draft on sale (listed, searchable, bought); a product already published or archived stays as it is",
    auth: "admin",
    responses: {
      200: {
        description: "Published",
        schema: ok(example(z.object({ id: z.number().int(), status: ProductStatusField }).strict(), { id: 2, status: "published" }), {
          message: PRODUCT_PUBLISHED,
        }),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "GET",
    path: "/products/{id}/reviews",
    summary: "A page of the product's verified reviews (10 a page), newest first or by stars, with the figures",
    auth: "public",
    query: ReviewListQuerySchema,
    responses: {
      200: {
        description: "A page of reviews",
        schema: example(z.object({ success: z.literal(true), data: z.array(ReviewResponse), meta: ReviewPageMeta }).strict(), {
          success: true,
          data: [REVIEW],
          meta: { totalPages: 2, currentPage: 1, distribution: { "1": 0, "2": 0, "3": 1, "4": 3, "5": 8 }, hidden: 1, rating: { average: 4.6, count: 12 } },
        }),
      },
    },
    refusals: refusals(
      READ,
      { malformed: { description: "An invalid page or sort", message: "sort must be newest, highest or lowest" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/reviews/{review_id}/reply",
    summary: "The studio answers a review, once, publicly",
    auth: "admin",
    body: { schema: ReviewReplySchema, wrapper: "reply", example: { body: "Thank you, Ada: it was a pleasure." } },
    responses: { 200: { description: "Answered", schema: ok(ReviewResponse, { message: "Answer published" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      notFound("No such review of this product", "Review not found"),
      invalid("No answer, or one too long", "Answer is invalid", ["Write an answer"]),
      conflict("Already answered", "The studio has already answered this review."),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/reviews/{review_id}/hide",
    summary: "Hide a review for a policy reason (personal data, abuse, off-topic), logged with who and why; stars and words are never changed",
    auth: "admin",
    body: { schema: ReviewHideSchema, example: { reason: "personal_data" } },
    responses: { 200: { description: "Hidden", schema: ok(ReviewResponse, { message: "Review hidden" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      notFound("No such review of this product", "Review not found"),
      invalid("No reason, or not one of the policy's", "Give the policy reason", ["Choose the policy reason: personal_data, abuse or off_topic"]),
      conflict("Hidden already", "This review is hidden already."),
    ),
  },
  {
    method: "PUT",
    path: "/products/{id}",
    summary:
      "Add images, videos and a thumbnail, and optionally rename (step 2): as multipart files, or as JSON naming uploads sent in parts (purpose product_media)",
    auth: "admin",
    body: {
      schema: ProductMediaUploadsSchema,
      wrapper: "product",
      example: { image_upload_ids: ["6f1c2a4e-8d0b-4f5e-9a7c-2b3d4e5f6a7b"] },
      multipart: { schema: ProductMediaUpload, example: { "product[title]": "Explainer video", "images[]": ["cover.jpg"] }, limits: PRODUCT_MEDIA_FORM },
      invalidAnswer: { invalid: "Product media is invalid" },
    },
    responses: { 200: { description: "Uploaded", schema: ok(AdminProductResponse, { message: "Images and videos uploaded successfully!" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
      FORM_BODY,
      JSON_BODY,
      { unsupported: { description: "Neither multipart/form-data nor JSON", message: "Content-Type must be multipart/form-data or application/json" } },
      {
        invalid: {
          description: "Nothing sent, a bad file or title, too many files, or an upload id that is not a completed upload of this product",
          message: "Video thumbnail is required when uploading videos",
        },
      },
    ),
  },
  {
    method: "GET",
    path: "/tags",
    summary: "Every tag in use",
    auth: "public",
    responses: { 200: { description: "Tag names", schema: ok(example(z.array(z.string()), ["2d", "animation", "explainer"])) } },
    refusals: refusals(READ),
  },
  {
    method: "GET",
    path: "/autosuggest/tags",
    summary: "Tags matching a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: { 200: { description: "Tag names", schema: ok(example(z.array(z.string()), ["animation"])) } },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "query must be at most 100 characters" } }),
  },
  {
    method: "GET",
    path: "/autosuggest/products",
    summary: "Products whose titles match a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: {
      200: {
        description: "Ids and titles",
        schema: ok(example(z.array(z.object({ id: z.number().int(), title: z.string() }).strict()), [{ id: 2, title: "Explainer video" }])),
      },
    },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "query must be at most 100 characters" } }),
  },
  // Billing addresses
  {
    method: "GET",
    path: "/billing_addresses",
    summary: "The customer's addresses",
    auth: "customer",
    responses: { 200: { description: "Addresses", schema: ok(z.array(AddressResponse)) } },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "POST",
    path: "/billing_addresses",
    summary: "Add an address (flat or under `billing_address`)",
    auth: "customer",
    body: {
      schema: AddressSchema,
      alternatives: ["billing_address"],
      example: {
        street: "1 Market St",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 1AA",
        country: "GB",
        is_default: true,
        company_name: "Lovelace Analytics Ltd",
        tax_id: "GB 246 8135 51",
      },
    },
    responses: { 201: { description: "Added", schema: ok(AddressResponse) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input (a tax number is read against the country), or the address limit reached", "Billing address is invalid", [
        "Zip code is required",
        "Tax ID is not a valid VAT number for United Kingdom",
      ]),
    ),
  },
  {
    method: "GET",
    path: "/billing_addresses/{id}",
    summary: "One of the customer's addresses",
    auth: "customer",
    responses: { 200: { description: "The address", schema: ok(AddressResponse) } },
    refusals: refusals(READ, CUSTOMER, notFound("Not the caller's, or none", "Billing address not found")),
  },
  {
    method: "PUT",
    path: "/billing_addresses/{id}",
    summary:
      "Change one of the customer's addresses: every field, as when adding it (flat or under `billing_address`); `is_default: true` makes it the default (the old one stops being it); orders already made keep the buyer as invoiced",
    auth: "customer",
    body: {
      schema: AddressSchema,
      alternatives: ["billing_address"],
      example: {
        street: "2 Market St",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 2AB",
        country: "GB",
        is_default: true,
        company_name: "Lovelace Analytics Ltd",
        tax_id: "GB 246 8135 51",
      },
    },
    responses: { 200: { description: "Changed", schema: ok(AddressResponse) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input (a tax number is read against the country)", "Billing address is invalid", ["Zip code is required"]),
      notFound("Not the caller's, or none", "Billing address not found"),
    ),
  },
  {
    method: "DELETE",
    path: "/billing_addresses/{id}",
    summary:
      "Delete one of the customer's addresses; when it was the default, the most recent remaining address becomes the default. Orders made with it keep their own copy of the address",
    auth: "customer",
    responses: { 200: { description: "Deleted", schema: done(ADDRESS_DELETED) } },
    refusals: refusals(WRITE, CUSTOMER, notFound("Not the caller's, or none", "Billing address not found")),
  },
  // Orders and payment
  {
    method: "GET",
    path: "/orders",
    summary:
      "The customer's orders (every order for an admin token), newest first: by `pageNumber`, or after the last order seen (`after`: its `created_at` and `id`), a walk that stays exact while orders are added",
    auth: "customer or admin",
    query: KeysetQuerySchema,
    responses: { 200: { description: "A page of orders", schema: ok(z.array(OrderResponse), { meta: true }) } },
    refusals: refusals(READ, NO_TOKEN, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "POST",
    path: "/orders",
    summary: "Order a package; pay with the returned client_secret (a repeated Idempotency-Key answers the same order)",
    auth: "customer",
    idempotencyKey: true,
    body: {
      schema: CreateOrderSchema,
      wrapper: "order",
      example: { product_id: 2, billing_address_id: 3, package_index: 0, order_amount: "499.00", currency: "USD", promo_code: "launch20" },
      invalidAnswer: "first field",
    },
    responses: {
      201: {
        description: "Created",
        schema: ok(
          example(
            OrderResponse.extend({
              client_secret: z
                .string()
                .nullable()
                .describe(
                  "What the card is confirmed with; null when nothing is to be paid (a promo code took the whole price off): the order is paid already",
                ),
            }),
            {
              ...ORDER,
              payment_status: "initiated",
              work_status: "awaiting_payment",
              due_at: null,
              stripe_transaction_id: "pi_3Q0example",
              client_secret: "pi_3Q0example_secret_x1y2",
            },
          ),
          {
            message: "Order created",
          },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      notFound("No such product", "Product not found"),
      invalid(
        "Invalid input, no such package or address of the caller's, a price that disagrees with the package's (order_amount is the price before any discount), or a refused promo_code: then `message` is the reason the checkout shows under its field, `errors` holds it alone and `error_code` is PROMO_CODE_REFUSED",
        "order_amount and currency do not match the package price",
      ),
      conflict("The checkout was already used for another order", "This checkout was already used for another order; reload the page"),
      { throttled: "Too many unpaid orders" },
      { upstream: { description: "The payment provider gave no client secret", message: "No client secret returned from the payment provider" } },
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}",
    summary: "One order: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The order", schema: ok(OrderResponse) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "PUT",
    path: "/orders/{id}/update_payment_status",
    summary: "Ask the payment provider and record the order's payment status (any body is ignored)",
    auth: "customer or admin",
    responses: {
      200: {
        description: "The recorded status",
        schema: ok(
          example(z.object({ id: z.number().int(), payment_status: OrderResponse.shape.payment_status }).strict(), { id: 12, payment_status: "succeeded" }),
        ),
      },
    },
    refusals: refusals(WRITE, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "GET",
    path: "/orders/{id}/brief",
    summary: "The order's brief (null until submitted): its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The brief, or null", schema: ok(BriefResponse.nullable()) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "PUT",
    path: "/orders/{id}/brief",
    summary: "The owner submits the brief once; production starts and the due date is set",
    auth: "customer",
    body: {
      schema: BriefSchema,
      wrapper: "brief",
      example: {
        purpose: "A launch video for our new app, to show on the landing page",
        audience: "Small business owners",
        references: ["https://example.com/reel"],
        deadline_wish: "2026-05-01",
      },
    },
    responses: { 200: { description: "The order, now in_progress", schema: ok(OrderResponse, { message: "Brief submitted" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid brief", "Brief could not be saved", ["What the video is for must be at least 20 characters"]),
      conflict("Not awaiting its brief (unpaid, or the brief was already submitted)", "Cannot submit a brief for this order: it is in production."),
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/events",
    summary: "The order's work timeline, oldest first: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The events", schema: ok(z.array(OrderEventResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "GET",
    path: "/orders/{id}/invoice",
    summary: "The invoice of a paid order (the PDF is /profile/orders/{id}/invoice.pdf): its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The invoice", schema: ok(InvoiceResponse) } },
    refusals: refusals(READ, NO_TOKEN, notFound("Not the caller's order, none, or not paid", "Invoice not found")),
  },
  {
    method: "GET",
    path: "/orders/{id}/credit_notes",
    summary:
      "The order's refunds with their credit notes, oldest first (each note's page and PDF: /profile/orders/{id}/credit-notes/{number}): its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The refunds", schema: ok(z.array(RefundResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "GET",
    path: "/orders/{id}/deliveries",
    summary: "The order's deliveries, newest first, with their files: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The deliveries", schema: ok(z.array(DeliveryResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries",
    summary: "The studio delivers files; the order becomes delivered",
    auth: "admin",
    body: {
      schema: DeliveryUploadsSchema,
      wrapper: "delivery",
      example: {
        note: "First cut",
        frame_rate: "25",
        preview_upload_id: "0b5d7f9a-1c3e-4a6b-8d0f-2e4a6c8e0a2c",
        master_upload_ids: ["6f1c2a4e-8d0b-4f5e-9a7c-2b3d4e5f6a7b"],
      },
      multipart: { schema: DeliveryUpload, example: { note: "First cut", "files[]": ["cut-1.mp4"] }, limits: DELIVERY_FORM },
      invalidAnswer: { invalid: "Delivery is invalid" },
    },
    responses: {
      201: {
        description: "Delivered",
        schema: ok(z.object({ order: OrderResponse, delivery: DeliveryResponse }).strict(), { message: "Delivered" }),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      notFound("No such order", "Order not found"),
      FORM_BODY,
      JSON_BODY,
      {
        unsupported: {
          description: "A body that is neither multipart/form-data nor JSON",
          message: "Send the delivery as multipart/form-data with note and files[], or as JSON naming completed uploads",
        },
      },
      conflict("Not in production (or awaiting a revision)", "Cannot deliver this order: it has been delivered and awaits review."),
      invalid(
        "No files, too many, a file of the wrong type or size, an upload id that is not a completed upload of this order, or a preview that is not MP4/WebM",
        "Add at least one file to deliver",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/approve",
    summary: "The owner approves the delivery; the order is completed",
    auth: "customer",
    responses: { 200: { description: "Completed", schema: ok(OrderResponse, { message: "Delivery approved" }) } },
    refusals: refusals(WRITE, CUSTOMER, ORDER_NOT_FOUND, conflict("Nothing delivered to approve", "Cannot approve this order: it is in production.")),
  },
  {
    method: "GET",
    path: "/orders/{id}/revisions",
    summary: "The order's revision requests with their pinned comments: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The revision requests", schema: ok(z.array(RevisionResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/revisions",
    summary: "The owner asks for changes to the delivery, with comments pinned to moments of its video",
    auth: "customer",
    body: {
      schema: RevisionSchema,
      wrapper: "revision",
      example: { note: "A warmer voice, please", comments: [{ at_seconds: "0:42", text: "Logo larger here" }] },
    },
    responses: { 201: { description: "Revision requested", schema: ok(OrderResponse, { message: "Revision requested" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid revision", "Revision could not be requested", ["Tell the studio what to change"]),
      conflict(
        "Nothing delivered, or every revision of the package is used",
        "All revisions of this package are used. Please write to the studio in the order's messages.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/refund",
    summary:
      "An admin refunds all that is left (no amount) or part of it, with a reason; each refund gets a credit note. When nothing is left, payment_status becomes refunded and work not yet completed is cancelled",
    auth: "admin",
    idempotencyKey: true,
    body: { schema: RefundSchema, wrapper: "refund", example: { reason: "The customer cancelled before production", amount: "250.00" } },
    responses: {
      200: {
        description: "Refunded: the order, its refunds so far and what is left",
        schema: ok(
          example(z.object({ order: OrderResponse, refunds: z.array(RefundResponse), remaining_amount: z.string() }).strict(), {
            order: { ...ORDER, refunded_amount: "250.00" },
            refunds: [REFUND],
            remaining_amount: "348.80",
          }),
          { message: "Order refunded" },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      notFound("No such order", "Order not found"),
      JSON_BODY,
      invalid("No reason given, or an amount that is not a positive decimal or is more than is left", "Refund could not be made", [
        "Give a reason for the refund",
      ]),
      conflict(
        "Not paid, nothing left to refund (nothing more is refunded), a refund under way, or refused by the payment provider",
        "Cannot refund this order: its payment is initiated.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/review",
    summary: "The customer reviews a completed order: once, within 60 days of its completion; shown as a verified purchase",
    auth: "customer",
    body: {
      schema: ReviewSchema,
      wrapper: "review",
      example: {
        rating: 5,
        title: "Exactly the launch film we needed",
        body: "Clear brief, two quick rounds of changes and a film our customers still mention.",
      },
    },
    responses: { 201: { description: "Published", schema: ok(ReviewResponse, { message: "Review published" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      ORDER_NOT_FOUND,
      invalid("Stars outside 1–5, or a review shorter than 20 or longer than 2,000 characters", "Review is invalid", ["Write at least 20 characters"]),
      conflict("Not completed, past 60 days since completion, or reviewed already", "You can review an order once it is completed."),
    ),
  },
  {
    method: "PUT",
    path: "/orders/{id}/review",
    summary: "The customer edits their review within 14 days of writing it (shown as edited)",
    auth: "customer",
    body: {
      schema: ReviewSchema,
      wrapper: "review",
      example: { rating: 4, body: "Clear brief and quick changes; the second round took a day longer than promised." },
    },
    responses: { 200: { description: "Edited", schema: ok(ReviewResponse, { message: "Review updated" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      ORDER_NOT_FOUND,
      invalid("Stars outside 1–5, or a review shorter than 20 or longer than 2,000 characters", "Review is invalid", ["Write at least 20 characters"]),
      conflict("No review yet, past 14 days, hidden, or changed meanwhile", "A review can be edited within 14 days of writing it."),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/guarantee",
    summary:
      "The first-order money-back guarantee: a full refund at once, within 30 days of paying for a customer's first order, while it is not completed (credit note, email, order cancelled)",
    auth: "customer",
    responses: {
      200: {
        description: "Refunded: the order, its refunds and what is left (nothing)",
        schema: ok(
          example(z.object({ order: OrderResponse, refunds: z.array(RefundResponse), remaining_amount: z.string() }).strict(), {
            order: { ...ORDER, payment_status: "refunded", refunded_amount: "598.80" },
            refunds: [REFUND],
            remaining_amount: "0.00",
          }),
          { message: "Order refunded under the money-back guarantee" },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      conflict(
        "Not the customer's first order, more than 30 days since paying, completed, not paid or refunded already",
        "The money-back guarantee covers a customer's first order only.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/cancel",
    summary:
      "The customer cancels within 14 days of paying (the withdrawal function): before work started, a full refund at once (credit note, email, order cancelled); after work started at their request, a request the studio answers within 3 days with a proportionate refund (unanswered: a full refund)",
    auth: "customer",
    responses: {
      200: {
        description: "Refunded in full at once: the order, cancelled",
        schema: ok(
          example(z.object({ order: OrderResponse }).strict(), {
            order: { ...ORDER, work_status: "cancelled", payment_status: "refunded", refunded_amount: "598.80" },
          }),
          {
            message: CANCELLATION_MESSAGES.refunded,
          },
        ),
      },
      202: {
        description: "Work had started: the request is with the studio",
        schema: ok(example(z.object({ order: OrderResponse }).strict(), { order: { ...ORDER, cancellation_requested_at: "2026-04-05T09:00:00.000Z" } }), {
          message: CANCELLATION_MESSAGES.requested,
        }),
      },
    },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      conflict(
        "More than 14 days since paying, completed, billed to a business, not paid, refunded or cancelled already, or asked already",
        CANCELLATION_MESSAGES.tooLate,
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/cancellation/answer",
    summary:
      'The studio answers a cancellation of work already started: a refund for the work not done ("0" for none, with a credit note) and a note of the work done; the order is cancelled',
    auth: "admin",
    body: {
      schema: CancellationAnswerSchema,
      wrapper: "cancellation",
      example: { amount: "300.00", note: "Script and storyboard were done; animation had not started." },
    },
    responses: {
      200: {
        description: "Answered: the order, cancelled",
        schema: ok(
          example(z.object({ order: OrderResponse }).strict(), {
            order: {
              ...ORDER,
              work_status: "cancelled",
              refunded_amount: "300.00",
              cancellation_requested_at: "2026-04-05T09:00:00.000Z",
              cancellation_answered_at: "2026-04-06T10:00:00.000Z",
            },
          }),
          {
            message: "Cancellation answered",
          },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      notFound("No such order", "Order not found"),
      JSON_BODY,
      invalid("No note, or an amount that is not a decimal or is more than is left", "Cancellation could not be answered", ["Describe the work done so far"]),
      conflict("No open cancellation request on the order", CANCELLATION_MESSAGES.noRequest),
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/messages",
    summary: "The order's thread between the customer and the studio, oldest first: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The messages", schema: ok(z.array(MessageResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/messages",
    summary:
      "Write in the order's thread (plain text): its owner or an admin. JSON as here, or multipart/form-data with `message[body]` and `files[]` attachments (videos, images or PDFs; up to 5)",
    auth: "customer or admin",
    body: {
      schema: MessageSchema,
      wrapper: "message",
      example: { body: "Here is our logo." },
      multipart: {
        schema: MessageUpload,
        example: { "message[body]": "Here is our logo.", "files[]": ["logo.png"] },
        limits: ATTACHMENT_FORM,
        payload: (form: FormData) => ({ body: form.get("message[body]") ?? undefined }),
      },
    },
    responses: { 201: { description: "Sent", schema: ok(MessageResponse, { message: "Message sent" }) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      ORDER_NOT_FOUND,
      JSON_BODY,
      FORM_BODY,
      { too_large: "The order's attachments are full" },
      conflict("The order is not paid yet, or closed to files", "Messages open once the order is paid."),
      invalid("Empty or too long, or an attachment of the wrong type or size (the rule is named)", "Message could not be sent", ["Write a message"]),
    ),
  },
  {
    method: "POST",
    path: "/payments/local/confirm",
    summary: "Local payment mode only: confirm a test card for an order's client_secret",
    auth: "customer",
    body: {
      schema: LocalConfirmSchema,
      example: { client_secret: "pi_local_abc123_secret_def456", card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" } },
      invalidAnswer: "first message",
    },
    responses: { 200: { description: "The intent's status", schema: ok(LocalPaymentStatus) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      {
        payment_declined: {
          description: "The card was declined (`error_code: PAYMENT_DECLINED`)",
          message: "Your card was declined.",
          code: "PAYMENT_DECLINED",
        },
      },
      notFound("Not local mode, or not the caller's intent", "Payment not found"),
      conflict("The order can no longer be paid", "This order can no longer be paid (it expired or its price changed). Create a new order."),
      { invalid: { description: "Invalid input, or a card the test gateway refuses", message: "client_secret is required" } },
    ),
  },
  {
    method: "POST",
    path: "/payments/local/authenticate",
    summary: "Local payment mode only: approve or fail the authentication step",
    auth: "customer",
    body: { schema: LocalAuthenticateSchema, example: { client_secret: "pi_local_abc123_secret_def456", result: "approve" }, invalidAnswer: "first message" },
    responses: { 200: { description: "The intent's status", schema: ok(LocalPaymentStatus) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      {
        payment_declined: {
          description: "Authentication failed (`error_code: PAYMENT_DECLINED`)",
          message: "Your card was declined.",
          code: "PAYMENT_DECLINED",
        },
      },
      notFound("Not local mode, or not the caller's intent", "Payment not found"),
      conflict(
        "Nothing to authenticate, or the order can no longer be paid",
        "This order can no longer be paid (it expired or its price changed). Create a new order.",
      ),
      { invalid: { description: "Invalid input", message: 'result must be "approve" or "fail"' } },
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/deliveries/{delivery_id}/masters/{file_id}",
    summary: "A delivery's master, as a download (Range resumes it): to the owner once they have approved, and to admins",
    auth: "customer or admin",
    responses: { 200: { description: "The file's bytes (206 for a Range)", schema: binary("The master"), contentType: "application/octet-stream" } },
    refusals: refusals(READ, NO_TOKEN, notFound("Not the caller's order, or no such master", "File not found"), {
      forbidden: { description: "The owner has not approved the delivery yet", message: MASTERS_HELD },
    }),
  },
  // Review of a version
  {
    method: "GET",
    path: "/orders/{id}/deliveries/{delivery_id}/comments",
    summary: "A version's review comments in timeline order, each with its replies: the owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The comments", schema: ok(z.array(CommentResponse)) } },
    refusals: refusals(READ, NO_TOKEN, notFound("Not the caller's order, or no such version", "Delivery not found")),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments",
    summary: "Comment on a version at a frame or over a range (in, out), with a drawing on the frame (points relative to its size, 0 to 1)",
    auth: "customer or admin",
    body: {
      schema: ReviewCommentSchema,
      wrapper: "comment",
      example: {
        at_frame: 1062,
        text: "Logo larger here",
        drawing: {
          shapes: [
            {
              tool: "arrow",
              color: "#e11d48",
              points: [
                [0.4, 0.5],
                [0.7, 0.2],
              ],
            },
          ],
        },
      },
    },
    responses: { 201: { description: "Added", schema: ok(CommentResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      notFound("Not the caller's order, or no such version", "Delivery not found"),
      invalid("A field breaks its rule", "Comment is invalid", ["Write a comment"]),
      conflict("The order is not open for review (not delivered yet, completed or cancelled)", "This order is not open for review comments."),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/replies",
    summary: "Reply on a comment (either side)",
    auth: "customer or admin",
    body: { schema: CommentReplySchema, wrapper: "reply", example: { text: "Will do in the next version" } },
    responses: { 201: { description: "Added: the comment with its replies", schema: ok(CommentResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      COMMENT_NOT_FOUND,
      invalid("No text, or too long", "Reply is invalid", ["Write a comment"]),
      conflict("The order is not open for review", "This order is not open for review comments."),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/resolve",
    summary: "The studio marks a comment resolved (again: no change)",
    auth: "admin",
    responses: { 200: { description: "Resolved", schema: ok(CommentResponse, { message: "Comment resolved" }) } },
    refusals: refusals(WRITE, ADMIN, COMMENT_NOT_FOUND),
  },
  // Uploads in parts (deliveries' masters and previews, attachments, product media)
  {
    method: "POST",
    path: "/uploads",
    summary:
      "Open an upload of a file of any size, sent in parts straight into storage: answers its id, part_size and part_count. Deliveries (admins) up to 20 GB a file; attachments (the order's owner or admins) within the order's 5 GB; product media (admins)",
    auth: "customer or admin",
    body: {
      schema: UploadCreateSchema,
      wrapper: "upload",
      example: { purpose: "delivery", order_id: 12, name: "final-prores.mov", size: 4_800_000_000, content_type: "video/quicktime" },
    },
    responses: { 201: { description: "Opened", schema: ok(UploadResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      notFound("Not the caller's order or product (or a customer asking for a delivery or product media)", "Order not found"),
      invalid("A field breaks its rule", "Upload is invalid", ["purpose must be one of delivery, attachment, product_media"]),
      conflict("The order takes no delivery now, or no more files", "Cannot deliver this order: it has been delivered and awaits review."),
      {
        too_large: {
          description: "Larger than the purpose allows, or past the order's attachment cap",
          message: "final.mov is too large: at most 20 GB per file",
        },
      },
    ),
  },
  {
    method: "GET",
    path: "/uploads/{id}",
    summary: "An upload of the caller's and the parts taken so far (resume by sending the others)",
    auth: "customer or admin",
    responses: { 200: { description: "The upload", schema: ok(UploadResponse) } },
    refusals: refusals(READ, NO_TOKEN, UPLOAD_NOT_FOUND),
  },
  {
    method: "PUT",
    path: "/uploads/{id}/parts/{n}",
    summary:
      "Part n (from 1): its raw bytes, with a Content-Length of exactly part_size (the last part: what is left). Part 1's first bytes decide the file's type; sending a part again replaces it",
    auth: "customer or admin",
    body: { schema: binary("The part's bytes"), contentType: "application/octet-stream", example: {} },
    responses: { 200: { description: "Taken", schema: ok(UploadedPart) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      notFound("Not the caller's upload, or a part number out of range", "Upload not found"),
      { malformed: "The body ended before its Content-Length" },
      invalid(
        "A Content-Length other than the part's size, or part 1 of a file the purpose does not take (the upload is then cancelled)",
        "Part 1 must be sent with a Content-Length of exactly 5242880 bytes",
      ),
      conflict("The upload is already complete", "This upload is already complete"),
      { gone: { description: "The upload was cancelled", message: "This upload was cancelled: start it again" } },
      { too_large: "A part over 64 MB" },
    ),
  },
  {
    method: "POST",
    path: "/uploads/{id}/complete",
    summary: "Join the parts into the stored file, once every part has arrived (part 1 first of all); a delivery or message then names it by id",
    auth: "customer or admin",
    responses: { 200: { description: "Stored", schema: ok(UploadResponse, { message: "Upload complete" }) } },
    refusals: refusals(WRITE, NO_TOKEN, UPLOAD_NOT_FOUND, conflict("Parts missing, or already complete", "2 of 3 parts have not arrived yet"), {
      gone: { description: "The upload was cancelled", message: "This upload was cancelled: start it again" },
    }),
  },
  {
    method: "DELETE",
    path: "/uploads/{id}",
    summary: "Cancel an upload (open, or complete and not yet named by a delivery): nothing of it stays stored",
    auth: "customer or admin",
    responses: { 200: { description: "Cancelled", schema: done("Upload cancelled") } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      UPLOAD_NOT_FOUND,
      conflict("A delivery or message names it", "This file is part of a delivery or message and cannot be cancelled"),
    ),
  },
  // Promotion codes (admins)
  {
    method: "GET",
    path: "/promotions",
    summary: "A page of promotion codes, newest first, with their redemptions (20 a page unless `limit` says otherwise)",
    auth: "admin",
    query: PaginationQuerySchema,
    responses: { 200: { description: "A page of promotions", schema: ok(z.array(PromotionResponse), { meta: true }) } },
    refusals: refusals(READ, ADMIN, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "POST",
    path: "/promotions",
    summary: "Create a promotion code: a percent or an amount off the package's price, before tax",
    auth: "admin",
    body: {
      schema: PromotionSchema,
      wrapper: "promotion",
      example: { code: "LAUNCH20", percent_off: 20, product_ids: [1, 3, 4], ends_at: "2026-12-31T23:59:59Z", max_redemptions: 500, once_per_customer: true },
    },
    responses: { 201: { description: "Created", schema: ok(PromotionResponse, { message: "Promotion created" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("Invalid input, a code already in use or services not in the catalogue: `errors` names each field's rule", "Promotion could not be saved", [
        "percent_off must be a whole number from 1 to 100",
      ]),
    ),
  },
  {
    method: "PUT",
    path: "/promotions/{id}",
    summary: "Replace a promotion's terms (what the body leaves out takes its default); orders already placed keep their discount",
    auth: "admin",
    body: {
      schema: PromotionSchema,
      wrapper: "promotion",
      example: { code: "SPRING-10", amount_off: "10.00", currency: "GBP", starts_at: "2026-03-20T00:00:00Z", first_order_only: true, active: true },
    },
    responses: { 200: { description: "Updated", schema: ok(PromotionResponse, { message: "Promotion updated" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      notFound("No such promotion", "Promotion not found"),
      JSON_BODY,
      invalid(
        "Invalid input, a code another promotion has or services not in the catalogue: `errors` names each field's rule",
        "Promotion could not be saved",
        ["A promotion with this code already exists"],
      ),
    ),
  },
  {
    method: "GET",
    path: "/openapi.json",
    summary: "This contract as an OpenAPI 3.1 document (readable at /api/docs)",
    auth: "public",
    responses: { 200: { description: "The document", schema: OpenApiDocumentResponse } },
    refusals: refusals(READ),
  },
  {
    method: "POST",
    path: "/webhooks/stripe",
    summary: "Stripe's payment_intent and charge.refunded events (signed with STRIPE_WEBHOOK_SECRET)",
    auth: "stripe-signature",
    body: {
      schema: documented(z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.unknown()) }) }).passthrough(), {
        description: "A Stripe event, read as the raw bytes Stripe signed (at most 256 KB)",
      }),
      example: { id: "evt_1Q0example", type: "payment_intent.succeeded", data: { object: { id: "pi_3Q0example", object: "payment_intent" } } },
      maxBytes: WEBHOOK_MAX_BYTES,
    },
    responses: { 200: { description: "Received", schema: WebhookReceipt } },
    refusals: refusals(WRITE, {
      malformed: { description: "No Stripe-Signature, a bad signature, or an event with nothing to apply", message: "Invalid webhook signature" },
      too_large: "A body over 256 KB",
      unavailable: { description: "Stripe webhooks are not configured here (no STRIPE_WEBHOOK_SECRET)", message: "Stripe webhooks are not configured" },
    }),
  },
] as const satisfies readonly ApiOperation[];

/** Every call, in the document's order. */
export const API_OPERATIONS: readonly ApiOperation[] = OPERATIONS;

type Operation = (typeof OPERATIONS)[number];
/** A call's name as its method and path: `"POST /orders/{id}/refund"`. */
export type OperationKey = Operation extends infer O
  ? O extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;
/** The declaration of the call `K`, with its schemas' own types. */
export type OperationOf<K extends OperationKey> = K extends `${infer M} ${infer P}` ? Extract<Operation, { method: M; path: P }> : never;

/** The declaration of a call, by its method and path (routes build themselves from it: app/http/api/call.server.ts). */
export function operation<K extends OperationKey>(key: K): OperationOf<K> {
  const found = OPERATIONS.find((op) => `${op.method} ${op.path}` === key);
  if (!found) throw new Error(`No such call in the contract: ${key}`);
  return found as OperationOf<K>;
}

/** The methods a contract path template (`/orders/{id}`) takes, with HEAD beside GET. */
export function pathMethods(path: string): string[] {
  const methods = API_OPERATIONS.filter((op) => op.path === path).map((op) => op.method as string);
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** The methods a contract path allows (HEAD with GET), or null when the path is not in the contract. */
export function allowedMethods(pathname: string): string[] | null {
  const matching = API_OPERATIONS.filter((op) => pathPattern(op.path).test(pathname));
  if (!matching.length) return null;
  // As the router does: a literal segment wins over a parameter (`/users/me` over `/users/{id}`).
  const params = (path: string) => path.split("{").length - 1;
  const fewest = Math.min(...matching.map((op) => params(op.path)));
  const methods = matching.filter((op) => params(op.path) === fewest).map((op) => op.method);
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** `/orders/{id}` → a pattern for `/api/v1/orders/12` (ids are the digits the routes accept, or anything, to answer 400 there). */
export function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[a-z_]+\}/g, "[^/]+");
  return new RegExp(`^/api/v1${source}/?$`);
}

/**
 * Schemas the document writes once, as components (`#/components/schemas/{name}`), and names
 * wherever a call uses them: an address's per-country rules, and the records the answers carry.
 */
export const API_COMPONENTS: Record<string, z.ZodTypeAny> = {
  BillingAddressInput: AddressSchema,
  BillingAddress: AddressResponse,
  User: UserResponse,
  Admin: AdminResponse,
  Package: PackageResponse,
  Product: ProductResponse,
  Review: ReviewResponse,
  Order: OrderResponse,
  Invoice: InvoiceResponse,
  Refund: RefundResponse,
  Promotion: PromotionResponse,
  Brief: BriefResponse,
  OrderEvent: OrderEventResponse,
  Delivery: DeliveryResponse,
  Comment: CommentResponse,
  Upload: UploadResponse,
  Revision: RevisionResponse,
  Message: MessageResponse,
};
