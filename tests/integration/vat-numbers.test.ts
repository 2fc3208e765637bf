import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { localRefunds, orderRefunds, orders, vatNumberChecks } from "../../db/schema";
import { getCreditNote, getInvoice, invoiceView } from "~/domain/money/invoices.server";
import { ruleTableTax } from "~/domain/money/tax-service.server";
import { checkVatNumber, readVatCheck, servicesVatVerifier, type VatAnswer, type VatVerifier } from "~/domain/money/vat-numbers.server";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import type { PaymentGateway } from "~/domain/payments/gateway.server";
import { refundOrder } from "~/domain/orders/refunds.server";
import { customerWithOrder, type OrderBody } from "./order-fixtures";
import { settleVatClaim, settleVatClaims } from "~/domain/orders/vat-claims.server";
import { FAKE_HMRC_CLIENT } from "../support/fake-vat";
import { adminCookie, api, customerCookie, get, newCustomer, pageAfterRedirect, postForm } from "./helpers";

/**
 * A business buyer's VAT number is verified before the reverse charge: the local test list by
 * default (README), VIES and HMRC in production (their adapters against local fakes). The order
 * keeps the proof; a claim that did not verify is charged VAT and, once it verifies, the VAT goes
 * back with a VAT-only credit note, exactly once.
 */
const db = createDb(env.DB);
const fake = `http://127.0.0.1:${env.FAKE_VAT_PORT}`;
const services = (requesters: { hmrc?: string; vies?: string } = {}) =>
  servicesVatVerifier({
    viesUrl: `${fake}/vies`,
    hmrcUrl: `${fake}/hmrc`,
    hmrcClientId: FAKE_HMRC_CLIENT.id,
    hmrcClientSecret: FAKE_HMRC_CLIENT.secret,
    hmrcRequesterVrn: requesters.hmrc,
    viesRequester: requesters.vies,
  });
const notice = { env, origin: "http://localhost" };
const German = { street: "Torstraße 1", city: "Berlin", state: "", zip_code: "10119", country: "DE", company_name: "Northlight Films GmbH" };

/** A customer with a German business address (`tax_id`), an order of product 1's Basic package, paid by card. */
async function businessOrder(taxId: string, pay = true) {
  const c = await customerWithOrder({ pay, address: { ...German, tax_id: taxId }, packageIndex: 0 });
  return { ...c, access_token: c.token };
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A verifier whose answers the test sets, counting the questions. */
function scripted(answer: VatAnswer["result"]): VatVerifier & { asked: number; answer: VatAnswer["result"] } {
  const verifier = {
    asked: 0,
    answer,
    serviceFor: () => "vies" as const,
    async verify() {
      verifier.asked++;
      return verifier.answer === "valid"
        ? { result: "valid" as const, name: "NORTHLIGHT FILMS GMBH", address: "BERLIN", reference: "WAPI-1" }
        : { result: verifier.answer };
    },
  };
  return verifier;
}

describe("the VAT number services' adapters, against local fakes", () => {
  it("VIES: valid with the registered name, address and (for a registered requester) its request identifier; unknown is invalid; a member state down is unavailable", async () => {
    expect(await services().verify("DE206600480")).toEqual({
      result: "valid",
      name: "NORTHLIGHT FILMS GMBH",
      address: "TORSTRASSE 1, 10119 BERLIN",
      reference: null,
    });
    const withRequester = await services({ vies: "FR26604020880" }).verify("DE206600480");
    expect(withRequester.reference).toMatch(/^WAPIAAAAY\d{6}$/);
    expect(await services().verify("DE123456788")).toEqual({ result: "invalid" });
    expect(await services().verify("DE811907980")).toEqual({ result: "unavailable" });
  });

  it("HMRC: a token by client credentials, then the v2.0 lookup: valid with the business and a consultation number; 404 is invalid; an error or bad credentials are unavailable", async () => {
    expect(await services({ hmrc: "GB246813551" }).verify("GB648068064")).toEqual({
      result: "valid",
      name: "Brightline Pictures Ltd",
      address: "1 Market Street, Manchester, M1 1AA",
      reference: "ABC-DEF-GHI",
    });
    expect((await services().verify("GB648068064")).reference).toBeNull();
    expect(await services().verify("GB123456789")).toEqual({ result: "invalid" });
    expect(await services().verify("GB999999973")).toEqual({ result: "unavailable" });
    const wrong = servicesVatVerifier({ viesUrl: `${fake}/vies`, hmrcUrl: `${fake}/hmrc`, hmrcClientId: "someone", hmrcClientSecret: "else" });
    expect(await wrong.verify("GB648068064")).toEqual({ result: "unavailable" });
    const nowhere = servicesVatVerifier({ viesUrl: `${fake}/nowhere`, hmrcUrl: `${fake}/nowhere`, hmrcClientId: "a", hmrcClientSecret: "b" });
    expect([await nowhere.verify("DE206600480"), await nowhere.verify("GB648068064")]).toEqual([{ result: "unavailable" }, { result: "unavailable" }]);
  });
});

describe("answers kept for 30 days", () => {
  it("asks once a month per number; an unavailable service is asked again next time", async () => {
    const number = "DE136695976";
    await db.delete(vatNumberChecks).where(eq(vatNumberChecks.number, number));
    const verifier = scripted("valid");
    const now = Date.now();
    expect((await checkVatNumber(db, verifier, number, now)).result).toBe("valid");
    expect((await checkVatNumber(db, verifier, number, now + 29 * 86_400_000)).result).toBe("valid");
    expect(verifier.asked).toBe(1);
    verifier.answer = "invalid";
    expect((await checkVatNumber(db, verifier, number, now + 31 * 86_400_000)).result).toBe("invalid");
    expect(verifier.asked).toBe(2);

    const down = scripted("unavailable");
    await db.delete(vatNumberChecks).where(eq(vatNumberChecks.number, number));
    await checkVatNumber(db, down, number, now);
    await checkVatNumber(db, down, number, now);
    expect(down.asked).toBe(2);
    expect(await db.select().from(vatNumberChecks).where(eq(vatNumberChecks.number, number))).toEqual([]);
  });
});

describe("the reverse charge only for a verified number", () => {
  it("a number on the test list: 0% with the reverse charge, the proof kept on the order and printed on its invoice", async () => {
    const c = await businessOrder("DE206600480");
    expect(c.order).toMatchObject({ tax_amount: "0.00", tax_note: "Reverse charge: customer to account for VAT" });
    const row = await orderRow(c.order.id);
    expect(row.vatClaim).toBeNull();
    expect(readVatCheck(row.vatCheck)).toMatchObject({
      number: "DE206600480",
      service: "local",
      result: "valid",
      name: "Northlight Films GmbH",
      reference: "LOCAL-DE206600480",
    });
    const invoice = await getInvoice(db, c.order.id, "studio");
    expect(invoiceView(invoice!).notes).toContainEqual(
      expect.stringMatching(/^VAT number DE206600480 confirmed by the local test list on \d{1,2} \w+ \d{4} \(reference LOCAL-DE206600480\)\.$/),
    );
  });

  it("an invented number with valid check digits: VAT charged, checkout says why, the claim kept", async () => {
    const c = await businessOrder("DE123456788", false);
    expect(c.order.tax_note).toBeNull();
    expect(Number(c.order.tax_amount)).toBeGreaterThan(0);
    const row = await orderRow(c.order.id);
    expect(row.vatClaim).toBe("unverified");
    expect(readVatCheck(row.vatCheck)).toMatchObject({ number: "DE123456788", result: "invalid" });
    const page = await get(`/products/1/checkout?package=0&address=${c.addressId}`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } });
    expect((await page.text()).replace(/<!-- -->/g, "")).toContain(
      "The test list does not know the VAT number DE123456788, so VAT is charged as for a consumer. Check the number in your billing address.",
    );
  });

  it("the service down: VAT charged; once the number verifies, the VAT goes back with a VAT-only credit note, exactly once", async () => {
    const c = await businessOrder("DE811907980");
    const before = await orderRow(c.order.id);
    expect(before.vatClaim).toBe("unverified");
    expect(readVatCheck(before.vatCheck)?.result).toBe("unavailable");
    expect(before.taxMinor).toBeGreaterThan(0);
    const page = await get(`/products/1/checkout?package=0&address=${c.addressId}`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } });
    expect((await page.text()).replace(/<!-- -->/g, "")).toContain(
      "We could not check the VAT number DE811907980 with the test list just now, so VAT is charged. If it is confirmed later, we refund the VAT with a credit note.",
    );

    const gateway = createLocalGateway(db);
    // Still down: nothing changes, the claim waits.
    const down = ruleTableTax(scripted("unavailable"));
    expect((await settleVatClaim(db, { tax: down, payments: gateway }, c.order.id, null, notice)).status).toBe("unverified");
    expect((await orderRow(c.order.id)).vatClaim).toBe("unverified");

    // Confirmed: the scheduled run and an admin at the same moment, and again later.
    const up = ruleTableTax(scripted("valid"));
    await db.delete(vatNumberChecks).where(eq(vatNumberChecks.number, "DE811907980"));
    const outcomes = await Promise.all([
      settleVatClaim(db, { tax: up, payments: gateway }, c.order.id, null, notice),
      settleVatClaim(db, { tax: up, payments: gateway }, c.order.id, 1, notice).catch((error: unknown) => ({ status: "refused", error })),
    ]);
    expect(outcomes.map((o) => o.status)).toContain("credited");
    expect((await settleVatClaim(db, { tax: up, payments: gateway }, c.order.id, null, notice)).status).toBe("none");
    expect(await settleVatClaims(db, { tax: up, payments: gateway }, notice)).toMatchObject({ credited: 0 });

    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, c.order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: "vat", status: "succeeded", amountMinor: before.taxMinor, taxMinor: before.taxMinor });
    const after = await orderRow(c.order.id);
    expect(after).toMatchObject({ vatClaim: "verified", refundedMinor: before.taxMinor, refundedTaxMinor: before.taxMinor, paymentStatus: "succeeded" });
    expect(readVatCheck(after.vatCheck)).toMatchObject({ result: "valid", reference: "WAPI-1" });
    const note = await getCreditNote(db, c.order.id, refunds[0]!.creditNoteNumber!, "studio");
    expect(note).toMatchObject({ netMinor: 0, taxMinor: before.taxMinor, totalMinor: before.taxMinor });
  });

  it("the studio sees the check on the order and can check a claim again at once (still down: the VAT stays charged)", async () => {
    const c = await businessOrder("DE811907980");
    const cookie = await adminCookie();
    const page = (await (await get(`/admin/orders/${c.order.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toMatch(/VAT number DE811907980: the local test list could not answer on \d{1,2} \w+ \d{4}: VAT charged\./);
    expect(page).toContain("Not confirmed yet: checked again daily until 30 days after the order; once confirmed, the VAT goes back with a credit note.");
    const checked = await postForm(`/admin/orders/${c.order.id}`, { intent: "check-vat" }, { Cookie: cookie });
    expect(checked.status).toBe(302);
    expect(checked.headers.get("Location")).toBe(`/admin/orders/${c.order.id}?vat=unverified#customer-info`);
    expect(await pageAfterRedirect(checked, cookie)).toContain(
      "The VAT number is still not confirmed, so the VAT stays charged. The scheduled run checks it again daily.",
    );
    expect((await orderRow(c.order.id)).vatClaim).toBe("unverified");
    // A customer cannot ask.
    const theirs = await postForm(`/admin/orders/${c.order.id}`, { intent: "check-vat" }, { Cookie: await customerCookie(c.email, "Str0ng!Pass") });
    expect([302, 401, 403, 404]).toContain(theirs.status);
    expect(theirs.headers.get("Location") ?? "").not.toContain("vat=");
  });

  it("a buyer who gives a tax number without a company name buys as a consumer: VAT charged, nothing checked", async () => {
    const person = await newCustomer();
    const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
      token: person.access_token,
      body: { ...German, company_name: null, tax_id: "DE206600480" },
    });
    const order = await api<OrderBody>("POST", "/orders", {
      token: person.access_token,
      body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
    });
    expect(order.body.data.tax_note).toBeNull();
    const row = await orderRow(order.body.data.id);
    expect([row.vatCheck, row.vatClaim]).toEqual([null, null]);
  });
});

describe("a refund whose provider's answer was lost", () => {
  it("stays claimed and is finished with the same gateway key: the provider refunds once", async () => {
    const c = await customerWithOrder();
    const local = createLocalGateway(db);
    let calls = 0;
    const lostOnce: PaymentGateway = {
      ...local,
      async refund(input) {
        calls++;
        const made = await local.refund(input);
        if (calls === 1) throw new Error("socket hang up");
        return made;
      },
    };
    await expect(refundOrder(db, lostOnce, c.id, 1, { reason: "Lost answer", amount: "10.00", idempotencyKey: "lost-1" }, notice)).rejects.toThrow(
      "socket hang up",
    );
    const claimed = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, c.id));
    expect(claimed.map((r) => r.status)).toEqual(["pending"]);
    // The next request, once the claim is stale, finishes it first (the same key finds the refund made), then makes its own.
    await refundOrder(db, lostOnce, c.id, 1, { reason: "Another", amount: "5.00", idempotencyKey: "lost-2" }, notice, Date.now() + 3 * 60_000);
    const [order] = await db.select({ intentId: orders.paymentIntentId, refundedMinor: orders.refundedMinor }).from(orders).where(eq(orders.id, c.id));
    const atProvider = await db.select().from(localRefunds).where(eq(localRefunds.intentId, order!.intentId!));
    expect(atProvider.map((r) => r.amountMinor).sort((a, b) => a - b)).toEqual([500, 1000]);
    expect(order!.refundedMinor).toBe(1500);
  });
});
