/**
 * Change offers, their first part (accepting and paying is not built yet): the studio prices new scope
 * from a frame comment; a creator's offers above half the order's net price (taken together) wait for an admin; the
 * customer sees offered ones and declines one; an open offer expires after 7 days, once, whatever
 * races it; nobody else raises one on someone else's order.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { adminSignIn, api } from "./helpers";
import { BRIEF, customerWithOrder, studioDelivers } from "./order-fixtures";
import { newCreator, setProductCreators } from "./creator-fixtures";

type Offer = {
  id: number;
  status: string;
  amount: string;
  extra_days: number;
  comment_id: number | null;
  expires_at: string | null;
  decline_reason: string | null;
};
const DAY = 86_400_000;

async function orderWithComment() {
  const c = await customerWithOrder();
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  await studioDelivers(c.id, "First cut");
  const deliveries = await api<{ data: { id: number }[] }>("GET", `/orders/${c.id}/deliveries`, { token: c.token });
  const deliveryId = deliveries.body.data[0]!.id;
  const comment = await api<{ data: { id: number } }>("POST", `/orders/${c.id}/deliveries/${deliveryId}/comments`, {
    token: c.token,
    body: { comment: { at_frame: 40, text: "Could we also show it in blue?" } },
  });
  expect(comment.status).toBe(201);
  return { ...c, commentId: comment.body.data.id };
}
const offer = (orderId: number, token: string, body: Record<string, unknown>) =>
  api<{ message: string; data: Offer; errors?: string[] }>("POST", `/orders/${orderId}/change_offers`, { token, body: { change_offer: body } });
const offersOf = async (orderId: number, token: string) => (await api<{ data: Offer[] }>("GET", `/orders/${orderId}/change_offers`, { token })).body.data;
async function runTimers(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("change offers", () => {
  it("an admin prices a comment's new scope: offered for 7 days (not emailed to the customer yet); the customer declines it once, with a reason", async () => {
    const c = await orderWithComment();
    const admin = await adminSignIn();
    const raised = await offer(c.id, admin.access_token, {
      description: "The last shot in blue as well",
      amount: "240.00",
      extra_days: 2,
      comment_id: c.commentId,
    });
    expect(raised.status).toBe(201);
    expect(raised.body.message).toBe("Change offered");
    expect(raised.body.data).toMatchObject({ status: "open", amount: "240.00", extra_days: 2, comment_id: c.commentId });
    expect(Math.abs(Date.parse(raised.body.data.expires_at!) - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    // Not emailed to the customer until an offer can be accepted.
    const emailed = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE recipient = ? AND subject LIKE '%change%'").bind(c.email).first<number>("n");
    expect(emailed).toBe(0);
    expect((await offersOf(c.id, c.token)).map((o) => o.id)).toEqual([raised.body.data.id]);

    const path = `/orders/${c.id}/change_offers/${raised.body.data.id}/decline`;
    const declined = await api<{ data: Offer }>("POST", path, { token: c.token, body: { decline: { reason: "Not this time" } } });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ status: "declined", decline_reason: "Not this time" });
    expect(await api("POST", path, { token: c.token, body: {} })).toMatchObject({
      status: 409,
      body: { message: "This offer is not open: it was answered or expired." },
    });
  });

  it("a creator's offer above half the order's net price waits for an admin, unseen by the customer, until approved", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Olive Offer");
    await setProductCreators(admin, [maker.id]);
    const c = await orderWithComment();
    expect((await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } })).status).toBe(
      200,
    );
    // Product 1's Standard is £899 before tax. A creator's offers taken together up to half of it go
    // straight to the customer; splitting a large one does not slip under the line.
    const small = await offer(c.id, maker.token, { description: "A blue variant", amount: "120.00", extra_days: 1, comment_id: c.commentId });
    expect(small.body.data.status).toBe("open");
    const second = await offer(c.id, maker.token, { description: "A green variant", amount: "300.00", extra_days: 1 });
    expect(second.body.data.status).toBe("open");
    const big = await offer(c.id, maker.token, { description: "A red variant", amount: "100.00", extra_days: 2 });
    expect(big.status).toBe(201);
    expect(big.body).toMatchObject({ message: "Change offer waits for an admin's approval", data: { status: "pending_approval", expires_at: null } });
    // Many days wait for an admin too.
    expect((await offer(c.id, maker.token, { description: "Later", amount: "1.00", extra_days: 15 })).body.data.status).toBe("pending_approval");
    const studio = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'work_change_offer_pending_approval' AND subject = ?")
      .bind(`Change offer pending approval: order #${c.id}`)
      .first<number>("n");
    expect(studio).toBeGreaterThanOrEqual(2);
    expect((await offersOf(c.id, c.token)).map((o) => o.id)).toEqual([second.body.data.id, small.body.data.id]);
    expect((await offersOf(c.id, maker.token)).map((o) => o.id).slice(1)).toEqual([big.body.data.id, second.body.data.id, small.body.data.id]);
    // Not the customer's to decline before it is offered, nor the creator's to approve.
    expect((await api("POST", `/orders/${c.id}/change_offers/${big.body.data.id}/decline`, { token: c.token, body: {} })).status).toBe(404);
    expect((await api("POST", `/orders/${c.id}/change_offers/${big.body.data.id}/approve`, { token: maker.token })).status).toBe(403);
    const approved = await api<{ data: Offer }>("POST", `/orders/${c.id}/change_offers/${big.body.data.id}/approve`, { token: admin.access_token });
    expect(approved.body.data.status).toBe("open");
    expect((await api("POST", `/orders/${c.id}/change_offers/${big.body.data.id}/approve`, { token: admin.access_token })).status).toBe(409);
    expect((await offersOf(c.id, c.token)).map((o) => o.id)).toEqual([big.body.data.id, second.body.data.id, small.body.data.id]);
    // The creator hears that their offer is approved.
    const told = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE recipient = ? AND kind = 'work_change_offer_open'")
      .bind(maker.email)
      .first<number>("n");
    expect(told).toBe(1);
  });

  it("expires an open offer after 7 days, once, whether the timer or a decline comes first", async () => {
    const c = await orderWithComment();
    const admin = await adminSignIn();
    const first = await offer(c.id, admin.access_token, { description: "A longer end card", amount: "80.00", extra_days: 1 });
    const second = await offer(c.id, admin.access_token, { description: "A vertical cut", amount: "150.00", extra_days: 2 });
    await env.DB.prepare("UPDATE change_offers SET expires_at = ? WHERE order_id = ?")
      .bind(Date.now() - 1, c.id)
      .run();
    const [declined] = await Promise.all([
      api("POST", `/orders/${c.id}/change_offers/${first.body.data.id}/decline`, { token: c.token, body: {} }),
      runTimers(),
    ]);
    // Past its expiry a decline never lands: the timer expires both.
    expect(declined.status).toBe(409);
    const statuses = (await offersOf(c.id, c.token)).map((o) => [o.id, o.status]);
    expect(statuses).toEqual([
      [second.body.data.id, "expired"],
      [first.body.data.id, "expired"],
    ]);
    await runTimers();
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'work_change_offer_expired' AND subject = ?")
      .bind(`Change offer expired: order #${c.id}`)
      .first<number>("n");
    expect(rows).toBe(2);
  });

  it("nobody else raises one: the customer, a creator not on the order; a comment of another order; bad amounts; at most 10 waiting", async () => {
    const c = await orderWithComment();
    const other = await orderWithComment();
    const admin = await adminSignIn();
    const stranger = await newCreator(admin, "Sid Stranger");
    const body = { description: "More", amount: "10.00", extra_days: 0 };
    expect((await offer(c.id, c.token, body)).status).toBe(403);
    expect((await offer(c.id, stranger.token, body)).status).toBe(404);
    expect(await offer(c.id, admin.access_token, { ...body, comment_id: other.commentId })).toMatchObject({
      status: 409,
      body: { message: "The comment or message must be this order's." },
    });
    expect(await offer(c.id, admin.access_token, { ...body, amount: "0" })).toMatchObject({ status: 422 });
    expect(await offer(c.id, admin.access_token, { ...body, amount: "1.234" })).toMatchObject({ status: 422 });
    expect(await offer(c.id, admin.access_token, { ...body, extra_days: 91 })).toMatchObject({ status: 422 });
    expect(await offer(c.id, admin.access_token, { ...body, amount: "100000.01" })).toMatchObject({
      status: 422,
      body: { errors: ["amount must be at most 100000.00"] },
    });
    for (let i = 0; i < 10; i++) expect((await offer(c.id, admin.access_token, body)).status).toBe(201);
    expect(await offer(c.id, admin.access_token, body)).toMatchObject({
      status: 409,
      body: { message: "This order already has 10 offers waiting for an answer." },
    });
    // A cancelled order's waiting offers end with it at the next scheduled run.
    await env.DB.prepare("UPDATE orders SET work_status = 'cancelled' WHERE id = ?").bind(c.id).run();
    await runTimers();
    expect((await offersOf(c.id, admin.access_token)).every((o) => o.status === "expired")).toBe(true);
    const unpaid = await customerWithOrder({ pay: false });
    expect(await offer(unpaid.id, admin.access_token, body)).toMatchObject({
      status: 409,
      body: { message: "Change offers can be made while the order is paid and its work open." },
    });
  });
});
