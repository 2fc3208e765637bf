import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAddress } from "~/domain/orders/addresses.server";
import { getDashboard } from "~/domain/orders/dashboard.server";
import { createOrder, recordIntentStatus } from "~/domain/orders/orders.server";
import { RULE_TABLE_TAX } from "~/domain/money/tax-service.server";
import { createStripeGateway } from "~/domain/payments/stripe-gateway.server";
import { action as stripeWebhookRoute } from "~/routes/api.v1.webhooks.stripe";
import { ALREADY_REFUNDED, NOTHING_LEFT, REFUND_UNDER_WAY, refundOrder } from "~/domain/orders/refunds.server";
import { adminCookie, adminSignIn, api, customerCookie, get, postForm, stripeTestEnv } from "./helpers";
import { BRIEF, customerWithOrder, type Event } from "./order-fixtures";

/**
 * Refunds: the studio refunds a paid order's whole amount with a reason, through the gateway, exactly
 * once (double clicks, retries, concurrent requests and replayed webhooks included). Open work is
 * cancelled with it; a completed order keeps its work status.
 */
const db = createDb(env.DB);
type OrderData = { data: { id: number; payment_status: string; work_status: string; product: { image: string | null } } };
type RefundData = {
  data: { order: OrderData["data"]; refunds: { amount: string; tax_amount: string; credit_note_number: string | null }[]; remaining_amount: string };
};

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n")) ?? 0;
const localRefunds = (orderId: number) =>
  count("SELECT count(*) AS n FROM local_refunds r JOIN orders o ON o.payment_intent_id = r.intent_id WHERE o.id = ?", orderId);
const emailsOf = (kind: string, email: string) => count("SELECT count(*) AS n FROM emails WHERE kind = ? AND recipient = ?", kind, email);
const events = async (token: string, id: number) => (await api<{ data: Event[] }>("GET", `/orders/${id}/events`, { token })).body.data;

describe("refunds with the local gateway (POST /orders/{id}/refund)", () => {
  it("refunds an order in production once: payment refunded, work cancelled with the reason, the customer emailed; a second call is 409", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminSignIn();
    const refunded = await api<RefundData & { message: string }>("POST", `/orders/${c.id}/refund`, {
      token: admin.access_token,
      body: { refund: { reason: "The customer's launch was called off" } },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.message).toBe("Order refunded");
    expect(refunded.body.data.order).toMatchObject({ id: c.id, payment_status: "refunded", work_status: "cancelled", refunded_amount: "1198.80" });
    // Its media as absolute URLs, as every answer gives them.
    expect(refunded.body.data.order.product.image).toBe("http://localhost/media/products/1/seed-image-01.jpg");
    expect(refunded.body.data.remaining_amount).toBe("0.00");
    expect(refunded.body.data.refunds).toEqual([
      expect.objectContaining({ amount: "1198.80", tax_amount: "199.80", credit_note_number: expect.stringMatching(/^CN-\d{4}-\d{6}$/) }),
    ]);
    expect((await events(c.token, c.id)).at(-1)).toMatchObject({
      actor: "admin",
      from_status: "in_progress",
      to_status: "cancelled",
      note: "Cancelled and refunded: The customer's launch was called off",
    });
    expect(await localRefunds(c.id)).toBe(1);
    expect(await emailsOf("work_refunded", c.email)).toBe(1);

    const again = await api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Once more" } } });
    expect(again).toEqual({ status: 409, body: { success: false, message: ALREADY_REFUNDED } });
    expect(await localRefunds(c.id)).toBe(1);
    expect(await emailsOf("work_refunded", c.email)).toBe(1);
    // The customer sees it in the order's answer.
    expect((await api<OrderData>("GET", `/orders/${c.id}`, { token: c.token })).body.data).toMatchObject({
      payment_status: "refunded",
      work_status: "cancelled",
    });
  });

  it("five refunds at once (a double click, a retried request): one 200, the rest 409, one refund at the gateway", async () => {
    const c = await customerWithOrder();
    const admin = await adminSignIn();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Duplicate order" } } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect([ALREADY_REFUNDED, REFUND_UNDER_WAY, NOTHING_LEFT]).toContain((a.body as { message: string }).message);
    expect(await localRefunds(c.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND to_status = 'cancelled'", c.id)).toBe(1);
  });

  it("a completed order keeps its work status; only its payment is refunded", async () => {
    const c = await customerWithOrder();
    await env.DB.prepare("UPDATE orders SET work_status = 'completed' WHERE id = ?").bind(c.id).run();
    const admin = await adminSignIn();
    const refunded = await api<RefundData>("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Goodwill" } } });
    expect(refunded.body.data.order).toMatchObject({ payment_status: "refunded", work_status: "completed" });
  });

  it("refuses an unpaid order, a missing reason, a customer, and an unknown order, refunding nothing", async () => {
    const unpaid = await customerWithOrder({ pay: false });
    const admin = await adminSignIn();
    expect(await api("POST", `/orders/${unpaid.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Not paid yet" } } })).toEqual({
      status: 409,
      body: { success: false, message: "Cannot refund this order: its payment is initiated." },
    });
    const paid = await customerWithOrder();
    const noReason = await api<{ message: string; errors: string[] }>("POST", `/orders/${paid.id}/refund`, { token: admin.access_token, body: { refund: {} } });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toMatchObject({ message: "Refund could not be made", errors: ["Give a reason for the refund"] });
    const byCustomer = await api("POST", `/orders/${paid.id}/refund`, { token: paid.token, body: { refund: { reason: "I want it back" } } });
    expect(byCustomer.status).toBe(403);
    expect((await api("POST", "/orders/999999999/refund", { token: admin.access_token, body: { refund: { reason: "Nothing" } } })).status).toBe(404);
    expect(await localRefunds(paid.id)).toBe(0);
    expect((await api<OrderData>("GET", `/orders/${paid.id}`, { token: paid.token })).body.data.payment_status).toBe("succeeded");
  });

  it("a claim left by a request that died is taken over after two minutes; a fresh one answers 'under way'", async () => {
    const c = await customerWithOrder();
    const admin = await adminSignIn();
    const claim =
      "INSERT INTO order_refunds (order_id, status, amount_minor, currency, reason, source, idempotency_key, claimed_at) SELECT id, 'pending', amount_minor, 'GBP', 'x', 'admin', 'crashed', ? FROM orders WHERE id = ?";
    await env.DB.prepare(claim).bind(Date.now(), c.id).run();
    expect((await api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Retry" } } })).body).toEqual({
      success: false,
      message: REFUND_UNDER_WAY,
    });
    await env.DB.prepare("UPDATE order_refunds SET claimed_at = ? WHERE order_id = ?")
      .bind(Date.now() - 3 * 60_000, c.id)
      .run();
    expect((await api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Retry" } } })).status).toBe(200);
    expect(await localRefunds(c.id)).toBe(1);
  });

  it("the dashboard's revenue subtracts refunds", async () => {
    const before = await getDashboard(db);
    const c = await customerWithOrder();
    const paid = await getDashboard(db);
    const gbp = (d: typeof before) => d.revenue.find((r) => r.currency === "GBP")?.amountMinor ?? 0;
    expect(gbp(paid) - gbp(before)).toBe(119880);
    const admin = await adminSignIn();
    expect((await api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Refund" } } })).status).toBe(200);
    expect(gbp(await getDashboard(db))).toBe(gbp(before));
  });
});

describe("refunding from the order pages (screens, without JavaScript)", () => {
  it("the admin gives a reason and refunds; the customer's order page says so", async () => {
    const c = await customerWithOrder();
    const admin = await adminCookie();
    const page = await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: admin } })).text();
    expect(page.replace(/<!-- -->/g, "")).toContain("Cancel and refund £1,198.80");

    const empty = await postForm(`/admin/orders/${c.id}`, { intent: "refund", reason: "" }, { Cookie: admin });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Give a reason for the refund");

    const done = await postForm(`/admin/orders/${c.id}`, { intent: "refund", scope: "all", reason: "Brief was out of scope" }, { Cookie: admin });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/orders/${c.id}?refunded=1`);
    const after = (await (await get(`/admin/orders/${c.id}?refunded=1`, { headers: { Cookie: admin } })).text()).replace(/<!-- -->/g, "");
    expect(after).toContain("Refunded. The customer has been told by email.");
    expect(after).toContain("Brief was out of scope");
    expect(after).toMatch(/Credit note CN-\d{4}-\d{6}/);
    expect(after).toContain('data-colour="violet"');

    const twice = await postForm(`/admin/orders/${c.id}`, { intent: "refund", scope: "all", reason: "Brief was out of scope" }, { Cookie: admin });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(ALREADY_REFUNDED);
    expect(await localRefunds(c.id)).toBe(1);

    const customer = await customerCookie(c.email, "Str0ng!Pass");
    const mine = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: customer } })).text()).replace(/<!-- -->/g, "");
    expect(mine).toContain("£1,198.80 went back to your card");
    expect(mine).toContain("The order is cancelled.");
    expect(mine).toContain("Brief was out of scope");
  });

  it("a customer cannot refund through the admin page", async () => {
    const c = await customerWithOrder();
    const customer = await customerCookie(c.email, "Str0ng!Pass");
    const tried = await postForm(`/admin/orders/${c.id}`, { intent: "refund", reason: "Give it back" }, { Cookie: customer });
    expect([302, 303]).toContain(tried.status);
    expect(tried.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await localRefunds(c.id)).toBe(0);
  });
});

describe("refunds through Stripe (real SDK against a fake Stripe)", () => {
  const WEBHOOK_SECRET = "whsec_test_secret_for_refunds";
  const stripeEnv = stripeTestEnv("sk_test_refunds", WEBHOOK_SECRET);
  const gateway = createStripeGateway(stripeEnv);
  const notice = { env, origin: "http://localhost" };
  const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;
  const refundsAtStripe = async () => ((await (await fetch(`${fake}/__test/stats`)).json()) as { refunds: number }).refunds;
  let n = 0;

  async function paidStripeOrder() {
    const address = await createAddress(db, 1, { street: "1 Refund St", city: "T", state: "T", zip_code: "1", country: "US", is_default: false });
    const { order, intent } = await createOrder(
      db,
      { payments: gateway, tax: RULE_TABLE_TAX },
      1,
      { productId: 1, packageIndex: 0, billingAddressId: address.id, idempotencyKey: `refund-${Date.now()}-${n++}` },
      notice,
    );
    const paid = await (await fetch(`${fake}/__test/payment_intents/${intent.id}`, { method: "POST", body: JSON.stringify({ status: "succeeded" }) })).json();
    expect(await recordIntentStatus(db, order.id, { ...intent, status: "succeeded", amountMinor: (paid as { amount: number }).amount }, notice)).toBe(
      "succeeded",
    );
    return { orderId: order.id, intentId: intent.id };
  }

  async function webhook(event: object) {
    const payload = JSON.stringify(event);
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const response = await postWebhook(
      stripeEnv,
      new Request("http://localhost/api/v1/webhooks/stripe", { method: "POST", body: payload, headers: { "Stripe-Signature": header } }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  /** `charge.refunded` with what the charge has refunded in all (the whole 598.80 unless told). */
  const chargeRefunded = (id: string, intentId: string, refundedInAll = 59880) => ({
    id,
    object: "event",
    type: "charge.refunded",
    api_version: "2025-01-01",
    created: 1,
    livemode: false,
    data: {
      object: {
        id: `ch_${intentId}`,
        object: "charge",
        payment_intent: intentId,
        refunded: refundedInAll >= 59880,
        amount_refunded: refundedInAll,
        refunds: { data: [{ id: `re_${id}` }] },
      },
    },
  });
  const status = async (orderId: number) =>
    env.DB.prepare("SELECT payment_status AS p, work_status AS w FROM orders WHERE id = ?").bind(orderId).first<{ p: string; w: string }>();

  it("calls the Refunds API once with an idempotency key, however many refunds are asked at once; the webhook and its replay change nothing more", async () => {
    const { orderId, intentId } = await paidStripeOrder();
    const before = await refundsAtStripe();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => refundOrder(db, gateway, orderId, 1, { reason: "Customer changed their mind" }, notice)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await refundsAtStripe()).toBe(before + 1);
    expect(await status(orderId)).toEqual({ p: "refunded", w: "cancelled" });
    const emails = await count("SELECT count(*) AS n FROM emails WHERE kind = 'work_refunded' AND created_at >= ?", Date.now() - 60_000);

    const event = chargeRefunded(`evt_refund_${orderId}`, intentId);
    expect((await webhook(event)).body).toMatchObject({ received: true, order_id: orderId, payment_status: "refunded" });
    expect((await webhook(event)).body).toMatchObject({ received: true, duplicate: true });
    expect((await webhook(chargeRefunded(`evt_refund_other_${orderId}`, intentId))).body).toMatchObject({ payment_status: "refunded" });
    expect(await count("SELECT count(*) AS n FROM emails WHERE kind = 'work_refunded' AND created_at >= ?", Date.now() - 60_000)).toBe(emails);
    await expect(refundOrder(db, gateway, orderId, 1, { reason: "Again" }, notice)).rejects.toMatchObject({ kind: "conflict", message: ALREADY_REFUNDED });
    expect(await refundsAtStripe()).toBe(before + 1);
  });

  it("refunds made in Stripe's dashboard arrive by webhook, partial then the rest: each recorded once with its credit note, the work cancelled by the shop at the end", async () => {
    const { orderId, intentId } = await paidStripeOrder();
    const partial = await webhook(chargeRefunded(`evt_partial_${orderId}`, intentId, 10000));
    expect(partial.body).toMatchObject({ received: true, order_id: orderId, payment_status: "succeeded" });
    expect(await status(orderId)).toEqual({ p: "succeeded", w: "awaiting_brief" });
    const event = chargeRefunded(`evt_dash_${orderId}`, intentId);
    await Promise.all([webhook(event), webhook(event)]);
    expect(await status(orderId)).toEqual({ p: "refunded", w: "cancelled" });
    const { results: rows } = await env.DB.prepare(
      "SELECT status, source, reason, amount_minor AS amount, credit_note_number AS cn FROM order_refunds WHERE order_id = ? ORDER BY id",
    )
      .bind(orderId)
      .all<{ status: string; source: string; reason: string; amount: number; cn: string }>();
    expect(rows.map(({ cn: _cn, ...row }) => row)).toEqual([
      { status: "succeeded", source: "provider", reason: "Refunded at the payment provider", amount: 10000 },
      { status: "succeeded", source: "provider", reason: "Refunded at the payment provider", amount: 49880 },
    ]);
    expect(rows.every((row) => /^CN-\d{4}-\d{6}$/.test(row.cn))).toBe(true);
    expect(await count("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND to_status = 'cancelled' AND actor_kind = 'system'", orderId)).toBe(1);
    // Stripe itself would refuse a second refund; the shop does not even ask.
    await expect(refundOrder(db, gateway, orderId, 1, { reason: "Again" }, notice)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("the provider's refusal reaches the admin and lets the claim go", async () => {
    const { orderId, intentId } = await paidStripeOrder();
    // Refunded behind the shop's back (no webhook yet): Stripe refuses the shop's refund with its message.
    await fetch(`${fake}/v1/refunds`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_refunds", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: intentId }),
    });
    await expect(refundOrder(db, gateway, orderId, 1, { reason: "Customer asked" }, notice)).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/has already been refunded/),
    });
    expect(await count("SELECT count(*) AS n FROM order_refunds WHERE order_id = ?", orderId)).toBe(0);
    expect((await status(orderId))!.p).toBe("succeeded");
  });
});

/** Posts to the webhook's route as the Worker would (its refusals answered by the API's adapter). */
function postWebhook(stripeEnv: Env, request: Request): Promise<Response> {
  return stripeWebhookRoute({ request, context: { env: stripeEnv, db }, params: {} } as unknown as Parameters<typeof stripeWebhookRoute>[0]);
}
