import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { autoCompleteOrder, startScheduledOrder } from "~/domain/orders/work-timers.server";
import { refundUnansweredCancellation } from "~/domain/orders/cancellation.server";
import { claimClosingRefund, cancellationOpen } from "~/domain/orders/closing-refunds.server";
import { createPaymentGateway } from "~/domain/payments/factory.server";
import { expireUnpaidOrder } from "~/domain/orders/orders.server";
import { adminSignIn, api } from "./helpers";
import { BRIEF, customerWithOrder, studioDelivers, type Event } from "./order-fixtures";

/**
 * Money that must not leave by itself: a cancellation request and the approval of the delivery
 * decide each other (approval withdraws the request; the request's refund, once claimed, refuses
 * approval), and every timer re-checks, in the write that acts, the state it picked an order for:
 * an order that changed between the timer's read and its write is left alone.
 */
const DAY = 86_400_000;
type OrderData = {
  work_status: string;
  payment_status: string;
  refunded_amount: string;
  cancellation_requested_at: string | null;
  cancellation_answered_at: string | null;
  cancellation_withdrawn_at: string | null;
};

const db = () => createDb(env.DB);
const notice = () => ({ env, origin: "http://localhost" });
const order = async (c: { token: string; id: number }) => (await api<{ data: OrderData }>("GET", `/orders/${c.id}`, { token: c.token })).body.data;
const refundRows = async (id: number) =>
  (await env.DB.prepare("SELECT amount_minor, reason, status FROM order_refunds WHERE order_id = ?").bind(id).all()).results;
const events = async (c: { token: string; id: number }) => (await api<{ data: Event[] }>("GET", `/orders/${c.id}/events`, { token: c.token })).body.data;
const studioEmails = async (kind: string, id: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = ? AND subject LIKE ?").bind(kind, `%#${id}%`).first<number>("n")) ?? 0;

async function runSchedule(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}

/** A paid order whose work started at the customer's request, delivered once. */
async function deliveredOrder() {
  const c = await customerWithOrder({ startWorkNow: true });
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  await studioDelivers(c.id, "Final cut");
  return c;
}

describe("a cancellation request and the approval of the delivery", () => {
  it("cancel, then approve, then nobody answers for 3 days: completed, the request withdrawn, nothing refunded (the outside test's reproduction)", async () => {
    const c = await deliveredOrder();
    expect((await api("POST", `/orders/${c.id}/cancel`, { token: c.token })).status).toBe(202);
    const approved = await api<{ data: OrderData }>("POST", `/orders/${c.id}/approve`, { token: c.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ work_status: "completed", cancellation_answered_at: null });
    expect(approved.body.data.cancellation_withdrawn_at).not.toBeNull();
    expect((await events(c)).at(-1)).toMatchObject({ to_status: "completed", note: "Approved. Cancellation withdrawn by approval" });
    expect(await studioEmails("work_cancellation_withdrawn", c.id)).toBeGreaterThan(0);

    await runSchedule(Date.now() + 3 * DAY + 60_000);
    await runSchedule(Date.now() + 10 * DAY);
    expect(await order(c)).toMatchObject({ work_status: "completed", payment_status: "succeeded", refunded_amount: "0.00" });
    expect(await refundRows(c.id)).toEqual([]);
    // The studio's answer box is gone, and an answer is refused: there is nothing to answer.
    const admin = await adminSignIn();
    const answer = await api("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "100.00", note: "Work done so far" } },
    });
    expect(answer.status).toBe(409);
    expect(await refundRows(c.id)).toEqual([]);
  });

  it("approve, then cancel: the cancellation is refused, the order stays completed", async () => {
    const c = await deliveredOrder();
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
    const cancel = await api<{ message: string }>("POST", `/orders/${c.id}/cancel`, { token: c.token });
    expect(cancel.status).toBe(409);
    await runSchedule(Date.now() + 5 * DAY);
    expect(await order(c)).toMatchObject({ work_status: "completed", refunded_amount: "0.00", cancellation_requested_at: null });
    expect(await refundRows(c.id)).toEqual([]);
  });

  it("cancel, and the auto-completion time passes: the order waits for the answer (or the request's own timer), never completing with the request open", async () => {
    const c = await deliveredOrder();
    const deliveredAt = Date.now();
    expect((await api("POST", `/orders/${c.id}/cancel`, { token: c.token })).status).toBe(202);
    // The request as if made a day after the delivery: when auto-completion falls due, it is 2 days old.
    await env.DB.prepare("UPDATE orders SET cancellation_requested_at = ? WHERE id = ?")
      .bind(deliveredAt + 1 * DAY, c.id)
      .run();
    await runSchedule(deliveredAt + 3 * DAY + 60_000);
    expect(await order(c)).toMatchObject({ work_status: "delivered", refunded_amount: "0.00" });
    expect(await refundRows(c.id)).toEqual([]);
    // The request's own timer: unanswered for 3 days, refunded in full and cancelled, once.
    await runSchedule(deliveredAt + 4 * DAY + 60_000);
    await runSchedule(deliveredAt + 5 * DAY);
    expect(await order(c)).toMatchObject({ work_status: "cancelled", payment_status: "refunded", refunded_amount: "1198.80" });
    expect(await refundRows(c.id)).toEqual([
      { amount_minor: 119880, reason: "Cancellation not answered within 3 days: refunded in full", status: "succeeded" },
    ]);
  });

  it("the timer racing an approval: whichever writes first wins, and the other changes nothing", async () => {
    const gateway = createPaymentGateway(env, db());
    // The timer claimed the refund first: approval is refused while the refund is made.
    const first = await deliveredOrder();
    expect((await api("POST", `/orders/${first.id}/cancel`, { token: first.token })).status).toBe(202);
    const later = Date.now() + 3 * DAY + 60_000;
    expect(await claimClosingRefund(db(), first.id, cancellationOpen, Date.now())).toBe(true);
    const refused = await api<{ message: string }>("POST", `/orders/${first.id}/approve`, { token: first.token });
    expect([refused.status, refused.body.message]).toEqual([409, "The refund of this order is being made: it can no longer be approved."]);
    expect((await order(first)).work_status).toBe("delivered");
    expect(await refundUnansweredCancellation(db(), gateway, notice(), first.id, later)).toBe(true);
    expect(await order(first)).toMatchObject({ work_status: "cancelled", payment_status: "refunded" });

    // The approval landed first: the timer's act on the order it picked (with the request open then) refunds nothing.
    const second = await deliveredOrder();
    expect((await api("POST", `/orders/${second.id}/cancel`, { token: second.token })).status).toBe(202);
    expect((await api("POST", `/orders/${second.id}/approve`, { token: second.token })).status).toBe(200);
    expect(await refundUnansweredCancellation(db(), gateway, notice(), second.id, later)).toBe(false);
    expect(await order(second)).toMatchObject({ work_status: "completed", payment_status: "succeeded", refunded_amount: "0.00" });
    expect(await refundRows(second.id)).toEqual([]);

    // Both at once, many times over: never a completed order with a refund.
    const third = await deliveredOrder();
    expect((await api("POST", `/orders/${third.id}/cancel`, { token: third.token })).status).toBe(202);
    const [approval, timer] = await Promise.all([
      api("POST", `/orders/${third.id}/approve`, { token: third.token }),
      refundUnansweredCancellation(db(), gateway, notice(), third.id, later),
    ]);
    const after = await order(third);
    if (after.work_status === "completed") {
      expect([approval.status, timer, after.refunded_amount]).toEqual([200, false, "0.00"]);
      expect(await refundRows(third.id)).toEqual([]);
    } else {
      expect([approval.status, timer, after.work_status, after.payment_status]).toEqual([409, true, "cancelled", "refunded"]);
    }
  });

  it("the studio's answer after the customer approved is refused, and the customer's approval after the studio claimed its answer is refused", async () => {
    const c = await deliveredOrder();
    expect((await api("POST", `/orders/${c.id}/cancel`, { token: c.token })).status).toBe(202);
    const admin = await adminSignIn();
    const answered = await api("POST", `/orders/${c.id}/cancellation/answer`, {
      token: admin.access_token,
      body: { cancellation: { amount: "100.00", note: "Storyboard done" } },
    });
    expect(answered.status).toBe(200);
    const approve = await api("POST", `/orders/${c.id}/approve`, { token: c.token });
    expect(approve.status).toBe(409);
    expect(await order(c)).toMatchObject({ work_status: "cancelled", refunded_amount: "100.00" });
  });
});

describe("every timer re-checks, in its write, what it picked the order for", () => {
  it("auto-completion: an order that got a revision request, or a cancellation request, after the pick is not completed", async () => {
    const revised = await deliveredOrder();
    const later = Date.now() + 3 * DAY + 60_000;
    expect(
      (await api("POST", `/orders/${revised.id}/revisions`, { token: revised.token, body: { revision: { note: "Brighter, please", comments: [] } } })).status,
    ).toBe(201);
    expect(await autoCompleteOrder(db(), notice(), revised.id, later)).toBe(false);
    expect((await order(revised)).work_status).toBe("revision_requested");

    const cancelling = await deliveredOrder();
    expect((await api("POST", `/orders/${cancelling.id}/cancel`, { token: cancelling.token })).status).toBe(202);
    expect(await autoCompleteOrder(db(), notice(), cancelling.id, later)).toBe(false);
    expect((await order(cancelling)).work_status).toBe("delivered");

    // Not due yet (a pick made on a clock that ran ahead): nothing written either; due: completed once.
    const early = await deliveredOrder();
    expect(await autoCompleteOrder(db(), notice(), early.id, Date.now() + DAY)).toBe(false);
    expect(await autoCompleteOrder(db(), notice(), early.id, later)).toBe(true);
    expect(await autoCompleteOrder(db(), notice(), early.id, later)).toBe(false);
    expect((await order(early)).work_status).toBe("completed");
  });

  it("the start of scheduled work: an order whose start moved after the pick is not started", async () => {
    const c = await customerWithOrder({ startWorkNow: false });
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const startsAt = Number(await env.DB.prepare("SELECT starts_at FROM orders WHERE id = ?").bind(c.id).first("starts_at"));
    expect(await startScheduledOrder(db(), c.id, startsAt - 60_000)).toBe(false);
    expect((await order(c)).work_status).toBe("scheduled");
    expect(await startScheduledOrder(db(), c.id, startsAt + 60_000)).toBe(true);
    expect((await order(c)).work_status).toBe("in_progress");
  });

  it("payment expiry: an order paid, or renewed, after the pick is not cancelled", async () => {
    const gateway = createPaymentGateway(env, db());
    const later = Date.now() + 2 * DAY;
    const pick = async (id: number) =>
      (await env.DB.prepare("SELECT id, payment_intent_id AS paymentIntentId, gateway FROM orders WHERE id = ?").bind(id).first()) as {
        id: number;
        paymentIntentId: string;
        gateway: "local" | "stripe";
      };
    // Picked unpaid and past its lifetime, paid before the write: the payment stands, at the gateway and without it.
    const paid = await customerWithOrder({ pay: true });
    expect(await expireUnpaidOrder(db(), gateway, await pick(paid.id), notice(), later)).toBe(false);
    expect(await expireUnpaidOrder(db(), null, await pick(paid.id), notice(), later)).toBe(false);
    expect((await order(paid)).payment_status).toBe("succeeded");
    // Unpaid, but its age is re-checked by the write: a pick made on a clock that ran ahead cancels nothing.
    const unpaid = await customerWithOrder({ pay: false });
    expect(await expireUnpaidOrder(db(), null, await pick(unpaid.id), notice(), Date.now())).toBe(false);
    expect((await order(unpaid)).payment_status).toBe("initiated");
    expect(await expireUnpaidOrder(db(), gateway, await pick(unpaid.id), notice(), later)).toBe(true);
    expect((await order(unpaid)).payment_status).toBe("canceled");
  });

  it("the guarantee: an approval that landed first wins (409, nothing refunded), and approval waits while its refund is made", async () => {
    const c = await deliveredOrder();
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
    const claim = await api<{ message: string }>("POST", `/orders/${c.id}/guarantee`, { token: c.token });
    expect([claim.status, claim.body.message]).toEqual([409, "This order is completed: the guarantee no longer applies."]);
    expect(await refundRows(c.id)).toEqual([]);

    const racing = await deliveredOrder();
    const [approval, guarantee] = await Promise.all([
      api("POST", `/orders/${racing.id}/approve`, { token: racing.token }),
      api("POST", `/orders/${racing.id}/guarantee`, { token: racing.token }),
    ]);
    const after = await order(racing);
    if (after.work_status === "completed") {
      expect([approval.status, guarantee.status, after.refunded_amount]).toEqual([200, 409, "0.00"]);
    } else {
      expect([approval.status, guarantee.status, after.payment_status]).toEqual([409, 200, "refunded"]);
    }
  });
});
