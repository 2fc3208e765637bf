/**
 * Change offers: the studio prices new scope from a frame comment; a creator's offers above half the
 * order's net price (taken together) wait for an admin; the customer accepts one (paid once with the
 * card saved for the order, invoiced, the due date moved, the creator's share earned, the revision
 * round given back) or declines it; an open offer expires after 7 days, once, whatever races it
 * (an acceptance too); nobody else raises one on someone else's order.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createDb } from "../../db/client";
import { clawBackLostChangeDispute } from "~/domain/payouts/clawbacks.server";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { adminCookie, adminSignIn, api, customerCookie, get, postForm } from "./helpers";
import { BRIEF, customerWithOrder, orderPaidWith, orderPaidWithOptions, studioDelivers } from "./order-fixtures";
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
const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

async function orderWithComment() {
  return commentOn(await customerWithOrder());
}

/** A paid order's brief, its first delivery, and the customer's frame comment on it. */
async function commentOn<C extends { id: number; token: string }>(c: C) {
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
  it("an admin prices a comment's new scope: offered for 7 days, the customer told once; the customer declines it once, with a reason", async () => {
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
    // The customer is told, once, with what it costs and until when.
    const emailed = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE recipient = ? AND subject = ?")
      .bind(c.email, `A change is offered for order #${c.id}`)
      .first<number>("n");
    expect(emailed).toBe(1);
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

type Acceptance = {
  message: string;
  data: {
    change_offer: Offer & { payment_id: number | null };
    payment: { id: number; sequence: number; status: string; amount: string; tax_amount: string; invoice_number: string | null } | null;
    next_action: { type: string; url: string; client_secret?: string | null } | null;
  };
};
const accept = (orderId: number, offerId: number, token: string, method?: "saved_card" | "new_card") =>
  api<Acceptance>("POST", `/orders/${orderId}/change_offers/${offerId}/accept`, { token, body: { accept: method ? { method } : {} } });
const orderOf = async (orderId: number, token: string) =>
  (
    await api<{ data: { due_at: string | null; revisions_allowed: number; revisions_used: number; work_status: string } }>("GET", `/orders/${orderId}`, {
      token,
    })
  ).body.data;

describe("accepting a change offer", () => {
  it("paid once with the saved card (two presses at once): invoiced, the due date moved on the timeline, the creator's share earned, the round given back", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Cass Change");
    await setProductCreators(admin, [maker.id]);
    const c = await commentOn(await orderPaidWith("4242424242424242", true));
    expect((await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } })).status).toBe(
      200,
    );
    const revision = await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { comment_ids: [c.commentId] } } });
    expect(revision.status).toBe(201);
    const before = await orderOf(c.id, c.token);
    expect(before).toMatchObject({ revisions_used: 1, work_status: "revision_requested" });
    const raised = await offer(c.id, maker.token, {
      description: "The logo in blue as a second version",
      amount: "240.00",
      extra_days: 2,
      comment_id: c.commentId,
    });
    expect(raised.body.data.status).toBe("open");
    // Offered to them, the customer is told by email.
    const email = await env.DB.prepare("SELECT subject, text FROM emails WHERE recipient = ? AND kind = 'work_change_offer_offered'")
      .bind(c.email)
      .first<{ subject: string; text: string }>();
    expect(email?.subject).toBe(`A change is offered for order #${c.id}`);
    expect(email?.text).toContain("It costs £240.00 before tax and adds 2 days to the due date.");

    const [one, two] = await Promise.all([accept(c.id, raised.body.data.id, c.token), accept(c.id, raised.body.data.id, c.token)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    for (const answer of [one, two]) expect(answer.body.data.next_action).toBeNull();
    const { change_offer, payment } = one.body.data;
    expect(change_offer).toMatchObject({ status: "accepted", payment_id: payment!.id });
    // Its own payment and invoice: £240 plus VAT at the order's rate (20%), one intent charged once.
    expect(payment).toMatchObject({ sequence: 2, status: "succeeded", amount: "288.00", tax_amount: "48.00" });
    expect(payment!.invoice_number).toMatch(/^INV-/);
    const payments = await api<{ data: { sequence: number; status: string; invoice_number: string | null }[] }>("GET", `/orders/${c.id}/payments`, {
      token: c.token,
    });
    expect(payments.body.data.map((p) => [p.sequence, p.status])).toEqual([
      [1, "succeeded"],
      [2, "succeeded"],
    ]);
    const charged = await env.DB.prepare(
      "SELECT count(*) AS n FROM local_payment_intents WHERE id = (SELECT intent_id FROM order_payments WHERE id = ?) AND status = 'succeeded'",
    )
      .bind(payment!.id)
      .first<number>("n");
    expect(charged).toBe(1);
    const invoices = await api<{ data: { number: string }[] }>("GET", `/orders/${c.id}/invoices`, { token: c.token });
    const invoice = invoices.body.data.find((i) => i.number === payment!.invoice_number);
    expect(JSON.stringify(invoice)).toContain("Change: The logo in blue as a second version");

    // The due date moved by its 2 days, once, on the timeline; the revision round it came from is back.
    const after = await orderOf(c.id, c.token);
    expect(Date.parse(after.due_at!) - Date.parse(before.due_at!)).toBe(2 * DAY);
    expect(after.revisions_allowed).toBe(before.revisions_allowed + 1);
    const events = await api<{ data: { note: string | null }[] }>("GET", `/orders/${c.id}/events`, { token: c.token });
    expect(events.body.data.filter((e) => e.note?.startsWith("Change accepted")).map((e) => e.note)).toEqual([
      "Change accepted and paid: The logo in blue as a second version (2 days added to the due date); the revision round it came from is given back",
    ]);
    // The creator's share of the change, earned once under its own key.
    const share = await env.DB.prepare("SELECT creator_share_bp AS bp FROM orders WHERE id = ?").bind(c.id).first<number>("bp");
    const earned = await env.DB.prepare("SELECT creator_id, amount_minor, basis_minor FROM ledger_entries WHERE idempotency_key = ?")
      .bind(`change-earning-${payment!.id}`)
      .all<{ creator_id: number; amount_minor: number; basis_minor: number }>();
    expect(earned.results).toEqual([{ creator_id: maker.id, amount_minor: Math.floor((24_000 * share! + 5000) / 10_000), basis_minor: 24_000 }]);
    // The studio and the creator hear of it once, whichever press recorded it.
    const told = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'work_change_offer_accepted' AND recipient = ?")
      .bind(maker.email)
      .first<number>("n");
    expect(told).toBe(1);
    // A third press: accepted already, nothing charged again.
    expect((await accept(c.id, raised.body.data.id, c.token)).body.data.change_offer.status).toBe("accepted");
    expect((await api("POST", `/orders/${c.id}/change_offers/${raised.body.data.id}/decline`, { token: c.token, body: {} })).status).toBe(409);

    // Completing the order earns the package's share as before: the change's earning is not taken back.
    await studioDelivers(c.id, "Second cut");
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token, body: {} })).status).toBe(200);
    const completion = await env.DB.prepare("SELECT amount_minor FROM ledger_entries WHERE idempotency_key = ?")
      .bind(`earning-${c.id}`)
      .first<number>("amount_minor");
    const net = await env.DB.prepare("SELECT subtotal_minor - discount_minor AS net FROM orders WHERE id = ?").bind(c.id).first<number>("net");
    expect(completion).toBe(Math.floor((net! * share! + 5000) / 10_000));
  });

  it("without a saved card, or with one that asks for authentication: the payment's page takes the next step, and its success accepts the offer", async () => {
    const admin = await adminSignIn();
    const plain = await commentOn(await orderPaidWith("4242424242424242"));
    const first = await offer(plain.id, admin.access_token, { description: "A vertical cut", amount: "100.00", extra_days: 0 });
    const pay = await accept(plain.id, first.body.data.id, plain.token, "new_card");
    expect(pay.body.data.next_action).toMatchObject({ type: "pay", url: expect.stringContaining(`/profile/orders/${plain.id}/payments/`) });
    expect(pay.body.data.change_offer.status).toBe("open");
    // The saved-card way with none saved is refused, and the offer stays open.
    expect(await accept(plain.id, first.body.data.id, plain.token)).toMatchObject({ status: 409 });
    // Paid with a new card on the payment's page (the local gateway's form, no JavaScript).
    const page = new URL(pay.body.data.next_action!.url).pathname;
    const cookie = await customerCookie(plain.email, "Str0ng!Pass");
    const paid = await postForm(page, { intent: "card", card_number: "4242 4242 4242 4242", card_expiry: "12/40", card_cvc: "123" }, { Cookie: cookie });
    expect(paid.status).toBe(302);
    expect((await offersOf(plain.id, plain.token))[0]).toMatchObject({ status: "accepted" });

    const strong = await commentOn(await orderPaidWith("4000002500003155", true));
    const second = await offer(strong.id, admin.access_token, { description: "An extra end card", amount: "50.00", extra_days: 1 });
    const step = await accept(strong.id, second.body.data.id, strong.token);
    expect(step.body.data.next_action?.type).toBe("authenticate");
    const strongCookie = await customerCookie(strong.email, "Str0ng!Pass");
    const bank = new URL(step.body.data.next_action!.url);
    const back = await postForm(`${bank.pathname}${bank.search}`, { decision: "approve" }, { Cookie: strongCookie });
    expect(back.status).toBe(302);
    expect((await offersOf(strong.id, strong.token))[0]).toMatchObject({ status: "accepted" });
  });

  it("exactly once against the expiry and a decline: a late acceptance is refused and its payment can never be made", async () => {
    const admin = await adminSignIn();
    const c = await commentOn(await orderPaidWith("4242424242424242", true));
    const late = await offer(c.id, admin.access_token, { description: "Late", amount: "60.00", extra_days: 1 });
    const begun = await offer(c.id, admin.access_token, { description: "Begun", amount: "70.00", extra_days: 1 });
    const declined = await offer(c.id, admin.access_token, { description: "Declined", amount: "80.00", extra_days: 1 });
    // Begun with a new card, then left: its payment is asked for.
    const open = await accept(c.id, begun.body.data.id, c.token, "new_card");
    const begunPage = new URL(open.body.data.next_action!.url).pathname;
    const declinedPay = await accept(c.id, declined.body.data.id, c.token, "new_card");
    expect((await api("POST", `/orders/${c.id}/change_offers/${declined.body.data.id}/decline`, { token: c.token, body: {} })).status).toBe(200);
    await env.DB.prepare("UPDATE change_offers SET expires_at = ? WHERE id IN (?, ?)")
      .bind(Date.now() - 1, late.body.data.id, begun.body.data.id)
      .run();
    const [refused] = await Promise.all([accept(c.id, late.body.data.id, c.token), runTimers()]);
    expect(refused.status).toBe(409);
    await runTimers();
    const statuses = Object.fromEntries((await offersOf(c.id, c.token)).map((o) => [o.id, o.status]));
    expect(statuses).toEqual({ [late.body.data.id]: "expired", [begun.body.data.id]: "expired", [declined.body.data.id]: "declined" });
    // Their payments were cancelled: nothing was taken, and the pages take nothing now.
    const later = await env.DB.prepare("SELECT status FROM order_payments WHERE order_id = ? AND sequence > 1").bind(c.id).all<{ status: string }>();
    expect(later.results.every((p) => p.status === "canceled")).toBe(true);
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    for (const page of [begunPage, new URL(declinedPay.body.data.next_action!.url).pathname]) {
      const pressed = await postForm(page, { intent: "saved_card", attempt_key: "attempt-key-0001" }, { Cookie: cookie });
      expect(pressed.status).not.toBe(302);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE order_id = ? AND idempotency_key LIKE 'change-%'").bind(c.id).first("n")).toBe(
      0,
    );
  });

  it("through the pages without JavaScript: a creator offers on a message, an admin approves it, the customer accepts with the saved card in one press", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Pat Pages");
    await setProductCreators(admin, [maker.id]);
    const c = await commentOn(await orderPaidWith("4242424242424242", true));
    expect((await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } })).status).toBe(
      200,
    );
    const message = await api<{ data: { id: number } }>("POST", `/orders/${c.id}/messages`, {
      token: c.token,
      body: { message: { body: "Can we add a 15-second cut?" } },
    });
    expect(message.status).toBe(201);
    // The creator's offer on the message, above half the order's price: it waits for an admin.
    const studio = await postForm(
      `/studio/orders/${c.id}`,
      { intent: "offer-change", message_id: String(message.body.data.id), description: "A 15-second cut", amount: "600.00", extra_days: "3" },
      { Cookie: maker.cookie },
    );
    expect(studio.status).toBe(302);
    expect(studio.headers.get("Location")).toBe(`/studio/orders/${c.id}?notice=offer-waits#change-offers-title`);
    // A refused form keeps what was typed, with the message.
    const refused = await postForm(
      `/studio/orders/${c.id}`,
      { intent: "offer-change", message_id: String(message.body.data.id), description: "Too dear", amount: "0", extra_days: "1" },
      { Cookie: maker.cookie },
    );
    expect(refused.status).toBe(422);
    expect(await text(refused)).toContain("Too dear");
    const customerCookieValue = await customerCookie(c.email, "Str0ng!Pass");
    expect(await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: customerCookieValue } }))).not.toContain("A 15-second cut");
    // The customer cannot raise one through the page either.
    expect(
      (
        await postForm(
          `/profile/orders/${c.id}`,
          { intent: "offer-change", description: "Free work", amount: "1.00", extra_days: "0" },
          { Cookie: customerCookieValue },
        )
      ).status,
    ).toBe(403);

    const [waiting] = await offersOf(c.id, admin.access_token);
    const approved = await postForm(`/admin/orders/${c.id}`, { intent: "approve-offer", offer_id: String(waiting!.id) }, { Cookie: await adminCookie() });
    expect(approved.headers.get("Location")).toBe(`/admin/orders/${c.id}?notice=offer-approved#change-offers-title`);
    const page = await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: customerCookieValue } }));
    expect(page).toContain("Change offered: A 15-second cut");
    expect(page.replace(/<[^>]+>/g, "")).toContain("Accept and pay £720.00 with Visa •••• 4242");
    const attempt = /name="attempt_key" value="([^"]+)"/.exec(page)![1]!;
    const pressed = await postForm(
      `/profile/orders/${c.id}`,
      { intent: "accept-offer", offer_id: String(waiting!.id), attempt_key: attempt, method: "saved_card" },
      { Cookie: customerCookieValue },
    );
    expect(pressed.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=offer-accepted#change-offers-title`);
    const after = await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: customerCookieValue } }));
    expect(after).toContain("New scope — accepted: A 15-second cut");
    const earned = await env.DB.prepare(
      "SELECT count(*) AS n FROM ledger_entries WHERE order_id = ? AND creator_id = ? AND idempotency_key LIKE 'change-earning-%'",
    )
      .bind(c.id, maker.id)
      .first<number>("n");
    expect(earned).toBe(1);
  });

  it("the ledger: a change paid before a creator is assigned is earned at completion; a refunded change is taken back once and never paid back", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Lee Ledger");
    await setProductCreators(admin, [maker.id]);
    const c = await commentOn(await orderPaidWith("4242424242424242", true));
    const early = await offer(c.id, admin.access_token, { description: "Early change", amount: "100.00", extra_days: 0 });
    expect((await accept(c.id, early.body.data.id, c.token)).body.data.change_offer.status).toBe("accepted");
    const earlyPayment = (await offersOf(c.id, c.token))[0]! as Offer & { payment_id: number };
    expect((await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } })).status).toBe(
      200,
    );
    const late = await offer(c.id, admin.access_token, { description: "Late change", amount: "200.00", extra_days: 0 });
    const lateAccepted = await accept(c.id, late.body.data.id, c.token);
    const latePaymentId = lateAccepted.body.data.payment!.id;
    const share = (await env.DB.prepare("SELECT creator_share_bp AS bp FROM orders WHERE id = ?").bind(c.id).first<number>("bp"))!;
    const cut = (net: number) => Math.floor((net * share + 5000) / 10_000);
    // The late change's £240.00 (tax included) refunded: its earning is taken back, once.
    const refunded = await api("POST", `/orders/${c.id}/refund`, {
      token: admin.access_token,
      body: { refund: { reason: "The late change was not made", amount: "240.00" } },
    });
    expect(refunded.status).toBe(200);
    const rows = async () =>
      (
        await env.DB.prepare("SELECT idempotency_key AS k, amount_minor AS a FROM ledger_entries WHERE order_id = ? ORDER BY id")
          .bind(c.id)
          .all<{ k: string; a: number }>()
      ).results;
    const afterRefund = await rows();
    expect(afterRefund.find((r) => r.k === `change-earning-${latePaymentId}`)?.a).toBe(cut(20_000));
    expect(afterRefund.filter((r) => r.k.startsWith("change-clawback-")).map((r) => r.a)).toEqual([-cut(20_000)]);

    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token, body: {} })).status).toBe(200);
    const net = (await env.DB.prepare("SELECT subtotal_minor - discount_minor AS net FROM orders WHERE id = ?").bind(c.id).first<number>("net"))!;
    const done = await rows();
    // The order's own share, exactly (the refunded change neither subtracted nor paid back), and the early change earned now.
    expect(done.find((r) => r.k === `earning-${c.id}`)?.a).toBe(cut(net));
    expect(done.find((r) => r.k === `change-earning-${earlyPayment.payment_id}`)?.a).toBe(cut(10_000));
    expect(done.reduce((sum, r) => sum + r.a, 0)).toBe(cut(net) + cut(10_000));
    // A lost dispute of the early change's £120.00 takes its share back once, and never more than it earned.
    const lost = { disputeId: `dp_change_${c.id}`, amountMinor: 12_000 };
    expect(await clawBackLostChangeDispute(createDb(env.DB), earlyPayment.payment_id, lost)).toBe(cut(10_000));
    expect(await clawBackLostChangeDispute(createDb(env.DB), earlyPayment.payment_id, lost)).toBe(0);
    expect(await clawBackLostChangeDispute(createDb(env.DB), earlyPayment.payment_id, { ...lost, disputeId: `dp_again_${c.id}` })).toBe(0);
    expect((await rows()).find((r) => r.k === `earning-${c.id}`)?.a).toBe(cut(net));
  });

  it("on an order in stages before its brief, the days are added to its first stage; a payment page of an ended offer takes nothing", async () => {
    const admin = await adminSignIn();
    const staged = await orderPaidWithOptions({ packageIndex: 2 }, "4242424242424242", true);
    const firstDays = async () =>
      Number(await env.DB.prepare("SELECT json_extract(stages, '$[0].days') AS d FROM orders WHERE id = ?").bind(staged.id).first("d"));
    const before = await firstDays();
    const more = await offer(staged.id, admin.access_token, { description: "A longer script", amount: "90.00", extra_days: 3 });
    expect((await accept(staged.id, more.body.data.id, staged.token)).body.data.change_offer.status).toBe("accepted");
    expect(await firstDays()).toBe(before + 3);

    // Begun with a new card, then the offer expires before the timer cancels its payment: the page cancels it and offers nothing to pay.
    const ended = await offer(staged.id, admin.access_token, { description: "An ended one", amount: "30.00", extra_days: 0 });
    const begun = await accept(staged.id, ended.body.data.id, staged.token, "new_card");
    await env.DB.prepare("UPDATE change_offers SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, ended.body.data.id)
      .run();
    const page = await text(await get(new URL(begun.body.data.next_action!.url).pathname, { headers: { Cookie: staged.cookie } }));
    expect(page).toContain("This payment is canceled: nothing is to be paid.");
    expect(page).not.toContain('name="card_number"');
  });
});
