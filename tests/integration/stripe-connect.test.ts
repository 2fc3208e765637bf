/**
 * Stripe Connect through the real SDK against the fake Stripe server (ADR 039): Express accounts
 * opened once, onboarding links, `account.updated` signed with the Connect endpoint's secret (kept,
 * deduplicated, releasing earnings that waited), transfers and reversals by idempotency key, a
 * reversal refused once the money has left the account, and a lost dispute clawed back.
 */
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { onboardingUrls, startOnboarding } from "~/domain/payouts/accounts.server";
import { createStripeConnect } from "~/domain/payouts/stripe-connect.server";
import { stripeClient } from "~/domain/payments/stripe-gateway.server";
import { runPayouts } from "~/domain/payouts/transfers.server";
import { earningOf } from "~/lib/rules/payouts";
import { action as stripeWebhookRoute } from "~/routes/api.v1.webhooks.stripe";
import { adminSignIn, stripeTestEnv } from "./helpers";
import { newCreator, type Tokens } from "./creator-fixtures";
import { clear, earnedOrder, ledgerOf, payoutsOf, refund, resetPayoutState } from "./payout-fixtures";

const WEBHOOK_SECRET = "whsec_platform_for_connect_tests";
const CONNECT_SECRET = "whsec_connect_endpoint_for_tests";
const stripeEnv: Env = { ...stripeTestEnv("sk_test_connect", WEBHOOK_SECRET), STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET };
const db = createDb(env.DB);
const connect = createStripeConnect(stripeEnv);
const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;
const control = async (accountId: string, action: "onboard" | "fail" | "payout") =>
  (await fetch(`${fake}/__test/accounts/${accountId}/${action}`, { method: "POST" })).json() as Promise<Record<string, unknown>>;
const fakeTransfers = async () =>
  (
    (await (await fetch(`${fake}/__test/transfers`)).json()) as {
      transfers: { id: string; amount: number; amount_reversed: number; transfer_group: string; destination: string }[];
    }
  ).transfers;

async function webhook(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: Stripe.createSubtleCryptoProvider() });
  const request = new Request("http://localhost/api/v1/webhooks/stripe", { method: "POST", body: payload, headers: { "Stripe-Signature": header } });
  const response = await stripeWebhookRoute({ request, context: { env: stripeEnv, db }, params: {} } as unknown as Parameters<typeof stripeWebhookRoute>[0]);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let events = 0;
/** An `account.updated` event, created now (or `created`, seconds since the epoch). */
const accountUpdated = (account: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_connect_${Date.now()}_${events++}`,
  object: "event",
  type: "account.updated",
  account: account.id,
  api_version: "2025-01-01",
  created,
  livemode: false,
  data: { object: account },
});

let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  await resetPayoutState();
});

describe("Stripe Connect (real SDK against a fake Stripe)", () => {
  it("opens one Express account per creator, links to onboarding, and keeps what account.updated says: earnings that waited are released and paid once", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'DE' WHERE id = ?").bind(maker.id).run();
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect((await runPayouts(db, connect)).blocked).toBeGreaterThanOrEqual(1);

    const urls = onboardingUrls("https://shop.example");
    const [first, second] = await Promise.all([startOnboarding(db, connect, maker.id, urls), startOnboarding(db, connect, maker.id, urls)]);
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_fake_/);
    expect(second.url).not.toBe(first.url);
    const row = await env.DB.prepare("SELECT provider, account_id, service_agreement, payouts_enabled FROM payout_accounts WHERE creator_id = ?")
      .bind(maker.id)
      .first<{ provider: string; account_id: string; service_agreement: string; payouts_enabled: number }>();
    expect(row).toMatchObject({ provider: "stripe", service_agreement: "recipient", payouts_enabled: 0 });
    // Both requests found the same account at Stripe (one idempotency key per creator).
    expect(first.url.split("/")[5]).toBe(row!.account_id);
    expect(second.url.split("/")[5]).toBe(row!.account_id);
    const account = await connect.retrieveAccount(row!.account_id);
    expect(account).toMatchObject({ payoutsEnabled: false, requirementsDue: ["external_account", "individual.verification.document"] });

    // A Connect event needs the Connect endpoint's secret (or the platform's); any other is refused.
    const failedAccount = await control(row!.account_id, "fail");
    expect((await webhook(accountUpdated(failedAccount), "whsec_someone_else")).status).toBe(400);
    const failedEvent = accountUpdated(failedAccount, Math.floor(Date.now() / 1000) - 10);
    expect((await webhook(failedEvent, CONNECT_SECRET)).body).toEqual({ received: true, creator_id: maker.id, payouts_enabled: false });
    expect(await env.DB.prepare("SELECT disabled_reason FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first("disabled_reason")).toBe(
      "requirements.past_due",
    );
    expect((await payoutsOf(order.id))[0]!.status).toBe("blocked");

    const enabled = accountUpdated(await control(row!.account_id, "onboard"), Math.floor(Date.now() / 1000) - 5);
    expect((await webhook(enabled, CONNECT_SECRET)).body).toEqual({ received: true, creator_id: maker.id, payouts_enabled: true });
    // Replayed: applied once.
    expect((await webhook(enabled, CONNECT_SECRET)).body).toEqual({ received: true, duplicate: true });
    // An older event arriving late (Stripe does not promise the order) changes nothing: the account as Stripe has it now is kept.
    expect((await webhook(accountUpdated(failedAccount, Math.floor(Date.now() / 1000) - 60), CONNECT_SECRET)).body).toEqual({
      received: true,
      creator_id: maker.id,
      stale: true,
      payouts_enabled: true,
    });
    expect(await env.DB.prepare("SELECT payouts_enabled FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first("payouts_enabled")).toBe(1);
    expect((await payoutsOf(order.id))[0]!.status).toBe("scheduled");
    // Complete: nothing to resume.
    await expect(startOnboarding(db, connect, maker.id, urls)).rejects.toMatchObject({ kind: "conflict" });

    const runs = await Promise.all([runPayouts(db, connect), runPayouts(db, connect)]);
    expect(runs[0].paid + runs[1].paid).toBe(1);
    await runPayouts(db, connect);
    const sent = (await fakeTransfers()).filter((t) => t.destination === row!.account_id);
    expect(sent).toEqual([expect.objectContaining({ amount: order.earning, transfer_group: `order-${order.id}` })]);
    expect((await ledgerOf(order.id)).map((r) => [r.kind, r.amount_minor, r.external_id])).toEqual([
      ["earning", order.earning, null],
      ["transfer", -order.earning, sent[0]!.id],
    ]);

    // A partial refund: reversed at Stripe. Then the account pays out; the next refund's reversal is refused, its debt kept.
    const refunded = await refund(admin, order.id, "120.00");
    const share = earningOf(refunded.amount_minor - refunded.tax_minor, 7000);
    expect(await runPayouts(db, connect)).toMatchObject({ reversed: 1 });
    expect((await fakeTransfers()).find((t) => t.id === sent[0]!.id)!.amount_reversed).toBe(share);
    await control(row!.account_id, "payout");
    await refund(admin, order.id, "60.00");
    expect(await runPayouts(db, connect)).toMatchObject({ reversed: 0, offset: 1 });
    expect((await payoutsOf(order.id)).at(-1)).toMatchObject({
      kind: "reversal",
      status: "offset",
      failure: "Insufficient funds in the connected account to reverse this transfer.",
    });
    expect((await ledgerOf(order.id)).map((r) => r.kind)).toEqual(["earning", "transfer", "clawback", "reversal", "clawback"]);
  });

  it("says which currencies an account takes, and converts a charge's amount at the rate the charge settled at (its balance transaction)", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    await startOnboarding(db, connect, maker.id, onboardingUrls("https://shop.example"));
    const accountId = (await env.DB.prepare("SELECT account_id FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first<string>("account_id"))!;
    expect(await connect.retrieveAccount(accountId)).toMatchObject({ currencies: ["GBP"] });
    expect(await env.DB.prepare("SELECT currencies FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first("currencies")).toBe('["GBP"]');

    const stripe = stripeClient(stripeEnv);
    const intent = await stripe.paymentIntents.create({ amount: 20000, currency: "usd" });
    // Not paid yet: no charge to convert at.
    expect(await connect.settlementAmount({ paymentIntentId: intent.id, amountMinor: 14000, currency: "USD" })).toBeNull();
    await fetch(`${fake}/__test/payment_intents/${intent.id}`, { method: "POST", body: JSON.stringify({ status: "succeeded" }) });
    // The fake platform received £160.00 for the $200.00 charge: $140.00 of it is £112.00.
    expect(await connect.settlementAmount({ paymentIntentId: intent.id, amountMinor: 14000, currency: "USD" })).toEqual({
      amountMinor: 11200,
      currency: "GBP",
    });
    expect(await connect.settlementAmount({ paymentIntentId: intent.id, amountMinor: 14000, currency: "EUR" })).toBeNull();
    expect(await connect.settlementAmount({ paymentIntentId: "pi_fake_unknown", amountMinor: 14000, currency: "USD" })).toBeNull();
  });

  it("a dispute lost after the order earned takes the creator's share back, once", async () => {
    const maker = await newCreator(admin);
    const order = await earnedOrder(admin, maker);
    const intent = await env.DB.prepare("SELECT payment_intent_id FROM orders WHERE id = ?").bind(order.id).first<string>("payment_intent_id");
    const totals = (await env.DB.prepare("SELECT amount_minor, tax_minor FROM orders WHERE id = ?")
      .bind(order.id)
      .first<{ amount_minor: number; tax_minor: number }>())!;
    const disputed = 24000;
    const tax = Math.floor((2 * disputed * totals.tax_minor + totals.amount_minor) / (2 * totals.amount_minor));
    const closed = (status: string) => ({
      id: `evt_dispute_${status}_${order.id}`,
      object: "event",
      type: "charge.dispute.closed",
      api_version: "2025-01-01",
      created: 1,
      livemode: false,
      data: { object: { id: `dp_fake_${order.id}`, object: "dispute", amount: disputed, currency: "gbp", payment_intent: intent, status } },
    });
    expect((await webhook(closed("won"), WEBHOOK_SECRET)).body).toMatchObject({ received: true, ignored: true });
    const lost = closed("lost");
    expect((await webhook(lost, WEBHOOK_SECRET)).body).toEqual({ received: true, order_id: order.id, clawback_minor: earningOf(disputed - tax, 7000) });
    expect((await webhook(lost, WEBHOOK_SECRET)).body).toEqual({ received: true, duplicate: true });
    expect((await ledgerOf(order.id)).map((r) => [r.kind, r.amount_minor])).toEqual([
      ["earning", order.earning],
      ["clawback", -earningOf(disputed - tax, 7000)],
    ]);
  });
});
