import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { adminSignIn, api, dispatch, fakeMedia, freshAddress, newCustomer } from "./helpers";
import { newCreator, setProductCreators, type Tokens } from "./creator-fixtures";
import { ledgerOf, payoutsOf, resetPayoutState, type Maker } from "./payout-fixtures";
import { BRIEF, customerWithOrder, studioDelivers, type Event, type OrderBody } from "./order-fixtures";

type Stage = {
  n: number;
  name: string;
  share: number;
  amount_minor: number;
  days: number;
  revisions: number;
  revisions_used: number;
  state: string;
  due_at: string | null;
  approved_at: string | null;
  delivery_ids: number[];
  decisions: { decision: string; by: string; created_at: string }[];
};
const DAY = 86_400_000;

/** A customer's paid order of product 1's Premium package, made in five stages, its brief in: the first stage in hand. */
async function stagedOrder() {
  const c = await customerWithOrder({ packageIndex: 2 });
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  return c;
}
const stagesOf = async (c: { token: string; id: number }) => (await api<{ data: Stage[] }>("GET", `/orders/${c.id}/stages`, { token: c.token })).body.data;
const orderOf = async (c: { token: string; id: number }) => (await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token })).body.data;
const approve = (c: { token: string; id: number }, n: number) =>
  api<{ message: string; data: Stage[] }>("POST", `/orders/${c.id}/stages/${n}/approve`, { token: c.token });
const askChanges = (c: { token: string; id: number }, n: number, note: string) =>
  api<{ message: string; data: Stage[] }>("POST", `/orders/${c.id}/stages/${n}/request_changes`, { token: c.token, body: { revision: { note } } });
async function runTimers(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}
const near = (iso: string | null, expected: number) => Math.abs(new Date(iso!).getTime() - expected) < 60_000;

describe("an order made in stages (the API's long flow)", () => {
  it("goes through five stages: each delivered and approved in turn, one sent back, one approved by the timer, the last completing the order", async () => {
    const c = await customerWithOrder({ packageIndex: 2 });
    let stages = await stagesOf(c);
    // As bought: the package's five stages, the price before tax split by their shares to the penny.
    expect(stages.map((s) => [s.n, s.name, s.share, s.amount_minor, s.days, s.revisions, s.state])).toEqual([
      [1, "Script", 10, 18_990, 2, 1, "waiting"],
      [2, "Storyboard", 20, 37_980, 3, 1, "waiting"],
      [3, "Styleframes", 20, 37_980, 3, 1, "waiting"],
      [4, "Animatic", 20, 37_980, 4, 1, "waiting"],
      [5, "Final", 30, 56_970, 5, 2, "waiting"],
    ]);
    expect((await orderOf(c)).revisions_allowed).toBe(1);

    const briefAt = Date.now();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    stages = await stagesOf(c);
    expect(stages.map((s) => s.state)).toEqual(["in_progress", "waiting", "waiting", "waiting", "waiting"]);
    // The first stage's clock: its own 2 days, not the package's 17.
    expect(near(stages[0]!.due_at, briefAt + 2 * DAY)).toBe(true);
    expect((await orderOf(c)).due_at).toBe(stages[0]!.due_at);

    // Nothing delivered yet, and only the stage in hand can be approved.
    expect(await approve(c, 1)).toMatchObject({ status: 409, body: { message: "Cannot approve this order: it is in production." } });
    await studioDelivers(c.id, "Script, first draft");
    expect(await approve(c, 2)).toMatchObject({ status: 409, body: { message: "Cannot approve Storyboard: the stage in hand is Script." } });
    expect(await approve(c, 6)).toMatchObject({ status: 404, body: { message: "Stage not found" } });

    const approvedAt = Date.now();
    const first = await approve(c, 1);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Stage approved");
    stages = first.body.data;
    expect(stages.map((s) => s.state)).toEqual(["approved", "in_progress", "waiting", "waiting", "waiting"]);
    expect(stages[0]!.decisions.map((d) => [d.decision, d.by])).toEqual([["approve", "customer"]]);
    expect(stages[0]!.delivery_ids).toHaveLength(1);
    // The next stage's clock starts at the approval: its 3 days.
    expect(near(stages[1]!.due_at, approvedAt + 3 * DAY)).toBe(true);
    let order = await orderOf(c);
    expect(order).toMatchObject({ work_status: "in_progress", revisions_allowed: 1, revisions_used: 0 });
    expect(await approve(c, 1)).toMatchObject({ status: 409, body: { message: "Cannot approve Script: it is approved and locked." } });
    // The approved stage's version takes no more comments: locked as approved.
    const scriptVersion = stages[0]!.delivery_ids[0]!;
    expect(
      await api("POST", `/orders/${c.id}/deliveries/${scriptVersion}/comments`, {
        token: c.token,
        body: { comment: { at_frame: 12, text: "One more thing" } },
      }),
    ).toMatchObject({ status: 409, body: { message: "This version's stage is approved and locked: its comments are read-only." } });
    expect(await askChanges(c, 1, "Again")).toMatchObject({ status: 409, body: { message: "Cannot ask for changes to Script: it is approved and locked." } });

    // Storyboard: sent back once (its one round), delivered again, approved. Its stage began two days
    // before its first delivery (as if approved then): the package's figures count those two days as
    // the studio's, never the time the customer took to approve Script.
    await env.DB.prepare("UPDATE orders SET due_at = due_at - ? WHERE id = ?")
      .bind(2 * DAY, c.id)
      .run();
    await studioDelivers(c.id, "Storyboard v1");
    const measured = await env.DB.prepare("SELECT first_delivered_at - work_started_at AS studio FROM orders WHERE id = ?").bind(c.id).first<number>("studio");
    expect(measured).toBeGreaterThanOrEqual(2 * DAY);
    expect(measured).toBeLessThan(2 * DAY + 60_000);
    const sentBack = await askChanges(c, 2, "The opening needs a wider shot");
    expect(sentBack.status).toBe(201);
    expect(sentBack.body.data[1]).toMatchObject({ state: "changes_asked", revisions_used: 1 });
    expect(sentBack.body.data[1]!.decisions.map((d) => d.decision)).toEqual(["request_changes"]);
    await studioDelivers(c.id, "Storyboard v2");
    expect(await askChanges(c, 2, "And again")).toMatchObject({
      status: 409,
      body: { message: "All revisions of this package are used. Please write to the studio in the order's messages." },
    });
    expect((await approve(c, 2)).status).toBe(200);
    order = await orderOf(c);
    // Each stage opens its own rounds: Styleframes' one, after the one Storyboard used.
    expect(order).toMatchObject({ revisions_allowed: 2, revisions_used: 1 });

    await studioDelivers(c.id, "Styleframes");
    expect((await approve(c, 3)).status).toBe(200);

    // Animatic: delivered, then left unanswered past its review window: the timer approves it and starts the last stage.
    await studioDelivers(c.id, "Animatic");
    await env.DB.prepare("UPDATE order_deliveries SET created_at = created_at - ? WHERE order_id = ? AND stage = 3")
      .bind(3 * DAY + 60_000, c.id)
      .run();
    await runTimers();
    stages = await stagesOf(c);
    expect(stages.map((s) => s.state)).toEqual(["approved", "approved", "approved", "approved", "in_progress"]);
    expect(stages[3]!.decisions.map((d) => [d.decision, d.by])).toEqual([["approve", "shop"]]);
    const timeline = (await api<{ data: Event[] }>("GET", `/orders/${c.id}/events`, { token: c.token })).body.data;
    expect(timeline.at(-1)).toMatchObject({
      actor: "system",
      from_status: "delivered",
      to_status: "in_progress",
      note: "No answer for 3 days: Animatic approved automatically; Final started",
    });
    const told = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'work_stage_auto_approved' AND recipient = ?")
      .bind(c.email)
      .first<number>("n");
    expect(told).toBe(1);
    // A second run changes nothing more.
    await runTimers();
    expect((await api<{ data: Event[] }>("GET", `/orders/${c.id}/events`, { token: c.token })).body.data).toHaveLength(timeline.length);

    // Final: approved through the order's own approve call, which completes the order.
    await studioDelivers(c.id, "Final film");
    const done = await api<OrderBody>("POST", `/orders/${c.id}/approve`, { token: c.token });
    expect(done.status).toBe(200);
    expect(done.body.data.work_status).toBe("completed");
    stages = await stagesOf(c);
    expect(stages.every((s) => s.state === "approved")).toBe(true);
    expect(stages.map((s) => s.delivery_ids.length)).toEqual([1, 2, 1, 1, 1]);
    expect(stages.every((s) => s.approved_at !== null)).toBe(true);
  });

  it("releases an approved stage's masters to the customer before the order completes; the stage in hand's stay held", async () => {
    const c = await stagedOrder();
    const admin = await adminSignIn();
    const bytes = new Uint8Array(4096);
    bytes.set([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20], 0);
    const sendMaster = async (name: string) => {
      const opened = await api<{ data: { id: string; part_count: number } }>("POST", "/uploads", {
        token: admin.access_token,
        body: { upload: { purpose: "delivery", order_id: c.id, name, size: bytes.byteLength, content_type: "video/quicktime" } },
      });
      expect(opened.status).toBe(201);
      const part = await dispatch(`http://localhost/api/v1/uploads/${opened.body.data.id}/parts/1`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin.access_token}`, "Content-Length": String(bytes.byteLength), "CF-Connecting-IP": freshAddress() },
        body: bytes,
      });
      expect(part.status).toBe(200);
      expect((await api("POST", `/uploads/${opened.body.data.id}/complete`, { token: admin.access_token })).status).toBe(200);
      const delivered = await api("POST", `/orders/${c.id}/deliveries`, {
        token: admin.access_token,
        body: { delivery: { master_upload_ids: [opened.body.data.id] } },
      });
      expect(delivered.status).toBe(201);
    };
    type Deliveries = { data: { id: number; masters: { id: number; released: boolean; url: string | null }[] }[] };
    const masters = async () => (await api<Deliveries>("GET", `/orders/${c.id}/deliveries`, { token: c.token })).body.data;
    await sendMaster("script.mov");
    const [script] = await masters();
    expect(script!.masters[0]).toMatchObject({ released: false, url: null });
    expect((await approve(c, 1)).status).toBe(200);
    await sendMaster("storyboard.mov");
    const [storyboard, scriptNow] = await masters();
    // Script is approved: its master is the customer's now; Storyboard's waits for its own approval.
    expect(scriptNow!.masters[0]!.released).toBe(true);
    expect(storyboard!.masters[0]).toMatchObject({ released: false, url: null });
    expect(scriptNow!.masters[0]!.url).toContain(`/api/v1/orders/${c.id}/deliveries/${scriptNow!.id}/masters/${scriptNow!.masters[0]!.id}`);
    const download = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries/${scriptNow!.id}/masters/${scriptNow!.masters[0]!.id}`, {
      headers: { Authorization: `Bearer ${c.token}` },
    });
    expect(download.status).toBe(200);
    const held = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries/${storyboard!.id}/masters/${storyboard!.masters[0]!.id}`, {
      headers: { Authorization: `Bearer ${c.token}` },
    });
    expect(held.status).toBe(403);
  });

  it("approves a stage exactly once when two approvals race, and when an approval races the timer", async () => {
    const twice = await stagedOrder();
    await studioDelivers(twice.id);
    const answers = await Promise.all([approve(twice, 1), approve(twice, 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    let stages = await stagesOf(twice);
    expect(stages.map((s) => s.state).slice(0, 2)).toEqual(["approved", "in_progress"]);
    expect(stages[0]!.decisions).toHaveLength(1);

    const racing = await stagedOrder();
    await studioDelivers(racing.id);
    await env.DB.prepare("UPDATE order_deliveries SET created_at = created_at - ? WHERE order_id = ?")
      .bind(3 * DAY + 60_000, racing.id)
      .run();
    const [byHand] = await Promise.all([approve(racing, 1), runTimers()]);
    expect([200, 409]).toContain(byHand.status);
    stages = await stagesOf(racing);
    // One approval of Script, whoever made it; Storyboard in hand, not skipped.
    expect(stages[0]!.decisions).toHaveLength(1);
    expect(stages.map((s) => s.state).slice(0, 3)).toEqual(["approved", "in_progress", "waiting"]);
    const approvals = await env.DB.prepare("SELECT count(*) AS n FROM stage_decisions WHERE order_id = ? AND decision = 'approve'")
      .bind(racing.id)
      .first<number>("n");
    expect(approvals).toBe(1);
  });

  it("is the order's own: another customer gets 404; an order made in one piece has no stages to name", async () => {
    const c = await stagedOrder();
    await studioDelivers(c.id);
    const stranger = await newCustomer();
    expect((await api("GET", `/orders/${c.id}/stages`, { token: stranger.access_token })).status).toBe(404);
    expect((await api("POST", `/orders/${c.id}/stages/1/approve`, { token: stranger.access_token })).status).toBe(404);
    expect((await api("POST", `/orders/${c.id}/stages/1/request_changes`, { token: stranger.access_token, body: { revision: { note: "x" } } })).status).toBe(
      404,
    );
    expect((await stagesOf(c))[0]!.state).toBe("delivered");

    const single = await customerWithOrder();
    expect(await stagesOf(single)).toEqual([]);
    expect(await approve(single, 1)).toMatchObject({ status: 404, body: { message: "Stage not found" } });
  });
});

describe("an order made in stages: money per stage, and stopping after one", () => {
  let admin: Tokens;
  let maker: Maker;
  beforeAll(async () => {
    await resetPayoutState();
    admin = await adminSignIn();
    maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id], 1);
  });

  /** A Premium order of product 1 offered to the maker and accepted: theirs, its first stage in hand. */
  async function makersStagedOrder() {
    const c = await stagedOrder();
    const offer = await env.DB.prepare("SELECT id FROM creator_offers WHERE order_id = ? AND status = 'waiting'").bind(c.id).first<{ id: number }>();
    expect((await api("POST", `/creator/offers/${offer!.id}/accept`, { token: maker.token })).status).toBe(200);
    const share = (await env.DB.prepare("SELECT creator_share_bp AS bp FROM orders WHERE id = ?").bind(c.id).first<{ bp: number }>())!.bp;
    return { ...c, share };
  }
  const makerDelivers = async (orderId: number, note: string) => {
    const form = new FormData();
    form.set("note", note);
    form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
    return dispatch(`http://localhost/api/v1/orders/${orderId}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${maker.token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
  };
  const earnings = async (orderId: number) =>
    (await ledgerOf(orderId)).filter((row) => row.kind === "earning").map((row) => [row.idempotency_key, row.amount_minor] as const);
  const shareOf = (netMinor: number, bp: number) => Math.floor((netMinor * bp + 5000) / 10000);

  it("pays the maker each stage's share as it is approved; the parts add up to the share of the whole, to the penny", async () => {
    const c = await makersStagedOrder();
    const net = 189_900;
    const cumulative = [18_990, 56_970, 94_950, 132_930];
    for (const [index, name] of ["Script", "Storyboard", "Styleframes", "Animatic"].entries()) {
      expect((await makerDelivers(c.id, name)).status).toBe(201);
      expect((await approve(c, index + 1)).status).toBe(200);
      const rows = await earnings(c.id);
      expect(rows).toHaveLength(index + 1);
      // Each stage earns the share of the stages approved so far, less what the order earned before.
      expect(rows.reduce((sum, [, amount]) => sum + amount, 0)).toBe(shareOf(cumulative[index]!, c.share));
      expect(rows.at(-1)![0]).toBe(`earning-${c.id}-stage-${index}`);
    }
    // A clearance and a transfer each, as any earning.
    expect((await payoutsOf(c.id)).filter((p) => p.kind === "transfer")).toHaveLength(4);
    expect((await makerDelivers(c.id, "Final")).status).toBe(201);
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
    const rows = await earnings(c.id);
    expect(rows.map(([key]) => key)).toEqual([0, 1, 2, 3].map((n) => `earning-${c.id}-stage-${n}`).concat(`earning-${c.id}`));
    expect(rows.reduce((sum, [, amount]) => sum + amount, 0)).toBe(shareOf(net, c.share));
  });

  it("stops after the second stage: the three stages not started are refunded once, with a credit note; the maker keeps what the approved stages earned", async () => {
    const c = await makersStagedOrder();
    expect(await api("POST", `/orders/${c.id}/stop`, { token: c.token })).toMatchObject({
      status: 409,
      body: { message: "Nothing is approved yet: an order can be stopped right after a stage's approval." },
    });
    for (const n of [1, 2]) {
      expect((await makerDelivers(c.id, `Stage ${n}`)).status).toBe(201);
      expect((await approve(c, n)).status).toBe(200);
    }
    const earnedBefore = await earnings(c.id);
    const stopped = await api<{
      message: string;
      data: {
        order: { work_status: string; payment_status: string; refunded_amount: string };
        refunds: { amount: string; credit_note_number: string | null }[];
      };
    }>("POST", `/orders/${c.id}/stop`, { token: c.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.message).toBe("Stopped: the stages not started are refunded");
    // £2,278.80 paid (£1,899 + VAT); Script and Storyboard (£189.90 + £379.80) kept with their VAT: £683.64; the rest goes back.
    expect(stopped.body.data.order).toMatchObject({ work_status: "completed", refunded_amount: "1595.16" });
    expect(stopped.body.data.refunds).toHaveLength(1);
    expect(stopped.body.data.refunds[0]).toMatchObject({ amount: "1595.16" });
    expect(stopped.body.data.refunds[0]!.credit_note_number).toMatch(/^CN-\d{4}-\d{6}$/);
    // Nothing taken back from the maker: the refunded stages never earned; the completion adds nothing more.
    const ledger = await ledgerOf(c.id);
    expect(ledger.filter((row) => row.kind === "clawback")).toEqual([]);
    const after = await earnings(c.id);
    expect(after.slice(0, 2)).toEqual(earnedBefore);
    expect(after.reduce((sum, [, amount]) => sum + amount, 0)).toBe(shareOf(56_970, c.share));
    // Asked again: refused, and still one refund.
    expect(await api("POST", `/orders/${c.id}/stop`, { token: c.token })).toMatchObject({
      status: 409,
      body: { message: "Cannot stop this order: it is not in production on a stage." },
    });
    const refunds = await env.DB.prepare("SELECT count(*) AS n FROM order_refunds WHERE order_id = ?").bind(c.id).first<number>("n");
    expect(refunds).toBe(1);
    const stages = await stagesOf(c);
    expect(stages.map((s) => s.state)).toEqual(["approved", "approved", "stopped", "stopped", "stopped"]);
    const timeline = (await api<{ data: Event[] }>("GET", `/orders/${c.id}/events`, { token: c.token })).body.data;
    expect(timeline.at(-1)).toMatchObject({
      actor: "customer",
      to_status: "completed",
      note: "Stopped after Storyboard: Styleframes, Animatic, Final refunded",
    });
  });

  it("the first-order guarantee after Script is approved takes nothing back from the maker: Script's share stays earned", async () => {
    const c = await makersStagedOrder();
    expect((await makerDelivers(c.id, "Script")).status).toBe(201);
    expect((await approve(c, 1)).status).toBe(200);
    const earnedBefore = await earnings(c.id);
    expect(earnedBefore).toEqual([[`earning-${c.id}-stage-0`, shareOf(18_990, c.share)]]);
    expect((await api("POST", `/orders/${c.id}/guarantee`, { token: c.token })).status).toBe(200);
    expect((await orderOf(c)).work_status).toBe("cancelled");
    const ledger = await ledgerOf(c.id);
    expect(ledger.filter((row) => row.kind === "clawback")).toEqual([]);
    expect(await earnings(c.id)).toEqual(earnedBefore);
  });

  it("a stop that refunded but never made its move (a crash between them) is finished by the next try, without a second refund", async () => {
    const c = await makersStagedOrder();
    expect((await makerDelivers(c.id, "Script")).status).toBe(201);
    expect((await approve(c, 1)).status).toBe(200);
    expect((await api("POST", `/orders/${c.id}/stop`, { token: c.token })).status).toBe(200);
    // As if the request had stopped after the refund: the order back in production, its stop move and event undone.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM order_events WHERE order_id = ? AND version = (SELECT work_version FROM orders WHERE id = ?)").bind(c.id, c.id),
      env.DB.prepare("UPDATE orders SET work_status = 'in_progress', work_version = work_version - 1, completed_at = NULL WHERE id = ?").bind(c.id),
    ]);
    await env.DB.prepare("DELETE FROM ledger_entries WHERE idempotency_key = ?").bind(`earning-${c.id}`).run();
    const again = await api<{ data: { order: { work_status: string; refunded_amount: string }; refunds: unknown[] } }>("POST", `/orders/${c.id}/stop`, {
      token: c.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.order).toMatchObject({ work_status: "completed", refunded_amount: "2050.92" });
    expect(again.body.data.refunds).toHaveLength(1);
  });

  it("a stop racing the next stage's delivery: one of them wins, never both", async () => {
    const c = await makersStagedOrder();
    expect((await makerDelivers(c.id, "Script")).status).toBe(201);
    expect((await approve(c, 1)).status).toBe(200);
    const [stop, delivery] = await Promise.all([api("POST", `/orders/${c.id}/stop`, { token: c.token }), makerDelivers(c.id, "Storyboard")]);
    const refunds = (await env.DB.prepare("SELECT count(*) AS n FROM order_refunds WHERE order_id = ?").bind(c.id).first<number>("n"))!;
    const delivered = (await env.DB.prepare("SELECT count(*) AS n FROM order_deliveries WHERE order_id = ? AND stage = 1").bind(c.id).first<number>("n"))!;
    expect([stop.status, delivery.status]).toEqual(stop.status === 200 ? [200, 409] : [409, 201]);
    if (stop.status === 200) expect([refunds, delivered, (await orderOf(c)).work_status]).toEqual([1, 0, "completed"]);
    else expect([refunds, delivered, (await orderOf(c)).work_status]).toEqual([0, 1, "delivered"]);
  });

  it("a customer cannot stop another's order, nor one made in one piece", async () => {
    const c = await makersStagedOrder();
    const stranger = await newCustomer();
    expect((await api("POST", `/orders/${c.id}/stop`, { token: stranger.access_token })).status).toBe(404);
    const single = await customerWithOrder();
    expect(await api("POST", `/orders/${single.id}/stop`, { token: single.token })).toMatchObject({
      status: 409,
      body: { message: "This order is not made in stages: there is no stage to stop after." },
    });
  });
});

describe("a withdrawal or the first-order guarantee on an order in stages refunds only what is not approved", () => {
  const refundsOf = async (id: number) =>
    (
      await env.DB.prepare("SELECT amount_minor, idempotency_key, status FROM order_refunds WHERE order_id = ? ORDER BY id")
        .bind(id)
        .all<{ amount_minor: number; idempotency_key: string; status: string }>()
    ).results;

  it("the guarantee after Script is approved: Script's part is kept, the rest refunded once with its credit note, the work cancelled", async () => {
    const c = await stagedOrder();
    await studioDelivers(c.id, "Script");
    expect((await approve(c, 1)).status).toBe(200);
    const claimed = await api<{ data: { order: { work_status: string; payment_status: string }; remaining_amount: string } }>(
      "POST",
      `/orders/${c.id}/guarantee`,
      { token: c.token },
    );
    expect(claimed.status).toBe(200);
    // As stopping after Script would: the checkout payment less Script's 10% with its tax.
    expect(await refundsOf(c.id)).toEqual([{ amount_minor: 205_092, idempotency_key: `stop-${c.id}`, status: "succeeded" }]);
    expect(claimed.body.data.order).toMatchObject({ work_status: "cancelled", payment_status: "succeeded", refunded_amount: "2050.92" });
    expect(claimed.body.data.remaining_amount).toBe("227.88");
    const notes = await api<{ data: unknown[] }>("GET", `/orders/${c.id}/credit_notes`, { token: c.token });
    expect(notes.body.data).toHaveLength(1);
    // Once: the order is cancelled, so a second claim is refused and nothing more goes back.
    expect((await api("POST", `/orders/${c.id}/guarantee`, { token: c.token })).status).toBe(409);
    expect(await refundsOf(c.id)).toHaveLength(1);
    // Script's files stay the customer's: its stage is still approved.
    expect((await stagesOf(c))[0]!.state).toBe("approved");
  });

  it("a withdrawal the studio leaves unanswered after Script is approved refunds the stages not approved, once, and cancels the work", async () => {
    const c = await stagedOrder();
    await studioDelivers(c.id, "Script");
    expect((await approve(c, 1)).status).toBe(200);
    const asked = await api<{ data: { status: string } }>("POST", `/orders/${c.id}/cancel`, { token: c.token });
    expect(asked.status).toBe(202);
    await env.DB.prepare("UPDATE orders SET cancellation_requested_at = cancellation_requested_at - ? WHERE id = ?")
      .bind(15 * DAY, c.id)
      .run();
    await runTimers();
    await runTimers();
    expect(await refundsOf(c.id)).toEqual([{ amount_minor: 205_092, idempotency_key: `stop-${c.id}`, status: "succeeded" }]);
    expect((await orderOf(c)).work_status).toBe("cancelled");
  });
});
