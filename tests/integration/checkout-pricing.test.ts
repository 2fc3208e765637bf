import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { expireUnpaidOrders, UNPAID_ORDER_LIFETIME_MS } from "~/domain/orders/orders.server";
import { CANCELED_MESSAGE, createLocalGateway, TEST_CARDS } from "~/domain/payments/local-gateway.server";
import { api, cookieFrom, newCustomer, postForm } from "./helpers";

/**
 * The customer is charged what the checkout page shows, never a price stored earlier: a retried
 * payment of an order whose package price changed, or that is older than a day, pays a new order at
 * today's price, and the old order and its intent are cancelled.
 */
const db = createDb(env.DB);
const PRODUCT = 2;
const PACKAGE = 1;

async function customerAtCheckout() {
  const person = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: person.access_token,
    body: { street: "1 Price St", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB", is_default: true },
  });
  const cookie = cookieFrom(await postForm("/login", { email: person.email, password: person.password }), "sid");
  return { cookie, addressId: address.body.data.id, userId: person.user!.id };
}

function pay(c: { cookie: string; addressId: number }, card: string, extra: Record<string, string> = {}) {
  return postForm(
    `/products/${PRODUCT}/checkout?package=${PACKAGE}`,
    {
      intent: "pay",
      checkout_key: `key-${crypto.randomUUID()}`,
      address_id: String(c.addressId),
      card_number: card,
      card_expiry: "12 / 40",
      card_cvc: "123",
      ...extra,
    },
    { Cookie: c.cookie },
  );
}

async function ordersOf(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT id, amount_minor, subtotal_minor, tax_minor, payment_status, payment_intent_id FROM orders WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{
      id: number;
      amount_minor: number;
      subtotal_minor: number;
      tax_minor: number;
      payment_status: string;
      payment_intent_id: string;
    }>();
  return results;
}

async function packagePrice() {
  return (await env.DB.prepare("SELECT amount_minor FROM packages WHERE product_id = ? AND position = ?")
    .bind(PRODUCT, PACKAGE)
    .first<{ amount_minor: number }>())!.amount_minor;
}

async function intentStatus(id: string) {
  return (await env.DB.prepare("SELECT status FROM local_payment_intents WHERE id = ?").bind(id).first<{ status: string }>())?.status;
}

describe("checkout charges today's price", () => {
  it("a retry after a price rise pays a new order at the new price; the old one is cancelled", async () => {
    const c = await customerAtCheckout();
    const declined = await pay(c, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    const [first] = await ordersOf(c.userId);
    // A UK consumer: the package's price plus 20% VAT, rounded half up.
    const price = await packagePrice();
    expect(first).toMatchObject({
      payment_status: "failed",
      subtotal_minor: price,
      tax_minor: Math.round(price * 0.2),
      amount_minor: price + Math.round(price * 0.2),
    });

    const raised = price + 10_000;
    await env.DB.prepare("UPDATE packages SET amount_minor = ? WHERE product_id = ? AND position = ?").bind(raised, PRODUCT, PACKAGE).run();
    try {
      const retried = await pay(c, "4242 4242 4242 4242", { order_id: String(first!.id) });
      expect(retried.status).toBe(302);
      const after = await ordersOf(c.userId);
      expect(after).toHaveLength(2);
      const [old, renewed] = after;
      expect(old).toMatchObject({ id: first!.id, payment_status: "canceled" });
      expect(await intentStatus(old!.payment_intent_id)).toBe("canceled");
      expect(renewed).toMatchObject({ payment_status: "succeeded", subtotal_minor: raised, amount_minor: raised + Math.round(raised * 0.2) });
      expect(retried.headers.get("Location")).toBe(`/products/${PRODUCT}/checkout?package=${PACKAGE}&order=${renewed!.id}`);
      const intent = await env.DB.prepare("SELECT amount_minor FROM local_payment_intents WHERE id = ?")
        .bind(renewed!.payment_intent_id)
        .first<{ amount_minor: number }>();
      expect(intent?.amount_minor).toBe(renewed!.amount_minor);

      // Replaying the stale retry (a double click) pays nothing twice and makes no third order.
      const replay = await pay(c, "4242 4242 4242 4242", { order_id: String(first!.id) });
      expect(replay.headers.get("Location")).toBe(`/products/${PRODUCT}/checkout?package=${PACKAGE}&order=${renewed!.id}`);
      expect(await ordersOf(c.userId)).toHaveLength(2);
    } finally {
      await env.DB.prepare("UPDATE packages SET amount_minor = ? WHERE product_id = ? AND position = ?").bind(price, PRODUCT, PACKAGE).run();
    }
  });

  it("a retry of an order older than a day pays a new order; the old intent can no longer be confirmed", async () => {
    const c = await customerAtCheckout();
    await pay(c, "4000 0000 0000 0002");
    const [first] = await ordersOf(c.userId);
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.now() - UNPAID_ORDER_LIFETIME_MS - 60_000, first!.id)
      .run();

    const retried = await pay(c, "4242 4242 4242 4242", { order_id: String(first!.id) });
    expect(retried.status).toBe(302);
    const [old, renewed] = await ordersOf(c.userId);
    expect(old).toMatchObject({ payment_status: "canceled" });
    expect(renewed).toMatchObject({ payment_status: "succeeded" });
    const gateway = createLocalGateway(db);
    expect(await gateway.confirmCard(old!.payment_intent_id, { number: "4242424242424242", expiry: "12/40", cvc: "123" })).toEqual({
      ok: false,
      message: CANCELED_MESSAGE,
    });
  });

  it("the scheduled cleanup cancels unpaid orders past their lifetime and leaves paid and recent ones", async () => {
    const c = await customerAtCheckout();
    await pay(c, "4000 0000 0000 0002");
    await pay(c, "4242 4242 4242 4242");
    await pay(c, "4000 0000 0000 0002");
    const [oldUnpaid, oldPaid, recentUnpaid] = await ordersOf(c.userId);
    const longAgo = Date.now() - UNPAID_ORDER_LIFETIME_MS - 60_000;
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id IN (?, ?)").bind(longAgo, oldUnpaid!.id, oldPaid!.id).run();

    expect(await expireUnpaidOrders(db, createLocalGateway(db), { env, origin: null })).toBeGreaterThanOrEqual(1);
    const after = await ordersOf(c.userId);
    expect(after.map((o) => o.payment_status)).toEqual(["canceled", "succeeded", "failed"]);
    expect(await intentStatus(oldUnpaid!.payment_intent_id)).toBe("canceled");
    expect(await intentStatus(recentUnpaid!.payment_intent_id)).toBe("requires_payment_method");
  });
});

describe("local gateway test cards", () => {
  it.each([
    ["4000000000009995", "Your card has insufficient funds."],
    ["4000000000000069", "Your card has expired."],
    ["4000000000000127", "Your card's security code is incorrect."],
    ["4000000000000119", "An error occurred while processing your card. Try again in a little bit."],
    ["4000000000000002", "Your card was declined."],
  ])("%s is declined with Stripe's message %j, shown on the checkout page", async (card, message) => {
    expect(TEST_CARDS[card]).toEqual({ status: "requires_payment_method", lastError: message });
    const c = await customerAtCheckout();
    const response = await pay(c, card);
    expect(response.status).toBe(402);
    expect(await response.text()).toContain(message.replace(/'/g, "&#x27;"));
    const [order] = await ordersOf(c.userId);
    expect(order).toMatchObject({ payment_status: "failed" });
  });
});
