import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { orderPaymentsOf, requestLaterPayment, syncLaterPayment } from "~/domain/payments/order-payments.server";
import {
  chooseCardSaving,
  chooseHostedCardSaving,
  laterPaymentFor,
  listSavedCards,
  NO_SAVED_CARD,
  payWithSavedCard,
  rememberCard,
  rememberPendingCards,
  removeSavedCard,
} from "~/domain/payments/saved-cards.server";
import { SAVED_CARD_UNUSABLE } from "~/domain/payments/gateway.server";
import { createAddress } from "~/domain/orders/addresses.server";
import { createOrder, createOrderForHostedCheckout, syncPaymentStatus } from "~/domain/orders/orders.server";
import { completeHostedCheckout, startHostedCheckout } from "~/domain/payments/hosted-checkout.server";
import { createStripeGateway } from "~/domain/payments/stripe-gateway.server";
import { RULE_TABLE_TAX } from "~/domain/money/tax-service.server";
import { adminSignIn, api, customerCookie, get, postForm, stripeTestEnv } from "./helpers";
import { customerWithOrder, orderPaidWith } from "./order-fixtures";
import { acceptOffer, listOffers, raiseOffer } from "~/domain/orders/change-offers.server";

/**
 * Cards saved with consent. With the local gateway, through the pages a customer uses without
 * JavaScript: an order paid with consent keeps its card for the customer (brand, last four, expiry
 * only); a later payment of that order is paid with it in one press, through the bank's page when the
 * card asks; the customer removes it; without consent (or with it withdrawn) nothing is kept; nobody
 * else can use or remove it; erasing the account forgets it. With Stripe (the real SDK against the fake
 * server): the Customer and `setup_future_usage`, two presses at once charging once, the return from
 * Stripe's authentication page, a card the bank refuses later, and removal detaching it.
 */
const db = () => createDb(env.DB);
const RETURN = "https://shop.test/profile/orders";
const userIdOf = async (orderId: number) => Number(await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(orderId).first("user_id"));
const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

/** Added work on the order, waiting to be paid: its page. */
async function workToPay(orderId: number, key: string, netMinor = 10_000) {
  const { payment } = await requestLaterPayment(db(), createLocalGateway(db()), orderId, { description: "Extra scene", netMinor, idempotencyKey: key });
  return { payment, page: `/profile/orders/${orderId}/payments/${payment.id}` };
}

const press = (page: string, cookie: string, attempt = "attempt-key-0001") => postForm(page, { attempt_key: attempt }, { Cookie: cookie });

describe("saved cards (local gateway, through the pages)", () => {
  it("kept with consent, the card pays added work in one press; nobody else can use or remove it; removed, it pays nothing more", async () => {
    const c = await orderPaidWith("4242424242424242", true);
    // Saved as the customer first looks at their cards, whichever recording of the payment came first.
    const cards = await get("/profile/saved-cards", { headers: { Cookie: c.cookie } });
    expect(cards.status).toBe(200);
    const cardsPage = await text(cards);
    expect(cardsPage).toContain("Visa •••• 4242");
    expect(cardsPage).toContain(`href="/profile/orders/${c.id}">order #${c.id}</a>`);
    const [card] = await listSavedCards(db(), c.userId);
    expect(card).toMatchObject({ order_id: c.id, brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 });
    // Told again (a second confirmation or webhook): still one card.
    expect(await rememberCard(db(), c.gateway, c.id, (await c.gateway.retrieveIntent(c.intentId))!)).toBe(false);

    const { payment, page } = await workToPay(c.id, "saved-1");
    expect(await text(await get(page, { headers: { Cookie: c.cookie } }))).toContain("Pay £120.00 with Visa •••• 4242");

    // Another customer: neither the page nor the press, nor the card's removal.
    const other = await customerWithOrder({ pay: false });
    const otherCookie = await customerCookie(other.email, "Str0ng!Pass");
    expect((await get(page, { headers: { Cookie: otherCookie } })).status).toBe(404);
    expect((await press(page, otherCookie)).status).toBe(404);
    expect((await postForm("/profile/saved-cards", { card_id: String(card!.id) }, { Cookie: otherCookie })).status).toBe(404);
    // The payment under another of the customer's orders' URL: not found.
    expect((await press(`/profile/orders/${other.id}/payments/${payment.id}`, c.cookie)).status).toBe(404);
    // A key that is not the page's own: refused before anything is asked of the provider.
    expect((await press(page, c.cookie, "bad key\r\nX-Evil: 1")).status).toBe(422);
    expect((await orderPaymentsOf(db(), c.id))[1]).toMatchObject({ status: "initiated" });

    const paid = await press(page, c.cookie);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(page);
    const [, later] = await orderPaymentsOf(db(), c.id);
    expect(later).toMatchObject({ status: "succeeded", amountMinor: 12_000 });
    expect(later!.invoiceNumber).toMatch(/^INV-/);
    const after = await text(await get(page, { headers: { Cookie: c.cookie } }));
    expect(after).toContain("Paid, thank you.");
    expect(after).toContain(`View invoice ${later!.invoiceNumber}`);
    // Pressed again (another tab): nothing more is charged.
    expect((await press(page, c.cookie, "attempt-key-0002")).status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM local_payment_intents WHERE id = ? AND status = 'succeeded'").bind(later!.intentId).first("n")).toBe(
      1,
    );

    const { page: next } = await workToPay(c.id, "saved-2");
    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE id = ?").bind(card!.id).first("payment_method_ref"));
    expect(await c.gateway.cardOf(ref)).toMatchObject({ last4: "4242" });
    const removed = await postForm("/profile/saved-cards", { card_id: String(card!.id) }, { Cookie: c.cookie });
    expect(removed.headers.get("Location")).toBe("/profile/saved-cards?done=removed");
    expect(await text(await get("/profile/saved-cards", { headers: { Cookie: c.cookie } }))).toContain("No saved cards.");
    // Forgotten at the provider, and not saved again by the next look.
    expect(await c.gateway.cardOf(ref)).toBeNull();
    expect(await rememberPendingCards(db(), c.gateway, c.userId)).toBe(0);
    const refused = await press(next, c.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("No card is saved for this order.");
  });

  it("a card that asks to authenticate goes to the bank's page and back to the payment's page, without JavaScript", async () => {
    const c = await orderPaidWith("4000002500003155", true);
    const { page } = await workToPay(c.id, "auth-1", 5_000);
    expect(await text(await get(page, { headers: { Cookie: c.cookie } }))).toContain("Pay £60.00 with Visa •••• 3155");
    const pressed = await press(page, c.cookie);
    expect(pressed.status).toBe(302);
    const location = pressed.headers.get("Location")!;
    expect(location).toMatch(/^\/payments\/local\/pi_local_[A-Za-z0-9_-]+\?return_to=%2Fprofile%2Forders%2F\d+%2Fpayments%2F\d+$/);
    // Pressed again before authenticating: the same step, nothing charged.
    expect((await press(page, c.cookie, "attempt-key-0002")).headers.get("Location")).toBe(location);
    expect(await text(await get(location, { headers: { Cookie: c.cookie } }))).toContain("Authenticate your payment");
    const done = await postForm(location, { decision: "approve" }, { Cookie: c.cookie });
    expect(done.headers.get("Location")).toBe(page);
    expect((await orderPaymentsOf(db(), c.id))[1]).toMatchObject({ status: "succeeded" });
    expect(await text(await get(page, { headers: { Cookie: c.cookie } }))).toContain("Paid, thank you.");
  });

  it("a card the bank refuses later: its message, and the payment still to pay; a payment cancelled during its bank step stays cancelled", async () => {
    const c = await orderPaidWith("4242424242424242", true);
    await rememberPendingCards(db(), c.gateway, c.userId);
    // The bank refuses the card from now on (as Stripe's 4000 0000 0000 0341 does once kept).
    await env.DB.prepare("UPDATE local_payment_methods SET outcome = 'declined' WHERE id = (SELECT payment_method_ref FROM saved_cards WHERE order_id = ?)")
      .bind(c.id)
      .run();
    const { page } = await workToPay(c.id, "declined-1", 1_000);
    const declined = await press(page, c.cookie);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await orderPaymentsOf(db(), c.id))[1]).toMatchObject({ status: "failed", invoiceNumber: null });

    // Cancelled (the order refunded in full) while the customer is on the bank's page: the approval that follows charges nothing.
    const auth = await orderPaidWith("4000002500003155", true);
    const { payment, page: authPage } = await workToPay(auth.id, "cancel-1", 1_000);
    const location = (await press(authPage, auth.cookie)).headers.get("Location")!;
    const admin = (await adminSignIn()).access_token;
    expect((await api("POST", `/orders/${auth.id}/refund`, { token: admin, body: { refund: { reason: "Cancelled" } } })).status).toBe(200);
    expect((await orderPaymentsOf(db(), auth.id))[1]).toMatchObject({ status: "canceled" });
    await postForm(location, { decision: "approve" }, { Cookie: auth.cookie });
    const intent = await auth.gateway.retrieveIntent((await orderPaymentsOf(db(), auth.id))[1]!.intentId!);
    expect(intent?.status).toBe("canceled");
    expect((await orderPaymentsOf(db(), auth.id))[1]).toMatchObject({ id: payment.id, status: "canceled", invoiceNumber: null });
  });

  it("without consent, or with it withdrawn before paying (ticked, then unticked), no card is kept", async () => {
    for (const choices of [[false], [true, false], []]) {
      const c = await orderPaidWith("4242424242424242", ...choices);
      expect(await rememberPendingCards(db(), c.gateway, c.userId)).toBe(0);
      expect(await listSavedCards(db(), c.userId)).toEqual([]);
      const { page } = await workToPay(c.id, `none-${choices.join("-")}`, 1_000);
      expect(await text(await get(page, { headers: { Cookie: c.cookie } }))).toContain("No card is saved for this order: pay with a card below.");
    }
  });

  it("erasing the account removes its saved cards, here and at the provider", async () => {
    const c = await orderPaidWith("4242424242424242", true);
    await rememberPendingCards(db(), c.gateway, c.userId);
    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE user_id = ?").bind(c.userId).first("payment_method_ref"));
    // Its work closed (refunded in full), the account can be erased.
    const admin = (await adminSignIn()).access_token;
    expect((await api("POST", `/orders/${c.id}/refund`, { token: admin, body: { refund: { reason: "Closing" } } })).status).toBe(200);
    const erased = await api("DELETE", "/users/me", { token: c.token, body: { user: { current_password: "Str0ng!Pass" } } });
    expect(erased.status).toBe(200);
    for (const table of ["saved_cards", "payment_customers"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(c.userId).first("n"), table).toBe(0);
    }
    expect(await c.gateway.cardOf(ref)).toBeNull();
  });
});

describe("saved cards (Stripe: the real SDK against the fake Stripe server)", () => {
  const gateway = createStripeGateway(stripeTestEnv("sk_test_saved_cards", "whsec_saved_cards"));
  const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;
  const notice = { env, origin: "http://localhost" };
  /** What Stripe.js does as the customer confirms with a card number. */
  const stripeJs = (id: string, patch: { status: string; card?: string }) =>
    fetch(`${fake}/__test/payment_intents/${id}`, { method: "POST", body: JSON.stringify(patch) });
  const charges = async () => ((await (await fetch(`${fake}/__test/stats`)).json()) as { charges: number }).charges;

  async function stripeOrderPaidWith(card: string, consent: boolean) {
    const c = await customerWithOrder({ pay: false });
    const userId = await userIdOf(c.id);
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

  it("with consent the card is kept on the customer's Stripe record; two presses at once charge once; removed, it is detached and pays nothing", async () => {
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
    const before = await charges();
    // Two tabs pressing at once (each page view its own key), and a double submit of one of them.
    const outcomes = await Promise.all([
      payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, RETURN, "attempt-a"),
      payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, RETURN, "attempt-b"),
      payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, RETURN, "attempt-a"),
    ]);
    expect(outcomes).toEqual([{ kind: "paid" }, { kind: "paid" }, { kind: "paid" }]);
    expect((await charges()) - before).toBe(1);
    expect((await orderPaymentsOf(db(), paid.orderId))[1]).toMatchObject({ status: "succeeded", amountMinor: 12_000 });

    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE id = ?").bind(card!.id).first("payment_method_ref"));
    await removeSavedCard(db(), gateway, paid.userId, card!.id);
    expect(await gateway.cardOf(ref)).toBeNull();
    expect(await listSavedCards(db(), paid.userId)).toEqual([]);
    expect(await rememberPendingCards(db(), gateway, paid.userId)).toBe(0);
    const { payment: next } = await requestLaterPayment(db(), gateway, paid.orderId, {
      description: "Another",
      netMinor: 1_000,
      idempotencyKey: "stripe-saved-2",
    });
    await expect(payWithSavedCard(db(), gateway, paid.userId, paid.orderId, next.id, RETURN, "attempt-c")).rejects.toMatchObject({
      kind: "conflict",
      message: NO_SAVED_CARD,
    });
  });

  it("a change offer accepted through Stripe: with the saved card (two acceptances at once charge once), and with a new card confirmed by Stripe.js", async () => {
    const paid = await stripeOrderPaidWith("4242424242424242", true);
    const adminId = Number(await env.DB.prepare("SELECT id FROM admins ORDER BY id LIMIT 1").first("id"));
    const raise = (description: string) =>
      raiseOffer(db(), notice, paid.orderId, { kind: "admin", id: adminId }, { description, amount: "50.00", extra_days: 1 });
    const first = await raise("A second colourway");
    const before = await charges();
    const attempt = (key: string) => ({ method: "saved_card" as const, attemptKey: key, returnUrlFor: () => RETURN });
    const outcomes = await Promise.all([
      acceptOffer(db(), gateway, notice, paid.orderId, first.id, paid.userId, attempt("attempt-x")),
      acceptOffer(db(), gateway, notice, paid.orderId, first.id, paid.userId, attempt("attempt-y")),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(["paid", "paid"]);
    expect((await charges()) - before).toBe(1);
    expect((await listOffers(db(), paid.orderId, { kind: "customer", id: paid.userId }))[0]).toMatchObject({ status: "accepted" });

    const second = await raise("A vertical cut");
    const step = await acceptOffer(db(), gateway, notice, paid.orderId, second.id, paid.userId, { ...attempt("attempt-z"), method: "new_card" });
    expect(step).toMatchObject({ kind: "pay", clientSecret: expect.stringContaining("_secret_") });
    const intentId = String(await env.DB.prepare("SELECT intent_id FROM order_payments WHERE id = ?").bind(step.paymentId).first("intent_id"));
    await stripeJs(intentId, { status: "succeeded", card: "5555555555554444" });
    // The page's return (`?payment_intent=`) records what Stripe says: the offer is accepted.
    const back = await laterPaymentFor(db(), gateway, paid.userId, paid.orderId, step.paymentId, intentId);
    expect(back?.payment).toMatchObject({ status: "succeeded", invoiceNumber: expect.stringMatching(/^INV-/) });
    expect((await listOffers(db(), paid.orderId, { kind: "customer", id: paid.userId }))[0]).toMatchObject({ status: "accepted", id: second.id });
  });

  it("a card that asks to authenticate sends the customer to Stripe's page; their return records it; a card refused later shows the bank's message", async () => {
    // Stripe's 4000 0027 6000 3184 asks for authentication on every payment.
    const paid = await stripeOrderPaidWith("4000002760003184", true);
    const { payment } = await requestLaterPayment(db(), gateway, paid.orderId, { description: "Longer cut", netMinor: 5_000, idempotencyKey: "stripe-auth-1" });
    const outcome = await payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, `${RETURN}/${paid.orderId}`, "attempt-1");
    expect(outcome).toEqual({ kind: "authenticate", location: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/authenticate\/pi_fake_/) });
    // Pressed again before authenticating: the same page, nothing confirmed twice.
    expect(await payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, RETURN, "attempt-2")).toEqual(outcome);
    const intentId = (await orderPaymentsOf(db(), paid.orderId))[1]!.intentId!;
    // Back from Stripe (`?payment_intent=` on the payment's page), before authenticating: still to pay.
    expect((await laterPaymentFor(db(), gateway, paid.userId, paid.orderId, payment.id, intentId))?.payment.status).toBe("initiated");
    await stripeJs(intentId, { status: "succeeded" });
    const back = await laterPaymentFor(db(), gateway, paid.userId, paid.orderId, payment.id, intentId);
    expect(back).toMatchObject({ payment: { status: "succeeded" }, problem: null });
    expect(back!.payment.invoiceNumber).toMatch(/^INV-/);
    // A webhook of the same success afterwards changes nothing.
    expect(await syncLaterPayment(db(), gateway, payment.id)).toBe("succeeded");

    const refused = await stripeOrderPaidWith("4242424242424242", true);
    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE order_id = ?").bind(refused.orderId).first("payment_method_ref"));
    await fetch(`${fake}/__test/payment_methods/${ref}`, { method: "POST", body: JSON.stringify({ charges: "declined" }) });
    const { payment: declined } = await requestLaterPayment(db(), gateway, refused.orderId, {
      description: "More",
      netMinor: 1_000,
      idempotencyKey: "stripe-declined-1",
    });
    expect(await payWithSavedCard(db(), gateway, refused.userId, refused.orderId, declined.id, RETURN, "a")).toEqual({
      kind: "failed",
      message: "Your card was declined.",
    });

    const without = await stripeOrderPaidWith("4242424242424242", false);
    expect(without.remembered).toBe(0);
    expect(await listSavedCards(db(), without.userId)).toEqual([]);
  });

  it("Stripe's hosted page (checkout without JavaScript) keeps the card with consent, and none without", async () => {
    const stripeEnv = stripeTestEnv("sk_test_saved_cards", "whsec_saved_cards");
    for (const consent of [true, false]) {
      const c = await customerWithOrder({ pay: false });
      const userId = await userIdOf(c.id);
      const address = await createAddress(db(), userId, {
        street: "1 Test St",
        city: "Testville",
        state: "TS",
        zip_code: "12345",
        country: "US",
        is_default: false,
      });
      const order = await createOrderForHostedCheckout(
        db(),
        RULE_TABLE_TAX,
        userId,
        { productId: 3, packageIndex: 1, billingAddressId: address.id, idempotencyKey: `hosted-saving-${c.id}` },
        notice,
      );
      const savingFor = await chooseHostedCardSaving(db(), gateway, userId, order.id, consent);
      expect(savingFor === null).toBe(!consent);
      const url = await startHostedCheckout(
        stripeEnv,
        order,
        { success: "http://localhost/ok?session_id={CHECKOUT_SESSION_ID}", cancel: "http://localhost/no" },
        savingFor,
      );
      const sessionId = url.split("/").pop()!;
      const session = (await (
        await fetch(`${fake}/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: "Bearer sk_test_saved_cards" } })
      ).json()) as {
        payment_intent: string;
      };
      // The customer pays on Stripe's page with a card, and comes back.
      await stripeJs(session.payment_intent, { status: "succeeded", card: "4242424242424242" });
      expect(await completeHostedCheckout(stripeEnv, db(), gateway, order.id, sessionId, notice)).toMatchObject({ payment_status: "succeeded" });
      expect(await rememberPendingCards(db(), gateway, userId)).toBe(consent ? 1 : 0);
      expect(await listSavedCards(db(), userId)).toEqual(consent ? [expect.objectContaining({ order_id: order.id, last4: "4242" })] : []);
    }
  });

  it("an unusable saved card is refused with the shop's words, not the provider's", async () => {
    const paid = await stripeOrderPaidWith("4242424242424242", true);
    const ref = String(await env.DB.prepare("SELECT payment_method_ref FROM saved_cards WHERE order_id = ?").bind(paid.orderId).first("payment_method_ref"));
    // Detached at Stripe behind the shop's back (the dashboard): the confirmation is refused there.
    await gateway.detachCard(ref);
    const { payment } = await requestLaterPayment(db(), gateway, paid.orderId, { description: "More", netMinor: 1_000, idempotencyKey: "stripe-gone-1" });
    await expect(payWithSavedCard(db(), gateway, paid.userId, paid.orderId, payment.id, RETURN, "a")).rejects.toMatchObject({
      kind: "conflict",
      message: SAVED_CARD_UNUSABLE,
    });
  });
});
