/**
 * Paying creators with the local Connect (ADR 039): payout accounts set up through the studio and
 * the API, each cleared earning transferred exactly once (concurrent runs, a lost answer, replays),
 * clawbacks by reversal or set against the next earning, and a refund racing a transfer.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { earningOf, ONBOARDING_LINKS_PER_HOUR, PAYOUT_MESSAGES } from "~/lib/rules/payouts";
import { createLocalConnect, INSUFFICIENT_FUNDS_MESSAGE, LOCAL_SETTLEMENT_RATES, payOutLocalAccount } from "~/domain/payouts/local-connect.server";
import { PAYOUT_CLAIM_STALE_MS, runPayouts } from "~/domain/payouts/transfers.server";
import type { ConnectGateway } from "~/domain/payouts/connect.server";
import { adminCookie, adminSignIn, api, dispatch, freshAddress, get, postForm } from "./helpers";
import { newCreator, type Tokens } from "./creator-fixtures";
import { acceptedOrder, clear, earnedOrder, ledgerOf, payoutsOf, productIn, refund, resetPayoutState, type Maker } from "./payout-fixtures";
import { formatMoney } from "~/lib/money";

const db = () => createDb(env.DB);
const connect = () => createLocalConnect(db());

let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  await resetPayoutState();
});

async function localMoves(accountId: string) {
  return (
    await env.DB.prepare(
      "SELECT kind, amount_minor, currency, transfer_group, idempotency_key FROM local_connect_transfers WHERE account_id = ? ORDER BY created_at, id",
    )
      .bind(accountId)
      .all<{ kind: string; amount_minor: number; currency: string; transfer_group: string; idempotency_key: string }>()
  ).results;
}

const accountOf = async (creatorId: number) =>
  (await env.DB.prepare("SELECT account_id FROM payout_accounts WHERE creator_id = ?").bind(creatorId).first<string>("account_id"))!;

/** The maker sets up a payout account (in their country, GB unless named) through the API and completes the local onboarding page. */
async function onboarded(maker: Maker, country = "GB") {
  await env.DB.prepare("UPDATE creators SET country = ? WHERE id = ?").bind(country, maker.id).run();
  const started = await api<{ data: { url: string } }>("POST", "/creator/payout_account", { token: maker.token });
  expect(started.status).toBe(200);
  const done = await postForm(new URL(started.body.data.url).pathname, { decision: "complete" }, { Cookie: maker.cookie });
  expect(done.status).toBe(302);
  return accountOf(maker.id);
}

type PayoutsAnswer = {
  data: { kind: string; order_id: number; amount_minor: number; state: string }[];
  meta: {
    balances: { currency: string; held_minor: number; ready_minor: number; on_its_way_minor: number; paid_minor: number }[];
    account: Record<string, unknown>;
  };
};

describe("payout accounts", () => {
  it("a creator without a payout account sees why their earnings wait; onboarding (failed, then resumed and completed) releases them, paid once", async () => {
    const maker = await newCreator(admin);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const first = await runPayouts(db(), connect());
    expect(first.blocked).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(order.id))[0]).toMatchObject({ kind: "transfer", status: "blocked" });

    let answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.account).toEqual({
      state: "none",
      provider: null,
      payouts_enabled: false,
      requirements_due: [],
      waiting_because: PAYOUT_MESSAGES.noAccount,
      held_reason: null,
    });
    expect(answer.body.data[0]).toMatchObject({ kind: "earning", order_id: order.id, state: "waiting" });
    let page = await (await get("/studio/payouts", { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain(PAYOUT_MESSAGES.noAccount);
    expect(page).toContain("Waiting for your payout account");
    expect(page).toContain("Set up payouts");

    // No country on the profile: nothing is opened, and the creator is told what to do.
    const noCountry = await api<{ message: string; errors: string[] }>("POST", "/creator/payout_account", { token: maker.token });
    expect(noCountry.status).toBe(422);
    expect(noCountry.body.errors).toEqual([PAYOUT_MESSAGES.needsCountry]);
    const refused = await postForm("/studio/payouts", { intent: "onboard" }, { Cookie: maker.cookie });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(PAYOUT_MESSAGES.needsCountry);

    // From the studio without JavaScript: a form post, off to the onboarding page.
    await env.DB.prepare("UPDATE creators SET country = 'FR' WHERE id = ?").bind(maker.id).run();
    const started = await postForm("/studio/payouts", { intent: "onboard" }, { Cookie: maker.cookie });
    expect(started.status).toBe(302);
    const link = new URL(started.headers.get("location")!).pathname;
    expect(link).toMatch(/^\/payments\/local\/connect\/[\w-]+$/);
    const opened = await env.DB.prepare("SELECT provider, service_agreement, country, payouts_enabled FROM payout_accounts WHERE creator_id = ?")
      .bind(maker.id)
      .first();
    // Outside the studio's country: the recipient service agreement.
    expect(opened).toEqual({ provider: "local", service_agreement: "recipient", country: "FR", payouts_enabled: 0 });
    expect((await get(link, { headers: { Cookie: maker.cookie } })).status).toBe(200);
    // Nobody else opens it.
    const other = await newCreator(admin);
    expect((await get(link, { headers: { Cookie: other.cookie } })).status).toBe(404);

    // Verification fails: payouts stay off, the creator is told why in plain words.
    const failed = await postForm(link, { decision: "fail" }, { Cookie: maker.cookie });
    expect(failed.headers.get("location")).toBe("http://localhost/studio/payouts/return");
    const back = await get("/studio/payouts/return", { headers: { Cookie: maker.cookie }, redirect: "manual" });
    expect(back.headers.get("location")).toBe("/studio/payouts?account=updated");
    answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.account).toMatchObject({
      state: "disabled",
      payouts_enabled: false,
      requirements_due: ["individual.verification.document"],
      waiting_because: "Stripe needs more information from you before it can pay you.",
    });
    expect((await payoutsOf(order.id))[0]!.status).toBe("blocked");

    // The spent link goes to the refresh URL, which makes a new one; one account all along.
    const spent = await get(link, { headers: { Cookie: maker.cookie }, redirect: "manual" });
    expect(spent.headers.get("location")).toBe("http://localhost/studio/payouts/refresh");
    const refreshed = await get("/studio/payouts/refresh", { headers: { Cookie: maker.cookie }, redirect: "manual" });
    const fresh = new URL(refreshed.headers.get("location")!).pathname;
    expect(fresh).toMatch(/^\/payments\/local\/connect\/[\w-]+$/);
    expect(fresh).not.toBe(link);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first("n")).toBe(1);

    // Completed: the earning that waited is scheduled again, and the next runs (two at once) pay it once.
    expect((await postForm(fresh, { decision: "complete" }, { Cookie: maker.cookie })).status).toBe(302);
    expect((await payoutsOf(order.id))[0]!.status).toBe("scheduled");
    const runs = await Promise.all([runPayouts(db(), connect()), runPayouts(db(), connect())]);
    expect(runs[0].paid + runs[1].paid).toBe(1);
    const account = await accountOf(maker.id);
    expect(await localMoves(account)).toEqual([
      {
        kind: "transfer",
        amount_minor: order.earning,
        currency: "gbp",
        transfer_group: `order-${order.id}`,
        idempotency_key: expect.stringMatching(/^transfer-\d+$/),
      },
    ]);
    const rows = await ledgerOf(order.id);
    expect(rows.map((r) => [r.kind, r.amount_minor])).toEqual([
      ["earning", order.earning],
      ["transfer", -order.earning],
    ]);
    expect(rows[1]!.external_id).toMatch(/^tr_local_/);
    // A run replayed, or another later: nothing more.
    await runPayouts(db(), connect());
    await runPayouts(db(), connect(), Date.now() + PAYOUT_CLAIM_STALE_MS * 2);
    expect(await localMoves(account)).toHaveLength(1);
    expect(await ledgerOf(order.id)).toHaveLength(2);

    answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.data.find((row) => row.kind === "earning")!.state).toBe("paid");
    expect(answer.body.meta.balances).toEqual([{ currency: order.currency, held_minor: 0, ready_minor: 0, on_its_way_minor: 0, paid_minor: order.earning }]);
    expect(answer.body.meta.account).toMatchObject({ state: "enabled", payouts_enabled: true, waiting_because: null });
    page = await (await get("/studio/payouts?account=updated", { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain("Your payout account is set up.");
    expect(page).toContain(PAYOUT_MESSAGES.enabled);
    expect(page).not.toContain("Set up payouts");
    // Complete: nothing to resume.
    expect((await api("POST", "/creator/payout_account", { token: maker.token })).status).toBe(409);
  });
});

describe("transfers, exactly once", () => {
  it("a transfer whose answer was lost is sent again with its key by a later run: one transfer, one ledger row", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const real = connect();
    const lost: ConnectGateway = {
      ...real,
      transfer: async (input) => {
        await real.transfer(input);
        throw new Error("The network dropped the answer");
      },
    };
    expect(await runPayouts(db(), lost)).toMatchObject({ paid: 0, unanswered: 1 });
    expect((await payoutsOf(order.id))[0]).toMatchObject({ status: "pending", amount_minor: order.earning });
    // On its way: shown apart from what is ready.
    const answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.balances[0]).toMatchObject({ ready_minor: 0, on_its_way_minor: order.earning, paid_minor: 0 });
    // Too soon for the claim to be taken for abandoned: nothing is sent.
    expect(await runPayouts(db(), real)).toMatchObject({ paid: 0 });
    expect(await runPayouts(db(), real, Date.now() + PAYOUT_CLAIM_STALE_MS + 1000)).toMatchObject({ paid: 1 });
    expect(await localMoves(account)).toHaveLength(1);
    expect((await ledgerOf(order.id)).map((r) => r.kind)).toEqual(["earning", "transfer"]);
  });

  it("a provider's refusal fails the transfer with its words, and nothing is written to the ledger", async () => {
    const maker = await newCreator(admin);
    await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const refusing: ConnectGateway = { ...connect(), transfer: async () => ({ ok: false, message: "Insufficient funds in the platform's balance." }) };
    expect(await runPayouts(db(), refusing)).toMatchObject({ failed: 1, paid: 0 });
    expect((await payoutsOf(order.id))[0]).toMatchObject({ status: "failed", failure: "Insufficient funds in the platform's balance." });
    expect((await ledgerOf(order.id)).map((r) => r.kind)).toEqual(["earning"]);
    const answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.data[0]!.state).toBe("failed");
  });
});

describe("clawbacks", () => {
  it("a partial refund after the transfer takes the share back by a reversal; once the money has left the account, a negative row is set against the next earning", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });

    const refunded = await refund(admin, order.id, "120.00");
    const share = earningOf(refunded.amount_minor - refunded.tax_minor, 7000);
    expect(share).toBeGreaterThan(0);
    let rows = await ledgerOf(order.id);
    expect(rows.map((r) => [r.kind, r.amount_minor])).toEqual([
      ["earning", order.earning],
      ["transfer", -order.earning],
      ["clawback", -share],
    ]);
    expect(await runPayouts(db(), connect())).toMatchObject({ reversed: 1 });
    await runPayouts(db(), connect());
    rows = await ledgerOf(order.id);
    expect(rows.map((r) => [r.kind, r.amount_minor])).toEqual([
      ["earning", order.earning],
      ["transfer", -order.earning],
      ["clawback", -share],
      ["reversal", share],
    ]);
    expect((await localMoves(account)).map((m) => [m.kind, m.amount_minor])).toEqual([
      ["transfer", order.earning],
      ["reversal", share],
    ]);
    let answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.balances).toEqual([
      { currency: order.currency, held_minor: 0, ready_minor: 0, on_its_way_minor: 0, paid_minor: order.earning - share },
    ]);

    // The account pays everything out to its bank; a second refund's reversal is refused.
    await payOutLocalAccount(db(), account, order.currency.toLowerCase());
    const again = await refund(admin, order.id, "60.00");
    const second = earningOf(again.amount_minor - again.tax_minor, 7000);
    expect(await runPayouts(db(), connect())).toMatchObject({ reversed: 0, offset: 1 });
    expect((await payoutsOf(order.id)).at(-1)).toMatchObject({ kind: "reversal", status: "offset", failure: INSUFFICIENT_FUNDS_MESSAGE });
    answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.balances[0]!.ready_minor).toBe(-second);

    // The next earning pays what is left after the debt.
    const next = await earnedOrder(admin, maker);
    await clear(next.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect((await payoutsOf(next.id))[0]).toMatchObject({ status: "paid", amount_minor: next.earning - second });
    answer = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(answer.body.meta.balances[0]!.ready_minor).toBe(0);
  });

  it("a refund before the earning is paid reduces what is transferred instead", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    const refunded = await refund(admin, order.id, "120.00");
    const share = earningOf(refunded.amount_minor - refunded.tax_minor, 7000);
    await clear(order.id);
    await runPayouts(db(), connect());
    expect((await payoutsOf(order.id)).map((p) => [p.kind, p.status, p.amount_minor])).toEqual([
      ["transfer", "paid", order.earning - share],
      ["reversal", "offset", 0],
    ]);
    expect((await localMoves(account)).map((m) => m.amount_minor)).toEqual([order.earning - share]);
  });

  it("a refund racing a transfer: recorded while the transfer is on its way, its reversal waits for the transfer, then takes the share back once", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const real = connect();
    const lost: ConnectGateway = { ...real, transfer: () => Promise.reject(new Error("timed out")) };
    expect(await runPayouts(db(), lost)).toMatchObject({ unanswered: 1 });
    const refunded = await refund(admin, order.id, "120.00");
    const share = earningOf(refunded.amount_minor - refunded.tax_minor, 7000);
    // The transfer is still on its way: the reversal waits.
    expect(await runPayouts(db(), real)).toMatchObject({ reversed: 0, paid: 0 });
    expect((await payoutsOf(order.id)).map((p) => [p.kind, p.status])).toEqual([
      ["transfer", "pending"],
      ["reversal", "scheduled"],
    ]);
    // Later: the transfer sent again with its key (made now), then the reversal.
    const later = Date.now() + 31 * 60_000;
    expect(await runPayouts(db(), real, later)).toMatchObject({ paid: 1, reversed: 1 });
    expect((await localMoves(account)).map((m) => [m.kind, m.amount_minor])).toEqual([
      ["transfer", order.earning],
      ["reversal", share],
    ]);
    await runPayouts(db(), real, later + 60_000);
    expect((await ledgerOf(order.id)).map((r) => [r.kind, r.amount_minor])).toEqual([
      ["earning", order.earning],
      ["clawback", -share],
      ["transfer", -order.earning],
      ["reversal", share],
    ]);
  });
});

describe("debts recovered from money sent, never from money not sent", () => {
  it("a refund of a paid order is reversed even while another earning waits (held by an admin): an unsent earning covers no debt", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const paid = await earnedOrder(admin, maker);
    await clear(paid.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    const waiting = await earnedOrder(admin, maker);
    await clear(waiting.id);
    await env.DB.prepare("UPDATE creators SET payouts_held_reason = 'Checking' WHERE id = ?").bind(maker.id).run();
    expect(await runPayouts(db(), connect())).toMatchObject({ blocked: 1 });
    const refunded = await refund(admin, paid.id, "120.00");
    const share = earningOf(refunded.amount_minor - refunded.tax_minor, 7000);
    expect(await runPayouts(db(), connect())).toMatchObject({ reversed: 1 });
    expect((await localMoves(account)).map((m) => [m.kind, m.amount_minor])).toEqual([
      ["transfer", paid.earning],
      ["reversal", share],
    ]);
    // Released, the waiting earning is paid whole: the debt was recovered already.
    await env.DB.prepare("UPDATE creators SET payouts_held_reason = NULL WHERE id = ?").bind(maker.id).run();
    await env.DB.prepare("UPDATE payouts SET status = 'scheduled' WHERE order_id = ? AND status = 'blocked'").bind(waiting.id).run();
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect((await payoutsOf(waiting.id))[0]).toMatchObject({ status: "paid", amount_minor: waiting.earning });
  });

  it("a claim unconfirmed for 20 hours is not sent again blindly: it fails, for an admin to look up", async () => {
    const maker = await newCreator(admin);
    await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const lost: ConnectGateway = { ...connect(), transfer: () => Promise.reject(new Error("timed out")) };
    expect(await runPayouts(db(), lost)).toMatchObject({ unanswered: 1 });
    expect(await runPayouts(db(), lost, Date.now() + 11 * 60_000)).toMatchObject({ unanswered: 1 });
    expect(await runPayouts(db(), connect(), Date.now() + 21 * 3_600_000)).toMatchObject({ failed: 1, paid: 0 });
    expect((await payoutsOf(order.id))[0]).toMatchObject({ status: "failed", failure: expect.stringContaining("Not confirmed by the provider for 20 hours") });
  });

  it("a reversal unconfirmed for 20 hours fails too, and the admins see it with its kind (no retry offered)", async () => {
    const maker = await newCreator(admin);
    await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    await refund(admin, order.id, "120.00");
    const lost: ConnectGateway = { ...connect(), reverse: () => Promise.reject(new Error("timed out")) };
    expect(await runPayouts(db(), lost)).toMatchObject({ unanswered: 1 });
    expect(await runPayouts(db(), connect(), Date.now() + 21 * 3_600_000)).toMatchObject({ failed: 1, reversed: 0 });
    const answer = await api<{ meta: { failed: { id: number; kind: string; creator_id: number; failure: string }[] } }>("GET", "/admin/payouts", {
      token: admin.access_token,
    });
    const failed = answer.body.meta.failed.filter((f) => f.creator_id === maker.id);
    expect(failed).toEqual([expect.objectContaining({ kind: "reversal", failure: expect.stringContaining("Not confirmed by the provider for 20 hours") })]);
    const page = await (await get("/admin/payouts", { headers: { Cookie: await adminCookie() } })).text();
    expect(page).toContain("A reversal: what the creator owes is set against their next transfers unless it went through.");
    expect((await api("POST", `/admin/payouts/${failed[0]!.id}/retry`, { token: admin.access_token })).status).toBe(409);
  });
});

describe("cancelled with part of the price kept", () => {
  it("the studio's answer keeps part of the price: the creator earns the share of what was kept, once", async () => {
    const maker = await newCreator(admin);
    const order = await acceptedOrder(admin, maker);
    expect((await api("POST", `/orders/${order.id}/cancel`, { token: order.token })).status).toBe(202);
    const answered = await api("POST", `/orders/${order.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "800.00", note: "Script and storyboard were done; animation had not started." } },
    });
    expect(answered.status).toBe(200);
    const kept = (await env.DB.prepare(
      "SELECT work_status, subtotal_minor - discount_minor - (refunded_minor - refunded_tax_minor) AS net, currency FROM orders WHERE id = ?",
    )
      .bind(order.id)
      .first<{ work_status: string; net: number; currency: string }>())!;
    expect(kept.work_status).toBe("cancelled");
    expect(kept.net).toBeGreaterThan(0);
    expect((await ledgerOf(order.id)).map((r) => [r.kind, r.amount_minor, r.idempotency_key])).toEqual([
      ["earning", earningOf(kept.net, 7000), `earning-${order.id}`],
    ]);
    expect((await payoutsOf(order.id)).map((p) => [p.kind, p.status])).toEqual([["transfer", "scheduled"]]);
  });

  it("an order cancelled and refunded in full earns nothing", async () => {
    const maker = await newCreator(admin);
    const order = await acceptedOrder(admin, maker);
    expect((await api("POST", `/orders/${order.id}/cancel`, { token: order.token })).status).toBe(202);
    const total = await env.DB.prepare("SELECT amount_minor FROM orders WHERE id = ?").bind(order.id).first<number>("amount_minor");
    const answered = await api("POST", `/orders/${order.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: (total! / 100).toFixed(2), note: "Nothing was started." } },
    });
    expect(answered.status).toBe(200);
    expect(await ledgerOf(order.id)).toEqual([]);
  });
});

describe("the admins' payouts", () => {
  type Overview = {
    data: {
      creator_id: number;
      currency: string;
      held_minor: number;
      due_minor: number;
      paid_minor: number;
      failed_minor: number;
      account: string;
      held_reason: string | null;
    }[];
    meta: { failed: { id: number; creator_id: number; amount_minor: number; failure: string | null }[] };
  };
  const overviewOf = async (creatorId: number) => {
    const answer = await api<Overview>("GET", "/admin/payouts", { token: admin.access_token });
    expect(answer.status).toBe(200);
    return { row: answer.body.data.find((r) => r.creator_id === creatorId), failed: answer.body.meta.failed.filter((f) => f.creator_id === creatorId) };
  };

  it("a hold with a reason stops the creator's payouts (they read why); released, what is due is paid", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const cookie = await adminCookie();
    const reason = "Checking a complaint about the delivered files";

    const tooShort = await postForm("/admin/payouts", { intent: "hold", creator_id: String(maker.id), reason: "no" }, { Cookie: cookie });
    expect(tooShort.status).toBe(422);
    expect(await tooShort.text()).toContain("Write why the payouts are held (at least 5 characters)");
    const held = await postForm("/admin/payouts", { intent: "hold", creator_id: String(maker.id), reason }, { Cookie: cookie });
    expect(held.headers.get("location")).toBe("/admin/payouts?held=1");
    expect((await postForm("/admin/payouts", { intent: "hold", creator_id: String(maker.id), reason }, { Cookie: cookie })).status).toBe(409);
    expect((await payoutsOf(order.id))[0]!.status).toBe("blocked");
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 0 });
    expect(await localMoves(account)).toEqual([]);

    const mine = await api<PayoutsAnswer>("GET", "/creator/payouts", { token: maker.token });
    expect(mine.body.meta.account).toMatchObject({ state: "enabled", held_reason: reason, waiting_because: `${PAYOUT_MESSAGES.held} ${reason}` });
    expect(await (await get("/studio/payouts", { headers: { Cookie: maker.cookie } })).text()).toContain(reason);
    expect((await overviewOf(maker.id)).row).toMatchObject({
      currency: order.currency,
      due_minor: order.earning,
      paid_minor: 0,
      account: "enabled",
      held_reason: reason,
    });
    const page = await (await get("/admin/payouts", { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Release ${maker.name}`);

    const released = await postForm("/admin/payouts", { intent: "release", creator_id: String(maker.id) }, { Cookie: cookie });
    expect(released.headers.get("location")).toBe("/admin/payouts?released=1");
    expect((await postForm("/admin/payouts", { intent: "release", creator_id: String(maker.id) }, { Cookie: cookie })).status).toBe(409);
    expect((await payoutsOf(order.id))[0]!.status).toBe("scheduled");
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect((await overviewOf(maker.id)).row).toMatchObject({ due_minor: 0, paid_minor: order.earning, held_reason: null });
  });

  it("a failed transfer is retried once by an admin, with a new key: paid", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const refusing: ConnectGateway = { ...connect(), transfer: async () => ({ ok: false, message: "Insufficient funds in the platform's balance." }) };
    expect(await runPayouts(db(), refusing)).toMatchObject({ failed: 1 });
    const { row, failed } = await overviewOf(maker.id);
    expect(row).toMatchObject({ failed_minor: order.earning, paid_minor: 0 });
    expect(failed).toEqual([expect.objectContaining({ amount_minor: order.earning, failure: "Insufficient funds in the platform's balance." })]);
    const page = await (await get("/admin/payouts", { headers: { Cookie: await adminCookie() } })).text();
    expect(page).toContain("Insufficient funds in the platform&#x27;s balance.");

    const [first, second] = await Promise.all([
      api<{ data: { status: string; attempts: number; amount_minor: number } }>("POST", `/admin/payouts/${failed[0]!.id}/retry`, { token: admin.access_token }),
      api("POST", `/admin/payouts/${failed[0]!.id}/retry`, { token: admin.access_token }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const done = first.status === 200 ? first : (second as typeof first);
    expect(done.body.data).toMatchObject({ status: "paid", attempts: 2, amount_minor: order.earning });
    expect((await localMoves(account)).map((m) => m.idempotency_key)).toEqual([expect.stringMatching(/^transfer-\d+-2$/)]);
    expect((await api("POST", `/admin/payouts/${failed[0]!.id}/retry`, { token: admin.access_token })).status).toBe(409);
    expect((await api("POST", "/admin/payouts/999999/retry", { token: admin.access_token })).status).toBe(404);
    expect((await ledgerOf(order.id)).map((r) => r.kind)).toEqual(["earning", "transfer"]);
  });

  it("an admin's adjustment with a reason: owed to the creator, paid once by the next run; taken from them, set against their next transfer; the same key writes once", async () => {
    const maker = await newCreator(admin);
    const account = await onboarded(maker);
    const adjust = (adjustment: Record<string, unknown>) =>
      api<{ data: { id: number; amount_minor: number; reason: string; admin: string } }>("POST", "/admin/payouts/adjustments", {
        token: admin.access_token,
        body: { adjustment },
      });
    const reason = "Stock footage bought for the client, agreed with the creator";

    // Refused with the reason: zero, too large, no reason, a currency the shop does not take, an unknown creator.
    const refusals = await Promise.all([
      adjust({ creator_id: maker.id, amount: "0", currency: "GBP", reason }),
      adjust({ creator_id: maker.id, amount: "10000.01", currency: "GBP", reason }),
      adjust({ creator_id: maker.id, amount: "12.345", currency: "GBP", reason }),
      adjust({ creator_id: maker.id, amount: "25.00", currency: "GBP", reason: "x" }),
      adjust({ creator_id: maker.id, amount: "25.00", currency: "XXX", reason }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(JSON.stringify(refusals[1]!.body)).toContain("The amount must be at most £10,000.00 either way");
    expect(JSON.stringify(refusals[3]!.body)).toContain("Write why the balance is adjusted (at least 5 characters)");
    expect((await adjust({ creator_id: 999999, amount: "25.00", currency: "GBP", reason })).status).toBe(404);

    // +25.00 owed, sent twice with one key (a client's retry): one row, one transfer.
    const [first, again] = await Promise.all([
      adjust({ creator_id: maker.id, amount: "25.00", currency: "GBP", reason, key: `plus-${maker.id}-0001` }),
      adjust({ creator_id: maker.id, amount: "25.00", currency: "GBP", reason, key: `plus-${maker.id}-0001` }),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(first.body.data).toMatchObject({ amount_minor: 2500, reason, admin: expect.any(String) });
    expect((await adjust({ creator_id: maker.id, amount: "30.00", currency: "GBP", reason, key: `plus-${maker.id}-0001` })).status).toBe(409);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 0 });
    expect((await localMoves(account)).map((m) => m.amount_minor)).toEqual([2500]);

    // −12.50 taken through the admins' form (JavaScript off): no payout of its own; the next earning pays less by it.
    const cookie = await adminCookie();
    const page = await (await get("/admin/payouts", { headers: { Cookie: cookie } })).text();
    const key = /name="key" value="([\w-]+)"/.exec(page)![1]!;
    const form = { intent: "adjust", creator_id: String(maker.id), amount: "-12.50", currency: "GBP", reason: "Music licence the studio paid for", key };
    const refused = await postForm("/admin/payouts", { ...form, amount: "-" }, { Cookie: cookie });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("The amount must be a signed amount such as 25.00 or -12.50, not zero");
    expect(refusedPage).toContain("Music licence the studio paid for");
    const taken = await postForm("/admin/payouts", form, { Cookie: cookie });
    expect(taken.headers.get("location")).toBe("/admin/payouts?adjusted=1");
    expect((await postForm("/admin/payouts", form, { Cookie: cookie })).headers.get("location")).toBe("/admin/payouts?adjusted=1");
    const adjustments = await env.DB.prepare("SELECT amount_minor, reason FROM ledger_entries WHERE creator_id = ? AND kind = 'adjustment' ORDER BY id")
      .bind(maker.id)
      .all();
    expect(adjustments.results).toEqual([
      { amount_minor: 2500, reason },
      { amount_minor: -1250, reason: "Music licence the studio paid for" },
    ]);
    expect(await (await get("/admin/payouts", { headers: { Cookie: cookie } })).text()).toContain("Music licence the studio paid for");

    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect((await localMoves(account)).map((m) => m.amount_minor)).toEqual([2500, order.earning - 1250]);

    // The creator reads both, with the reasons.
    const mine = await api<PayoutsAnswer & { data: { kind: string; note: string | null; state: string | null }[] }>("GET", "/creator/payouts", {
      token: maker.token,
    });
    expect(mine.body.data.filter((r) => r.kind === "adjustment")).toEqual([
      expect.objectContaining({ amount_minor: -1250, note: "Music licence the studio paid for", state: null }),
      expect.objectContaining({ amount_minor: 2500, note: reason, state: "paid" }),
    ]);
    const balance = mine.body.meta.balances.find((b) => b.currency === "GBP")!;
    expect(balance).toMatchObject({ ready_minor: 0, paid_minor: 2500 + order.earning - 1250 });
    expect(await (await get("/studio/payouts", { headers: { Cookie: maker.cookie } })).text()).toContain("Music licence the studio paid for");
  });

  it("an order in a currency the creator's account cannot take is paid in the studio's settlement currency at the charge's rate; its clawback is reversed in it at the same rate", async () => {
    const usd = await productIn(admin, "USD");
    // A creator in the UK: their account takes pounds only.
    const maker = await newCreator(admin);
    const account = await onboarded(maker, "GB");
    expect(await env.DB.prepare("SELECT currencies FROM payout_accounts WHERE creator_id = ?").bind(maker.id).first("currencies")).toBe('["GBP"]');
    const order = await earnedOrder(admin, maker, usd);
    expect(order.currency).toBe("USD");
    await clear(order.id);
    // The first send's answer is lost; meanwhile the creator adds a dollar account. The re-send, with the same key, asks for exactly the same: pounds.
    const lost: ConnectGateway = { ...connect(), transfer: () => Promise.reject(new Error("timed out")) };
    expect(await runPayouts(db(), lost)).toMatchObject({ unanswered: 1 });
    await env.DB.prepare(`UPDATE payout_accounts SET currencies = '["GBP","USD"]' WHERE creator_id = ?`).bind(maker.id).run();
    expect(await runPayouts(db(), connect(), Date.now() + 11 * 60_000)).toMatchObject({ paid: 1 });
    expect(await runPayouts(db(), connect(), Date.now() + 11 * 60_000)).toMatchObject({ paid: 0 });
    const inPounds = Math.floor(order.earning * LOCAL_SETTLEMENT_RATES.USD! + 0.5);
    expect(await localMoves(account)).toEqual([expect.objectContaining({ kind: "transfer", amount_minor: inPounds, currency: "gbp" })]);
    // The ledger stays in the order's currency (the earning is settled); what moved is kept beside it.
    const sent = await env.DB.prepare(
      "SELECT amount_minor, currency, sent_amount_minor, sent_currency FROM ledger_entries WHERE order_id = ? AND kind = 'transfer'",
    )
      .bind(order.id)
      .first();
    expect(sent).toEqual({ amount_minor: -order.earning, currency: "USD", sent_amount_minor: -inPounds, sent_currency: "GBP" });
    const mine = await api<{ data: { kind: string; note: string | null }[]; meta: PayoutsAnswer["meta"] }>("GET", "/creator/payouts", { token: maker.token });
    expect(mine.body.data.find((r) => r.kind === "transfer")).toMatchObject({ note: `Sent as ${formatMoney(inPounds, "GBP")}` });
    expect(mine.body.meta.balances.find((b) => b.currency === "USD")).toMatchObject({ ready_minor: 0, paid_minor: order.earning });

    // Two partial refunds: the share taken back by reversals in pounds, at the rate the transfer was sent at, rounded once over both.
    await refund(admin, order.id, "50.00");
    expect(await runPayouts(db(), connect())).toMatchObject({ reversed: 1 });
    await refund(admin, order.id, "30.33");
    expect(await runPayouts(db(), connect())).toMatchObject({ reversed: 1 });
    const clawedBack = -(await ledgerOf(order.id)).filter((r) => r.kind === "clawback").reduce((sum, r) => sum + r.amount_minor, 0);
    const reversals = (await localMoves(account)).filter((m) => m.kind === "reversal");
    expect(reversals.map((m) => m.currency)).toEqual(["gbp", "gbp"]);
    expect(reversals.reduce((sum, m) => sum + m.amount_minor, 0)).toBe(Math.floor((clawedBack * inPounds) / order.earning + 0.5));
    expect((await payoutsOf(order.id)).map((p) => [p.kind, p.status])).toEqual([
      ["transfer", "paid"],
      ["reversal", "paid"],
      ["reversal", "paid"],
    ]);
    const notes = await api<{ data: { kind: string; note: string | null }[] }>("GET", "/creator/payouts", { token: maker.token });
    expect(notes.body.data.filter((r) => r.kind === "reversal").map((r) => r.note)).toEqual(
      reversals.reverse().map((m) => `Taken back as ${formatMoney(m.amount_minor, "GBP")}`),
    );

    // A creator in the US: their account takes dollars, so the same order's currency goes as it is.
    const american = await newCreator(admin);
    const dollars = await onboarded(american, "US");
    const second = await earnedOrder(admin, american, usd);
    await clear(second.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect(await localMoves(dollars)).toEqual([expect.objectContaining({ amount_minor: second.earning, currency: "usd" })]);
  });

  it("an adjustment in a currency the creator's account cannot take fails with the reason (no charge to convert at), for an admin to make it in pounds", async () => {
    const maker = await newCreator(admin);
    await onboarded(maker, "GB");
    const made = await api("POST", "/admin/payouts/adjustments", {
      token: admin.access_token,
      body: { adjustment: { creator_id: maker.id, amount: "20.00", currency: "EUR", reason: "Travel to the client's shoot" } },
    });
    expect(made.status).toBe(201);
    expect(await runPayouts(db(), connect())).toMatchObject({ failed: 1 });
    const { failed } = await overviewOf(maker.id);
    expect(failed).toEqual([
      expect.objectContaining({
        amount_minor: 2000,
        currency: "EUR",
        failure: "The creator's payout account cannot take EUR, and this payout has no charge to convert it at: make it in GBP.",
      }),
    ]);
  });

  it("a creator suspended before setting up payouts still sets them up and is paid what they earned (it stays theirs)", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    const reason = "Delivered footage from another studio without a licence, twice in March.";
    const suspended = await postForm("/admin/creators", { intent: "suspend", creator_id: String(maker.id), reason }, { Cookie: await adminCookie() });
    expect(suspended.status).toBe(302);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 0 });

    // The suspension page points to the payouts page, which is still theirs.
    expect(await (await get("/studio", { headers: { Cookie: maker.cookie } })).text()).toContain('href="/studio/payouts"');
    const page = await get("/studio/payouts", { headers: { Cookie: maker.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(PAYOUT_MESSAGES.noAccount);
    const started = await api<{ data: { url: string } }>("POST", "/creator/payout_account", { token: maker.token });
    expect(started.status).toBe(200);
    expect((await postForm(new URL(started.body.data.url).pathname, { decision: "complete" }, { Cookie: maker.cookie })).status).toBe(302);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    expect(await localMoves(await accountOf(maker.id))).toEqual([expect.objectContaining({ amount_minor: order.earning })]);
  });

  it("several small refunds take back the share of their sum, rounded once (not a unit lost per refund)", async () => {
    const maker = await newCreator(admin);
    await onboarded(maker);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), connect())).toMatchObject({ paid: 1 });
    const refunds = [];
    for (let i = 0; i < 3; i++) refunds.push(await refund(admin, order.id, "0.02"));
    const nets = refunds.map((r) => r.amount_minor - r.tax_minor);
    const total = nets.reduce((a, b) => a + b, 0);
    // Rounded per refund, the three would take back less than their sum's share: the case this guards.
    expect(nets.map((net) => earningOf(net, 7000)).reduce((a, b) => a + b, 0)).not.toBe(earningOf(total, 7000));
    const clawbacks = (await ledgerOf(order.id)).filter((r) => r.kind === "clawback");
    expect(clawbacks).toHaveLength(3);
    expect(-clawbacks.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(earningOf(total, 7000));
    // Each settled once (a clawback of nothing has nothing to settle).
    await runPayouts(db(), connect());
    const reversals = (await payoutsOf(order.id)).filter((p) => p.kind === "reversal");
    expect(reversals.length).toBe(clawbacks.filter((r) => r.amount_minor < 0).length);
    expect((await ledgerOf(order.id)).filter((r) => r.kind === "reversal").reduce((sum, r) => sum + r.amount_minor, 0)).toBe(earningOf(total, 7000));
  });

  it("onboarding links are bounded: 20 an hour, the 21st refused with when to try again; an hour later, links again", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    const asks = [];
    for (let i = 0; i < ONBOARDING_LINKS_PER_HOUR; i++) asks.push(await api("POST", "/creator/payout_account", { token: maker.token }));
    expect(asks.map((a) => a.status)).toEqual(Array(ONBOARDING_LINKS_PER_HOUR).fill(200));
    const refused = await dispatch("http://localhost/api/v1/creator/payout_account", {
      method: "POST",
      headers: { Authorization: `Bearer ${maker.token}`, "CF-Connecting-IP": freshAddress() },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(PAYOUT_MESSAGES.tooManyLinks);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM local_connect_links l JOIN payout_accounts a ON a.account_id = l.account_id WHERE a.creator_id = ?")
        .bind(maker.id)
        .first("n"),
    ).toBe(ONBOARDING_LINKS_PER_HOUR);
    await env.DB.prepare("UPDATE payout_accounts SET links_window_at = links_window_at - 3600001 WHERE creator_id = ?").bind(maker.id).run();
    expect((await api("POST", "/creator/payout_account", { token: maker.token })).status).toBe(200);
  });

  it("the payout settings: the default share as a percentage and the clearance period, refused with the reason when out of range", async () => {
    const cookie = await adminCookie();
    const bad = await postForm("/admin/payouts", { intent: "settings", default_share: "101", clearance_days: "7" }, { Cookie: cookie });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("The default share must be a percentage from 1 to 100, with at most two decimals");
    const badDays = await postForm("/admin/payouts", { intent: "settings", default_share: "70", clearance_days: "91" }, { Cookie: cookie });
    expect(await badDays.text()).toContain("The clearance period must be a whole number of days from 0 to 90");
    const saved = await postForm("/admin/payouts", { intent: "settings", default_share: "72.5", clearance_days: "3" }, { Cookie: cookie });
    expect(saved.headers.get("location")).toBe("/admin/payouts?settings=saved");
    expect(await env.DB.prepare("SELECT default_share_bp, clearance_days FROM payout_settings WHERE id = 1").first()).toEqual({
      default_share_bp: 7250,
      clearance_days: 3,
    });
    const page = await (await get("/admin/payouts", { headers: { Cookie: cookie } })).text();
    expect(page).toContain('value="72.5"');
  });
});
