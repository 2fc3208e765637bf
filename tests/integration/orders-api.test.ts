import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { adminSignIn, api, newCustomer } from "./helpers";

type Address = { id: number; street: string; is_default: boolean };
type Order = Record<string, unknown> & { id: number; client_secret?: string; payment_status: string; stripe_transaction_id: string };
type Err = { success: false; message: string; errors?: string[] };

const address = { street: "10 Downing Street", city: "London", state: "London", zip_code: "SW1A 2AA", country: "GB" };

async function customerWithAddress() {
  const customer = await newCustomer();
  const created = await api<{ data: Address }>("POST", "/billing_addresses", { token: customer.access_token, body: address });
  return { ...customer, token: customer.access_token, addressId: created.body.data.id };
}

async function placeOrder(token: string, addressId: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return api<{ data: Order } & Err>("POST", "/orders", {
    token,
    headers,
    body: { order: { product_id: 1, billing_address_id: addressId, order_amount: "499.00", currency: "GBP", ...extra } },
  });
}

describe("billing addresses API", () => {
  it("creates, lists and reads the caller's addresses; the first is the default", async () => {
    const { access_token: token } = await newCustomer();
    const first = await api<{ success: boolean; data: Address }>("POST", "/billing_addresses", { token, body: address });
    expect(first.status).toBe(201);
    // A UK address has no state: the one sent is not kept.
    expect(first.body.data).toEqual({ id: first.body.data.id, ...address, state: "", street_2: null, is_default: true, company_name: null, tax_id: null });
    const list = await api<{ data: Address[] }>("GET", "/billing_addresses", { token });
    expect(list.body.data).toHaveLength(1);
    expect((await api("GET", `/billing_addresses/${first.body.data.id}`, { token })).status).toBe(200);
  });

  it("switches the default atomically: exactly one default at any time", async () => {
    const { access_token: token } = await newCustomer();
    await api("POST", "/billing_addresses", { token, body: address });
    await api("POST", "/billing_addresses", { token, body: { ...address, street: "Second" } });
    await api("POST", "/billing_addresses", { token, body: { billing_address: { ...address, street: "Third", is_default: true } } });
    const list = await api<{ data: Address[] }>("GET", "/billing_addresses", { token });
    expect(list.body.data.filter((a) => a.is_default).map((a) => a.street)).toEqual(["Third"]);
    expect(list.body.data).toHaveLength(3);
  });

  it("validates with the spec's messages", async () => {
    const { access_token: token } = await newCustomer();
    const { status, body } = await api<Err>("POST", "/billing_addresses", { token, body: { country: "Narnia" } });
    expect(status).toBe(422);
    // The fields every address has first, then those an unknown country's address (the SPEC's) needs.
    expect(body.errors).toEqual([
      "Street is required",
      "Please choose a country from the list",
      "City is required",
      "State is required",
      "Zip code is required",
    ]);
  });

  it("never shows another customer's address", async () => {
    const a = await customerWithAddress();
    const b = await newCustomer();
    expect((await api("GET", `/billing_addresses/${a.addressId}`, { token: b.access_token })).status).toBe(404);
    expect((await api<{ data: Address[] }>("GET", "/billing_addresses", { token: b.access_token })).body.data).toEqual([]);
    expect((await api("GET", "/billing_addresses")).status).toBe(401);
    const admin = await adminSignIn();
    expect((await api("GET", "/billing_addresses", { token: admin.access_token })).status).toBe(403);
  });
});

describe("orders API", () => {
  it("POST /orders prices on the server and returns id and client_secret; the order starts initiated", async () => {
    const c = await customerWithAddress();
    const { status, body } = await placeOrder(c.token, c.addressId);
    expect(status).toBe(201);
    // A UK consumer: the package's price (the subtotal a client may send as `order_amount`) plus 20% VAT.
    expect(body.data).toMatchObject({
      product_id: 1,
      billing_address_id: c.addressId,
      order_amount: "598.80",
      subtotal_amount: "499.00",
      discount_amount: "0.00",
      tax_amount: "99.80",
      tax_rate: "20.00",
      tax_country: "GB",
      tax_note: null,
      invoice_number: null,
      currency: "GBP",
      payment_status: "initiated",
    });
    expect(body.data.client_secret).toMatch(/^pi_local_.+_secret_/);
    const withPackage = await placeOrder(c.token, c.addressId, { order_amount: "999", package_index: 1 });
    expect(withPackage.body.data).toMatchObject({ subtotal_amount: "999.00", tax_amount: "199.80", order_amount: "1198.80" });
  });

  it.each([
    [{ order_amount: "0.01" }, "order_amount and currency do not match the package price"],
    [{ order_amount: "499.00", currency: "EUR" }, "order_amount and currency do not match the package price"],
    [{ order_amount: "499.00", package_index: 2 }, "order_amount and currency do not match the package price"],
    [{ order_amount: "-5" }, "order_amount must be a positive decimal amount"],
    [{ order_amount: "abc" }, "order_amount must be a positive decimal amount"],
    [{ package_index: 9, order_amount: undefined }, "This product has no such package"],
  ])("rejects a tampered or wrong amount %j with 422", async (extra, message) => {
    const c = await customerWithAddress();
    const { status, body } = await placeOrder(c.token, c.addressId, extra);
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = ?")
      .bind(c.email)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("rejects someone else's address, unknown products and bad bodies", async () => {
    const a = await customerWithAddress();
    const b = await customerWithAddress();
    expect((await placeOrder(b.token, a.addressId)).body.message).toBe("Choose one of your billing addresses");
    expect((await placeOrder(b.token, b.addressId, { product_id: 9999 })).status).toBe(404);
    expect((await api("POST", "/orders", { token: b.token, body: { order: { product_id: "x" } } })).status).toBe(422);
    expect((await api("POST", "/orders", { token: b.token, body: "nope" })).status).toBe(400);
  });

  it("a concurrent double submit with one Idempotency-Key makes exactly one order and one intent", async () => {
    const c = await customerWithAddress();
    const headers = { "Idempotency-Key": `double-${Date.now()}` };
    const results = await Promise.all([placeOrder(c.token, c.addressId, {}, headers), placeOrder(c.token, c.addressId, {}, headers)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[0].body.data.id).toBe(results[1].body.data.id);
    expect(results[0].body.data.client_secret).toBe(results[1].body.data.client_secret);
    const list = await api<{ data: Order[] }>("GET", "/orders", { token: c.token });
    expect(list.body.data).toHaveLength(1);
    const intents = await env.DB.prepare("SELECT count(*) AS n FROM local_payment_intents WHERE idempotency_key = ?")
      .bind(`order-${results[0].body.data.id}`)
      .first<{ n: number }>();
    expect(intents?.n).toBe(1);
  });

  it("update_payment_status ignores what the client claims and records the gateway's status", async () => {
    const c = await customerWithAddress();
    const order = (await placeOrder(c.token, c.addressId)).body.data;
    const lie = await api<{ data: { payment_status: string } }>("PUT", `/orders/${order.id}/update_payment_status`, {
      token: c.token,
      body: { payment_status: "succeeded" },
    });
    expect(lie.body.data.payment_status).toBe("initiated");
    const gateway = createLocalGateway(createDb(env.DB));
    await gateway.confirmCard(order.stripe_transaction_id, { number: "4242424242424242", expiry: "12/40", cvc: "123" });
    const truth = await api<{ data: { payment_status: string } }>("PUT", `/orders/${order.id}/update_payment_status`, { token: c.token, body: {} });
    expect(truth).toEqual({ status: 200, body: { success: true, data: { id: order.id, payment_status: "succeeded" } } });
  });

  it("customers see only their own orders; admins see all; others get 404, never data", async () => {
    const a = await customerWithAddress();
    const b = await customerWithAddress();
    const order = (await placeOrder(a.token, a.addressId)).body.data;
    const own = await api<{ data: Order }>("GET", `/orders/${order.id}`, { token: a.token });
    expect(own.body.data).toMatchObject({
      id: order.id,
      product: { title: "3D Product Launch Animation", image: "http://localhost/media/products/1/seed-image-01.jpg" },
    });
    expect(own.body.data).not.toHaveProperty("client_secret");
    expect(await api("GET", `/orders/${order.id}`, { token: b.token })).toEqual({ status: 404, body: { success: false, message: "Order not found" } });
    expect((await api("PUT", `/orders/${order.id}/update_payment_status`, { token: b.token, body: {} })).status).toBe(404);
    expect((await api<{ data: Order[] }>("GET", "/orders", { token: b.token })).body.data).toEqual([]);

    const admin = await adminSignIn();
    expect((await api("GET", `/orders/${order.id}`, { token: admin.access_token })).status).toBe(200);
    const all = await api<{ data: Order[]; meta: { totalPages: number } }>("GET", "/orders?limit=50", { token: admin.access_token });
    expect(all.body.data.some((o) => o.id === order.id)).toBe(true);
    expect((await api("POST", "/orders", { token: admin.access_token, body: { order: {} } })).status).toBe(403);
    expect((await api("GET", "/orders")).status).toBe(401);
  });

  it("paginates a customer's orders", async () => {
    const c = await customerWithAddress();
    for (let i = 0; i < 3; i++) await placeOrder(c.token, c.addressId);
    const page = await api<{ data: Order[]; meta: { totalPages: number } }>("GET", "/orders?limit=2&pageNumber=2", { token: c.token });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.totalPages).toBe(2);
    expect((await api("GET", "/orders?pageNumber=0", { token: c.token })).status).toBe(400);
  });
});
