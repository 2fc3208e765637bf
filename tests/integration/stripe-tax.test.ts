import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAddress } from "~/domain/orders/addresses.server";
import { createOrder, EVERY_ORDER, getOrder, recordIntentStatus } from "~/domain/orders/orders.server";
import { refundOrder } from "~/domain/orders/refunds.server";
import { syncTaxRecords } from "~/domain/money/tax-records.server";
import { createTaxService, RULE_TABLE_TAX, stripeTaxOn, stripeTaxService } from "~/domain/money/tax-service.server";
import type { VatVerifier } from "~/domain/money/vat-numbers.server";
import { settleVatClaim } from "~/domain/orders/vat-claims.server";
import { stripeClient } from "~/domain/payments/stripe-gateway.server";
import { REVERSE_CHARGE_NOTE } from "~/domain/money/tax-rules";
import { createStripeGateway } from "~/domain/payments/stripe-gateway.server";
import { runScheduledMaintenance } from "~/edge/maintenance.server";
import { stripeTestEnv } from "./helpers";

/**
 * Stripe Tax (STRIPE_TAX=on), the real SDK against the suite's fake Stripe: a calculation prices the
 * order, the paid order's sale becomes a tax transaction, each refund a reversal by its amount, each
 * exactly once. The fake's jurisdictions: GB 20%, DE 19% for consumers, EU businesses with a VAT
 * number reverse-charged, New York 8.875%.
 */
const db = createDb(env.DB);
const stripeEnv: Env = { ...stripeTestEnv("sk_test_stripe_tax", "whsec_stripe_tax"), STRIPE_TAX: "on" };
const gateway = createStripeGateway(stripeEnv);
const tax = createTaxService(stripeEnv);
const notice = { env, origin: "http://localhost" };
const fake = `http://127.0.0.1:${env.FAKE_STRIPE_PORT}`;

type TaxTransaction = {
  id: string;
  type: "transaction" | "reversal";
  reference: string;
  amount_total: number;
  reversal: { original_transaction: string } | null;
  line_items?: { amount: number; amount_tax: number; original_line_item?: string }[] | null;
};
async function ledger() {
  return (await (await fetch(`${fake}/__test/tax`)).json()) as { calculations: number; transactions: TaxTransaction[] };
}
const orderRow = (id: number) =>
  env.DB.prepare("SELECT tax_calculation_id, tax_transaction_id, tax_record_pending, tax_rate_bp FROM orders WHERE id = ?").bind(id).first<{
    tax_calculation_id: string | null;
    tax_transaction_id: string | null;
    tax_record_pending: number;
    tax_rate_bp: number;
  }>();

let n = 0;
async function order(address: { country: string; state?: string; zip_code?: string; company_name?: string; tax_id?: string }, packageIndex = 0) {
  const saved = await createAddress(db, 1, { street: "1 Tax St", city: "Town", state: "X", zip_code: "10001", is_default: false, ...address });
  return createOrder(
    db,
    { payments: gateway, tax },
    1,
    { productId: 1, packageIndex, billingAddressId: saved.id, idempotencyKey: `stripe-tax-${Date.now()}-${n++}` },
    notice,
  );
}
async function pay(created: Awaited<ReturnType<typeof order>>) {
  await fetch(`${fake}/__test/payment_intents/${created.intent.id}`, { method: "POST", body: JSON.stringify({ status: "succeeded" }) });
  expect(await recordIntentStatus(db, created.order.id, { ...created.intent, status: "succeeded" }, notice)).toBe("succeeded");
}

describe("Stripe Tax", () => {
  it("is chosen by STRIPE_TAX=on with a secret key; the rule table otherwise", () => {
    expect(tax.source).toBe("stripe");
    expect(stripeTaxOn(stripeEnv)).toBe(true);
    expect(stripeTaxOn({ ...stripeEnv, STRIPE_TAX: undefined })).toBe(false);
    expect(createTaxService({ ...stripeEnv, STRIPE_TAX: "off" })).toBe(RULE_TABLE_TAX);
    expect(() => createTaxService({ ...stripeEnv, STRIPE_SECRET_KEY: undefined })).toThrow(/STRIPE_TAX=on needs STRIPE_SECRET_KEY/);
  });

  it("prices an order by a calculation: the UK consumer pays 20%, the card is charged that total", async () => {
    const created = await order({ country: "GB", zip_code: "SW1A 1AA" }, 1);
    expect(created.order).toMatchObject({
      subtotal_amount: "999.00",
      tax_amount: "199.80",
      order_amount: "1198.80",
      tax_rate: "20.00",
      tax_country: "GB",
      tax_note: null,
    });
    expect(created.intent.amountMinor).toBe(119880);
    expect((await orderRow(created.order.id))?.tax_calculation_id).toMatch(/^taxcalc_fake_/);
  });

  it("an EU business with a VAT number is reverse-charged; New York's 8.875% is kept to the basis point", async () => {
    const business = await order({ country: "DE", zip_code: "10115", company_name: "Northlight Films GmbH", tax_id: "DE206600480" });
    expect(business.order).toMatchObject({ tax_amount: "0.00", order_amount: "499.00", tax_rate: "0.00", tax_country: "DE", tax_note: REVERSE_CHARGE_NOTE });
    const newYork = await order({ country: "US", state: "NY", zip_code: "10001" });
    // 499.00 × 8.875% = 44.286…, Stripe's amount; the rate is kept as 888 basis points (8.88%).
    expect(newYork.order).toMatchObject({ tax_amount: "44.29", order_amount: "543.29", tax_country: "US" });
    expect((await orderRow(newYork.order.id))?.tax_rate_bp).toBe(888);
  });

  it("an address Stripe cannot place is refused as invalid, before any order or intent is made", async () => {
    await expect(tax.quote(db, { subtotalMinor: 49900, discountMinor: 0, currency: "USD", buyer: { country: "US", postalCode: null } })).rejects.toMatchObject({
      kind: "invalid",
      message: expect.stringContaining("Tax could not be calculated for this billing address"),
    });
  });

  it("records a paid order's sale once, and each refund as a reversal by its amount, once", async () => {
    const created = await order({ country: "GB", zip_code: "EC1A 1BB" }, 1);
    const id = created.order.id;
    // Not paid yet: nothing to record.
    expect(await syncTaxRecords(db, tax, { orderId: id })).toEqual({ sales: 0, refunds: 0, failed: 0 });
    await pay(created);
    expect((await orderRow(id))?.tax_record_pending).toBe(1);

    // Two runs at once (the scheduled run and a retry): one transaction, whatever their order.
    await Promise.all([syncTaxRecords(db, tax, { orderId: id }), syncTaxRecords(db, tax, { orderId: id })]);
    const row = await orderRow(id);
    expect(row).toMatchObject({ tax_record_pending: 0, tax_transaction_id: expect.stringMatching(/^tax_fake_/) });
    const sales = (await ledger()).transactions.filter((t) => t.reference === `order-${id}`);
    expect(sales).toEqual([expect.objectContaining({ id: row!.tax_transaction_id, type: "transaction", amount_total: 119880 })]);
    expect(await syncTaxRecords(db, tax, { orderId: id })).toEqual({ sales: 0, refunds: 0, failed: 0 });

    // A partial refund, then the rest: two reversals that add up to the sale.
    await refundOrder(db, gateway, id, 1, { reason: "Half the work", amount: "500.00" }, notice);
    await refundOrder(db, gateway, id, 1, { reason: "The rest" }, notice);
    expect(await syncTaxRecords(db, tax, { orderId: id })).toEqual({ sales: 0, refunds: 2, failed: 0 });
    expect(await syncTaxRecords(db, tax, { orderId: id })).toEqual({ sales: 0, refunds: 0, failed: 0 });
    const reversals = (await ledger()).transactions.filter((t) => t.reversal?.original_transaction === row!.tax_transaction_id);
    expect(reversals.map((t) => t.amount_total).sort((a, b) => a - b)).toEqual([-69880, -50000]);
    const refundRows = await env.DB.prepare("SELECT tax_reversal_id, tax_record_pending FROM order_refunds WHERE order_id = ?").bind(id).all();
    expect(refundRows.results).toEqual(reversals.map(() => ({ tax_reversal_id: expect.stringMatching(/^tax_fake_/), tax_record_pending: 0 })));
  });

  it("a refund made before the sale was recorded waits for it; the scheduled run records both", async () => {
    const created = await order({ country: "GB", zip_code: "M1 1AE" });
    const id = created.order.id;
    await pay(created);
    await refundOrder(db, gateway, id, 1, { reason: "Changed their mind", amount: "100.00" }, notice);
    const done = await runScheduledMaintenance(stripeEnv);
    expect(done.taxRecords).toMatchObject({ failed: 0 });
    const transactionId = (await orderRow(id))?.tax_transaction_id;
    expect(transactionId).toMatch(/^tax_fake_/);
    const reversals = (await ledger()).transactions.filter((t) => t.reversal?.original_transaction === transactionId);
    expect(reversals.map((t) => t.amount_total)).toEqual([-10000]);
  });

  it("the same record asked twice (a crash between Stripe's answer and the write) is the same record", async () => {
    const created = await order({ country: "GB", zip_code: "B1 1AA" });
    const calculationId = (await orderRow(created.order.id))!.tax_calculation_id!;
    const first = await tax.recordSale({ orderId: created.order.id, calculationId });
    expect(await tax.recordSale({ orderId: created.order.id, calculationId })).toBe(first);
  });

  it("under the rule table nothing is marked or recorded, and orders keep no calculation", async () => {
    const saved = await createAddress(db, 1, { street: "2 Rule St", city: "T", state: "T", zip_code: "1", country: "GB", is_default: false });
    const created = await createOrder(
      db,
      { payments: gateway, tax: RULE_TABLE_TAX },
      1,
      { productId: 1, packageIndex: 0, billingAddressId: saved.id, idempotencyKey: `rules-${Date.now()}` },
      notice,
    );
    await pay(created);
    expect(await orderRow(created.order.id)).toMatchObject({ tax_calculation_id: null, tax_record_pending: 0 });
    expect(await syncTaxRecords(db, RULE_TABLE_TAX)).toEqual({ sales: 0, refunds: 0, failed: 0 });
    expect((await getOrder(db, created.order.id, EVERY_ORDER))?.tax_amount).toBe("99.80");
  });

  it("a VAT number that verifies after the sale: the VAT goes back, reversed at Stripe Tax as tax alone on the sale's line", async () => {
    // The local list's number for a service that cannot answer: Stripe is asked without the number, so VAT is charged.
    const created = await order({ country: "DE", zip_code: "10115", company_name: "Northlight Films GmbH", tax_id: "DE811907980" });
    const id = created.order.id;
    expect(created.order).toMatchObject({ tax_amount: "94.81", tax_note: null });
    await pay(created);
    await syncTaxRecords(db, tax, { orderId: id });
    const verifies: VatVerifier = { serviceFor: () => "vies", verify: async () => ({ result: "valid", name: "NORTHLIGHT FILMS GMBH" }) };
    await env.DB.prepare("DELETE FROM vat_number_checks WHERE number = 'DE811907980'").run();
    const settled = await settleVatClaim(
      db,
      { tax: stripeTaxService(stripeClient(stripeEnv), "txcd_20030000", verifies), payments: gateway },
      id,
      null,
      notice,
    );
    expect(settled).toMatchObject({ status: "credited", creditedMinor: 9481 });
    expect(await syncTaxRecords(db, tax, { orderId: id })).toEqual({ sales: 0, refunds: 1, failed: 0 });
    const transactionId = (await orderRow(id))?.tax_transaction_id;
    const reversals = (await ledger()).transactions.filter((t) => t.reversal?.original_transaction === transactionId);
    expect(reversals).toEqual([
      expect.objectContaining({
        amount_total: -9481,
        line_items: [expect.objectContaining({ amount: 0, amount_tax: -9481, original_line_item: expect.stringMatching(/^tax_li_fake_/) })],
      }),
    ]);
  });
});
