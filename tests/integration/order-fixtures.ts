/** Orders for the fulfilment and refund tests: a new customer with a (paid) order, and a valid brief. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createDb } from "../../db/client";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { chooseCardSaving } from "~/domain/payments/saved-cards.server";
import { adminSignIn, api, customerCookie, dispatch, fakeMedia, freshAddress, newCustomer } from "./helpers";

export type OrderBody = {
  data: {
    id: number;
    client_secret: string;
    work_status: string;
    due_at: string | null;
    revisions_allowed: number;
    revisions_used: number;
    order_amount: string;
    tax_amount: string;
    tax_note: string | null;
  };
};
export type Event = { actor: string; from_status: string; to_status: string; note: string | null; created_at: string };

/**
 * `startWorkNow`: the consumer's checkout choice (false: a submitted brief waits out the 14-day
 * cancellation period); `address`: the billing address (a Leeds consumer's by default); `packageIndex`
 * of product 1 (Standard by default).
 */
export async function customerWithOrder({
  pay = true,
  startWorkNow = true,
  address: billing = { street: "1 Studio Lane", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" } as Record<string, unknown>,
  packageIndex = 1,
  productId = 1,
} = {}) {
  const person = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", { token: person.access_token, body: billing });
  expect(address.status).toBe(201);
  const order = await api<OrderBody>("POST", "/orders", {
    token: person.access_token,
    body: { order: { product_id: productId, billing_address_id: address.body.data.id, package_index: packageIndex, start_work_now: startWorkNow } },
  });
  expect(order.status).toBe(201);
  if (pay) {
    const paid = await api("POST", "/payments/local/confirm", {
      token: person.access_token,
      body: { client_secret: order.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
    });
    expect(paid.status).toBe(200);
  }
  return { token: person.access_token, id: order.body.data.id, email: person.email, addressId: address.body.data.id, order: order.body.data };
}

export const BRIEF = {
  purpose: "A 60-second launch film for our new espresso machine, for the website and socials.",
  audience: "Home baristas, 25–45",
  style: "Warm, close-up product shots; calm music",
  references: ["https://example.com/ref-one", "https://vimeo.com/123456"],
  must_haves: "Logo at the end; the steam wand in action",
  deadline_wish: "2026-12-15",
};

/** The studio delivers one small video on an order through the API (multipart), as a signed-in admin. */
export async function studioDelivers(orderId: number, note = "Cut") {
  const admin = await adminSignIn();
  const form = new FormData();
  form.set("note", note);
  form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
  const response = await dispatch(`http://localhost/api/v1/orders/${orderId}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
  expect(response.status).toBe(201);
}

/** An unpaid order, the customer's choice(s) about saving the card, then paid with `number` as the checkout does. */
export async function orderPaidWith(number: string, ...choices: boolean[]) {
  return orderPaidWithOptions({}, number, ...choices);
}

/** The same, for an order `customerWithOrder` makes with `options`. */
export async function orderPaidWithOptions(options: Parameters<typeof customerWithOrder>[0], number: string, ...choices: boolean[]) {
  const c = await customerWithOrder({ ...options, pay: false });
  const userId = Number(await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(c.id).first("user_id"));
  const gateway = createLocalGateway(createDb(env.DB));
  for (const consent of choices) await chooseCardSaving(createDb(env.DB), gateway, userId, c.id, consent);
  const paid = await api<{ data: { status: string } }>("POST", "/payments/local/confirm", {
    token: c.token,
    body: { client_secret: c.order.client_secret, card: { number, expiry: "12/40", cvc: "123" } },
  });
  expect(paid.status).toBe(200);
  if (paid.body.data.status === "requires_action") {
    const approved = await api("POST", "/payments/local/authenticate", { token: c.token, body: { client_secret: c.order.client_secret, result: "approve" } });
    expect(approved.status).toBe(200);
  }
  const intentId = String(await env.DB.prepare("SELECT payment_intent_id FROM orders WHERE id = ?").bind(c.id).first("payment_intent_id"));
  const cookie = await customerCookie(c.email, "Str0ng!Pass");
  return { ...c, userId, gateway, intentId, cookie };
}
