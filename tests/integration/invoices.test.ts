import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { pdfText } from "./pdf-text";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { invoiceNumberStatements } from "~/domain/money/invoice-numbers.server";
import { EVERY_ORDER, getOrder, recordIntentStatus } from "~/domain/orders/orders.server";
import { createLocalGateway } from "~/domain/payments/local-gateway.server";
import { adminCookie, adminSignIn, api, customerCookie, get, newCustomer } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/** Invoices: every paid order has one numbered in a gapless yearly sequence, for its owner and admins, as a page, a PDF and JSON. */
const db = createDb(env.DB);
const notice = { env, origin: "http://localhost" };
const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

type InvoiceJson = {
  number: string;
  seller: { name: string; tax_id: string | null };
  buyer: { name: string; company: string | null; address_lines: string[]; country: string; tax_id: string | null };
  lines: { description: string; net_amount: string; tax_rate: string; tax_amount: string; total_amount: string }[];
  subtotal_amount: string;
  tax_amount: string;
  total_amount: string;
  currency: string;
  note: string | null;
};

const year = new Date().getUTCFullYear();
const NUMBER = new RegExp(`^INV-${year}-\\d{6}$`);

describe("invoices (/profile/orders/{id}/invoice, .pdf, GET /api/v1/orders/{id}/invoice)", () => {
  it("a UK consumer's invoice names seller and VAT number, buyer, number, dates, description, net, rate, tax, total and payment; page, PDF and JSON agree", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const order = (await api<{ data: { stripe_transaction_id: string; invoice_number: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data;
    expect(order.invoice_number).toMatch(NUMBER);

    const orderPage = await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } }));
    expect(orderPage).toContain(`href="/profile/orders/${c.id}/invoice"`);
    expect(orderPage).toContain(`View invoice ${order.invoice_number}`);

    const page = await get(`/profile/orders/${c.id}/invoice`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const facts = [
      "Reelcraft Studio Ltd",
      "1 Canal Street, Manchester M1 3HE, United Kingdom",
      "VAT number: GB246813551",
      `Invoice ${order.invoice_number}`,
      "Issue date",
      "Date of supply",
      "3D Product Launch Animation (Standard package)",
      "£999.00 GBP",
      "20%",
      "£199.80 GBP",
      "£1,198.80 GBP",
      "1 Studio Lane",
      "LS1 1AA",
      "United Kingdom",
      order.stripe_transaction_id,
    ];
    const html = await text(page);
    for (const fact of facts) expect(html).toContain(fact);
    expect(html).toContain(`href="/profile/orders/${c.id}/invoice.pdf"`);

    const pdf = await get(`/profile/orders/${c.id}/invoice.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="invoice-${order.invoice_number}.pdf"`);
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = await pdf.arrayBuffer();
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Invoice ${order.invoice_number}`);
    const words = await pdfText(bytes);
    for (const fact of facts) expect(words).toContain(fact);

    const json = await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token: c.token });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({
      number: order.invoice_number,
      seller: { name: "Reelcraft Studio Ltd", tax_id: "GB246813551" },
      buyer: { company: null, address_lines: ["1 Studio Lane", "Leeds", "LS1 1AA"], country: "GB", tax_id: null },
      lines: [
        {
          description: "3D Product Launch Animation (Standard package)",
          net_amount: "999.00",
          tax_rate: "20.00",
          tax_amount: "199.80",
          total_amount: "1198.80",
        },
      ],
      subtotal_amount: "999.00",
      tax_amount: "199.80",
      total_amount: "1198.80",
      currency: "GBP",
      note: null,
    });
  });

  it("admins read any order's invoice (page, PDF, API); the old receipt links go to the invoice", async () => {
    const c = await customerWithOrder();
    const number = (await api<{ data: { invoice_number: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data.invoice_number;
    const admin = await adminCookie();
    const page = await get(`/admin/orders/${c.id}/invoice`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    expect(await text(page)).toContain(`Invoice ${number}`);
    const pdf = await get(`/admin/orders/${c.id}/invoice.pdf`, { headers: { Cookie: admin } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await text(await get(`/admin/orders/${c.id}`, { headers: { Cookie: admin } }))).toContain(`href="/admin/orders/${c.id}/invoice"`);
    const token = (await adminSignIn()).access_token;
    expect((await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token })).body.data.number).toBe(number);

    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    for (const [old, now] of [
      [`/profile/orders/${c.id}/receipt`, `/profile/orders/${c.id}/invoice`],
      [`/profile/orders/${c.id}/receipt.pdf`, `/profile/orders/${c.id}/invoice.pdf`],
    ]) {
      const moved = await get(old!, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(moved.headers.get("Location")).toBe(now);
    }
  });

  it("no invoice for an unpaid order, another customer, or a visitor", async () => {
    const unpaid = await customerWithOrder({ pay: false });
    const owner = await customerCookie(unpaid.email, "Str0ng!Pass");
    expect((await get(`/profile/orders/${unpaid.id}/invoice`, { headers: { Cookie: owner } })).status).toBe(404);
    expect((await get(`/profile/orders/${unpaid.id}/invoice.pdf`, { headers: { Cookie: owner } })).status).toBe(404);
    expect((await api("GET", `/orders/${unpaid.id}/invoice`, { token: unpaid.token })).status).toBe(404);
    expect((await api<{ data: { invoice_number: null } }>("GET", `/orders/${unpaid.id}`, { token: unpaid.token })).body.data.invoice_number).toBeNull();

    const paid = await customerWithOrder();
    const other = await newCustomer();
    const stranger = await customerCookie(other.email, other.password);
    expect((await get(`/profile/orders/${paid.id}/invoice`, { headers: { Cookie: stranger } })).status).toBe(404);
    const pdf = await get(`/profile/orders/${paid.id}/invoice.pdf`, { headers: { Cookie: stranger } });
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get("Content-Type")).not.toBe("application/pdf");
    expect((await api("GET", `/orders/${paid.id}/invoice`, { token: other.access_token })).status).toBe(404);
    expect((await get(`/admin/orders/${paid.id}/invoice`, { headers: { Cookie: stranger }, redirect: "manual" })).status).toBe(302);

    const visitor = await get(`/profile/orders/${paid.id}/invoice.pdf`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });

  it("an invoice reads the buyer as ordered and the seller as invoiced: editing the settings, or editing or deleting the address later, changes nothing", async () => {
    const c = await customerWithOrder();
    const before = (await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token: c.token })).body.data;
    await env.DB.prepare(
      "UPDATE billing_addresses SET street = 'Somewhere else', country = 'FR' WHERE id = (SELECT billing_address_id FROM orders WHERE id = ?)",
    )
      .bind(c.id)
      .run();
    expect((await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token: c.token })).body.data).toEqual(before);
    await env.DB.prepare("DELETE FROM billing_addresses WHERE id = (SELECT billing_address_id FROM orders WHERE id = ?)").bind(c.id).run();
    expect((await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token: c.token })).body.data).toEqual(before);
    const settings = await env.DB.prepare("SELECT seller_name, seller_address FROM shop_settings WHERE id = 1").first<{
      seller_name: string;
      seller_address: string;
    }>();
    await env.DB.prepare("UPDATE shop_settings SET seller_name = 'Moved Studio Ltd', seller_address = '2 New Road' WHERE id = 1").run();
    try {
      expect((await api<{ data: InvoiceJson }>("GET", `/orders/${c.id}/invoice`, { token: c.token })).body.data).toEqual(before);
      // An invoice issued now prints the new details.
      const later = await customerWithOrder();
      expect((await api<{ data: InvoiceJson }>("GET", `/orders/${later.id}/invoice`, { token: later.token })).body.data.seller.name).toBe("Moved Studio Ltd");
    } finally {
      await env.DB.prepare("UPDATE shop_settings SET seller_name = ?, seller_address = ? WHERE id = 1")
        .bind(settings!.seller_name, settings!.seller_address)
        .run();
    }
  });
});

describe("invoice numbers: one gapless sequence per calendar year, given once", () => {
  const numbers = async () =>
    (
      await env.DB.prepare("SELECT invoice_number AS n FROM order_payments WHERE invoice_number LIKE ? ORDER BY invoice_number")
        .bind(`INV-${year}-%`)
        .all<{ n: string }>()
    ).results.map((r) => Number(r.n.slice(-6)));

  it("paid orders are numbered 1, 2, 3… without a gap, even with declined payments in between", async () => {
    const before = await numbers();
    await customerWithOrder();
    await customerWithOrder({ pay: false });
    await customerWithOrder();
    const after = await numbers();
    expect(after).toEqual([...before, before.length + 1, before.length + 2]);
    expect(after).toEqual(after.map((_, i) => i + 1));
  });

  it("ten recordings of one payment at once (webhook replays, confirmations racing) give it exactly one number and take one", async () => {
    const c = await customerWithOrder({ pay: false });
    const gateway = createLocalGateway(db);
    const order = (await getOrder(db, c.id, EVERY_ORDER))!;
    const confirmed = await gateway.confirmCard(order.stripe_transaction_id!, { number: "4242424242424242", expiry: "12/40", cvc: "123" });
    expect(confirmed.ok).toBe(true);
    const intent = (await gateway.retrieveIntent(order.stripe_transaction_id!))!;
    const before = await numbers();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => recordIntentStatus(db, c.id, intent, notice)));
    expect(new Set(outcomes)).toEqual(new Set(["succeeded"]));
    const after = await numbers();
    expect(after).toEqual([...before, before.length + 1]);
    // Replayed afterwards: still the same number.
    await recordIntentStatus(db, c.id, intent, notice);
    expect(await numbers()).toEqual(after);
    const counter = await env.DB.prepare("SELECT last FROM document_counters WHERE series = 'INV' AND year = ?").bind(year).first<{ last: number }>();
    expect(counter?.last).toBe(after.length);
  });

  it("restarts at 000001 in a new year (UTC), and never numbers an unpaid order", async () => {
    const a = await customerWithOrder();
    const b = await customerWithOrder();
    const unpaid = await customerWithOrder({ pay: false });
    await env.DB.prepare("UPDATE orders SET invoice_number = NULL WHERE id IN (?, ?)").bind(a.id, b.id).run();
    const endOfYear = new Date(Date.UTC(2031, 11, 31, 23, 59, 59));
    const newYear = new Date(Date.UTC(2032, 0, 1, 0, 0, 1));
    for (const [id, at] of [
      [a.id, endOfYear],
      [b.id, newYear],
      [unpaid.id, newYear],
    ] as const) {
      const [first, ...rest] = invoiceNumberStatements(db, id, at);
      await db.batch([first, ...rest]);
    }
    const row = (id: number) => env.DB.prepare("SELECT invoice_number FROM orders WHERE id = ?").bind(id).first<string>("invoice_number");
    expect(await row(a.id)).toBe("INV-2031-000001");
    expect(await row(b.id)).toBe("INV-2032-000001");
    expect(await row(unpaid.id)).toBeNull();
    const counter = await env.DB.prepare("SELECT last FROM document_counters WHERE series = 'INV' AND year = 2032").first<{ last: number }>();
    expect(counter?.last).toBe(1);
  });
});
