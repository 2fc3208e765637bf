/**
 * A small fake of Stripe's PaymentIntents API for tests, enough for the real `stripe` SDK:
 * create (honouring Idempotency-Key), retrieve, cancel, refunds (honouring Idempotency-Key, refusing a
 * second refund of a charge as Stripe does), and a test-only control endpoint that plays the part of
 * Stripe.js confirming a card. No Stripe mock on npm covers PaymentIntents (DESIGN.md §5).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readBody } from "./http";
import { randomBytes } from "node:crypto";

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string; type: string } | null;
  livemode: false;
  created: number;
}

/** Stripe keeps idempotency keys per account: here per secret key, so test files using different keys never share an answer. */
function idempotencyKey(req: IncomingMessage) {
  const key = String(req.headers["idempotency-key"] ?? "");
  return key && `${String(req.headers.authorization ?? "")}|${key}`;
}

export async function startFakeStripe(): Promise<{ server: Server; port: number }> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const sessions = new Map<string, Record<string, unknown>>();
  let creates = 0;
  const refunds = new Map<string, Record<string, unknown>>();
  const refundedAmount = new Map<string, number>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(6).toString("hex")}` });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    if (!url.pathname.startsWith("/__test/") && !String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const key = idempotencyKey(req);
      const existing = key && byKey.get(key);
      if (existing) return send(200, intents.get(existing));
      creates++;
      const form = new URLSearchParams(body);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const id = `pi_fake_${randomBytes(8).toString("hex")}`;
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "usd",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        metadata,
        description: form.get("description"),
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (key) byKey.set(key, id);
      return send(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      return send(200, intent);
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === "POST" && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      if (intent.status === "succeeded" || intent.status === "processing") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = "canceled";
      return send(200, intent);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const key = idempotencyKey(req);
      const existing = key && refunds.get(key);
      if (existing) return send(200, existing);
      const form = new URLSearchParams(body);
      const intent = intents.get(form.get("payment_intent") ?? "");
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      if (intent.status !== "succeeded") {
        return send(400, {
          error: { type: "invalid_request_error", message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` },
        });
      }
      const already = refundedAmount.get(intent.id) ?? 0;
      const amount = form.has("amount") ? Number(form.get("amount")) : intent.amount - already;
      if (already + amount > intent.amount) {
        return send(400, {
          error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ch_${intent.id.slice(3)} has already been refunded.` },
        });
      }
      refundedAmount.set(intent.id, already + amount);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const refund = {
        id: `re_fake_${randomBytes(8).toString("hex")}`,
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: form.get("reason"),
        metadata,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      if (key) refunds.set(key, refund);
      else refunds.set(refund.id, refund);
      return send(200, refund);
    }

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = idempotencyKey(req);
      const existing = key && byKey.get(key);
      if (existing) return send(200, sessions.get(existing));
      const form = new URLSearchParams(body);
      const piId = `pi_fake_${randomBytes(8).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      intents.set(piId, {
        id: piId,
        object: "payment_intent",
        amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        status: "requires_payment_method",
        client_secret: `${piId}_secret_x`,
        metadata,
        description: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      });
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/pay/${id}`,
        client_reference_id: form.get("client_reference_id"),
        payment_intent: piId,
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        status: "open",
      };
      sessions.set(id, session);
      if (key) byKey.set(key, id);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } });
      return send(200, session);
    }

    // Test control: what Stripe.js would do when the customer confirms a card.
    const control = /^\/__test\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && control) {
      const intent = intents.get(decodeURIComponent(control[1]!));
      if (!intent) return send(404, { error: "no such intent" });
      const patch = JSON.parse(body || "{}") as { status?: string; error?: string; amount?: number };
      if (patch.status) intent.status = patch.status;
      if (patch.amount !== undefined) intent.amount = patch.amount;
      intent.last_payment_error = patch.error ? { message: patch.error, type: "card_error" } : null;
      return send(200, intent);
    }
    if (req.method === "GET" && url.pathname === "/__test/stats") return send(200, { creates, intents: intents.size, refunds: refunds.size });

    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Stripe did not start");
  return { server, port: address.port };
}
