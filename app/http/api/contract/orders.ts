/** Orders and payment: ordering a package, paying (locally or with Stripe), the order's brief, deliveries, approval, revisions, cancellation, refunds, invoices and credit notes, and its thread. */
import { z } from "zod";
import { LocalAuthenticateSchema, LocalConfirmSchema } from "~/lib/schemas/local-payment";
import { CreateOrderSchema } from "~/lib/schemas/order";
import { BriefSchema } from "~/lib/schemas/brief";
import { CancellationAnswerSchema, RefundSchema } from "~/lib/schemas/refund";
import { CANCELLATION_MESSAGES } from "~/lib/rules/cancellation-rules";
import { ReviewSchema } from "~/lib/schemas/review";
import { RevisionSchema } from "~/lib/schemas/revision";
import { ApproversSchema } from "~/lib/schemas/approvers";
import { AcceptOfferSchema, ChangeOfferSchema, DeclineOfferSchema } from "~/lib/schemas/change-offer";
import { MessageSchema } from "~/lib/schemas/message";
import { ATTACHMENT_FORM, DELIVERY_FORM } from "../../order-forms.server";
import { MASTERS_HELD } from "~/lib/rules/upload-rules";
import { DeliveryUploadsSchema } from "~/lib/schemas/upload";
import { KeysetQuerySchema } from "~/lib/query";
import {
  example,
  ORDER,
  REFUND,
  BriefResponse,
  OrderEventResponse,
  DeliveryResponse,
  RevisionResponse,
  MessageResponse,
  LocalPaymentStatus,
  ok,
  binary,
  DeliveryUpload,
  MessageUpload,
  refusals,
  READ,
  WRITE,
  JSON_BODY,
  FORM_BODY,
  NO_TOKEN,
  CUSTOMER,
  ADMIN,
  invalid,
  notFound,
  conflict,
  ORDER_NOT_FOUND,
  ReviewResponse,
  OrderResponse,
  InvoiceResponse,
  PaymentResponse,
  PAYMENT,
  RefundResponse,
} from "./shared";
import type { ApiOperation } from "./shared";

const STAGE_STATES = ["waiting", "in_progress", "delivered", "changes_asked", "approved", "stopped"] as const;
export const StageResponse = example(
  z
    .object({
      n: z.number().int().describe("The stage's place in the order, from 1 (the {n} of its calls)"),
      name: z.string(),
      share: z.number().int().describe("Whole percent of the price"),
      amount_minor: z.number().int().describe("Its part of the price before tax, after any discount (the last stage takes the rounding remainder)"),
      days: z.number().int().describe("Days after the previous stage's approval"),
      revisions: z.number().int().describe("Its revision rounds"),
      revisions_used: z.number().int(),
      state: z.enum(STAGE_STATES).describe("approved: locked (its versions and comments read-only); stopped: not made, the order stopped before it (refunded)"),
      due_at: z.string().nullable().describe("The stage in hand's due date; null for the others"),
      approved_at: z.string().nullable(),
      delivery_ids: z.array(z.number().int()).describe("Its deliveries, oldest first (the newest is shown by default)"),
      decisions: z
        .array(
          z
            .object({
              decision: z.enum(["approve", "request_changes"]),
              by: z
                .enum(["customer", "shop", "guest"])
                .describe("shop: approved on its own when the review window passed unanswered; guest: an approver the customer named"),
              name: z.string().nullable().describe('An approver\'s name ("Former guest" once erased; "An approver" for a creator); null otherwise'),
              created_at: z.string(),
            })
            .strict(),
        )
        .describe("The moves made on the stage (its lock, changes asked), oldest first"),
      sign_offs: z
        .array(
          z
            .object({
              decision: z.enum(["approve", "withdraw", "no_response"]).describe("no_response: did not answer before the stage approved itself"),
              by: z.enum(["customer", "guest"]),
              name: z.string().nullable().describe('The approver\'s name ("Former guest" once erased); null for the customer'),
              version: z.number().int().describe("The version decided on (v1, v2, … across the order)"),
              created_at: z.string(),
            })
            .strict(),
        )
        .describe("Sign-offs that were not moves: approvals while others were awaited, their withdrawals, who never answered; oldest first"),
    })
    .strict(),
  {
    n: 2,
    name: "Storyboard",
    share: 20,
    amount_minor: 37980,
    days: 3,
    revisions: 1,
    revisions_used: 0,
    state: "in_progress",
    due_at: "2026-04-09T08:30:00.000Z",
    approved_at: null,
    delivery_ids: [],
    decisions: [],
    sign_offs: [],
  },
);

export const ApproversResponse = example(
  z
    .object({
      approvers: z.array(z.object({ id: z.number().int().describe("The guest's id"), name: z.string().nullable(), email: z.string() }).strict()),
      required: z.number().int().nullable().describe("How many approvers must approve besides the customer; null for every one"),
      rule: z.string().describe("The rule in words"),
    })
    .strict(),
  { approvers: [{ id: 7, name: "Jo Park", email: "jo@example.org" }], required: null, rule: "You and your approver approve each delivery." },
);
const CHANGE_OFFER = {
  id: 4,
  description: "A second product colourway in the last shot",
  amount: "240.00",
  currency: "GBP",
  extra_days: 2,
  stage: null,
  comment_id: 31,
  message_id: null,
  status: "open",
  raised_by: "creator",
  decline_reason: null,
  created_at: "2026-04-09T08:30:00.000Z",
  expires_at: "2026-04-16T08:30:00.000Z",
  decided_at: null,
  payment_id: null,
};
export const ChangeOfferResponse = example(
  z
    .object({
      id: z.number().int(),
      description: z.string(),
      amount: z.string().describe("Its price before tax, in major units (tax is added for the customer)"),
      currency: z.string(),
      extra_days: z.number().int(),
      stage: z.number().int().nullable().describe("The stage it extends (from 1), where the order has stages"),
      comment_id: z.number().int().nullable(),
      message_id: z.number().int().nullable(),
      status: z
        .enum(["pending_approval", "open", "accepted", "declined", "expired"])
        .describe("pending_approval: a creator's offer above half the order's net price, waiting for an admin (never shown to the customer)"),
      raised_by: z.enum(["admin", "creator"]),
      decline_reason: z.string().nullable(),
      created_at: z.string(),
      expires_at: z.string().nullable().describe("7 days after it was offered to the customer"),
      decided_at: z.string().nullable(),
      payment_id: z.number().int().nullable().describe("The payment accepting it asked for (GET /orders/{id}/payments: its invoice once paid)"),
    })
    .strict(),
  CHANGE_OFFER,
);
export const OfferAcceptanceResponse = example(
  z
    .object({
      change_offer: ChangeOfferResponse,
      payment: PaymentResponse,
      next_action: z
        .union([
          z
            .object({
              type: z.literal("authenticate"),
              url: z.string().describe("Where the customer confirms the payment with their bank; it returns to the payment's page"),
            })
            .strict(),
          z
            .object({
              type: z.literal("pay"),
              client_secret: z.string().nullable().describe("Stripe.js confirms a new card with it (the local gateway: POST /payments/local/confirm)"),
              url: z.string().describe("The payment's page, where a new card can be given"),
            })
            .strict(),
        ])
        .nullable()
        .describe("null: paid, and the offer accepted"),
    })
    .strict(),
  {
    change_offer: { ...CHANGE_OFFER, status: "accepted", decided_at: "2026-04-10T09:00:00.000Z", payment_id: 12 },
    payment: { ...PAYMENT, id: 12, sequence: 2, purpose: "change" },
    next_action: null,
  },
);
const OFFER_NOT_FOUND = notFound("Not the caller's order, or no such offer on it", "Change offer not found");

const STAGE_NOT_FOUND = notFound("Not the caller's order, or no such stage", "Stage not found");
const STAGE_CONFLICT = conflict("Not the stage in hand, or nothing delivered for it yet", "Cannot approve Storyboard: the stage in hand is Script.");

export const ORDERS_CALLS = [
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
    auth: "customer, admin or creator",
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
    path: "/orders/{id}/invoices",
    summary:
      "Every invoice of the order, one per payment succeeded, in the order issued (each one's page and PDF: /profile/orders/{id}/invoices/{number}): its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The invoices (empty before the order is paid)", schema: ok(z.array(InvoiceResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "GET",
    path: "/orders/{id}/payments",
    summary:
      "The order's payments, oldest first: the checkout payment (sequence 1, the order's payment_intent_id and invoice_number), then any later ones; the order's paid, refunded and remaining amounts are their sums. Its owner or an admin",
    auth: "customer or admin",
    responses: { 200: { description: "The payments", schema: ok(z.array(PaymentResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
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
    auth: "customer, admin or creator",
    responses: { 200: { description: "The deliveries", schema: ok(z.array(DeliveryResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries",
    summary: "The studio delivers files; the order becomes delivered",
    auth: "admin or creator",
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
    summary:
      "The owner approves the delivery; the order is completed (an order in stages: the stage in hand is approved). With named approvers still awaited, the approval is recorded and work_status stays delivered",
    auth: "customer",
    responses: { 200: { description: "Completed", schema: ok(OrderResponse, { message: "Delivery approved" }) } },
    refusals: refusals(WRITE, CUSTOMER, ORDER_NOT_FOUND, conflict("Nothing delivered to approve", "Cannot approve this order: it is in production.")),
  },
  {
    method: "GET",
    path: "/orders/{id}/stages",
    summary:
      "An order made in stages: its stages in order, each with its state, due date, deliveries and decisions (empty for an order made in one piece): its owner, its creator or an admin",
    auth: "customer, admin or creator",
    responses: { 200: { description: "The stages", schema: ok(z.array(StageResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/stages/{n}/approve",
    summary:
      "The owner approves the stage in hand (delivered): it is locked and the next stage starts (its due date from now); approving the last stage completes the order. With named approvers still awaited, the approval is recorded (the stage's sign_offs) and the stage stays delivered",
    auth: "customer",
    responses: { 200: { description: "Approved", schema: ok(z.array(StageResponse), { message: "Stage approved" }) } },
    refusals: refusals(WRITE, CUSTOMER, STAGE_NOT_FOUND, STAGE_CONFLICT),
  },
  {
    method: "POST",
    path: "/orders/{id}/stages/{n}/request_changes",
    summary: "The owner asks for changes to the stage in hand's delivery (one of its revision rounds), as POST /orders/{id}/revisions does",
    auth: "customer",
    body: {
      schema: RevisionSchema,
      wrapper: "revision",
      example: { comment_ids: [31], note: "A wider first shot, please" },
    },
    responses: { 201: { description: "Changes asked", schema: ok(z.array(StageResponse), { message: "Changes requested" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      STAGE_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid request", "Revision could not be requested", ["Tell the studio what to change: tick a comment or write a note"]),
      conflict(
        "Not the stage in hand, nothing delivered for it, or every round of the stage is used",
        "Cannot ask for changes to Script: it is approved and locked.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/stages/{n}/withdraw",
    summary:
      "The owner withdraws their approval of the stage in hand's delivery while named approvers are still awaited (before the stage is approved and locked)",
    auth: "customer",
    responses: { 200: { description: "Withdrawn", schema: ok(z.array(StageResponse), { message: "Approval withdrawn" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      STAGE_NOT_FOUND,
      conflict(
        "Not the stage in hand, not approved by the caller, or already approved and locked",
        "It is approved and locked: an approval can be withdrawn only before that.",
      ),
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/change_offers",
    summary: "An order's change offers, newest first: its owner sees those offered to them; an admin or its creator sees all",
    auth: "customer, admin or creator",
    responses: { 200: { description: "The offers", schema: ok(z.array(ChangeOfferResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/change_offers",
    summary:
      "The studio (an admin, or the order's creator) prices new scope from the frame comment or message that asked for it: a net price, the days it adds. A creator's offer above half the order's net price waits for an admin's approval; an open offer expires after 7 days",
    auth: "admin or creator",
    body: {
      schema: ChangeOfferSchema,
      wrapper: "change_offer",
      example: { description: "A second product colourway in the last shot", amount: "240.00", extra_days: 2, comment_id: 31 },
    },
    responses: { 201: { description: "Offered (or waiting for an admin)", schema: ok(ChangeOfferResponse, { message: "Change offered" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      ORDER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid offer", "Change offer could not be made", ["Describe the change"]),
      conflict(
        "The order is unpaid or closed, the comment or message is not the order's, or 10 offers wait already",
        "The comment or message must be this order's.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/change_offers/{offer_id}/approve",
    summary: "An admin approves a creator's offer waiting for it: the customer sees it from now, for 7 days",
    auth: "admin",
    responses: { 200: { description: "Approved", schema: ok(ChangeOfferResponse, { message: "Change offer approved" }) } },
    refusals: refusals(WRITE, ADMIN, OFFER_NOT_FOUND, conflict("Not waiting for an approval", "This offer is not waiting for an approval.")),
  },
  {
    method: "POST",
    path: "/orders/{id}/change_offers/{offer_id}/decline",
    summary: "The owner declines an open offer, with an optional reason (once: an answered or expired offer is refused)",
    auth: "customer",
    body: { schema: DeclineOfferSchema, wrapper: "decline", example: { reason: "Not this time" } },
    responses: { 200: { description: "Declined", schema: ok(ChangeOfferResponse, { message: "Change offer declined" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      OFFER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid decline", "Change offer could not be declined", ["The reason must be at most 500 characters"]),
      conflict("Answered or expired already", "This offer is not open: it was answered, expired, or is waiting for the studio's approval."),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/change_offers/{offer_id}/accept",
    summary:
      "The owner accepts an open offer: it is paid as a later payment of the order with its own invoice (tax at the order's rate), with the card saved for the order (the customer present, with the authentication step when the bank asks) or a new card. Paid, the offer is accepted, the due date moves by its days and the creator's share is earned. The same acceptance again finds the same payment: the money moves once",
    auth: "customer",
    body: { schema: AcceptOfferSchema, wrapper: "accept", example: { method: "saved_card" } },
    responses: {
      200: {
        description: "Accepted and paid, or the next step to pay",
        schema: ok(OfferAcceptanceResponse, { message: "Change offer accepted" }),
      },
    },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      OFFER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid acceptance", "Change offer could not be accepted", ['method must be "saved_card" or "new_card"']),
      {
        payment_declined: {
          description: "The saved card was declined (`error_code: PAYMENT_DECLINED`); the offer stays open to pay another way",
          message: "Your card was declined.",
          code: "PAYMENT_DECLINED",
        },
      },
      conflict("Answered or expired already, the order closed, or no card saved for it", "This offer is not open: it was answered or expired."),
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/approvers",
    summary: "The order's required approvers (among its guests) and how many must approve besides the owner: its owner",
    auth: "customer",
    responses: { 200: { description: "The approvers", schema: ok(ApproversResponse) } },
    refusals: refusals(READ, CUSTOMER, ORDER_NOT_FOUND),
  },
  {
    method: "PUT",
    path: "/orders/{id}/approvers",
    summary:
      "The owner names required approvers among the order's guests whose links work (at most 5; an empty list leaves the owner approving alone) and how many must approve (null: every one). Each delivery is then approved when the owner and the required approvers have approved it; an approver's link lives while the order is open, and newly named approvers are told by email. Without an answer within the review window a delivery approves itself and who did not answer is recorded",
    auth: "customer",
    body: { schema: ApproversSchema, wrapper: "approvers", example: { guest_ids: [7], required: null } },
    responses: { 200: { description: "Approvers named", schema: ok(ApproversResponse, { message: "Approvers saved" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid approvers", "Approvers could not be saved", ["Name at most 5 approvers."]),
      conflict(
        "The order is closed, or a guest named is not the order's or their link ended",
        "Approvers must be colleagues invited to this order whose link still works.",
      ),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/stop",
    summary:
      "An order made in stages, right after a stage's approval (before the next stage's delivery): the owner stops there. The stages not started are refunded (one refund with its credit note, once however often it is asked) and the order completes; the approved stages' files are the customer's",
    auth: "customer",
    responses: {
      200: {
        description: "Stopped: the order (completed) and its refunds",
        schema: ok(z.object({ order: OrderResponse, refunds: z.array(RefundResponse) }).strict(), { message: "Stopped: the stages not started are refunded" }),
      },
    },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      conflict(
        "Not made in stages, nothing approved yet, the stage in hand already delivered, not paid, or the provider refused the refund",
        "Nothing is approved yet: an order can be stopped right after a stage's approval.",
      ),
    ),
  },
  {
    method: "GET",
    path: "/orders/{id}/revisions",
    summary: "The order's revision requests with their pinned comments: its owner or an admin",
    auth: "customer, admin or creator",
    responses: { 200: { description: "The revision requests", schema: ok(z.array(RevisionResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/revisions",
    summary: "The owner asks for changes to the delivery: the open frame comments chosen (comment_ids; all when absent), an optional note",
    auth: "customer",
    body: {
      schema: RevisionSchema,
      wrapper: "revision",
      example: { comment_ids: [31, 32], note: "A warmer voice, please" },
    },
    responses: { 201: { description: "Revision requested", schema: ok(OrderResponse, { message: "Revision requested" }) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      ORDER_NOT_FOUND,
      JSON_BODY,
      invalid("Invalid revision", "Revision could not be requested", ["Tell the studio what to change: tick a comment or write a note"]),
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
    auth: "customer, admin or creator",
    responses: { 200: { description: "The messages", schema: ok(z.array(MessageResponse)) } },
    refusals: refusals(READ, NO_TOKEN, ORDER_NOT_FOUND),
  },
  {
    method: "POST",
    path: "/orders/{id}/messages",
    summary:
      "Write in the order's thread (plain text): its owner or an admin. JSON as here, or multipart/form-data with `message[body]` and `files[]` attachments (videos, images or PDFs; up to 5)",
    auth: "customer, admin or creator",
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
    auth: "customer, admin or creator",
    responses: { 200: { description: "The file's bytes (206 for a Range)", schema: binary("The master"), contentType: "application/octet-stream" } },
    refusals: refusals(READ, NO_TOKEN, notFound("Not the caller's order, or no such master", "File not found"), {
      forbidden: { description: "The owner has not approved the delivery yet", message: MASTERS_HELD },
    }),
  },
] as const satisfies readonly ApiOperation[];
