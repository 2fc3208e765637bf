import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, customerCookie, get, postForm } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * The first-order money-back guarantee: a full refund at once, within 30 days of paying for a
 * customer's first order while it is not completed, exactly once, with a credit note and the order
 * cancelled; refused with the reason otherwise.
 */
type Answer = { message: string; data: { order: { payment_status: string; work_status: string }; refunds: { credit_note_number: string | null }[] } };
const DAY = 86_400_000;

describe("the first-order money-back guarantee", () => {
  it("refunds the first order in full at once, exactly once under simultaneous claims", async () => {
    const c = await customerWithOrder();
    const answers = await Promise.all([1, 2, 3].map(() => api<Answer>("POST", `/orders/${c.id}/guarantee`, { token: c.token })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const refunds = await env.DB.prepare("SELECT status, credit_note_number, reason, admin_id FROM order_refunds WHERE order_id = ?").bind(c.id).all();
    expect(refunds.results).toEqual([
      { status: "succeeded", credit_note_number: expect.stringMatching(/^CN-\d{4}-\d{6}$/), reason: "First-order money-back guarantee", admin_id: null },
    ]);
    const order = await api<{ data: { payment_status: string; work_status: string } }>("GET", `/orders/${c.id}`, { token: c.token });
    expect(order.body.data).toMatchObject({ payment_status: "refunded", work_status: "cancelled" });
    const again = await api<{ message: string }>("POST", `/orders/${c.id}/guarantee`, { token: c.token });
    expect([again.status, again.body.message]).toEqual([409, "This order has been refunded already."]);
  });

  it("is refused with the reason: not the first order, after 30 days, completed, unpaid, another customer's", async () => {
    const c = await customerWithOrder();
    // A second order of the same customer, paid later.
    const address = await api<{ data: { id: number }[] }>("GET", "/billing_addresses", { token: c.token });
    const second = await api<{ data: { id: number; client_secret: string } }>("POST", "/orders", {
      token: c.token,
      body: { order: { product_id: 2, billing_address_id: address.body.data[0]!.id, package_index: 0 } },
    });
    const unpaid = await api<{ message: string }>("POST", `/orders/${second.body.data.id}/guarantee`, { token: c.token });
    expect([unpaid.status, unpaid.body.message]).toEqual([409, "This order has not been paid."]);
    await api("POST", "/payments/local/confirm", {
      token: c.token,
      body: { client_secret: second.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
    });
    await env.DB.prepare("UPDATE orders SET invoice_issued_at = invoice_issued_at + 1000 WHERE id = ?").bind(second.body.data.id).run();
    const notFirst = await api<{ message: string }>("POST", `/orders/${second.body.data.id}/guarantee`, { token: c.token });
    expect([notFirst.status, notFirst.body.message]).toEqual([409, "The money-back guarantee covers a customer's first order only."]);

    await env.DB.prepare("UPDATE orders SET invoice_issued_at = ? WHERE id = ?")
      .bind(Date.now() - 31 * DAY, c.id)
      .run();
    const late = await api<{ message: string }>("POST", `/orders/${c.id}/guarantee`, { token: c.token });
    expect([late.status, late.body.message]).toEqual([409, "The money-back guarantee can be claimed within 30 days of paying."]);

    const done = await customerWithOrder();
    await env.DB.prepare("UPDATE orders SET work_status = 'completed' WHERE id = ?").bind(done.id).run();
    const completed = await api<{ message: string }>("POST", `/orders/${done.id}/guarantee`, { token: done.token });
    expect([completed.status, completed.body.message]).toEqual([409, "This order is completed: the guarantee no longer applies."]);
    expect((await api("POST", `/orders/${done.id}/guarantee`, { token: c.token })).status).toBe(404);
    expect((await api("POST", `/orders/${done.id}/guarantee`)).status).toBe(401);
  });

  it("the order page offers it without JavaScript and says the money is on its way", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("30-day money-back guarantee");
    expect(page).toContain("?guarantee=confirm#guarantee-title");
    // A post from anywhere but the confirmation step refunds nothing: it leads to that step.
    const unconfirmed = await postForm(`/profile/orders/${c.id}`, { intent: "guarantee" }, { Cookie: cookie });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`/profile/orders/${c.id}?guarantee=confirm#guarantee-title`);
    expect((await api<{ data: { payment_status: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data.payment_status).toBe("succeeded");
    const step = await (await get(`/profile/orders/${c.id}?guarantee=confirm`, { headers: { Cookie: cookie } })).text();
    expect(step).toContain("Refund your first order?");
    expect(step).toMatch(/You get £[\d,]+\.\d{2} back now, to the card you paid with, and the order is cancelled\. This cannot be undone\./);
    expect(step).toContain('name="intent" value="guarantee"');
    const claimed = await postForm(`/profile/orders/${c.id}`, { intent: "guarantee", confirmed: "yes" }, { Cookie: cookie });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=guarantee-refunded`);
    const after = await (await get(`/profile/orders/${c.id}?notice=guarantee-refunded`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("Your money is on its way back under the money-back guarantee. The order is cancelled.");
    expect(after).not.toContain('name="intent" value="guarantee"');
    expect(after).not.toContain("30-day money-back guarantee");
  });
});
