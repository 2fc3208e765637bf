import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0066_order_payments.sql?raw";
import { createDb } from "../../db/client";
import { reconcileKeptFigures, type Difference } from "~/domain/counts/reconcile.server";
import { getCreditNote } from "~/domain/money/invoices.server";
import { recordProviderRefund, refundOrder } from "~/domain/orders/refunds.server";
import type { PaymentGateway } from "~/domain/payments/gateway.server";
import { refuse } from "~/domain/refusal";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { recordLaterPaymentStatus, requestLaterPayment } from "~/domain/payments/order-payments.server";
import { adminCookie, adminSignIn, api, customerCookie, get } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * An order's payments: the checkout payment is the order's own (payment 1, copied from the order's
 * columns), a later payment (work added to the order) has its own intent, tax and invoice in the one
 * sequence; a refund of the order spreads over its payments newest first, each part with a credit
 * note naming its payment's invoice; the kept figures follow the payments. The demo order is a UK
 * consumer's Standard package: 999.00 + 199.80 VAT = 1198.80.
 */
type Payment = {
  id: number;
  sequence: number;
  purpose: string;
  description: string | null;
  status: string;
  amount: string;
  tax_amount: string;
  refunded_amount: string;
  currency: string;
  payment_intent_id: string | null;
  invoice_number: string | null;
};
type Refund = { id: number; amount: string; tax_amount: string; credit_note_number: string | null; payment_id: number | null; status: string };
type Invoice = { number: string; lines: { description: string; net_amount: string; tax_amount: string; total_amount: string }[]; total_amount: string };

const CARD = { number: "4242424242424242", expiry: "12/40", cvc: "123" };
const db = () => createDb(env.DB);

/** A later payment of an order, made through the payments model and paid with the local gateway's test card. */
async function payAgain(orderId: number, netMinor: number, key: string, description = "A fourth scene") {
  const gateway = createLocalGateway(db());
  const { payment, intent } = await requestLaterPayment(db(), gateway, orderId, { description, netMinor, idempotencyKey: key });
  const confirmed = await gateway.confirmCard(intent.id, CARD);
  expect(confirmed.ok).toBe(true);
  if (!confirmed.ok) throw new Error(confirmed.message);
  expect(await recordLaterPaymentStatus(db(), payment.id, confirmed.intent)).toBe("succeeded");
  return payment.id;
}

async function reconcileAll(): Promise<Difference[]> {
  const differences: Difference[] = [];
  let cursor: string | null = null;
  for (let call = 0; call < 1_000; call++) {
    const report = await reconcileKeptFigures(db(), cursor, { budget: 5_000 });
    differences.push(...report!.differences);
    if (report!.done) return differences;
    cursor = report!.cursor;
  }
  throw new Error("The reconciliation did not finish");
}

const payments = async (orderId: number, token: string) => (await api<{ data: Payment[] }>("GET", `/orders/${orderId}/payments`, { token })).body.data;

describe("an order's payments", () => {
  it("paid twice: two payments, two invoices in the one sequence; a refund spreads newest first with a credit note each; figures reconcile", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;

    const [first] = await payments(c.id, c.token);
    expect(first).toMatchObject({ sequence: 1, purpose: "order", status: "succeeded", amount: "1198.80", tax_amount: "199.80", refunded_amount: "0.00" });
    expect(first!.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);

    // A change of 200.00 net: taxed at the order's 20%, its own intent and invoice, the next number.
    const secondId = await payAgain(c.id, 20_000, "change-1");
    const invoiced = await env.DB.prepare("SELECT invoice_number FROM order_payments WHERE id = ?").bind(secondId).first<string>("invoice_number");
    // The same request again: the same payment and intent (already paid); recorded again, nothing changes.
    const replay = await requestLaterPayment(db(), createLocalGateway(db()), c.id, {
      description: "A fourth scene",
      netMinor: 20_000,
      idempotencyKey: "change-1",
    });
    expect(replay.payment.id).toBe(secondId);
    expect(replay.intent.status).toBe("succeeded");
    expect(await recordLaterPaymentStatus(db(), secondId, replay.intent)).toBe("succeeded");
    expect(await env.DB.prepare("SELECT invoice_number FROM order_payments WHERE id = ?").bind(secondId).first<string>("invoice_number")).toBe(invoiced);
    const both = await payments(c.id, c.token);
    expect(both).toHaveLength(2);
    const second = both[1]!;
    expect(second).toMatchObject({
      id: secondId,
      sequence: 2,
      purpose: "change",
      description: "A fourth scene",
      status: "succeeded",
      amount: "240.00",
      tax_amount: "40.00",
    });
    expect(second.payment_intent_id).not.toBe(first!.payment_intent_id);
    expect(Number(second.invoice_number!.slice(-6))).toBeGreaterThan(Number(first!.invoice_number!.slice(-6)));

    const invoices = await api<{ data: Invoice[] }>("GET", `/orders/${c.id}/invoices`, { token: c.token });
    expect(invoices.status).toBe(200);
    expect(invoices.body.data.map((i) => i.number)).toEqual([first!.invoice_number, second.invoice_number]);
    expect(invoices.body.data[1]!.lines[0]).toMatchObject({ net_amount: "200.00", tax_amount: "40.00", total_amount: "240.00" });
    expect(invoices.body.data[1]!.lines[0]!.description).toMatch(/: A fourth scene$/);
    // The order's own invoice is still its checkout payment's (the API's shape unchanged).
    expect((await api<{ data: Invoice }>("GET", `/orders/${c.id}/invoice`, { token: c.token })).body.data.number).toBe(first!.invoice_number);
    // Each invoice has its page and PDF, for its owner and the studio; not for another customer.
    const page = await get(`/profile/orders/${c.id}/invoices/${second.invoice_number}`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Invoice ${second.invoice_number}`);
    expect(
      (await get(`/admin/orders/${c.id}/invoices/${second.invoice_number}.pdf`, { headers: { Cookie: await adminCookie() } })).headers.get("Content-Type"),
    ).toBe("application/pdf");
    const other = await customerWithOrder({ pay: false });
    expect(
      (await get(`/profile/orders/${c.id}/invoices/${second.invoice_number}`, { headers: { Cookie: await customerCookie(other.email, "Str0ng!Pass") } }))
        .status,
    ).toBe(404);
    expect((await api("GET", `/orders/${c.id}/payments`, { token: other.token })).status).toBe(404);
    expect((await api("GET", `/orders/${c.id}/invoices`, { token: other.token })).status).toBe(404);

    // 300.00 back: the change's 240.00 first (all of it, its 40.00 tax), then 60.00 of the checkout (10.00 tax).
    const key = crypto.randomUUID();
    const refund = () =>
      api<{ data: { refunds: Refund[]; remaining_amount: string; order: { payment_status: string } } }>("POST", `/orders/${c.id}/refund`, {
        token: admin,
        body: { refund: { reason: "Two scenes dropped", amount: "300.00" } },
        headers: { "Idempotency-Key": key },
      });
    const done = await refund();
    expect(done.status).toBe(200);
    expect(done.body.data.refunds).toEqual([
      expect.objectContaining({ payment_id: secondId, amount: "240.00", tax_amount: "40.00", status: "succeeded" }),
      expect.objectContaining({ payment_id: first!.id, amount: "60.00", tax_amount: "10.00", status: "succeeded" }),
    ]);
    expect(done.body.data.remaining_amount).toBe("1138.80");
    expect(done.body.data.order.payment_status).toBe("succeeded");
    // The same request again refunds nothing more.
    const again = await refund();
    expect(again.status).toBe(200);
    expect(again.body.data.refunds).toHaveLength(2);
    expect(again.body.data.remaining_amount).toBe("1138.80");

    // Each credit note corrects its own payment's invoice, at its rate.
    const [changeNote, orderNote] = done.body.data.refunds.map((r) => r.credit_note_number!);
    expect((await getCreditNote(db(), c.id, changeNote!, "studio"))?.invoiceNumber).toBe(second.invoice_number);
    expect((await getCreditNote(db(), c.id, orderNote!, "studio"))?.invoiceNumber).toBe(first!.invoice_number);
    const afterPart = await payments(c.id, c.token);
    expect(afterPart.map((p) => [p.status, p.refunded_amount])).toEqual([
      ["succeeded", "60.00"],
      ["refunded", "240.00"],
    ]);

    // The rest: the order is refunded in full, its work cancelled.
    const rest = await api<{ data: { refunds: Refund[]; remaining_amount: string; order: { payment_status: string; work_status: string } } }>(
      "POST",
      `/orders/${c.id}/refund`,
      { token: admin, body: { refund: { reason: "Project cancelled" } } },
    );
    expect(rest.status).toBe(200);
    expect(rest.body.data.refunds.at(-1)).toMatchObject({ payment_id: first!.id, amount: "1138.80", tax_amount: "189.80" });
    expect(rest.body.data.remaining_amount).toBe("0.00");
    expect(rest.body.data.order).toMatchObject({ payment_status: "refunded", work_status: "cancelled" });
    expect((await payments(c.id, c.token)).map((p) => p.status)).toEqual(["refunded", "refunded"]);
    // Tax parts add up to each payment's tax.
    const refunds = rest.body.data.refunds;
    const taxOf = (paymentId: number) => refunds.filter((r) => r.payment_id === paymentId).reduce((sum, r) => sum + Math.round(Number(r.tax_amount) * 100), 0);
    expect([taxOf(first!.id), taxOf(secondId)]).toEqual([19_980, 4_000]);

    expect(await reconcileAll()).toEqual([]);
  });

  it("a refund made at the provider of a later payment is recorded against that payment, once", async () => {
    const c = await customerWithOrder();
    const secondId = await payAgain(c.id, 10_000, "change-provider", "Longer ending");
    const notice = { env, origin: "https://shop.test" };
    // The provider's charge of the change refunded 50.00 of its 120.00 (a refund made in its dashboard); told twice.
    expect(await recordProviderRefund(db(), secondId, { providerRefundId: "re_dashboard_1", refundedInAllMinor: 5_000 }, notice)).toBe(true);
    expect(await recordProviderRefund(db(), secondId, { providerRefundId: "re_dashboard_1", refundedInAllMinor: 5_000 }, notice)).toBe(false);
    const list = await payments(c.id, c.token);
    expect(list.map((p) => p.refunded_amount)).toEqual(["0.00", "50.00"]);
    const credit = await api<{ data: Refund[] }>("GET", `/orders/${c.id}/credit_notes`, { token: c.token });
    expect(credit.body.data).toEqual([expect.objectContaining({ payment_id: secondId, amount: "50.00", tax_amount: "8.33" })]);
    expect(await reconcileAll()).toEqual([]);
  });

  it("a full refund that stopped after its first part is finished by its replay; then an open later payment is cancelled", async () => {
    const c = await customerWithOrder();
    const secondId = await payAgain(c.id, 5_000, "change-partway");
    // A third payment asked for and never paid: it cannot be paid once the order is refunded in full.
    const open = await requestLaterPayment(db(), createLocalGateway(db()), c.id, { description: "Unpaid extra", netMinor: 1_000, idempotencyKey: "open" });
    const notice = { env, origin: "https://shop.test" };
    const local = createLocalGateway(db());
    let calls = 0;
    // The provider refuses the second part (the checkout's) once: the request fails after the change's part.
    const flaky: PaymentGateway = {
      ...local,
      refund: async (input) => {
        calls++;
        if (calls === 2) throw refuse.conflict("The provider is busy");
        return local.refund(input);
      },
    };
    const request = { reason: "Cancelled", idempotencyKey: "withdrawal-test" };
    await expect(refundOrder(db(), flaky, c.id, null, request, notice)).rejects.toMatchObject({ kind: "conflict" });
    expect((await payments(c.id, c.token)).map((p) => p.refunded_amount)).toEqual(["0.00", "60.00", "0.00"]);
    // The same request again: the checkout's part is made, nothing twice.
    const done = await refundOrder(db(), flaky, c.id, null, request, notice);
    expect(done.remainingMinor).toBe(0);
    expect(done.refunds.map((r) => [r.payment_id, r.amount])).toEqual([
      [secondId, "60.00"],
      [expect.any(Number), "1198.80"],
    ]);
    const after = await payments(c.id, c.token);
    expect(after.map((p) => p.status)).toEqual(["refunded", "refunded", "canceled"]);
    expect((await createLocalGateway(db()).retrieveIntent(open.intent.id))?.status).toBe("canceled");
    // Refunded: no further payment is taken.
    await expect(
      requestLaterPayment(db(), createLocalGateway(db()), c.id, { description: "More", netMinor: 100, idempotencyKey: "after" }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await reconcileAll()).toEqual([]);
  });

  it("a dashboard refund told while another refund of the order is under way is asked for again, not lost", async () => {
    const c = await customerWithOrder();
    const secondId = await payAgain(c.id, 5_000, "change-busy");
    await env.DB.prepare(
      "INSERT INTO order_refunds (order_id, payment_id, status, amount_minor, currency, reason, source, idempotency_key, claimed_at) SELECT order_id, id, 'pending', 100, currency, 'x', 'admin', 'busy', ? FROM order_payments WHERE order_id = ? AND sequence = 1",
    )
      .bind(Date.now(), c.id)
      .run();
    const notice = { env, origin: "https://shop.test" };
    await expect(recordProviderRefund(db(), secondId, { providerRefundId: "re_busy", refundedInAllMinor: 6_000 }, notice)).rejects.toMatchObject({
      kind: "unavailable",
    });
    await env.DB.prepare("DELETE FROM order_refunds WHERE idempotency_key = 'busy'").run();
    expect(await recordProviderRefund(db(), secondId, { providerRefundId: "re_busy", refundedInAllMinor: 6_000 }, notice)).toBe(true);
    expect((await payments(c.id, c.token)).map((p) => p.refunded_amount)).toEqual(["0.00", "60.00"]);
  });

  it("a later payment's key names one payment: the same key for another amount is refused", async () => {
    const c = await customerWithOrder();
    await payAgain(c.id, 5_000, "change-key");
    await expect(
      requestLaterPayment(db(), createLocalGateway(db()), c.id, { description: "A fourth scene", netMinor: 9_000, idempotencyKey: "change-key" }),
    ).rejects.toMatchObject({ kind: "conflict", message: "This request's key was used for another payment of this order." });
  });

  it("a later payment needs a paid order, a description and an amount", async () => {
    const unpaid = await customerWithOrder({ pay: false });
    const gateway = createLocalGateway(db());
    await expect(requestLaterPayment(db(), gateway, unpaid.id, { description: "More", netMinor: 100, idempotencyKey: "x" })).rejects.toMatchObject({
      kind: "conflict",
    });
    const paid = await customerWithOrder();
    await expect(requestLaterPayment(db(), gateway, paid.id, { description: " ", netMinor: 100, idempotencyKey: "y" })).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(requestLaterPayment(db(), gateway, paid.id, { description: "More", netMinor: 0, idempotencyKey: "z" })).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(requestLaterPayment(db(), gateway, 999_999, { description: "More", netMinor: 100, idempotencyKey: "w" })).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("the migration's copy of the orders' payments equals the payments the orders keep (on the seeded shop and the orders made here)", async () => {
    // The migration's own statements, run into a scratch table: what it would have copied from every order now.
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => /^(--[^\n]*\n)*INSERT INTO `order_payments`/.test(statement));
    expect(backfill).toBeDefined();
    await env.DB.exec("DROP TABLE IF EXISTS order_payments_copy");
    await env.DB.prepare("CREATE TABLE order_payments_copy AS SELECT * FROM order_payments WHERE 0").run();
    await env.DB.prepare(backfill!.replace(/^(--[^\n]*\n)*/, "").replace("INSERT INTO `order_payments`", "INSERT INTO `order_payments_copy`")).run();
    const columns =
      "order_id, sequence, purpose, intent_id, gateway, amount_minor, currency, subtotal_minor, discount_minor, tax_minor, tax_rate_bp, tax_country, tax_note, status, invoice_number, invoice_issued_at, seller_snapshot, created_at";
    const differ = await env.DB.prepare(
      `SELECT count(*) AS n FROM (SELECT ${columns} FROM order_payments_copy EXCEPT SELECT ${columns} FROM order_payments WHERE sequence = 1
        UNION ALL SELECT ${columns} FROM order_payments WHERE sequence = 1 EXCEPT SELECT ${columns} FROM order_payments_copy)`,
    ).first<number>("n");
    const [{ orders, copied }] = (
      await env.DB.prepare("SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_payments_copy) AS copied").all<{
        orders: number;
        copied: number;
      }>()
    ).results as [{ orders: number; copied: number }];
    await env.DB.exec("DROP TABLE order_payments_copy");
    expect(orders).toBeGreaterThan(0);
    expect(copied).toBe(orders);
    expect(differ).toBe(0);
    // Every refund names its payment and carries that payment's rate and country.
    const wrong = await env.DB.prepare(
      `SELECT count(*) AS n FROM order_refunds r LEFT JOIN order_payments p ON p.id = r.payment_id
       WHERE p.id IS NULL OR p.order_id IS NOT r.order_id OR p.tax_rate_bp IS NOT r.tax_rate_bp OR p.tax_country IS NOT r.tax_country`,
    ).first<number>("n");
    expect(wrong).toBe(0);
    expect(await reconcileAll()).toEqual([]);
  });
});
