/** The document itself, and Stripe's webhook. */
import { z } from "zod";
import { WEBHOOK_MAX_BYTES } from "../../request-body.server";
import { documented } from "~/lib/schemas/json-schema";
import { WebhookReceipt, OpenApiDocumentResponse, refusals, READ, WRITE } from "./shared";
import type { ApiOperation } from "./shared";

export const SERVICE_CALLS = [
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
