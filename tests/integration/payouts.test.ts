import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { earningOf, PAYOUT_MESSAGES } from "~/lib/rules/payouts";
import { adminCookie, adminSignIn, api, dispatch, fakeMedia, freshAddress, get } from "./helpers";
import { briefedOrder, newCreator, setProductCreators, type Tokens } from "./creator-fixtures";

type Earns = { amount_minor: number; currency: string; share_basis_points: number };
const DAY = 86_400_000;

async function waitingOffer(orderId: number) {
  return env.DB.prepare("SELECT id, creator_id FROM creator_offers WHERE order_id = ? AND status = 'waiting'")
    .bind(orderId)
    .first<{ id: number; creator_id: number }>();
}

async function netOf(orderId: number) {
  const row = await env.DB.prepare("SELECT subtotal_minor - discount_minor - (refunded_minor - refunded_tax_minor) AS net, currency FROM orders WHERE id = ?")
    .bind(orderId)
    .first<{ net: number; currency: string }>();
  return row!;
}

async function earningsOf(orderId: number) {
  return (
    await env.DB.prepare("SELECT creator_id, kind, amount_minor, currency, available_at, idempotency_key FROM ledger_entries WHERE order_id = ? ORDER BY id")
      .bind(orderId)
      .all<{ creator_id: number; kind: string; amount_minor: number; currency: string; available_at: number; idempotency_key: string }>()
  ).results;
}

async function delivers(token: string, orderId: number) {
  const form = new FormData();
  form.set("note", "Final cut");
  form.append("files[]", new File([fakeMedia("final.mp4", 512)], "final.mp4"));
  return dispatch(`http://localhost/api/v1/orders/${orderId}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
}

let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  await env.DB.prepare("UPDATE creators SET last_assigned_at = NULL").run();
  await env.DB.prepare("UPDATE creator_offers SET status = 'withdrawn' WHERE status = 'waiting'").run();
  await env.DB.prepare("UPDATE products SET creator_share_bp = NULL").run();
  await env.DB.prepare("DELETE FROM payout_settings").run();
});

describe("creators' shares", () => {
  it("the offer says what the creator earns, by the creator's rate, else the product's, else the shop's; accepted, the rate is fixed on the order", async () => {
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    const order = await briefedOrder();
    const offer = (await waitingOffer(order.id))!;
    expect(offer.creator_id).toBe(maker.id);
    const { net, currency } = await netOf(order.id);
    expect(net).toBeGreaterThan(0);
    const offered = async () => {
      const list = await api<{ data: { id: number; earns: Earns }[] }>("GET", "/creator/offers", { token: maker.token });
      return list.body.data.find((o) => o.id === offer.id)!.earns;
    };
    // The shop's default: 70%.
    expect(await offered()).toEqual({ amount_minor: earningOf(net, 7000), currency, share_basis_points: 7000 });
    // The shop's setting, then the product's, then the creator's own rate take precedence in turn.
    await env.DB.prepare("INSERT INTO payout_settings (id, default_share_bp) VALUES (1, 6500)").run();
    expect((await offered()).share_basis_points).toBe(6500);
    await env.DB.prepare("UPDATE products SET creator_share_bp = 6000 WHERE id = 1").run();
    expect(await offered()).toEqual({ amount_minor: earningOf(net, 6000), currency, share_basis_points: 6000 });
    await env.DB.prepare("UPDATE creators SET share_bp = 8000 WHERE id = ?").bind(maker.id).run();
    expect(await offered()).toEqual({ amount_minor: earningOf(net, 8000), currency, share_basis_points: 8000 });
    const studio = await (await get("/studio", { headers: { Cookie: maker.cookie } })).text();
    expect(studio).toContain(`You earn £${(earningOf(net, 8000) / 100).toFixed(2)}`);

    expect((await api("POST", `/creator/offers/${offer.id}/accept`, { token: maker.token })).status).toBe(200);
    const fixed = await env.DB.prepare("SELECT creator_share_bp FROM orders WHERE id = ?").bind(order.id).first<number>("creator_share_bp");
    expect(fixed).toBe(8000);
    // A later change of the creator's rate leaves the order given at 80% alone.
    await env.DB.prepare("UPDATE creators SET share_bp = 5000 WHERE id = ?").bind(maker.id).run();
    const mine = await api<{ data: { earns: Earns } }>("GET", `/creator/orders/${order.id}`, { token: maker.token });
    expect(mine.body.data.earns).toEqual({ amount_minor: earningOf(net, 8000), currency, share_basis_points: 8000 });
    const page = await (await get(`/studio/orders/${order.id}`, { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain(`You earn £${(earningOf(net, 8000) / 100).toFixed(2)}`);
  });

  it("an admin's assignment and a reassignment fix the new creator's rate", async () => {
    const [first, second] = [await newCreator(admin), await newCreator(admin)];
    await setProductCreators(admin, [first.id, second.id]);
    await env.DB.prepare("UPDATE creators SET share_bp = 7500 WHERE id = ?").bind(second.id).run();
    const order = await briefedOrder();
    const assign = (creatorId: number, reason?: string) =>
      api("POST", `/admin/orders/${order.id}/assignment`, {
        token: admin.access_token,
        body: { assignment: { creator_id: creatorId, ...(reason ? { reason } : {}) } },
      });
    expect((await assign(first.id)).status).toBe(200);
    const rate = () => env.DB.prepare("SELECT creator_share_bp FROM orders WHERE id = ?").bind(order.id).first<number>("creator_share_bp");
    expect(await rate()).toBe(7000);
    expect((await assign(second.id, "Needs their style")).status).toBe(200);
    expect(await rate()).toBe(7500);
  });
});

describe("earnings in the ledger", () => {
  it("an order's earning is written once, as it completes (the buyer's approval): the share of the net kept, held for the clearance period", async () => {
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    await env.DB.prepare("INSERT INTO payout_settings (id, clearance_days) VALUES (1, 3)").run();
    const order = await briefedOrder();
    const offer = (await waitingOffer(order.id))!;
    expect((await api("POST", `/creator/offers/${offer.id}/accept`, { token: maker.token })).status).toBe(200);
    expect((await delivers(maker.token, order.id)).status).toBe(201);
    expect(await earningsOf(order.id)).toEqual([]);
    const before = Date.now();
    expect((await api("POST", `/orders/${order.id}/approve`, { token: order.token })).status).toBe(200);
    const { net, currency } = await netOf(order.id);
    const [earning, ...others] = await earningsOf(order.id);
    expect(others).toEqual([]);
    expect(earning).toMatchObject({
      creator_id: maker.id,
      kind: "earning",
      amount_minor: earningOf(net, 7000),
      currency,
      idempotency_key: `earning-${order.id}`,
    });
    expect(earning!.available_at).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(earning!.available_at).toBeLessThanOrEqual(Date.now() + 3 * DAY);

    // The creator's money: the earning held, in the API and in the studio; nobody else's ledger shows it.
    type Payouts = {
      data: { kind: string; order_id: number; amount_minor: number; state: string }[];
      meta: { balances: unknown[]; next_after: number | null };
    };
    const payouts = await api<Payouts>("GET", "/creator/payouts?limit=1", { token: maker.token });
    expect(payouts.status).toBe(200);
    expect(payouts.body.data).toEqual([expect.objectContaining({ kind: "earning", order_id: order.id, amount_minor: earning!.amount_minor, state: "held" })]);
    expect(payouts.body.meta).toEqual({
      balances: [{ currency, held_minor: earning!.amount_minor, ready_minor: 0, on_its_way_minor: 0, paid_minor: 0 }],
      account: expect.objectContaining({ state: "none", waiting_because: PAYOUT_MESSAGES.noAccount }),
      next_after: null,
      limit: 1,
    });
    const page = await (await get("/studio/payouts", { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain(`#${order.id} 3D Product Launch Animation`);
    expect(page).toMatch(/Held until \d{1,2} \w{3} \d{4}/);
    const other = await newCreator(admin);
    const theirs = await api<Payouts>("GET", "/creator/payouts", { token: other.token });
    expect(theirs.body).toMatchObject({ data: [], meta: { balances: [], next_after: null } });
    expect((await api("GET", "/creator/payouts?limit=0", { token: maker.token })).status).toBe(400);

    // The admins see the order's movement on its page, with its key.
    const adminPage = await (await get(`/admin/orders/${order.id}`, { headers: { Cookie: await adminCookie() } })).text();
    expect(adminPage).toContain("Creator&#x27;s ledger");
    expect(adminPage).toContain(`key earning-${order.id}`);
  });

  it("whatever writes the completion, and however often, there is one earning; refunds before it reduce it; an unassigned order earns nobody", async () => {
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    const order = await briefedOrder();
    const offer = (await waitingOffer(order.id))!;
    expect((await api("POST", `/creator/offers/${offer.id}/accept`, { token: maker.token })).status).toBe(200);
    // A partial refund while the work went on: 100.00 of the price and its 20.00 of tax.
    await env.DB.prepare("UPDATE orders SET refunded_minor = 12000, refunded_tax_minor = 2000 WHERE id = ?").bind(order.id).run();
    const setStatus = (status: string) => env.DB.prepare("UPDATE orders SET work_status = ? WHERE id = ?").bind(status, order.id).run();
    await setStatus("completed");
    await setStatus("delivered");
    await setStatus("completed");
    const { net } = await netOf(order.id);
    const rows = await earningsOf(order.id);
    expect(rows.map((r) => [r.kind, r.amount_minor])).toEqual([["earning", earningOf(net, 7000)]]);

    const studioMade = await briefedOrder();
    await env.DB.prepare("UPDATE orders SET creator_id = NULL WHERE id = ?").bind(studioMade.id).run();
    await env.DB.prepare("UPDATE orders SET work_status = 'completed' WHERE id = ?").bind(studioMade.id).run();
    expect(await earningsOf(studioMade.id)).toEqual([]);
  });
});
