import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { BRIEF, customerWithOrder, studioDelivers } from "./order-fixtures";

/**
 * A consumer's cancellation within 14 days of paying, and the choice behind it: without 'Start work
 * now' a brief waits (scheduled) until the period ends; before production, cancelling refunds all at
 * once; after work started at the customer's request it is a request the studio answers with a
 * proportionate refund (unanswered: all of it, by the scheduled run); never once completed, nor for
 * a business.
 */
const DAY = 86_400_000;
type OrderData = {
  id: number;
  work_status: string;
  payment_status: string;
  refunded_amount: string;
  order_amount: string;
  start_work_now: boolean;
  starts_at: string | null;
  due_at: string | null;
  cancellation_requested_at: string | null;
  cancellation_answered_at: string | null;
};
type Answer = { message: string; data: { order: OrderData } };

const order = async (c: { token: string; id: number }) => (await api<{ data: OrderData }>("GET", `/orders/${c.id}`, { token: c.token })).body.data;
const refunds = async (id: number) =>
  (await env.DB.prepare("SELECT amount_minor, reason, status, credit_note_number FROM order_refunds WHERE order_id = ? ORDER BY id").bind(id).all()).results;
const emails = async (kind: string, id: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = ? AND subject LIKE ?").bind(kind, `%#${id}%`).first<number>("n")) ?? 0;
async function runSchedule(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}
const deliver = (id: number) => studioDelivers(id, "First cut");

describe("the choice at checkout: start now, or wait out the cancellation period", () => {
  it("without 'start now' a brief schedules the work 14 days after payment; the scheduled run starts it then, due the package's days later", async () => {
    const c = await customerWithOrder({ startWorkNow: false });
    expect((await order(c)).start_work_now).toBe(false);
    const briefed = await api<{ data: OrderData }>("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } });
    expect(briefed.status).toBe(200);
    const paidAt = Number(await env.DB.prepare("SELECT invoice_issued_at FROM orders WHERE id = ?").bind(c.id).first("invoice_issued_at"));
    expect(briefed.body.data).toMatchObject({ work_status: "scheduled", starts_at: new Date(paidAt + 14 * DAY).toISOString() });
    // Standard promises 7 days from the start of work.
    expect(briefed.body.data.due_at).toBe(new Date(paidAt + 21 * DAY).toISOString());
    expect(await emails("work_brief_scheduled", c.id)).toBeGreaterThan(0);

    // Not yet: a run before the period ends leaves it scheduled.
    await runSchedule(paidAt + 13 * DAY);
    expect((await order(c)).work_status).toBe("scheduled");
    const at = paidAt + 14 * DAY + 60_000;
    await runSchedule(at);
    const started = await order(c);
    expect(started.work_status).toBe("in_progress");
    expect(Date.parse(started.due_at!)).toBeGreaterThan(at);
    const events = (await api<{ data: { actor: string; to_status: string }[] }>("GET", `/orders/${c.id}/events`, { token: c.token })).body.data;
    expect(events.slice(-2)).toMatchObject([
      { actor: "customer", to_status: "scheduled" },
      { actor: "system", to_status: "in_progress" },
    ]);
  });

  it("a business is not asked: its work starts at once whatever the client sends", async () => {
    const person = await newCustomer();
    const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
      token: person.access_token,
      body: {
        street: "1 Mill Lane",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 1AA",
        country: "GB",
        company_name: "Mill Films Ltd",
        tax_id: "648 0680 64",
      },
    });
    const created = await api<{ data: OrderData }>("POST", "/orders", {
      token: person.access_token,
      body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0, start_work_now: false } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.start_work_now).toBe(true);
    // Nor may it cancel through the consumers' withdrawal function.
    const paid = await api("POST", "/payments/local/confirm", {
      token: person.access_token,
      body: {
        client_secret: (created.body.data as unknown as { client_secret: string }).client_secret,
        card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const refused = await api<{ message: string }>("POST", `/orders/${created.body.data.id}/cancel`, { token: person.access_token });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      "Orders billed to a business cannot be cancelled this way. Please write to the studio in the order's messages.",
    ]);
  });
});

describe("cancelling within 14 days (POST /orders/{id}/cancel)", () => {
  it("before production started: a full refund at once with a credit note, exactly once under simultaneous requests", async () => {
    const c = await customerWithOrder({ startWorkNow: false });
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => api<Answer>("POST", `/orders/${c.id}/cancel`, { token: c.token })));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body.message).toBe("Your order is cancelled and your money is on its way back in full.");
    expect(await refunds(c.id)).toEqual([
      {
        amount_minor: 119880,
        reason: "Cancelled by the customer within 14 days, before work started",
        status: "succeeded",
        credit_note_number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
      },
    ]);
    expect(await order(c)).toMatchObject({ work_status: "cancelled", payment_status: "refunded" });
    expect(await emails("work_refunded", c.id)).toBe(1);
    const again = await api<{ message: string }>("POST", `/orders/${c.id}/cancel`, { token: c.token });
    expect([again.status, again.body.message]).toEqual([409, "This order has been refunded already."]);
  });

  it("after work started at the customer's request: a request (202) the studio answers with a part refund and a note; the order is cancelled", async () => {
    const c = await customerWithOrder({ startWorkNow: true });
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const asked = await api<Answer>("POST", `/orders/${c.id}/cancel`, { token: c.token });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe("Your cancellation request is with the studio. They will answer within 3 days with a refund for the work not yet done.");
    expect(asked.body.data.order.cancellation_requested_at).not.toBeNull();
    expect(await refunds(c.id)).toEqual([]);
    expect(await emails("work_cancellation_requested", c.id)).toBe(1);
    expect(await emails("work_cancellation_to_answer", c.id)).toBeGreaterThan(0);
    const twice = await api<{ message: string }>("POST", `/orders/${c.id}/cancel`, { token: c.token });
    expect([twice.status, twice.body.message]).toEqual([409, "You have already asked to cancel this order. The studio will answer soon."]);

    const admin = await adminSignIn();
    const tooMuch = await api<{ message: string }>("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "5000.00", note: "Storyboard done" } },
    });
    expect(tooMuch.status).toBe(422);
    const noNote = await api<{ errors: string[] }>("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "100.00" } },
    });
    expect([noNote.status, noNote.body.errors]).toEqual([422, ["Describe the work done so far"]]);
    // Customers cannot answer for the studio.
    expect((await api("POST", `/orders/${c.id}/cancellation/answer`, { token: c.token, body: { cancellation: { amount: "0", note: "x" } } })).status).toBe(403);

    const answered = await api<Answer>("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "800.00", note: "Script and storyboard were done; animation had not started." } },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data.order).toMatchObject({ work_status: "cancelled", refunded_amount: "800.00", payment_status: "succeeded" });
    expect(answered.body.data.order.cancellation_answered_at).not.toBeNull();
    expect(await refunds(c.id)).toMatchObject([
      { amount_minor: 80000, reason: "Cancellation: Script and storyboard were done; animation had not started.", status: "succeeded" },
    ]);
    expect(await emails("work_cancellation_answered", c.id)).toBe(1);
    const second = await api<{ message: string }>("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "1.00", note: "Again" } },
    });
    expect([second.status, second.body.message]).toEqual([409, "There is no open cancellation request on this order."]);
  });

  it("a request left unanswered for 3 days is refunded in full by the scheduled run, once", async () => {
    const c = await customerWithOrder({ startWorkNow: true });
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    expect((await api("POST", `/orders/${c.id}/cancel`, { token: c.token })).status).toBe(202);
    await runSchedule(Date.now() + 2 * DAY);
    expect(await refunds(c.id)).toEqual([]);
    await runSchedule(Date.now() + 3 * DAY + 60_000);
    await runSchedule(Date.now() + 3 * DAY + 120_000);
    expect(await refunds(c.id)).toMatchObject([
      { amount_minor: 119880, reason: "Cancellation not answered within 3 days: refunded in full", status: "succeeded" },
    ]);
    expect(await order(c)).toMatchObject({ work_status: "cancelled", payment_status: "refunded" });
  });

  it("is refused with the reason: past 14 days, completed, unpaid, a business, another customer's", async () => {
    const late = await customerWithOrder();
    await env.DB.prepare("UPDATE orders SET invoice_issued_at = invoice_issued_at - ? WHERE id = ?")
      .bind(15 * DAY, late.id)
      .run();
    const tooLate = await api<{ message: string }>("POST", `/orders/${late.id}/cancel`, { token: late.token });
    expect([tooLate.status, tooLate.body.message]).toEqual([409, "Orders can be cancelled within 14 days of paying."]);

    const done = await customerWithOrder();
    expect((await api("PUT", `/orders/${done.id}/brief`, { token: done.token, body: { brief: BRIEF } })).status).toBe(200);
    await deliver(done.id);
    expect((await api("POST", `/orders/${done.id}/approve`, { token: done.token })).status).toBe(200);
    const completed = await api<{ message: string }>("POST", `/orders/${done.id}/cancel`, { token: done.token });
    expect([completed.status, completed.body.message]).toEqual([409, "This order is completed: it can no longer be cancelled."]);

    const unpaid = await customerWithOrder({ pay: false });
    const notPaid = await api<{ message: string }>("POST", `/orders/${unpaid.id}/cancel`, { token: unpaid.token });
    expect([notPaid.status, notPaid.body.message]).toEqual([409, "This order has not been paid."]);

    const other = await newCustomer();
    expect((await api("POST", `/orders/${late.id}/cancel`, { token: other.access_token })).status).toBe(404);
    expect((await api("POST", `/orders/${late.id}/cancel`)).status).toBe(401);
    expect(await refunds(late.id)).toEqual([]);
  });
});

describe("the order page's 'Cancel this order' (screens, without JavaScript)", () => {
  it("offers it while it applies, cancels with a full refund before work starts, and the studio answers a request on its page", async () => {
    const c = await customerWithOrder({ startWorkNow: false });
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Cancel this order");
    expect(page).toContain("Work has not started, so you get all your money back at once.");
    // The first button only leads to the confirmation step, which says what comes back.
    const first = await postForm(`/profile/orders/${c.id}`, { intent: "cancel" }, { Cookie: cookie });
    expect(first.headers.get("Location")).toBe(`/profile/orders/${c.id}?cancel=confirm#cancel-title`);
    const paid = await order(c);
    expect(paid).toMatchObject({ work_status: "awaiting_brief", payment_status: "succeeded" });
    const back = `£${Number(paid.order_amount).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    const confirm = (await (await get(`/profile/orders/${c.id}?cancel=confirm`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(confirm).toContain(`You get ${back} back now, to the card you paid with, and the order ends. This cannot be undone.`);
    expect(confirm).toContain(`Yes, cancel and refund ${back}`);
    expect(confirm).toContain("Keep my order");
    const cancelled = await postForm(`/profile/orders/${c.id}`, { intent: "cancel", confirmed: "yes" }, { Cookie: cookie });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=cancel-refunded`);
    expect(await order(c)).toMatchObject({ work_status: "cancelled", payment_status: "refunded" });
    const after = await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain("Cancel this order");

    const started = await customerWithOrder({ startWorkNow: true });
    expect((await api("PUT", `/orders/${started.id}/brief`, { token: started.token, body: { brief: BRIEF } })).status).toBe(200);
    const startedCookie = await customerCookie(started.email, "Str0ng!Pass");
    const asking = (await (await get(`/profile/orders/${started.id}?cancel=confirm`, { headers: { Cookie: startedCookie } })).text()).replace(/<!-- -->/g, "");
    expect(asking).toContain(
      `The studio answers within 3 days with what it keeps for the work already done, and refunds the rest; if it does not answer, you get everything back (${back}).`,
    );
    const requested = await postForm(`/profile/orders/${started.id}`, { intent: "cancel", confirmed: "yes" }, { Cookie: startedCookie });
    expect(requested.headers.get("Location")).toBe(`/profile/orders/${started.id}?notice=cancel-requested`);
    const admin = await adminCookie();
    const adminPage = await (await get(`/admin/orders/${started.id}`, { headers: { Cookie: admin } })).text();
    expect(adminPage).toContain("Cancellation to answer");
    const refused = await postForm(`/admin/orders/${started.id}`, { intent: "answer-cancellation", amount: "", note: "" }, { Cookie: admin });
    expect(refused.status).toBe(422);
    const refusedText = await refused.text();
    expect(refusedText).toContain("Enter the amount to refund, like 250.00 (0 for nothing)");
    expect(refusedText).toContain("Describe the work done so far");
    const answered = await postForm(
      `/admin/orders/${started.id}`,
      { intent: "answer-cancellation", amount: "0", note: "The film was nearly done." },
      { Cookie: admin },
    );
    expect(answered.status).toBe(302);
    expect(await order(started)).toMatchObject({ work_status: "cancelled", refunded_amount: "0.00" });
  });
});
