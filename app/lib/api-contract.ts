/**
 * The JSON API's contract: every call under `/api/v1`, with who may make it, the Zod schemas its
 * route validates the request with, and the shapes it answers with. The OpenAPI document
 * (`/api/v1/openapi.json`, http/openapi.server.ts) and the reference page (`/api/docs`) are
 * generated from it, the server answers methods a path does not list with 405 from it
 * (edge/api-boundary.server.ts), and tests check that the routes and their answers agree with it.
 */
import { z } from "zod";
import { paymentStatuses } from "../../db/schema";
import { AddressSchema } from "./schemas/address";
import {
  AdminLoginSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RefreshTokenSchema,
  ResetPasswordSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "./schemas/auth";
import { LocalAuthenticateSchema, LocalConfirmSchema } from "./schemas/local-payment";
import { CreateOrderSchema } from "./schemas/order";
import { WORK_STATUSES } from "./work-status";
import { BriefSchema } from "./schemas/brief";
import { RefundSchema } from "./schemas/refund";
import { RevisionSchema } from "./schemas/revision";
import { MessageSchema } from "./schemas/message";
import { ProductDetailsSchema } from "./schemas/product";
import { AutosuggestQuerySchema, PaginationQuerySchema, ProductListQuerySchema } from "./query";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
/** Who may call: nobody in particular, a customer's or an admin's Bearer token, either, or Stripe. */
export type ApiAuth = "public" | "customer" | "admin" | "customer or admin" | "stripe-signature";

// ----- What the API answers -----

export const UserResponse = z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string() }).strict();
export const AdminResponse = z.object({ id: z.number().int(), name: z.string(), email: z.string() }).strict();
export const AddressResponse = z
  .object({ id: z.number().int(), street: z.string(), city: z.string(), state: z.string(), zip_code: z.string(), country: z.string(), is_default: z.boolean() })
  .strict();
export const PackageResponse = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    name: z.string(),
    currency: z.string(),
    amount: z.string().describe('Major units as a decimal string, e.g. "499.00"'),
    amount_minor: z.number().int(),
    short_description: z.string(),
    items_included: z.array(z.string()),
  })
  .strict();
export const ProductResponse = z
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
  })
  .strict();
export const OrderResponse = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    billing_address_id: z.number().int().nullable(),
    package_index: z.number().int(),
    order_amount: z.string(),
    currency: z.string(),
    payment_status: z.enum(paymentStatuses),
    stripe_transaction_id: z.string().nullable(),
    created_at: z.string(),
    product: z.object({ image: z.string().nullable(), title: z.string() }).strict(),
    work_status: z.enum(WORK_STATUSES).describe("The work after payment: awaiting_payment → awaiting_brief → in_progress → delivered → completed"),
    due_at: z.string().nullable().describe("Delivery promised by (the brief's submission + 7 days); null before the brief"),
    revisions_allowed: z.number().int(),
    revisions_used: z.number().int(),
  })
  .strict();
const AttachmentResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    kind: z.enum(["video", "image", "document"]),
    url: z.string().describe("Served to the owner and admins (session cookie or bearer token)"),
  })
  .strict();
const BriefResponse = z
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
  .strict();
const OrderEventResponse = z
  .object({
    actor: z.enum(["customer", "admin", "system"]),
    from_status: z.enum(WORK_STATUSES),
    to_status: z.enum(WORK_STATUSES),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .strict();
const DeliveryResponse = z
  .object({
    id: z.number().int(),
    note: z.string().nullable(),
    created_at: z.string(),
    files: z.array(
      z
        .object({
          id: z.number().int(),
          name: z.string(),
          content_type: z.string(),
          size: z.number().int(),
          kind: z.enum(["video", "image", "document"]),
          url: z.string().describe("Served to the owner and admins (session cookie or bearer token); videos stream with Range"),
        })
        .strict(),
    ),
  })
  .strict();
const RevisionResponse = z
  .object({
    note: z.string(),
    created_at: z.string(),
    delivery_id: z.number().int().nullable(),
    comments: z.array(z.object({ at_seconds: z.number().int(), text: z.string() }).strict()),
  })
  .strict();
const MessageResponse = z
  .object({ id: z.number().int(), author: z.enum(["customer", "studio"]), body: z.string(), created_at: z.string(), attachments: z.array(AttachmentResponse) })
  .strict();
const LocalPaymentStatus = z.object({ status: z.string().describe("succeeded, requires_action, …"), payment_status: z.enum(paymentStatuses) }).strict();
const Tokens = { access_token: z.string(), refresh_token: z.string() };
const PageMeta = z.object({ totalPages: z.number().int(), currentPage: z.number().int(), totalCount: z.number().int(), limit: z.number().int() }).strict();

/** `{ success: true, message?, data, meta? }` around a call's data. */
function ok(data: z.ZodTypeAny, extra: { message?: true; meta?: true } = {}) {
  return z
    .object({
      success: z.literal(true),
      ...(extra.message ? { message: z.string() } : {}),
      data,
      ...(extra.meta ? { meta: PageMeta } : {}),
    })
    .strict();
}
const done = z.object({ success: z.literal(true), message: z.string() }).strict();

/** Every refusal: a message, field errors for invalid input, and a code where a client acts on it. */
export const ErrorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.string()).optional(),
    error_code: z.literal("TOKEN_EXPIRED").optional(),
    data: z.unknown().optional().describe("The local payment calls' intent status, with a 402"),
  })
  .strict();

// ----- Requests that are not JSON -----

/** Multipart fields of `PUT /products/{id}` (documented, not parsed with Zod: files are streamed). */
const ProductMediaUpload = z.object({
  "product[title]": ProductDetailsSchema.shape.title.optional(),
  "images[]": z.array(z.string().describe("binary")).optional().describe("Images (repeat the field)"),
  "videos[]": z.array(z.string().describe("binary")).optional().describe("Videos (repeat the field)"),
  video_thumbnail: z.string().describe("binary").optional().describe("Required with videos"),
});

const DeliveryUpload = z.object({
  note: z.string().optional().describe("What the studio says about this delivery"),
  "files[]": z.array(z.string().describe("binary")).describe("Videos (MP4, WebM), images or PDFs (repeat the field)"),
});

export interface ApiOperation {
  method: ApiMethod;
  /** Under `/api/v1`, with `{id}` for a path parameter. */
  path: string;
  summary: string;
  auth: ApiAuth;
  /** The body schema the route validates with, under `wrapper` when the body wraps it (`{ user: { … } }`). */
  body?: { schema: z.ZodTypeAny; wrapper?: string; contentType?: "application/json" | "multipart/form-data" };
  query?: z.AnyZodObject;
  /** Status → what it means, and for successes the body's shape. */
  responses: Record<number, string | { description: string; schema: z.ZodTypeAny }>;
}

const refused = { 401: "No valid access token", 403: "A token of the other kind" } as const;
const invalid = { 422: "Invalid input: `errors` names each field and rule" } as const;

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Customer accounts
  {
    method: "POST",
    path: "/sign_up",
    summary: "Create a customer account",
    auth: "public",
    body: { schema: SignupSchema, wrapper: "user" },
    responses: {
      201: { description: "Signed up", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: true }) },
      ...invalid,
      429: "Too many sign-ups from this address",
    },
  },
  {
    method: "POST",
    path: "/sign_in",
    summary: "Sign in as a customer",
    auth: "public",
    body: { schema: LoginSchema, wrapper: "session" },
    responses: {
      200: { description: "Signed in", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: true }) },
      401: "Invalid email or password",
      ...invalid,
      429: "Too many attempts (Retry-After)",
    },
  },
  {
    method: "DELETE",
    path: "/sign_out",
    summary: "Sign out: refresh and access tokens stop working",
    auth: "customer",
    responses: { 200: { description: "Signed out", schema: done }, ...refused },
  },
  {
    method: "POST",
    path: "/refresh_token",
    summary: "Exchange a refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema },
    responses: {
      200: { description: "A new pair", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict()) },
      400: "No refresh_token",
      401: "Invalid or expired refresh token",
    },
  },
  {
    method: "POST",
    path: "/password_resets",
    summary: "Email a customer a single-use link (30 minutes) to choose a new password; the same answer for unknown emails",
    auth: "public",
    body: { schema: ForgotPasswordSchema },
    responses: { 200: { description: "Asked (whether or not the email has an account)", schema: done }, ...invalid, 429: "Too many attempts (Retry-After)" },
  },
  {
    method: "PUT",
    path: "/password_resets",
    summary: "Set a new password with the emailed link's token: every session and token of the account ends",
    auth: "public",
    body: { schema: ResetPasswordSchema },
    responses: { 200: { description: "Password changed", schema: done }, ...invalid, 410: "The token is invalid, used or expired" },
  },
  {
    method: "GET",
    path: "/users/me",
    summary: "The signed-in customer",
    auth: "customer",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) }, ...refused },
  },
  {
    method: "PUT",
    path: "/users/update_profile",
    summary: "Change the customer's name",
    auth: "customer",
    body: { schema: UpdateProfileSchema, wrapper: "user" },
    responses: { 200: { description: "Updated", schema: ok(UserResponse, { message: true }) }, ...refused, ...invalid },
  },
  {
    method: "PUT",
    path: "/users/change_password",
    summary: "Change the customer's password (every session and token ends)",
    auth: "customer",
    body: { schema: ChangePasswordSchema, wrapper: "user" },
    responses: { 200: { description: "Changed", schema: done }, ...refused, ...invalid, 429: "Too many wrong current passwords (Retry-After)" },
  },
  // Admin accounts
  {
    method: "POST",
    path: "/admin/sign_in",
    summary: "Sign in as an admin",
    auth: "public",
    body: { schema: AdminLoginSchema, wrapper: "session" },
    responses: {
      200: { description: "Signed in", schema: ok(z.object({ admin: AdminResponse, ...Tokens }).strict(), { message: true }) },
      401: "Invalid email or password",
      ...invalid,
      429: "Too many attempts (Retry-After)",
    },
  },
  {
    method: "DELETE",
    path: "/admin/sign_out",
    summary: "Sign the admin out",
    auth: "admin",
    responses: { 200: { description: "Signed out", schema: done }, ...refused },
  },
  {
    method: "POST",
    path: "/admin/refresh_token",
    summary: "Exchange an admin refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema },
    responses: { 200: { description: "A new pair", schema: ok(z.object(Tokens).strict()) }, 400: "No refresh_token", 401: "Invalid or expired refresh token" },
  },
  {
    method: "GET",
    path: "/admin/profile",
    summary: "The signed-in admin",
    auth: "admin",
    responses: { 200: { description: "The admin", schema: ok(AdminResponse) }, ...refused },
  },
  {
    method: "PUT",
    path: "/admin/profile",
    summary: "Change the admin's name",
    auth: "admin",
    body: { schema: UpdateProfileSchema, wrapper: "admin" },
    responses: { 200: { description: "Updated", schema: ok(AdminResponse, { message: true }) }, ...refused, ...invalid },
  },
  {
    method: "PUT",
    path: "/admin/change_password",
    summary: "Change the admin's password (under `admin`, `user` or unwrapped)",
    auth: "admin",
    body: { schema: ChangePasswordSchema, wrapper: "admin" },
    responses: { 200: { description: "Changed", schema: done }, ...refused, ...invalid, 429: "Too many wrong current passwords (Retry-After)" },
  },
  // People (admins)
  {
    method: "GET",
    path: "/users",
    summary: "Customers, newest first",
    auth: "admin",
    query: PaginationQuerySchema,
    responses: { 200: { description: "A page of customers", schema: ok(z.array(UserResponse), { meta: true }) }, 400: "Invalid query", ...refused },
  },
  {
    method: "GET",
    path: "/users/{id}",
    summary: "One customer",
    auth: "admin",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) }, 400: "Invalid id", ...refused, 404: "No such customer" },
  },
  // Catalogue
  {
    method: "GET",
    path: "/products",
    summary: "Active products, newest first, optionally with a tag",
    auth: "public",
    query: ProductListQuerySchema,
    responses: { 200: { description: "A page of products", schema: ok(z.array(ProductResponse), { meta: true }) }, 400: "Invalid query" },
  },
  {
    method: "POST",
    path: "/products",
    summary: "Create a product (step 1: details and packages; media follow with PUT)",
    auth: "admin",
    body: { schema: ProductDetailsSchema, wrapper: "product" },
    responses: { 201: { description: "Created", schema: ok(z.object({ id: z.number().int() }).strict(), { message: true }) }, ...refused, ...invalid },
  },
  {
    method: "GET",
    path: "/products/{id}",
    summary: "One active product",
    auth: "public",
    responses: { 200: { description: "The product", schema: ok(ProductResponse, { message: true }) }, 400: "Invalid id", 404: "No such product" },
  },
  {
    method: "PUT",
    path: "/products/{id}",
    summary: "Add images, videos and a thumbnail, and optionally rename (step 2)",
    auth: "admin",
    body: { schema: ProductMediaUpload, contentType: "multipart/form-data" },
    responses: {
      200: { description: "Uploaded", schema: ok(ProductResponse, { message: true }) },
      400: "Invalid id or unreadable body",
      ...refused,
      404: "No such product",
      415: "Not multipart/form-data",
      422: "Nothing sent, a bad file or title, or too many files",
    },
  },
  {
    method: "GET",
    path: "/tags",
    summary: "Every tag in use",
    auth: "public",
    responses: { 200: { description: "Tag names", schema: ok(z.array(z.string())) } },
  },
  {
    method: "GET",
    path: "/autosuggest/tags",
    summary: "Tags matching a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: { 200: { description: "Tag names", schema: ok(z.array(z.string())) }, 400: "Invalid query" },
  },
  {
    method: "GET",
    path: "/autosuggest/products",
    summary: "Products whose titles match a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: {
      200: { description: "Ids and titles", schema: ok(z.array(z.object({ id: z.number().int(), title: z.string() }).strict())) },
      400: "Invalid query",
    },
  },
  // Billing addresses
  {
    method: "GET",
    path: "/billing_addresses",
    summary: "The customer's addresses",
    auth: "customer",
    responses: { 200: { description: "Addresses", schema: ok(z.array(AddressResponse)) }, ...refused },
  },
  {
    method: "POST",
    path: "/billing_addresses",
    summary: "Add an address (flat or under `billing_address`)",
    auth: "customer",
    body: { schema: AddressSchema },
    responses: { 201: { description: "Added", schema: ok(AddressResponse) }, ...refused, 422: "Invalid input, or the address limit reached" },
  },
  {
    method: "GET",
    path: "/billing_addresses/{id}",
    summary: "One of the customer's addresses",
    auth: "customer",
    responses: { 200: { description: "The address", schema: ok(AddressResponse) }, ...refused, 404: "Not the caller's, or none" },
  },
  // Orders and payment
  {
    method: "GET",
    path: "/orders",
    summary: "The customer's orders (every order for an admin token)",
    auth: "customer or admin",
    query: PaginationQuerySchema,
    responses: { 200: { description: "A page of orders", schema: ok(z.array(OrderResponse), { meta: true }) }, 400: "Invalid query", 401: refused[401] },
  },
  {
    method: "POST",
    path: "/orders",
    summary: "Order a package; pay with the returned client_secret (Idempotency-Key header honoured)",
    auth: "customer",
    body: { schema: CreateOrderSchema, wrapper: "order" },
    responses: {
      201: { description: "Created", schema: ok(OrderResponse.extend({ client_secret: z.string() }), { message: true }) },
      ...refused,
      404: "No such product or address",
      422: "Invalid input or a price that disagrees",
      429: "Too many unpaid orders",
      502: "The payment provider gave no client secret",
    },
  },
  {
    method: "GET",
    path: "/orders/{id}",
    summary: "One order: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The order", schema: ok(OrderResponse) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "PUT",
    path: "/orders/{id}/update_payment_status",
    summary: "Ask the payment provider and record the order's payment status",
    auth: "customer or admin",
    responses: {
      200: { description: "The recorded status", schema: ok(z.object({ id: z.number().int(), payment_status: OrderResponse.shape.payment_status }).strict()) },
      401: refused[401],
      404: "Not the caller's, or none",
    },
  },
  {
    method: "GET",
    path: "/orders/{id}/brief",
    summary: "The order's brief (null until submitted): its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The brief, or null", schema: ok(BriefResponse.nullable()) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "PUT",
    path: "/orders/{id}/brief",
    summary: "The owner submits the brief once; production starts and the due date is set",
    auth: "customer",
    body: { schema: BriefSchema, wrapper: "brief" },
    responses: {
      200: { description: "The order, now in_progress", schema: ok(OrderResponse, { message: true }) },
      ...refused,
      404: "Not the caller's, or none",
      409: "Not awaiting its brief (unpaid, or the brief was already submitted)",
      422: "Invalid brief",
    },
  },
  {
    method: "GET",
    path: "/orders/{id}/events",
    summary: "The order's work timeline, oldest first: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The events", schema: ok(z.array(OrderEventResponse)) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "GET",
    path: "/orders/{id}/deliveries",
    summary: "The order's deliveries, newest first, with their files: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The deliveries", schema: ok(z.array(DeliveryResponse)) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries",
    summary: "The studio delivers files; the order becomes delivered",
    auth: "admin",
    body: { schema: DeliveryUpload, contentType: "multipart/form-data" },
    responses: {
      201: { description: "Delivered", schema: ok(z.object({ order: OrderResponse, delivery: DeliveryResponse }).strict(), { message: true }) },
      ...refused,
      404: "No such order",
      409: "Not in production (or awaiting a revision)",
      422: "No files, too many, or a file of the wrong type or size",
    },
  },
  {
    method: "POST",
    path: "/orders/{id}/approve",
    summary: "The owner approves the delivery; the order is completed",
    auth: "customer",
    responses: {
      200: { description: "Completed", schema: ok(OrderResponse, { message: true }) },
      ...refused,
      404: "Not the caller's, or none",
      409: "Nothing delivered to approve",
    },
  },
  {
    method: "GET",
    path: "/orders/{id}/revisions",
    summary: "The order's revision requests with their pinned comments: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The revision requests", schema: ok(z.array(RevisionResponse)) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "POST",
    path: "/orders/{id}/revisions",
    summary: "The owner asks for changes to the delivery, with comments pinned to moments of its video",
    auth: "customer",
    body: { schema: RevisionSchema, wrapper: "revision" },
    responses: {
      201: { description: "Revision requested", schema: ok(OrderResponse, { message: true }) },
      ...refused,
      404: "Not the caller's, or none",
      409: "Nothing delivered, or every revision of the package is used",
      422: "Invalid revision",
    },
  },
  {
    method: "POST",
    path: "/orders/{id}/refund",
    summary: "An admin refunds the whole payment with a reason; work not yet completed is cancelled with it",
    auth: "admin",
    body: { schema: RefundSchema, wrapper: "refund" },
    responses: {
      200: { description: "Refunded: payment_status is refunded", schema: ok(OrderResponse, { message: true }) },
      ...refused,
      404: "No such order",
      409: "Not paid, already refunded (nothing more is refunded), a refund under way, or refused by the payment provider",
      422: "No reason given",
    },
  },
  {
    method: "GET",
    path: "/orders/{id}/messages",
    summary: "The order's thread between the customer and the studio, oldest first: its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The messages", schema: ok(z.array(MessageResponse)) }, 401: refused[401], 404: "Not the caller's, or none" },
  },
  {
    method: "POST",
    path: "/orders/{id}/messages",
    summary:
      "Write in the order's thread (plain text): its owner or an admin. JSON as here, or multipart/form-data with `message[body]` and `files[]` attachments (videos, images or PDFs; up to 5)",
    auth: "customer or admin",
    body: { schema: MessageSchema, wrapper: "message" },
    responses: {
      201: { description: "Sent", schema: ok(MessageResponse, { message: true }) },
      401: refused[401],
      404: "Not the caller's, or none",
      409: "The order is not paid yet",
      422: "Empty or too long, or an attachment of the wrong type or size (the rule is named)",
    },
  },
  {
    method: "POST",
    path: "/payments/local/confirm",
    summary: "Local payment mode only: confirm a test card for an order's client_secret",
    auth: "customer",
    body: { schema: LocalConfirmSchema },
    responses: {
      200: { description: "The intent's status", schema: ok(LocalPaymentStatus) },
      ...refused,
      402: "The card was declined",
      404: "Not local mode, or not the caller's intent",
      409: "The order can no longer be paid",
      422: "Invalid input",
    },
  },
  {
    method: "POST",
    path: "/payments/local/authenticate",
    summary: "Local payment mode only: approve or fail the authentication step",
    auth: "customer",
    body: { schema: LocalAuthenticateSchema },
    responses: {
      200: { description: "The intent's status", schema: ok(LocalPaymentStatus) },
      ...refused,
      402: "Authentication failed",
      404: "Not local mode, or not the caller's intent",
      409: "Nothing to authenticate",
      422: "Invalid input",
    },
  },
  {
    method: "GET",
    path: "/openapi.json",
    summary: "This contract as an OpenAPI 3.1 document (readable at /api/docs)",
    auth: "public",
    responses: { 200: "The document" },
  },
  {
    method: "POST",
    path: "/webhooks/stripe",
    summary: "Stripe's payment_intent events (signed with STRIPE_WEBHOOK_SECRET)",
    auth: "stripe-signature",
    responses: { 200: "Received", 400: "Bad signature or payload", 404: "Not Stripe mode" },
  },
];

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
