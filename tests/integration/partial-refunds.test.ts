import { env } from "cloudflare:test";
import { pdfText } from "./pdf-text";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * Partial refunds: an admin refunds any amount up to what is left, several times; each refund gets
 * a credit note (its own gapless yearly sequence) with its tax part; the parts add up to the order.
 * The demo order below is a UK consumer's Standard package: 999.00 + 199.80 VAT = 1198.80.
 */
type Refund = { id: number; amount: string; tax_amount: string; credit_note_number: string | null; status: string };
type Answer = { data: { order: { payment_status: string; work_status: string; refunded_amount: string }; refunds: Refund[]; remaining_amount: string } };
const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const localRefunds = async (orderId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM local_refunds r JOIN orders o ON o.payment_intent_id = r.intent_id WHERE o.id = ?")
    .bind(orderId)
    .first<number>("n")) ?? 0;

function refund(token: string, id: number, body: Record<string, unknown>, key?: string) {
  return api<Answer & { message: string; errors?: string[] }>("POST", `/orders/${id}/refund`, {
    token,
    body: { refund: body },
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

describe("partial refunds (POST /orders/{id}/refund with an amount)", () => {
  it("three refunds add up to the order: tax parts half up, the last takes what remains; each has a credit note; then nothing is left (409)", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;

    const first = await refund(admin, c.id, { reason: "One scene dropped", amount: "250.00" });
    expect(first.status).toBe(200);
    expect(first.body.data.order).toMatchObject({ payment_status: "succeeded", work_status: "awaiting_brief", refunded_amount: "250.00" });
    expect(first.body.data.remaining_amount).toBe("948.80");
    // 250.00 × 199.80 ÷ 1198.80 = 41.666… → 41.67
    expect(first.body.data.refunds).toEqual([expect.objectContaining({ amount: "250.00", tax_amount: "41.67", status: "succeeded" })]);

    const second = await refund(admin, c.id, { reason: "Shorter cut", amount: "333.33" });
    // 333.33 × 199.80 ÷ 1198.80 = 55.555 → 55.56 (half up)
    expect(second.body.data.refunds[1]).toMatchObject({ amount: "333.33", tax_amount: "55.56" });
    expect(second.body.data.remaining_amount).toBe("615.47");

    const rest = await refund(admin, c.id, { reason: "Project cancelled" });
    expect(rest.status).toBe(200);
    expect(rest.body.data.order).toMatchObject({ payment_status: "refunded", work_status: "cancelled", refunded_amount: "1198.80" });
    expect(rest.body.data.remaining_amount).toBe("0.00");
    const refunds = rest.body.data.refunds;
    expect(refunds.map((r) => r.amount)).toEqual(["250.00", "333.33", "615.47"]);
    // The last refund's tax part is what remains: the parts add up to the order's 199.80.
    expect(refunds.reduce((sum, r) => sum + Math.round(Number(r.tax_amount) * 100), 0)).toBe(19980);
    const numbers = refunds.map((r) => Number(r.credit_note_number!.slice(-6)));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    expect(await localRefunds(c.id)).toBe(3);

    const none = await refund(admin, c.id, { reason: "More", amount: "1.00" });
    expect(none.status).toBe(409);
    expect(await localRefunds(c.id)).toBe(3);
  });

  it("refuses more than is left (422, naming what is left), a malformed amount, and zero; nothing refunded", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;
    const tooMuch = await refund(admin, c.id, { reason: "Too much", amount: "1198.81" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe("The refund can be at most £1,198.80, what is left of this order.");
    for (const amount of ["-5", "abc", "12.345.6", "0", "0.00", "1.999"]) {
      const refused = await refund(admin, c.id, { reason: "Bad amount", amount });
      expect(refused.status, amount).toBe(422);
    }
    expect(await localRefunds(c.id)).toBe(0);
  });

  it("an amount that is present is exact: empty, spaces, negative, zero, too many decimals or not a string are 422 naming the field; only an absent amount refunds the rest", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;
    for (const amount of ["", " ", "  12.00", "-5", "0", "000.000", "1.234", 12, null, "1e3"]) {
      const refused = await api<{ message: string; errors?: string[] }>("POST", `/orders/${c.id}/refund`, {
        token: admin,
        body: { refund: { reason: "Bad amount", amount } },
      });
      expect(refused.status, JSON.stringify(amount)).toBe(422);
      expect(JSON.stringify(refused.body.errors ?? [refused.body.message]), JSON.stringify(amount)).toMatch(/\bamount\b/);
    }
    expect(await localRefunds(c.id)).toBe(0);
    expect((await refund(admin, c.id, { reason: "All of it" })).body.data.order).toMatchObject({ payment_status: "refunded", refunded_amount: "1198.80" });
  });

  it("the page's refund form asks for an explicit choice: all that is left, or a part with its amount", async () => {
    const c = await customerWithOrder();
    const admin = await adminCookie();
    const page = (await text(await get(`/admin/orders/${c.id}`, { headers: { Cookie: admin } }))).replace(/<!-- -->/g, "");
    expect(page).toMatch(/<input type="radio" name="scope"[^>]*value="all"\/>All that is left \(£1,198\.80\), which also cancels the work/);
    expect(page).toMatch(/<input type="radio" name="scope"[^>]*value="part"\/>Part of it, the work goes on/);
    expect(page).not.toContain("Leave the amount empty");
    const unchosen = await postForm(`/admin/orders/${c.id}`, { intent: "review-refund", reason: "Goodwill", amount: "" }, { Cookie: admin });
    expect(unchosen.status).toBe(422);
    expect(await unchosen.text()).toContain("Choose what to refund");
    const partWithout = await postForm(`/admin/orders/${c.id}`, { intent: "review-refund", scope: "part", reason: "Goodwill", amount: "" }, { Cookie: admin });
    expect(partWithout.status).toBe(422);
    expect(await partWithout.text()).toContain("Enter the amount to refund, like 250.00");
    const zero = await postForm(`/admin/orders/${c.id}`, { intent: "refund", scope: "part", reason: "Goodwill", amount: "0.00" }, { Cookie: admin });
    expect(zero.status).toBe(422);
    expect(await zero.text()).toContain("Enter an amount above zero");
    expect(await localRefunds(c.id)).toBe(0);
    const all = await postForm(`/admin/orders/${c.id}`, { intent: "review-refund", scope: "all", reason: "Goodwill", amount: "" }, { Cookie: admin });
    expect(all.status).toBe(200);
    expect((await all.text()).replace(/<!-- -->/g, "")).toContain("Refund £1,198.80 and cancel the work?");
  });

  it("the same Idempotency-Key answers the same refund and refunds once; different keys at once never refund more than was paid", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;
    const once = await refund(admin, c.id, { reason: "Partial", amount: "100.00" }, "refund-abc");
    const replay = await refund(admin, c.id, { reason: "Partial", amount: "100.00" }, "refund-abc");
    expect(replay.status).toBe(200);
    expect(replay.body.data.refunds).toEqual(once.body.data.refunds);
    expect(await localRefunds(c.id)).toBe(1);

    // Ten requests of 500.00 at once, each its own key, against 1098.80 left: never more than two succeed.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(admin, c.id, { reason: "Rush", amount: "500.00" }, `rush-${i}`)));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(2);
    for (const a of answers.filter((x) => x.status !== 200)) expect([409, 422]).toContain(a.status);
    const row = await env.DB.prepare("SELECT refunded_minor AS r, amount_minor AS t FROM orders WHERE id = ?").bind(c.id).first<{ r: number; t: number }>();
    expect(row!.r).toBe(10000 + ok * 50000);
    expect(row!.r).toBeLessThanOrEqual(row!.t);
    expect(await localRefunds(c.id)).toBe(1 + ok);
  });
});

describe("credit notes (pages, PDFs, GET /orders/{id}/credit_notes)", () => {
  it("each refund's credit note names the invoice it corrects, the amount and its tax part; the owner and admins see it, others do not", async () => {
    const c = await customerWithOrder();
    const admin = (await adminSignIn()).access_token;
    const done = await refund(admin, c.id, { reason: "One scene dropped", amount: "250.00" });
    const number = done.body.data.refunds[0]!.credit_note_number!;
    const invoice = (await api<{ data: { invoice_number: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data.invoice_number;

    const listed = await api<{ data: Refund[] }>("GET", `/orders/${c.id}/credit_notes`, { token: c.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ amount: "250.00", tax_amount: "41.67", credit_note_number: number })]);

    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const orderPage = await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } }));
    expect(orderPage).toContain("Partly refunded");
    expect(orderPage).toContain(`href="/profile/orders/${c.id}/credit-notes/${number}"`);

    const facts = [
      `Credit note ${number}`,
      `Corrects invoice`,
      invoice,
      "£208.33 GBP",
      "£41.67 GBP",
      "£250.00 GBP",
      "One scene dropped",
      "VAT number: GB246813551",
    ];
    const page = await get(`/profile/orders/${c.id}/credit-notes/${number}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = (await text(page)).replace(/&#x27;/g, "'");
    for (const fact of facts) expect(html).toContain(fact);
    const pdf = await get(`/profile/orders/${c.id}/credit-notes/${number}.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="credit-note-${number}.pdf"`);
    const words = await pdfText(await pdf.arrayBuffer());
    for (const fact of facts) expect(words).toContain(fact);

    const adminPage = await get(`/admin/orders/${c.id}/credit-notes/${number}`, { headers: { Cookie: await adminCookie() } });
    expect(adminPage.status).toBe(200);
    expect(await text(await get(`/admin/orders/${c.id}`, { headers: { Cookie: await adminCookie() } }))).toContain(
      `/admin/orders/${c.id}/credit-notes/${number}`,
    );

    const other = await newCustomer();
    const stranger = await customerCookie(other.email, other.password);
    expect((await get(`/profile/orders/${c.id}/credit-notes/${number}`, { headers: { Cookie: stranger } })).status).toBe(404);
    expect((await get(`/profile/orders/${c.id}/credit-notes/${number}.pdf`, { headers: { Cookie: stranger } })).status).toBe(404);
    expect((await api("GET", `/orders/${c.id}/credit_notes`, { token: other.access_token })).status).toBe(404);
    expect((await get(`/profile/orders/${c.id}/credit-notes/CN-2026-999999`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("the admin refunds part of an order from its page without JavaScript: amount and reason, then the credit note is listed", async () => {
    const c = await customerWithOrder();
    const admin = await adminCookie();
    const badAmount = await postForm(`/admin/orders/${c.id}`, { intent: "refund", scope: "part", reason: "Part", amount: "lots" }, { Cookie: admin });
    expect(badAmount.status).toBe(422);
    expect(await badAmount.text()).toContain("Enter the amount as a number, like 250.00");
    const done = await postForm(
      `/admin/orders/${c.id}`,
      { intent: "refund", scope: "part", reason: "Part of it", amount: "100", refund_key: "page-view-1" },
      { Cookie: admin },
    );
    expect(done.status).toBe(302);
    // The same page view's form sent again refunds nothing more.
    await postForm(
      `/admin/orders/${c.id}`,
      { intent: "refund", scope: "part", reason: "Part of it", amount: "100", refund_key: "page-view-1" },
      { Cookie: admin },
    );
    expect(await localRefunds(c.id)).toBe(1);
    const page = await text(await get(`/admin/orders/${c.id}`, { headers: { Cookie: admin } }));
    expect(page).toContain("£1,098.80 is left to refund");
    expect(page).toMatch(/Credit note CN-\d{4}-\d{6}/);
  });
});
