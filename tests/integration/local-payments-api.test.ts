import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { api, newCustomer } from "./helpers";

/**
 * An API client completes a purchase offline: create the order, confirm the card where Stripe.js
 * would (local mode only), authenticate when the card asks for it, then read the order's status.
 */
type Order = { data: { id: number; client_secret: string } };
type Step = { success: boolean; message?: string; data?: { status: string; payment_status: string } };

async function customerWithOrder() {
  const person = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: person.access_token,
    body: { street: "1 Offline Way", city: "Derby", state: "Derbyshire", zip_code: "DE1 1AA", country: "GB", is_default: true },
  });
  const order = await api<Order>("POST", "/orders", {
    token: person.access_token,
    body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
  });
  return { token: person.access_token, email: person.email, order: order.body.data };
}

const card = (number: string) => ({ number, expiry: "12/40", cvc: "123" });

describe("local payment calls", () => {
  it("4242 pays the order; update_payment_status then reports succeeded", async () => {
    const c = await customerWithOrder();
    const confirmed = await api<Step>("POST", "/payments/local/confirm", {
      token: c.token,
      body: { client_secret: c.order.client_secret, card: card("4242 4242 4242 4242") },
    });
    expect(confirmed).toEqual({ status: 200, body: { success: true, data: { status: "succeeded", payment_status: "succeeded" } } });
    const status = await api<{ data: { payment_status: string } }>("PUT", `/orders/${c.order.id}/update_payment_status`, { token: c.token, body: {} });
    expect(status.body.data.payment_status).toBe("succeeded");
    // One receipt, to the customer, with the order, package, amount and a link to their orders.
    const receipts = await env.DB.prepare("SELECT subject, text FROM emails WHERE recipient = ? AND kind = 'order_receipt'")
      .bind(c.email)
      .all<{ subject: string; text: string }>();
    expect(receipts.results).toHaveLength(1);
    expect(receipts.results[0]!.subject).toBe(`Your receipt for order #${c.order.id}`);
    // The money as the invoice has it (never "Price excludes taxes": the tax is on it), the dates, and the brief as the next step.
    const text = receipts.results[0]!.text;
    for (const part of [
      "Basic",
      "VAT (20%):",
      "Total paid:",
      "Next: tell the studio what the video is for.",
      `http://localhost/profile/orders/${c.order.id}/brief`,
      `http://localhost/profile/orders/${c.order.id}/invoice.pdf`,
      "http://localhost/profile/orders",
      "Reelcraft Studio Ltd",
    ])
      expect(text).toContain(part);
    expect(text).toMatch(/Invoice: INV-\d{4}-\d{6}/);
    expect(text).not.toContain("Price excludes taxes");
    expect(text).not.toContain("pi_local_");
  });

  it("a decline card answers 402 with the test card's message; the authentication card needs approve", async () => {
    const c = await customerWithOrder();
    const declined = await api<Step>("POST", "/payments/local/confirm", {
      token: c.token,
      body: { client_secret: c.order.client_secret, card: card("4000000000009995") },
    });
    expect(declined).toEqual({
      status: 402,
      body: { success: false, message: "Your card has insufficient funds.", error_code: "PAYMENT_DECLINED" },
    });

    const action = await api<Step>("POST", "/payments/local/confirm", {
      token: c.token,
      body: { client_secret: c.order.client_secret, card: card("4000002500003155") },
    });
    expect(action.body.data?.status).toBe("requires_action");
    const failed = await api<Step>("POST", "/payments/local/authenticate", { token: c.token, body: { client_secret: c.order.client_secret, result: "fail" } });
    expect(failed.status).toBe(402);
    await api("POST", "/payments/local/confirm", { token: c.token, body: { client_secret: c.order.client_secret, card: card("4000002500003155") } });
    const approved = await api<Step>("POST", "/payments/local/authenticate", {
      token: c.token,
      body: { client_secret: c.order.client_secret, result: "approve" },
    });
    expect(approved).toEqual({ status: 200, body: { success: true, data: { status: "succeeded", payment_status: "succeeded" } } });
  });

  it("only the owner may pay; bad input gets a clear message; nothing without a token", async () => {
    const c = await customerWithOrder();
    const stranger = await newCustomer();
    expect(
      await api("POST", "/payments/local/confirm", {
        token: stranger.access_token,
        body: { client_secret: c.order.client_secret, card: card("4242424242424242") },
      }),
    ).toEqual({
      status: 404,
      body: { success: false, message: "Payment not found" },
    });
    expect((await api("POST", "/payments/local/confirm", { body: { client_secret: c.order.client_secret, card: card("4242424242424242") } })).status).toBe(401);
    const bad = await api<Step>("POST", "/payments/local/confirm", { token: c.token, body: { client_secret: c.order.client_secret, card: card("1234") } });
    expect(bad).toEqual({ status: 422, body: { success: false, message: "Your card number is incorrect." } });
    expect((await api<Step>("POST", "/payments/local/confirm", { token: c.token, body: { client_secret: c.order.client_secret } })).body.message).toBe(
      "card is required",
    );
    expect(
      (await api<Step>("POST", "/payments/local/authenticate", { token: c.token, body: { client_secret: c.order.client_secret, result: "maybe" } })).body
        .message,
    ).toBe('result must be "approve" or "fail"');
    expect(
      (await api("POST", "/payments/local/confirm", { token: c.token, body: { client_secret: "pi_local_x_secret_y", card: card("4242424242424242") } })).status,
    ).toBe(404);
    const { results } = await env.DB.prepare("SELECT payment_status FROM orders WHERE id = ?").bind(c.order.id).all<{ payment_status: string }>();
    expect(results[0]?.payment_status).toBe("initiated");
  });

  it("an order past its lifetime cannot be paid here either", async () => {
    const c = await customerWithOrder();
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 25 * 3_600_000, c.order.id)
      .run();
    const late = await api<Step>("POST", "/payments/local/confirm", {
      token: c.token,
      body: { client_secret: c.order.client_secret, card: card("4242424242424242") },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/can no longer be paid/);
  });

  it("does not exist in Stripe mode", async () => {
    const c = await customerWithOrder();
    const stripeEnv = { ...env, PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_x", EDGE_CACHE: "off" } as Env;
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/api/v1/payments/local/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${c.token}` },
      body: JSON.stringify({ client_secret: c.order.client_secret, card: card("4242424242424242") }),
    }) as unknown as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, stripeEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
  });
});
