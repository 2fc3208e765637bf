/** Orders for the fulfilment and refund tests: a new customer with a (paid) order, and a valid brief. */
import { expect } from "vitest";
import { adminSignIn, api, dispatch, fakeMedia, freshAddress, newCustomer } from "./helpers";

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
