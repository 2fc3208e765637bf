/** Creators' earnings for the payouts' tests: orders made, approved and cleared; what the ledger and the payouts hold. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api, dispatch, fakeMedia, freshAddress } from "./helpers";
import { briefedOrder, setProductCreators, type newCreator, type Tokens } from "./creator-fixtures";

export type Maker = Awaited<ReturnType<typeof newCreator>>;
type Ledger = { kind: string; amount_minor: number; idempotency_key: string; external_id: string | null };
type Payout = { id: number; kind: string; status: string; amount_minor: number | null; idempotency_key: string | null; failure: string | null };

/**
 * The payouts' tests start from a known state: no rotation history, no waiting offers, the shop's
 * rates, and other files' payouts out of this file's runs (only its own creators' are due).
 */
export async function resetPayoutState() {
  await env.DB.batch([
    env.DB.prepare("UPDATE creators SET last_assigned_at = NULL"),
    env.DB.prepare("UPDATE creator_offers SET status = 'withdrawn' WHERE status = 'waiting'"),
    env.DB.prepare("UPDATE products SET creator_share_bp = NULL"),
    env.DB.prepare("DELETE FROM payout_settings"),
    env.DB.prepare("UPDATE payouts SET status = 'offset' WHERE status IN ('scheduled', 'pending')"),
  ]);
}

/** An order briefed on a product the maker makes (product 1 unless named), offered to them and accepted: theirs, at the rate fixed then. */
export async function acceptedOrder(admin: Tokens, maker: Maker, productId = 1) {
  await setProductCreators(admin, [maker.id], productId);
  const order = await briefedOrder(productId);
  const offer = await env.DB.prepare("SELECT id FROM creator_offers WHERE order_id = ? AND status = 'waiting'").bind(order.id).first<{ id: number }>();
  expect((await api("POST", `/creator/offers/${offer!.id}/accept`, { token: maker.token })).status).toBe(200);
  return order;
}

/** An order the maker was offered, made and had approved: its earning written, held for the clearance period. */
export async function earnedOrder(admin: Tokens, maker: Maker, productId = 1) {
  const order = await acceptedOrder(admin, maker, productId);
  const form = new FormData();
  form.set("note", "Final cut");
  form.append("files[]", new File([fakeMedia("final.mp4", 512)], "final.mp4"));
  const delivered = await dispatch(`http://localhost/api/v1/orders/${order.id}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${maker.token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
  expect(delivered.status).toBe(201);
  expect((await api("POST", `/orders/${order.id}/approve`, { token: order.token })).status).toBe(200);
  const earning = await env.DB.prepare("SELECT amount_minor, currency FROM ledger_entries WHERE order_id = ? AND kind = 'earning'")
    .bind(order.id)
    .first<{ amount_minor: number; currency: string }>();
  return { ...order, earning: earning!.amount_minor, currency: earning!.currency };
}

/** The clearance period over (as if its days had passed). */
export async function clear(orderId: number) {
  const past = Date.now() - 1000;
  await env.DB.prepare("UPDATE ledger_entries SET available_at = ? WHERE order_id = ? AND kind = 'earning'").bind(past, orderId).run();
  await env.DB.prepare("UPDATE payouts SET due_at = ? WHERE order_id = ? AND kind = 'transfer' AND status = 'scheduled'").bind(past, orderId).run();
}

export async function ledgerOf(orderId: number) {
  return (
    await env.DB.prepare("SELECT kind, amount_minor, idempotency_key, external_id FROM ledger_entries WHERE order_id = ? ORDER BY id")
      .bind(orderId)
      .all<Ledger>()
  ).results;
}

export async function payoutsOf(orderId: number) {
  return (
    await env.DB.prepare("SELECT id, kind, status, amount_minor, idempotency_key, failure FROM payouts WHERE order_id = ? ORDER BY id")
      .bind(orderId)
      .all<Payout>()
  ).results;
}

export async function refund(admin: Tokens, orderId: number, amount: string) {
  const answer = await api("POST", `/orders/${orderId}/refund`, { token: admin.access_token, body: { refund: { reason: "A scene was dropped", amount } } });
  expect(answer.status).toBe(200);
  return (await env.DB.prepare("SELECT amount_minor, tax_minor FROM order_refunds WHERE order_id = ? ORDER BY id DESC LIMIT 1")
    .bind(orderId)
    .first<{ amount_minor: number; tax_minor: number }>())!;
}

/** A service priced in `currency` (two packages), on sale: for orders in a currency other than the shop's pounds. */
export async function productIn(admin: Tokens, currency: string) {
  const created = await api<{ data: { id: number } }>("POST", "/products", {
    token: admin.access_token,
    body: {
      product: {
        title: `Explainer priced in ${currency} ${Date.now()}`,
        description_heading: "Clear stories",
        description: "An explainer film priced in another currency.",
        services_offered: ["Script"],
        tags: ["Explainer", "2D", "Motion"],
        packages: [
          { short_description: "Basic", items_included: "One cut", amount: "100", currency },
          { short_description: "Standard", items_included: "Two cuts", amount: "200", currency },
        ],
      },
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}
