import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { cancelUnpaidOrder, expireUnpaidOrders, UNPAID_ORDER_LIFETIME_MS } from "~/domain/orders/orders.server";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { ErrorResponse } from "~/http/api/contract";
import { adminCookie, adminSignIn, api, cookieFrom, customerCookie, get, newCustomer, postForm } from "./helpers";

/**
 * Promotion codes end to end: each reason a code is refused (the API's 422 and the checkout's field),
 * the discount charged (subtotal − discount + tax, on the gateway's intent too), a cap that ten
 * simultaneous orders cannot exceed, reservations released by cancellation, expiry and renewal and
 * made final by payment, once per customer, first order only, and the admin's API and screen.
 */
const db = createDb(env.DB);
const CARD_OK = { number: "4242424242424242", expiry: "12/40", cvc: "123" };
const CARD_DECLINED = { number: "4000000000000002", expiry: "12/40", cvc: "123" };
/** Product 1: GBP 499.00 / 999.00 / 1,899.00, in LAUNCH20 (the seed's 20% off three 3D services). */
const GBP_PRODUCT = 1;
/** Product 2: GBP, not in LAUNCH20. */
const OTHER_PRODUCT = 2;

let adminToken: string;
let codeCounter = 0;
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}-${++codeCounter}`;

type OrderAnswer = {
  success: boolean;
  message?: string;
  errors?: string[];
  error_code?: string;
  data: {
    id: number;
    client_secret: string;
    order_amount: string;
    subtotal_amount: string;
    discount_amount: string;
    tax_amount: string;
    stripe_transaction_id: string;
    payment_status: string;
    invoice_number: string | null;
  };
};
type PromotionAnswer = {
  success: boolean;
  errors?: string[];
  message?: string;
  data: { id: number; code: string; status: string; redemptions: { final: number; reserved: number }; product_ids: number[] };
};

/** A new customer with a UK billing address (20% VAT). */
async function customer() {
  const person = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: person.access_token,
    body: { street: "1 Promo St", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB", is_default: true },
  });
  return { token: person.access_token, addressId: address.body.data.id, userId: person.user!.id, email: person.email, password: person.password };
}
type Customer = Awaited<ReturnType<typeof customer>>;

function order(c: Customer, promo: string | undefined, { productId = GBP_PRODUCT, key }: { productId?: number; key?: string } = {}) {
  return api<OrderAnswer>("POST", "/orders", {
    token: c.token,
    headers: key ? { "Idempotency-Key": key } : {},
    body: { order: { product_id: productId, billing_address_id: c.addressId, package_index: 0, ...(promo === undefined ? {} : { promo_code: promo }) } },
  });
}

function pay(c: Customer, clientSecret: string, card = CARD_OK) {
  return api("POST", "/payments/local/confirm", { token: c.token, body: { client_secret: clientSecret, card } });
}

async function promotion(body: Record<string, unknown>) {
  const created = await api<PromotionAnswer>("POST", "/promotions", { token: adminToken, body: { promotion: body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

async function redemptionsOf(promotionId: number) {
  const { results } = await env.DB.prepare("SELECT order_id, user_id, status FROM promotion_redemptions WHERE promotion_id = ? ORDER BY id")
    .bind(promotionId)
    .all<{ order_id: number; user_id: number; status: string }>();
  return results;
}

async function ordersOf(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT id, amount_minor, discount_minor, promotion_id, payment_status, payment_intent_id FROM orders WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ id: number; amount_minor: number; discount_minor: number; promotion_id: number | null; payment_status: string; payment_intent_id: string }>();
  return results;
}

function expectRefused(answer: { status: number; body: OrderAnswer }, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body).toEqual({ success: false, message, errors: [message], error_code: "PROMO_CODE_REFUSED" });
  expect(ErrorResponse.safeParse(answer.body).success).toBe(true);
}

beforeAll(async () => {
  adminToken = (await adminSignIn()).access_token;
});

describe("the discount charged", () => {
  it("LAUNCH20 (any case) takes 20% off the package's price before tax: the order and the intent carry subtotal − discount + tax", async () => {
    const c = await customer();
    const created = await order(c, " launch20 ");
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 499.00 − 99.80 = 399.20; 20% VAT on that = 79.84; total 479.04.
    expect(created.body.data).toMatchObject({ subtotal_amount: "499.00", discount_amount: "99.80", tax_amount: "79.84", order_amount: "479.04" });
    const intent = await env.DB.prepare("SELECT amount_minor FROM local_payment_intents WHERE id = ?")
      .bind(created.body.data.stripe_transaction_id)
      .first<{ amount_minor: number }>();
    expect(intent?.amount_minor).toBe(47904);
    const [row] = await ordersOf(c.userId);
    expect(row).toMatchObject({ amount_minor: 47904, discount_minor: 9980, promotion_id: expect.any(Number) });

    // order_amount is still the package's price (the subtotal), not the discounted total.
    const disagreeing = await api("POST", "/orders", {
      token: c.token,
      body: { order: { product_id: GBP_PRODUCT, billing_address_id: c.addressId, order_amount: "479.04", currency: "GBP", promo_code: "LAUNCH20" } },
    });
    expect(disagreeing.status).toBe(422);
    const agreeing = await api<OrderAnswer>("POST", "/orders", {
      token: c.token,
      body: { order: { product_id: GBP_PRODUCT, billing_address_id: c.addressId, order_amount: "499.00", currency: "GBP", promo_code: "LAUNCH20" } },
    });
    expect(agreeing.status).toBe(201);
    expect(agreeing.body.data.order_amount).toBe("479.04");
  });

  it("an amount off comes off before tax; an empty code is no code", async () => {
    const code = uniqueCode("BIG");
    await promotion({ code, amount_off: "100", currency: "GBP" });
    const c = await customer();
    const created = await order(c, code.toLowerCase());
    expect(created.body.data).toMatchObject({ subtotal_amount: "499.00", discount_amount: "100.00", tax_amount: "79.80", order_amount: "478.80" });
    const plain = await order(c, "  ");
    expect(plain.body.data).toMatchObject({ discount_amount: "0.00", order_amount: "598.80" });
  });

  it("a replayed Idempotency-Key answers the same order, even for a code used once per customer", async () => {
    const code = uniqueCode("ONCE");
    const promo = await promotion({ code, percent_off: 10, once_per_customer: true });
    const c = await customer();
    const first = await order(c, code, { key: "replay-1" });
    const again = await order(c, code, { key: "replay-1" });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await redemptionsOf(promo.id)).toHaveLength(1);
    // The same key with another code (or none) is another purchase.
    expect((await order(c, undefined, { key: "replay-1" })).status).toBe(409);
  });
});

describe("each reason a code is refused, before any payment", () => {
  it.each([
    ["an unknown code", () => Promise.resolve("NO-SUCH-CODE"), GBP_PRODUCT, "This code does not exist"],
    ["a code that cannot exist", () => Promise.resolve("no such code!"), GBP_PRODUCT, "This code does not exist"],
    [
      "a code past its end",
      async () => (await promotion({ code: uniqueCode("OLD"), percent_off: 10, starts_at: "2025-01-01T00:00:00Z", ends_at: "2025-02-01T00:00:00Z" })).code,
      GBP_PRODUCT,
      "This code has expired",
    ],
    [
      "a code before its start",
      async () => (await promotion({ code: uniqueCode("SOON"), percent_off: 10, starts_at: "2099-01-01T00:00:00Z" })).code,
      GBP_PRODUCT,
      "This code is not active yet",
    ],
    [
      "a code switched off",
      async () => (await promotion({ code: uniqueCode("OFF"), percent_off: 10, active: false })).code,
      GBP_PRODUCT,
      "This code is not active yet",
    ],
    ["a code for other services", () => Promise.resolve("LAUNCH20"), OTHER_PRODUCT, "This code does not apply to this service"],
    [
      "an amount off in another currency",
      async () => (await promotion({ code: uniqueCode("EUR"), amount_off: "10.00", currency: "EUR" })).code,
      GBP_PRODUCT,
      "This code is for prices in EUR",
    ],
  ])("%s", async (_, makeCode, productId, message) => {
    const code = await makeCode();
    const c = await customer();
    expectRefused(await order(c, code, { productId }), message);
    expect(await ordersOf(c.userId)).toEqual([]);
  });

  it("a code at its cap is used up (reserved redemptions count)", async () => {
    const { code } = await promotion({ code: uniqueCode("ONE"), percent_off: 10, max_redemptions: 1 });
    const first = await order(await customer(), code);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expectRefused(await order(await customer(), code), "This code has been used up");
  });

  it("once per customer: a second order of the same customer is refused, another customer's is not", async () => {
    const { code } = await promotion({ code: uniqueCode("ONCE"), percent_off: 10, once_per_customer: true });
    const c = await customer();
    const first = await order(c, code);
    expect((await pay(c, first.body.data.client_secret)).status).toBe(200);
    expectRefused(await order(c, code), "You have already used this code");
    expect((await order(await customer(), code)).status).toBe(201);
  });

  it("first order only: not after a paid order, nor beside another reserved code", async () => {
    const { code } = await promotion({ code: uniqueCode("FIRST"), percent_off: 15, first_order_only: true });
    const newcomer = await customer();
    expect((await order(newcomer, code)).status).toBe(201);

    const regular = await customer();
    const paid = await order(regular, undefined);
    expect((await pay(regular, paid.body.data.client_secret)).status).toBe(200);
    expectRefused(await order(regular, code), "This code is for a customer's first order");

    const holding = await customer();
    expect((await order(holding, "LAUNCH20")).status).toBe(201);
    expectRefused(await order(holding, code), "This code is for a customer's first order");
    // An unpaid order without a code is not a first order's obstacle.
    const browsing = await customer();
    await order(browsing, undefined);
    expect((await order(browsing, code)).status).toBe(201);
  });

  it("the checkout screen shows the reason under the field and keeps the address and package", async () => {
    const c = await customer();
    const cookie = cookieFrom(await postForm("/login", { email: c.email, password: c.password }), "sid");
    const page = await get(`/products/${OTHER_PRODUCT}/checkout?package=1&address=${c.addressId}&promo=launch20`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<p id="promo-error" role="alert"[^>]*>This code does not apply to this service<\/p>/);
    expect(html).toMatch(/aria-describedby="promo-error"/);
    expect(html).toContain('name="package" value="1"');
    expect(html).toContain(`name="address" value="${c.addressId}"`);
    expect(html).not.toContain('data-testid="summary-discount"');
    expect(html).not.toContain('name="promo_code"');
  });
});

describe("a cap that simultaneous orders cannot exceed", () => {
  it("ten customers at once on a code with 3 redemptions left: exactly 3 discounted orders, 7 refused with the reason", async () => {
    const promo = await promotion({ code: uniqueCode("RUSH"), percent_off: 50, max_redemptions: 4 });
    expect((await order(await customer(), promo.code)).status).toBe(201);
    const people = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const answers = await Promise.all(people.map((c, i) => order(c, promo.code, { key: `rush-${i}-${Date.now()}` })));
    const made = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(made).toHaveLength(3);
    for (const a of made) expect(a.body.data).toMatchObject({ subtotal_amount: "499.00", discount_amount: "249.50" });
    expect(refused).toHaveLength(7);
    for (const a of refused) expectRefused(a, "This code has been used up");
    const redemptions = await redemptionsOf(promo.id);
    expect(redemptions).toHaveLength(4);
    expect(redemptions.every((r) => r.status === "reserved")).toBe(true);
    // The refused customers have no order at all: nothing to pay, nothing charged.
    for (const [i, c] of people.entries()) if (answers[i]!.status !== 201) expect(await ordersOf(c.userId)).toEqual([]);
    const listed = await api<{ data: { code: string; status: string; redemptions: { final: number; reserved: number } }[] }>("GET", "/promotions", {
      token: adminToken,
    });
    expect(listed.body.data.find((p) => p.code === promo.code)).toMatchObject({ status: "used_up", redemptions: { final: 0, reserved: 4 } });
  });
});

describe("reservations: released, final", () => {
  it("payment makes the redemption final; a refund keeps it", async () => {
    const promo = await promotion({ code: uniqueCode("PAY"), percent_off: 10, max_redemptions: 1 });
    const c = await customer();
    const created = await order(c, promo.code);
    expect(await redemptionsOf(promo.id)).toMatchObject([{ order_id: created.body.data.id, status: "reserved" }]);
    expect((await pay(c, created.body.data.client_secret)).status).toBe(200);
    expect(await redemptionsOf(promo.id)).toMatchObject([{ status: "final" }]);
    const refunded = await api("POST", `/orders/${created.body.data.id}/refund`, { token: adminToken, body: { refund: { reason: "Changed plans" } } });
    expect(refunded.status).toBe(200);
    expect(await redemptionsOf(promo.id)).toMatchObject([{ status: "final" }]);
    expectRefused(await order(await customer(), promo.code), "This code has been used up");
  });

  it("a cancelled unpaid order releases its code", async () => {
    const promo = await promotion({ code: uniqueCode("CANCEL"), percent_off: 10, max_redemptions: 1 });
    const c = await customer();
    const created = await order(c, promo.code);
    const [row] = await ordersOf(c.userId);
    expect(await cancelUnpaidOrder(db, createLocalGateway(db), { id: row!.id, paymentIntentId: row!.payment_intent_id }, { env, origin: null })).toBe(
      "canceled",
    );
    expect(await redemptionsOf(promo.id)).toMatchObject([{ order_id: created.body.data.id, status: "released" }]);
    expect((await order(await customer(), promo.code)).status).toBe(201);
  });

  it("a declined payment keeps the reservation (the order can still be paid); the expiry releases it", async () => {
    const promo = await promotion({ code: uniqueCode("DECLINE"), percent_off: 10, max_redemptions: 1 });
    const c = await customer();
    const created = await order(c, promo.code);
    expect((await pay(c, created.body.data.client_secret, CARD_DECLINED)).status).toBe(402);
    expect(await redemptionsOf(promo.id)).toMatchObject([{ status: "reserved" }]);
    expectRefused(await order(await customer(), promo.code), "This code has been used up");

    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.now() - UNPAID_ORDER_LIFETIME_MS - 60_000, created.body.data.id)
      .run();
    expect(await expireUnpaidOrders(db, createLocalGateway(db), { env, origin: null })).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(c.userId))[0]).toMatchObject({ payment_status: "canceled" });
    expect(await redemptionsOf(promo.id)).toMatchObject([{ status: "released" }]);
    expect((await order(await customer(), promo.code)).status).toBe(201);
  });

  it("a renewed order (the old one expired) releases the old reservation and reserves the code again", async () => {
    const promo = await promotion({ code: uniqueCode("RENEW"), percent_off: 10, max_redemptions: 1, once_per_customer: true });
    const c = await customer();
    const first = await order(c, promo.code, { key: "renew-me" });
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.now() - UNPAID_ORDER_LIFETIME_MS - 60_000, first.body.data.id)
      .run();
    const renewed = await order(c, promo.code, { key: "renew-me" });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body.data.id).not.toBe(first.body.data.id);
    expect(renewed.body.data.discount_amount).toBe("49.90");
    expect(await redemptionsOf(promo.id)).toMatchObject([
      { order_id: first.body.data.id, status: "released" },
      { order_id: renewed.body.data.id, status: "reserved" },
    ]);
  });
});

describe("the admin's API", () => {
  it("creates, lists and replaces codes; answers carry the redemptions", async () => {
    const code = uniqueCode("API");
    const created = await api<PromotionAnswer>("POST", "/promotions", {
      token: adminToken,
      body: { promotion: { code: code.toLowerCase(), percent_off: 25, product_ids: [3, 1], max_redemptions: 10 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code,
      percent_off: 25,
      amount_off: null,
      all_products: false,
      product_ids: [1, 3],
      max_redemptions: 10,
      status: "active",
      redemptions: { final: 0, reserved: 0 },
    });
    const c = await customer();
    await order(c, code);
    const listed = await api<{ data: PromotionAnswer["data"][] }>("GET", "/promotions", { token: adminToken });
    expect(listed.body.data.find((p) => p.code === code)?.redemptions).toEqual({ final: 0, reserved: 1 });

    const replaced = await api<PromotionAnswer>("PUT", `/promotions/${created.body.data.id}`, {
      token: adminToken,
      body: { promotion: { code, amount_off: "5.00", currency: "gbp", active: false } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ amount_off: "5.00", currency: "GBP", percent_off: null, all_products: true, status: "ended" });
    expect(replaced.body.data.redemptions).toEqual({ final: 0, reserved: 1 });
  });

  it("refuses invalid terms with 422 and field errors, a taken code, unknown services, and customers", async () => {
    const invalid = await api<PromotionAnswer>("POST", "/promotions", {
      token: adminToken,
      body: { promotion: { code: "x", percent_off: 101, max_redemptions: 0 } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ success: false, message: "Promotion could not be saved" });
    expect(invalid.body.errors).toEqual([
      "code must be 3 to 32 letters, digits or dashes",
      "percent_off must be a whole number from 1 to 100",
      "max_redemptions must be a whole number from 1 to 1,000,000",
    ]);
    const taken = await api<PromotionAnswer>("POST", "/promotions", { token: adminToken, body: { promotion: { code: "launch20", percent_off: 5 } } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual(["A promotion with this code already exists"]);
    const unknown = await api<PromotionAnswer>("POST", "/promotions", {
      token: adminToken,
      body: { promotion: { code: uniqueCode("GONE"), percent_off: 5, product_ids: [999999] } },
    });
    expect(unknown.body.errors).toEqual(["Choose services from the catalogue"]);
    const missing = await api("PUT", "/promotions/999999", { token: adminToken, body: { promotion: { code: "NOPE-1", percent_off: 5 } } });
    expect(missing).toMatchObject({ status: 404, body: { success: false, message: "Promotion not found" } });

    const c = await customer();
    expect((await api("GET", "/promotions", { token: c.token })).status).toBe(403);
    expect((await api("POST", "/promotions", { token: c.token, body: { promotion: { code: "MINE-1", percent_off: 90 } } })).status).toBe(403);
    expect((await api("PUT", "/promotions/1", { token: c.token, body: { promotion: { code: "MINE-1", percent_off: 90 } } })).status).toBe(403);
    expect((await api("GET", "/promotions")).status).toBe(401);
  });
});

describe("the admin's screen", () => {
  it("lists codes, creates one without JavaScript (422 with field errors first), and ends one; customers are sent to the admin login", async () => {
    const cookie = await adminCookie();
    const page = await get("/admin/promotions", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="promotion-LAUNCH20"');
    expect(html).toContain("20% off");
    expect(html).toContain('href="/admin/promotions"');

    const refused = await postForm(
      "/admin/promotions",
      { intent: "create", code: "x!", discount_type: "percent", percent_off: "150", scope: "some", currency: "GBP" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(422);
    const form = await refused.text();
    expect(form).toContain("Code must be 3 to 32 letters, digits or dashes");
    expect(form).toContain("Percent off must be a whole number from 1 to 100");

    const taken = await postForm(
      "/admin/promotions",
      { intent: "create", code: "launch20", discount_type: "percent", percent_off: "5", scope: "all" },
      { Cookie: cookie },
    );
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain("A promotion with this code already exists");

    const code = uniqueCode("SCREEN");
    const body = new URLSearchParams({
      intent: "create",
      code: code.toLowerCase(),
      discount_type: "amount",
      amount_off: "10",
      currency: "GBP",
      scope: "some",
      starts_at: "2026-01-01T09:30",
      max_redemptions: "5",
      once_per_customer: "on",
    });
    body.append("product_ids", String(GBP_PRODUCT));
    body.append("product_ids", String(OTHER_PRODUCT));
    const created = await postForm("/admin/promotions", body.toString(), { Cookie: cookie });
    expect(created.status).toBe(302);
    const row = await env.DB.prepare("SELECT id, amount_off_minor, currency, all_products, starts_at, once_per_customer FROM promotions WHERE code = ?")
      .bind(code)
      .first<{ id: number; amount_off_minor: number; currency: string; all_products: number; starts_at: number; once_per_customer: number }>();
    expect(row).toMatchObject({ amount_off_minor: 1000, currency: "GBP", all_products: 0, starts_at: Date.UTC(2026, 0, 1, 9, 30), once_per_customer: 1 });

    const c = await customer();
    expect((await order(c, code)).body.data.discount_amount).toBe("10.00");
    const ended = await postForm("/admin/promotions", { intent: "end", id: String(row!.id) }, { Cookie: cookie });
    expect(ended.status).toBe(302);
    expectRefused(await order(await customer(), code), "This code has expired");
    const after = await (await get("/admin/promotions", { headers: { Cookie: cookie } })).text();
    expect(after).toMatch(new RegExp(`data-testid="promotion-${code}"[\\s\\S]*?Ended`));

    for (const who of [undefined, await customerCookie()]) {
      const headers: Record<string, string> = who ? { Cookie: who } : {};
      const visit = await get("/admin/promotions", { headers });
      expect(visit.status).toBe(302);
      expect(visit.headers.get("location")).toBe("/admin/login");
      const post = await postForm("/admin/promotions", { intent: "end", id: "1" }, headers);
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toBe("/admin/login");
    }
    expect((await api<PromotionAnswer>("GET", "/promotions", { token: adminToken })).body).toMatchObject({ success: true });
  });
});

describe("the checkout screen", () => {
  it("applies a code from ?promo=, shows the discount and a Remove link, and the pay form's order is charged the discounted total", async () => {
    const c = await customer();
    const cookie = cookieFrom(await postForm("/login", { email: c.email, password: c.password }), "sid");
    const page = await get(`/products/${GBP_PRODUCT}/checkout?package=0&promo=launch20`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/data-testid="summary-discount">−(<!-- -->)?£99\.80</);
    expect(html).toMatch(/data-testid="summary-total">£479\.04</);
    expect(html).toContain('name="promo_code" value="LAUNCH20"');
    expect(html).toMatch(/<a[^>]*href="\/products\/1\/checkout\?package=0&amp;address=\d+"[^>]*>Remove<\/a>/);

    const paid = await postForm(
      `/products/${GBP_PRODUCT}/checkout?package=0&promo=launch20`,
      {
        intent: "pay",
        checkout_key: `key-${crypto.randomUUID()}`,
        address_id: String(c.addressId),
        promo_code: "LAUNCH20",
        card_number: "4242 4242 4242 4242",
        card_expiry: "12 / 40",
        card_cvc: "123",
      },
      { Cookie: cookie },
    );
    expect(paid.status).toBe(302);
    const [row] = await ordersOf(c.userId);
    expect(row).toMatchObject({ payment_status: "succeeded", amount_minor: 47904, discount_minor: 9980 });
    const final = await env.DB.prepare("SELECT status FROM promotion_redemptions WHERE order_id = ?").bind(row!.id).first<{ status: string }>();
    expect(final?.status).toBe("final");
  });

  it("a code refused as the order is made is answered 422 under the code's field, and nothing is charged", async () => {
    const { code } = await promotion({ code: uniqueCode("LAST"), percent_off: 10, max_redemptions: 1 });
    const c = await customer();
    const cookie = cookieFrom(await postForm("/login", { email: c.email, password: c.password }), "sid");
    expect((await order(await customer(), code)).status).toBe(201);
    const refused = await postForm(
      `/products/${GBP_PRODUCT}/checkout?package=0&promo=${code}`,
      {
        intent: "pay",
        checkout_key: `key-${crypto.randomUUID()}`,
        address_id: String(c.addressId),
        promo_code: code,
        card_number: "4242 4242 4242 4242",
        card_expiry: "12 / 40",
        card_cvc: "123",
      },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toMatch(/<p id="promo-error" role="alert"[^>]*>This code has been used up<\/p>/);
    expect(html).not.toContain('id="payment-error"');
    expect(await ordersOf(c.userId)).toEqual([]);
  });
});

describe("a code that takes the whole price off", () => {
  it("the API's order is paid as it is made: no intent, no secret, a zero invoice, the redemption final, the work started; nothing to refund", async () => {
    const promo = await promotion({ code: uniqueCode("FREE"), percent_off: 100 });
    const c = await customer();
    const created = await order(c, promo.code, { key: `free-${crypto.randomUUID()}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      subtotal_amount: "499.00",
      discount_amount: "499.00",
      tax_amount: "0.00",
      order_amount: "0.00",
      payment_status: "succeeded",
      work_status: "awaiting_brief",
      client_secret: null,
      invoice_number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
    expect(created.body.data.stripe_transaction_id).toBe(`free_${created.body.data.id}`);
    const localIntents = await env.DB.prepare("SELECT COUNT(*) AS n FROM local_payment_intents WHERE idempotency_key = ?")
      .bind(`order-${created.body.data.id}`)
      .first<number>("n");
    expect(localIntents).toBe(0);
    expect(await redemptionsOf(promo.id)).toEqual([{ order_id: created.body.data.id, user_id: c.userId, status: "final" }]);
    const invoice = await api<{ data: { total_amount: string; number: string } }>("GET", `/orders/${created.body.data.id}/invoice`, { token: c.token });
    expect(invoice.body.data).toMatchObject({ total_amount: "0.00", number: created.body.data.invoice_number });
    const refund = await api<{ message: string }>("POST", `/orders/${created.body.data.id}/refund`, {
      token: adminToken,
      body: { refund: { reason: "Goodwill" } },
    });
    expect(refund.status).toBe(409);
    // The same request again: the same order, still paid once.
    const again = await order(c, promo.code, { key: undefined });
    expect(again.status).toBe(201);
    expect((await ordersOf(c.userId)).map((o) => o.payment_status)).toEqual(["succeeded", "succeeded"]);
  });

  it("the checkout screen asks for no card: 'Place Order' pays it without JavaScript", async () => {
    const promo = await promotion({ code: uniqueCode("GIFT"), amount_off: "499.00", currency: "GBP" });
    const c = await customer();
    const cookie = cookieFrom(await postForm("/login", { email: c.email, password: c.password }), "sid");
    const url = `/products/${GBP_PRODUCT}/checkout?package=0&promo=${promo.code}`;
    const html = await (await get(url, { headers: { Cookie: cookie } })).text();
    expect(html).toMatch(/data-testid="summary-total">£0\.00</);
    expect(html).toContain("Nothing to pay: your promo code covers the whole price. No card is needed.");
    expect(html).toContain('name="intent" value="free-order"');
    expect(html).not.toContain('name="card_number"');

    const placed = await postForm(
      url,
      { intent: "free-order", checkout_key: `key-${crypto.randomUUID()}`, address_id: String(c.addressId), promo_code: promo.code },
      { Cookie: cookie },
    );
    expect(placed.status).toBe(302);
    const [row] = await ordersOf(c.userId);
    expect(row).toMatchObject({ payment_status: "succeeded", amount_minor: 0, discount_minor: 49900 });
    expect(placed.headers.get("Location")).toBe(`/products/${GBP_PRODUCT}/checkout?package=0&order=${row!.id}`);
    const success = await (await get(placed.headers.get("Location")!, { headers: { Cookie: cookie } })).text();
    expect(success).toContain("Payment Successful!");

    // A free-order form for an order that is not free (no code) charges nothing and says so.
    const notFree = await postForm(
      `/products/${GBP_PRODUCT}/checkout?package=0`,
      { intent: "free-order", checkout_key: `key-${crypto.randomUUID()}`, address_id: String(c.addressId) },
      { Cookie: cookie },
    );
    expect(notFree.status).toBe(409);
    expect(await notFree.text()).toContain("The total is no longer zero: review it and pay by card.");
    expect((await ordersOf(c.userId)).filter((o) => o.payment_status === "succeeded")).toHaveLength(1);
  });
});

describe("the admin's list, a page at a time", () => {
  it("the API pages codes newest first (limit, pageNumber, meta); the screen pages by ?page= and sends a page past the end to the last", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await promotion({ code: uniqueCode("PAGE"), percent_off: 5 }));
    const total = (await env.DB.prepare("SELECT COUNT(*) AS n FROM promotions").first<number>("n"))!;
    type Page = { data: { id: number; code: string }[]; meta: { totalPages: number; currentPage: number; totalCount: number; limit: number } };
    const first = await api<Page>("GET", "/promotions?limit=2&pageNumber=1", { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.data.map((p) => p.code)).toEqual([made[2]!.code, made[1]!.code]);
    expect(first.body.meta).toEqual({ totalPages: Math.ceil(total / 2), currentPage: 1, totalCount: total, limit: 2 });
    const second = await api<Page>("GET", "/promotions?limit=2&pageNumber=2", { token: adminToken });
    expect(second.body.data[0]?.code).toBe(made[0]!.code);
    expect((await api("GET", "/promotions?limit=51", { token: adminToken })).status).toBe(400);
    const defaults = await api<Page>("GET", "/promotions", { token: adminToken });
    expect(defaults.body.meta.limit).toBe(20);
    expect(defaults.body.data).toHaveLength(Math.min(20, total));

    const cookie = await adminCookie();
    for (let i = 0; i < 21 - total; i++) await promotion({ code: uniqueCode("MORE"), percent_off: 5 });
    const pages = Math.ceil(Math.max(total, 21) / 20);
    const past = await get("/admin/promotions?page=999", { headers: { Cookie: cookie } });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/admin/promotions?page=${pages}`);
    const html = await (await get("/admin/promotions", { headers: { Cookie: cookie } })).text();
    expect(html).toContain('aria-label="Promotions pages"');
  });
});
