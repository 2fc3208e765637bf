import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { orderPaymentsOf, requestLaterPayment } from "~/domain/payments/order-payments.server";
import { chooseCardSaving, listSavedCards, payWithSavedCard, rememberCard, rememberPendingCards, removeSavedCard } from "~/domain/payments/saved-cards.server";
import { createAddress } from "~/domain/orders/addresses.server";
import { createOrder, syncPaymentStatus } from "~/domain/orders/orders.server";
import { syncLaterPayment } from "~/domain/payments/order-payments.server";
import { createStripeGateway } from "~/domain/payments/stripe-gateway.server";
import { RULE_TABLE_TAX } from "~/domain/money/tax-service.server";
import { api, customerCookie, get, postForm, stripeTestEnv } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * Cards saved with consent, with the local gateway: an order paid with consent keeps its card for
 * the customer (brand, last four, expiry only); a later payment of that order is paid with it, the
 * customer present, through the authentication step when the card asks for it; the customer removes
 * it; without consent nothing is kept; another customer can neither use nor remove it.
 */
const db = () => createDb(env.DB);
const RETURN = "https://shop.test/profile/orders";

/** An unpaid order, the customer's choice about saving the card, then paid with `number` as the checkout does. */
async function orderPaidWith(number: string, consent: boolean) {
  const c = await customerWithOrder({ pay: false });
  const userId = Number(await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(c.id).first("user_id"));
  const gateway = createLocalGateway(db());
  await chooseCardSaving(db(), gateway, userId, c.id, consent);
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
  // Saved as the customer next looks (their cards, or a payment to make), whichever recorded the payment.
  const remembered = (await rememberPendingCards(db(), gateway, userId)) === 1;
  return { ...c, userId, remembered, gateway, intentId };
}

describe("saved cards (local gateway)", () => {
  it("kept with consent, it pays a later payment of its order with the customer present; removed, it pays nothing more", async () => {
    const c = await orderPaidWith("4242424242424242", true);
    expect(c.remembered).toBe(true);
    expect(await listSavedCards(db(), c.userId)).toEqual([
      expect.objectContaining({ order_id: c.id, brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 }),
    ]);
    // Told again (a second confirmation or webhook): still one card.
    expect(await rememberCard(db(), c.gateway, c.id, (await c.gateway.retrieveIntent(c.intentId))!)).toBe(false);
    expect(await listSavedCards(db(), c.userId)).toHaveLength(1);

    const { payment } = await requestLaterPayment(db(), c.gateway, c.id, { description: "Extra scene", netMinor: 10_000, idempotencyKey: "saved-1" });
    expect(await payWithSavedCard(db(), c.gateway, c.userId, payment.id, RETURN, "attempt-1")).toEqual({ kind: "paid" });
    const [, later] = await orderPaymentsOf(db(), c.id);
    expect(later).toMatchObject({ status: "succeeded", amountMinor: 12_000 });
    expect(later!.invoiceNumber).toMatch(/^INV-/);
    // Paid: a second attempt is refused, nothing charged twice.
    await expect(payWithSavedCard(db(), c.gateway, c.userId, payment.id, RETURN, "attempt-2")).rejects.toMatchObject({ kind: "conflict" });

    // Another customer can neither pay with it nor remove it.
    const other = await customerWithOrder({ pay: false });
    const otherId = Number(await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(other.id).first("user_id"));
    const { payment: next } = await requestLaterPayment(db(), c.gateway, c.id, { description: "Another", netMinor: 1_000, idempotencyKey: "saved-2" });
    await expect(payWithSavedCard(db(), c.gateway, otherId, next.id, RETURN, "x")).rejects.toMatchObject({ kind: "not_found" });
    const [card] = await listSavedCards(db(), c.userId);
    await expect(removeSavedCard(db(), c.gateway, otherId, card!.id)).rejects.toMatchObject({ kind: "not_found" });

    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE id = ?").bind(card!.id).first("payment_method_ref"));
    expect(await c.gateway.cardOf(ref)).toMatchObject({ last4: "4242" });
    await removeSavedCard(db(), c.gateway, c.userId, card!.id);
    expect(await listSavedCards(db(), c.userId)).toEqual([]);
    await expect(payWithSavedCard(db(), c.gateway, c.userId, next.id, RETURN, "attempt-3")).rejects.toMatchObject({
      kind: "conflict",
      message: "No card is saved for this order. Pay with a new card.",
    });
    // Forgotten at the provider too.
    expect(await c.gateway.cardOf(ref)).toBeNull();
  });

  it("a card that asks to authenticate: the customer is sent to the authentication page and back, without JavaScript", async () => {
    const c = await orderPaidWith("4000002500003155", true);
    expect(c.remembered).toBe(true);
    const { payment } = await requestLaterPayment(db(), c.gateway, c.id, { description: "Longer cut", netMinor: 5_000, idempotencyKey: "auth-1" });
    const outcome = await payWithSavedCard(db(), c.gateway, c.userId, payment.id, `${RETURN}/${c.id}`, "attempt-1");
    expect(outcome).toEqual({
      kind: "authenticate",
      location: expect.stringMatching(/^\/payments\/local\/pi_local_[A-Za-z0-9_-]+\?return_to=%2Fprofile%2Forders%2F\d+$/),
    });
    const location = (outcome as { location: string }).location;
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = await get(location, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Authenticate your payment");
    const done = await postForm(location, { decision: "approve" }, { Cookie: cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/profile/orders/${c.id}`);
    expect((await orderPaymentsOf(db(), c.id))[1]).toMatchObject({ status: "succeeded" });
  });

  it("a saved card declined later leaves the payment to pay with another card; without consent nothing is kept", async () => {
    // Stripe's 4000 0000 0000 0341: it is kept, and a later charge with it is declined.
    const declines = await orderPaidWith("4000000000000341", true);
    expect(declines.remembered).toBe(true);
    const { payment } = await requestLaterPayment(db(), declines.gateway, declines.id, { description: "More", netMinor: 1_000, idempotencyKey: "declined-1" });
    expect(await payWithSavedCard(db(), declines.gateway, declines.userId, payment.id, RETURN, "a")).toEqual({
      kind: "failed",
      message: "Your card was declined.",
    });
    expect((await orderPaymentsOf(db(), declines.id))[1]).toMatchObject({ status: "failed", invoiceNumber: null });

    const kept = await orderPaidWith("4242424242424242", false);
    expect(kept.remembered).toBe(false);
    expect(await listSavedCards(db(), kept.userId)).toEqual([]);
    const { payment: none } = await requestLaterPayment(db(), kept.gateway, kept.id, { description: "More", netMinor: 1_000, idempotencyKey: "none-1" });
    await expect(payWithSavedCard(db(), kept.gateway, kept.userId, none.id, RETURN, "a")).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("saved cards (Stripe: the real SDK against the fake Stripe server)", () => {
  const gateway = createStripeGateway(stripeTestEnv("sk_test_saved_cards", "whsec_saved_cards"));
  const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;
  const notice = { env, origin: "http://localhost" };
  /** What Stripe.js does as the customer confirms with a card number. */
  const stripeJs = (id: string, patch: { status: string; card?: string }) =>
    fetch(`${fake}/__test/payment_intents/${id}`, { method: "POST", body: JSON.stringify(patch) });

  async function stripeOrderPaidWith(card: string, consent: boolean) {
    const c = await customerWithOrder({ pay: false });
    const userId = Number(await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(c.id).first("user_id"));
    const address = await createAddress(db(), userId, {
      street: "1 Test St",
      city: "Testville",
      state: "TS",
      zip_code: "12345",
      country: "US",
      is_default: false,
    });
    const { order } = await createOrder(
      db(),
      { payments: gateway, tax: RULE_TABLE_TAX },
      userId,
      { productId: 1, packageIndex: 0, billingAddressId: address.id, idempotencyKey: `saved-stripe-${c.id}` },
      notice,
    );
    await chooseCardSaving(db(), gateway, userId, order.id, consent);
    await stripeJs(order.stripe_transaction_id!, { status: "succeeded", card });
    expect(await syncPaymentStatus(db(), gateway, order.id, notice)).toBe("succeeded");
    return { userId, orderId: order.id, remembered: await rememberPendingCards(db(), gateway, userId) };
  }

  it("with consent the card is kept on the customer's Stripe record and pays a later payment on-session; removed, it is detached", async () => {
    const paid = await stripeOrderPaidWith("4242424242424242", true);
    expect(paid.remembered).toBe(1);
    const [card] = await listSavedCards(db(), paid.userId);
    expect(card).toMatchObject({ order_id: paid.orderId, brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 });
    const customerRef = String(
      await env.DB.prepare("SELECT customer_ref FROM payment_customers WHERE user_id = ? AND gateway = 'stripe'").bind(paid.userId).first("customer_ref"),
    );
    expect(customerRef).toMatch(/^cus_fake_/);

    const { payment } = await requestLaterPayment(db(), gateway, paid.orderId, {
      description: "Extra scene",
      netMinor: 10_000,
      idempotencyKey: "stripe-saved-1",
    });
    // A double submit of the same attempt charges once (Stripe's Idempotency-Key).
    const [first, again] = await Promise.all([
      payWithSavedCard(db(), gateway, paid.userId, payment.id, RETURN, "attempt-1"),
      payWithSavedCard(db(), gateway, paid.userId, payment.id, RETURN, "attempt-1"),
    ]);
    expect(first).toEqual({ kind: "paid" });
    expect(again).toEqual({ kind: "paid" });
    expect((await orderPaymentsOf(db(), paid.orderId))[1]).toMatchObject({ status: "succeeded", amountMinor: 12_000 });

    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE id = ?").bind(card!.id).first("payment_method_ref"));
    await removeSavedCard(db(), gateway, paid.userId, card!.id);
    expect(await gateway.cardOf(ref)).toBeNull();
    expect(await listSavedCards(db(), paid.userId)).toEqual([]);
    // Withdrawn: not saved again by the next look.
    expect(await rememberPendingCards(db(), gateway, paid.userId)).toBe(0);
  });

  it("a card that asks to authenticate sends the customer to Stripe's page and back; without consent nothing is kept", async () => {
    // Stripe's 4000 0027 6000 3184 asks for authentication on every payment.
    const paid = await stripeOrderPaidWith("4000002760003184", true);
    const { payment } = await requestLaterPayment(db(), gateway, paid.orderId, { description: "Longer cut", netMinor: 5_000, idempotencyKey: "stripe-auth-1" });
    const outcome = await payWithSavedCard(db(), gateway, paid.userId, payment.id, `${RETURN}/${paid.orderId}`, "attempt-1");
    expect(outcome).toEqual({ kind: "authenticate", location: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/authenticate\/pi_fake_/) });
    expect((await orderPaymentsOf(db(), paid.orderId))[1]).toMatchObject({ status: "initiated" });
    // The customer authenticates at Stripe and comes back; the return (or the webhook) records it.
    const intentId = (await orderPaymentsOf(db(), paid.orderId))[1]!.intentId!;
    await stripeJs(intentId, { status: "succeeded" });
    expect(await syncLaterPayment(db(), gateway, payment.id)).toBe("succeeded");

    const declines = await stripeOrderPaidWith("4000000000000341", true);
    const { payment: declined } = await requestLaterPayment(db(), gateway, declines.orderId, {
      description: "More",
      netMinor: 1_000,
      idempotencyKey: "stripe-declined-1",
    });
    expect(await payWithSavedCard(db(), gateway, declines.userId, declined.id, RETURN, "a")).toEqual({ kind: "failed", message: "Your card was declined." });

    const without = await stripeOrderPaidWith("4242424242424242", false);
    expect(without.remembered).toBe(0);
    expect(await listSavedCards(db(), without.userId)).toEqual([]);
  });
});
