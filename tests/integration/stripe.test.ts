import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAddress } from "~/domain/orders/addresses.server";
import { createOrder, createOrderForHostedCheckout, EVERY_ORDER, getOrder, syncPaymentStatus } from "~/domain/orders/orders.server";
import { completeHostedCheckout, startHostedCheckout } from "~/domain/payments/hosted-checkout.server";
import { createStripeGateway } from "~/domain/payments/stripe-gateway.server";
import { RULE_TABLE_TAX } from "~/domain/money/tax-service.server";
import { action as stripeWebhookRoute } from "~/routes/api.v1.webhooks.stripe";
import { stripeTestEnv } from "./helpers";

const db = createDb(env.DB);
const WEBHOOK_SECRET = "whsec_test_secret_for_integration";
const stripeEnv = stripeTestEnv("sk_test_fake", WEBHOOK_SECRET);
const gateway = createStripeGateway(stripeEnv);
const services = { payments: gateway, tax: RULE_TABLE_TAX };
/** Where recorded payments send their receipts. */
const notice = { env, origin: "http://localhost" };
const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;

async function setIntent(id: string, patch: { status?: string; error?: string; amount?: number }) {
  await fetch(`${fake}/__test/payment_intents/${id}`, { method: "POST", body: JSON.stringify(patch) });
}

async function stats() {
  return (await (await fetch(`${fake}/__test/stats`)).json()) as { creates: number };
}

let keyCounter = 0;
async function newOrder(packageIndex = 0) {
  // A consumer in the US: the example table's fallback row, 20% (the package's 499.00 is charged 598.80).
  const address = await createAddress(db, 1, { street: "1 Test St", city: "Testville", state: "TS", zip_code: "12345", country: "US", is_default: false });
  return createOrder(
    db,
    services,
    1,
    { productId: 1, packageIndex, billingAddressId: address.id, idempotencyKey: `stripe-test-${Date.now()}-${keyCounter++}` },
    notice,
  );
}

async function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: Stripe.createSubtleCryptoProvider() });
  const request = new Request("http://localhost/api/v1/webhooks/stripe", { method: "POST", body: payload, headers: { "Stripe-Signature": header } });
  const response = await postWebhook(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function intentEvent(id: string, type: string, object: Record<string, unknown>) {
  return { id, object: "event", type, api_version: "2025-01-01", created: 1, livemode: false, data: { object: { object: "payment_intent", ...object } } };
}

describe("Stripe gateway (real SDK against a fake Stripe)", () => {
  it("creates one PaymentIntent per order, priced by the server, with the order id as metadata", async () => {
    const { order, clientSecret, intent } = await newOrder(1);
    expect(order.payment_status).toBe("initiated");
    expect(order.order_amount).toBe("1198.80");
    expect(intent).toMatchObject({ amountMinor: 119880, currency: "gbp", metadata: { order_id: String(order.id), user_id: "1" } });
    expect(clientSecret).toMatch(/^pi_fake_.+_secret_/);
    expect(order.stripe_transaction_id).toBe(intent.id);
  });

  it("a replayed create returns the same order and the same intent (idempotency key from the order id)", async () => {
    const address = await createAddress(db, 1, { street: "2 Test St", city: "T", state: "T", zip_code: "1", country: "US", is_default: false });
    const input = { productId: 2, packageIndex: 0, billingAddressId: address.id, idempotencyKey: `replay-${Date.now()}` };
    const before = (await stats()).creates;
    const [a, b] = await Promise.all([createOrder(db, services, 1, input, notice), createOrder(db, services, 1, input, notice)]);
    expect(a.order.id).toBe(b.order.id);
    expect(a.intent.id).toBe(b.intent.id);
    expect((await stats()).creates - before).toBe(1);
  });

  it("update_payment_status records what Stripe says, not what the client claims", async () => {
    const { order, intent } = await newOrder();
    expect(await syncPaymentStatus(db, gateway, order.id, notice)).toBe("initiated");
    await setIntent(intent.id, { status: "requires_payment_method", error: "Your card was declined." });
    expect(await syncPaymentStatus(db, gateway, order.id, notice)).toBe("failed");
    await setIntent(intent.id, { status: "succeeded" });
    expect(await syncPaymentStatus(db, gateway, order.id, notice)).toBe("succeeded");
    // Once succeeded, an order never goes back.
    await setIntent(intent.id, { status: "canceled" });
    expect(await syncPaymentStatus(db, gateway, order.id, notice)).toBe("succeeded");
    // The payment's receipt was queued once, however often the status was read.
    await setIntent(intent.id, { status: "succeeded" });
    await Promise.all([syncPaymentStatus(db, gateway, order.id, notice), syncPaymentStatus(db, gateway, order.id, notice)]);
    const receipts = await env.DB.prepare("SELECT text FROM emails WHERE kind = 'order_receipt' AND subject = ?")
      .bind(`Your receipt for order #${order.id}`)
      .all<{ text: string }>();
    expect(receipts.results).toHaveLength(1);
    expect(receipts.results[0]!.text).not.toContain("Price excludes taxes");
    // The customer's reference is the invoice, never the provider's payment id.
    expect(receipts.results[0]!.text).toMatch(/Invoice: INV-\d{4}-\d{6}/);
    expect(receipts.results[0]!.text).not.toContain(intent.id);
    expect(receipts.results[0]!.text).toContain("http://localhost/profile/orders");
  });

  it("refuses to trust an intent whose amount differs from the order", async () => {
    const { order, intent } = await newOrder();
    await setIntent(intent.id, { status: "succeeded", amount: 1 });
    expect(await syncPaymentStatus(db, gateway, order.id, notice)).toBe("initiated");
  });
});

describe("Stripe webhooks", () => {
  it("verifies the signature and moves the order once; a replayed event changes nothing", async () => {
    const { order, intent } = await newOrder();
    const event = intentEvent(`evt_ok_${order.id}`, "payment_intent.succeeded", {
      id: intent.id,
      amount: 59880,
      currency: "gbp",
      status: "succeeded",
      metadata: {},
    });
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true, order_id: order.id, payment_status: "succeeded" } });
    expect((await getOrder(db, order.id, EVERY_ORDER))?.payment_status).toBe("succeeded");
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = ?").bind(event.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("rejects a bad signature and a missing one", async () => {
    const { intent } = await newOrder();
    const event = intentEvent("evt_forged", "payment_intent.succeeded", { id: intent.id, amount: 59880, currency: "gbp", status: "succeeded" });
    expect(await webhook(event, "whsec_wrong")).toEqual({ status: 400, body: { success: false, message: "Invalid webhook signature" } });
    const unsigned = await postWebhook(new Request("http://localhost/", { method: "POST", body: "{}" }));
    expect(unsigned.status).toBe(400);
  });

  it("a payment_failed event marks the order failed; a mismatched amount is ignored", async () => {
    const { order, intent } = await newOrder();
    const failed = intentEvent(`evt_fail_${order.id}`, "payment_intent.payment_failed", {
      id: intent.id,
      amount: 59880,
      currency: "gbp",
      status: "requires_payment_method",
      last_payment_error: { message: "Your card was declined." },
    });
    expect((await webhook(failed)).body.payment_status).toBe("failed");
    const cheap = intentEvent(`evt_cheap_${order.id}`, "payment_intent.succeeded", { id: intent.id, amount: 100, currency: "gbp", status: "succeeded" });
    expect((await webhook(cheap)).body.payment_status).toBe("failed");
  });

  it("answers signed but malformed events with 400, not a 500, and records nothing", async () => {
    const { intent } = await newOrder();
    const base = { object: "event", type: "payment_intent.succeeded", api_version: "2025-01-01", created: 1, livemode: false };
    const malformed = [
      { ...base, id: "evt_no_object", data: {} },
      { ...base, id: "evt_null_object", data: { object: null } },
      { ...base, data: { object: { object: "payment_intent", id: intent.id, amount: 59880, currency: "gbp", status: "succeeded" } } },
      { ...base, id: "evt_no_intent_id", data: { object: { object: "payment_intent", amount: 59880, currency: "gbp" } } },
    ];
    for (const event of malformed) {
      expect(await webhook(event), JSON.stringify(event)).toEqual({
        status: 400,
        body: { success: false, message: "Webhook event has no payment intent to apply" },
      });
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id IN ('evt_no_object', 'evt_null_object', 'evt_no_intent_id')").first<{
      n: number;
    }>();
    expect(rows?.n).toBe(0);
  });

  it("cancelling an intent makes it unpayable; a paid intent stays paid", async () => {
    const { intent } = await newOrder();
    expect((await gateway.cancelIntent(intent.id))?.status).toBe("canceled");
    const { intent: paid } = await newOrder();
    await setIntent(paid.id, { status: "succeeded" });
    expect((await gateway.cancelIntent(paid.id))?.status).toBe("succeeded");
    expect(await gateway.cancelIntent("pi_fake_missing")).toBeNull();
  });

  it("ignores events it does not handle", async () => {
    const event = { id: "evt_other", object: "event", type: "customer.created", data: { object: { object: "customer", id: "cus_1" } } };
    expect((await webhook(event)).body).toEqual({ received: true, ignored: true });
  });
});

describe("Stripe hosted checkout (no JavaScript)", () => {
  it("sends the customer to Stripe and, on return, links the session's intent and records its status", async () => {
    const address = await createAddress(db, 1, { street: "3 Test St", city: "T", state: "T", zip_code: "1", country: "US", is_default: false });
    const order = await createOrderForHostedCheckout(
      db,
      RULE_TABLE_TAX,
      1,
      {
        productId: 3,
        packageIndex: 1,
        billingAddressId: address.id,
        idempotencyKey: `hosted-${Date.now()}`,
      },
      notice,
    );
    expect(order).toMatchObject({ order_amount: "358.80", currency: "GBP", stripe_transaction_id: null, payment_status: "initiated" });
    const url = await startHostedCheckout(stripeEnv, order, {
      success: "http://localhost/ok?session_id={CHECKOUT_SESSION_ID}",
      cancel: "http://localhost/cancel",
    });
    const sessionId = url.split("/").pop()!;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    // The same order never opens a second session (idempotency key from the order id).
    expect(await startHostedCheckout(stripeEnv, order, { success: "http://localhost/ok", cancel: "http://localhost/cancel" })).toBe(url);

    const session = (await (await fetch(`${fake}/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: "Bearer sk_test_fake" } })).json()) as {
      payment_intent: string;
    };
    await setIntent(session.payment_intent, { status: "succeeded" });
    // A session of another order is not accepted for this one.
    expect(await completeHostedCheckout(stripeEnv, db, gateway, order.id + 1000, sessionId, notice)).toBeNull();
    const paid = await completeHostedCheckout(stripeEnv, db, gateway, order.id, sessionId, notice);
    expect(paid).toMatchObject({ id: order.id, payment_status: "succeeded", stripe_transaction_id: session.payment_intent });
  });
});

/** Posts to the webhook's route as the Worker would (its refusals answered by the API's adapter). */
function postWebhook(request: Request): Promise<Response> {
  return stripeWebhookRoute({ request, context: { env: stripeEnv, db }, params: {} } as unknown as Parameters<typeof stripeWebhookRoute>[0]);
}
