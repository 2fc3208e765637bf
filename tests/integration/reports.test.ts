import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { monthlyReport, readPeriod, taxReport, toCsv } from "~/domain/money/reports.server";
import { adminCookie, adminSignIn, api, customerCookie, get, newCustomer } from "./helpers";

/**
 * The money reports reconcile with the orders, refunds and credit notes: each figure is recomputed
 * here straight from the rows. Buyers: a UK consumer (20%), a German business with a VAT number
 * (0%, reverse charge) and a US consumer (the fallback's 20%).
 */
const db = createDb(env.DB);

async function paidOrder(address: Record<string, unknown>, packageIndex = 0) {
  const person = await newCustomer();
  const saved = await api<{ data: { id: number } }>("POST", "/billing_addresses", { token: person.access_token, body: address });
  expect(saved.status).toBe(201);
  const order = await api<{ data: { id: number; client_secret: string; tax_note: string | null; tax_rate: string } }>("POST", "/orders", {
    token: person.access_token,
    body: { order: { product_id: 2, billing_address_id: saved.body.data.id, package_index: packageIndex } },
  });
  expect(order.status).toBe(201);
  const paid = await api("POST", "/payments/local/confirm", {
    token: person.access_token,
    body: { client_secret: order.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
  });
  expect(paid.status).toBe(200);
  return { ...order.body.data, token: person.access_token, email: person.email, password: person.password };
}

const UK = { street: "1 High St", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" };
const DE_BUSINESS = {
  street: "Unter den Linden 1",
  city: "Berlin",
  state: "Berlin",
  zip_code: "10117",
  country: "DE",
  company_name: "Analytical Engines GmbH",
  tax_id: "DE206600480",
};
const US = { street: "1 Market St", city: "San Francisco", state: "CA", zip_code: "94105", country: "US" };

describe("money reports (/admin/reports, /admin/reports.csv)", () => {
  it("reconcile with the rows: net sales, discounts, tax and refunds by month; tax by jurisdiction and rate", async () => {
    const uk = await paidOrder(UK, 1);
    const de = await paidOrder(DE_BUSINESS, 0);
    const us = await paidOrder(US, 2);
    expect(de.tax_rate).toBe("0.00");
    expect(de.tax_note).toBe("Reverse charge: customer to account for VAT");
    const admin = (await adminSignIn()).access_token;
    expect((await api("POST", `/orders/${uk.id}/refund`, { token: admin, body: { refund: { reason: "Part", amount: "100.00" } } })).status).toBe(200);
    expect((await api("POST", `/orders/${us.id}/refund`, { token: admin, body: { refund: { reason: "All" } } })).status).toBe(200);

    const period = readPeriod(null, null);
    const months = await monthlyReport(db, period);
    const taxRows = await taxReport(db, period);

    // Recomputed from the rows, for every currency in the period.
    const { results: invoiced } = await env.DB.prepare(
      "SELECT currency, strftime('%Y-%m', invoice_issued_at / 1000, 'unixepoch') AS month, subtotal_minor - discount_minor AS net, discount_minor AS discount, tax_minor AS tax, tax_country AS country, tax_rate_bp AS rate FROM order_payments WHERE invoice_number IS NOT NULL AND invoice_issued_at >= ? AND invoice_issued_at < ?",
    )
      .bind(period.from.getTime(), period.to.getTime())
      .all<{ currency: string; month: string; net: number; discount: number; tax: number; country: string; rate: number }>();
    const { results: credited } = await env.DB.prepare(
      "SELECT r.currency, strftime('%Y-%m', r.refunded_at / 1000, 'unixepoch') AS month, r.amount_minor AS amount, r.tax_minor AS tax, r.tax_country AS country, r.tax_rate_bp AS rate FROM order_refunds r WHERE r.credit_note_number IS NOT NULL AND r.refunded_at >= ? AND r.refunded_at < ?",
    )
      .bind(period.from.getTime(), period.to.getTime())
      .all<{ currency: string; month: string; amount: number; tax: number; country: string; rate: number }>();
    const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
    for (const m of months) {
      const inv = invoiced.filter((r) => r.month === m.month && r.currency === m.currency);
      const cn = credited.filter((r) => r.month === m.month && r.currency === m.currency);
      expect(m.invoices).toBe(inv.length);
      expect(m.salesMinor).toBe(sum(inv, (r) => r.net));
      expect(m.discountMinor).toBe(sum(inv, (r) => r.discount));
      expect(m.taxMinor).toBe(sum(inv, (r) => r.tax));
      expect(m.refundsMinor).toBe(sum(cn, (r) => r.amount));
      expect(m.refundsTaxMinor).toBe(sum(cn, (r) => r.tax));
      expect(m.netSalesMinor).toBe(sum(inv, (r) => r.net) - sum(cn, (r) => r.amount - r.tax));
    }
    expect(sum(months, (m) => m.invoices)).toBe(invoiced.length);
    for (const t of taxRows) {
      const match = <T extends { country: string; rate: number; currency: string }>(r: T) =>
        r.country === t.country && r.rate === t.rateBasisPoints && r.currency === t.currency;
      expect(t.taxMinor).toBe(sum(invoiced.filter(match), (r) => r.tax) - sum(credited.filter(match), (r) => r.tax));
      expect(t.netMinor).toBe(sum(invoiced.filter(match), (r) => r.net) - sum(credited.filter(match), (r) => r.amount - r.tax));
    }
    // The three jurisdictions of this test are there, the German one at 0%.
    expect(taxRows.find((t) => t.country === "DE" && t.rateBasisPoints === 0)).toBeTruthy();
    expect(taxRows.find((t) => t.country === "GB" && t.rateBasisPoints === 2000)).toBeTruthy();
    expect(taxRows.find((t) => t.country === "US" && t.rateBasisPoints === 2000)).toBeTruthy();
  });

  it("the page and its CSVs are for admins; the CSV quotes what needs quoting and disarms formulas", async () => {
    await paidOrder(UK);
    const cookie = await adminCookie();
    const page = await get("/admin/reports", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sales by month");
    expect(html).toContain("Tax by jurisdiction and rate");
    expect(html).toContain("United Kingdom");

    const year = new Date().getUTCFullYear();
    const csv = await get(`/admin/reports.csv?kind=tax&from=${year}-01-01&to=${year}-12-31`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="tax-${year}-01-01-to-${year}-12-31.csv"`);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("country,rate_percent,currency,net_amount,tax");
    expect(lines.some((line) => /^GB,20\.00,[A-Z]{3},\d+\.\d{2},\d+\.\d{2}$/.test(line))).toBe(true);
    const monthly = await get("/admin/reports.csv?kind=monthly", { headers: { Cookie: cookie } });
    expect((await monthly.text()).split("\r\n")[0]).toBe("month,currency,invoices,net_sales,discounts,tax_collected,credit_notes,refunds,tax_refunded,net_tax");
    expect((await get("/admin/reports.csv?kind=other", { headers: { Cookie: cookie } })).status).toBe(400);

    expect(
      toCsv(
        ["a", "b"],
        [
          ["=1+1", 'say "hi", then go'],
          [-5, "@x"],
        ],
      ),
    ).toBe('a,b\r\n\'=1+1,"say ""hi"", then go"\r\n-5,\'@x\r\n');

    const customer = await newCustomer();
    const refused = await get("/admin/reports.csv?kind=tax", {
      headers: { Cookie: await customerCookie(customer.email, customer.password) },
      redirect: "manual",
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await get("/admin/reports", { redirect: "manual" })).status).toBe(302);
  });

  it("reads only the period's rows (by the issue-date indexes), not the whole tables", async () => {
    await paidOrder(UK);
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT count(*) FROM orders WHERE invoice_number IS NOT NULL AND invoice_issued_at >= ? AND invoice_issued_at < ?",
    )
      .bind(0, 1)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("orders_invoice_issued_idx");
    // A period with nothing in it reads (next to) nothing.
    const empty = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE invoice_number IS NOT NULL AND invoice_issued_at >= ? AND invoice_issued_at < ?")
      .bind(Date.UTC(2001, 0, 1), Date.UTC(2001, 1, 1))
      .run();
    expect(empty.meta.rows_read).toBeLessThanOrEqual(1);
    const refunds = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM order_refunds WHERE refunded_at >= ? AND refunded_at < ?")
      .bind(0, 1)
      .all<{ detail: string }>();
    expect(refunds.results.map((r) => r.detail).join(" ")).toContain("order_refunds_refunded_idx");
  });

  it("reads a period from dates, else the current year; a backwards period is one day", () => {
    const now = new Date(Date.UTC(2026, 10, 24));
    expect(readPeriod(null, null, now)).toMatchObject({ fromText: "2026-01-01", toText: "2026-12-31" });
    expect(readPeriod("2026-02-01", "2026-02-28", now)).toMatchObject({ fromText: "2026-02-01", toText: "2026-02-28" });
    expect(readPeriod("2026-02-30", "nonsense", now)).toMatchObject({ fromText: "2026-01-01", toText: "2026-12-31" });
    expect(readPeriod("2026-05-10", "2026-05-01", now)).toMatchObject({ fromText: "2026-05-10", toText: "2026-05-10" });
  });
});
