/**
 * Sign-off with named approvers, through the API and the approver's own link: a Premium order in five
 * stages with an approver, one stage sent back by them, one approved by the timer with who never
 * answered recorded, withdrawals, the rule "any N", exactly-once under racing approvals, access, and
 * the history kept as "Former guest" after the customer's account is erased.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { BRIEF, customerWithOrder, studioDelivers } from "./order-fixtures";
import { newCreator, setProductCreators } from "./creator-fixtures";

type SignOff = { decision: string; by: string; name: string | null; version: number; created_at: string };
type Stage = {
  n: number;
  name: string;
  state: string;
  revisions_used: number;
  decisions: { decision: string; by: string; name: string | null }[];
  sign_offs: SignOff[];
};
type Approvers = { approvers: { id: number; name: string | null; email: string }[]; required: number | null; rule: string };
type Customer = { token: string; id: number; email: string };
const DAY = 86_400_000;

async function stagedOrder(): Promise<Customer> {
  const c = await customerWithOrder({ packageIndex: 2 });
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  return c;
}
const stagesOf = async (c: { id: number }, token: string) => (await api<{ data: Stage[] }>("GET", `/orders/${c.id}/stages`, { token })).body.data;
const approve = (c: Customer, n: number) => api<{ message: string; data: Stage[] }>("POST", `/orders/${c.id}/stages/${n}/approve`, { token: c.token });
const withdraw = (c: Customer, n: number) => api<{ message: string; data: Stage[] }>("POST", `/orders/${c.id}/stages/${n}/withdraw`, { token: c.token });
const setApprovers = (c: Customer, body: unknown, token = c.token) =>
  api<{ message: string; data: Approvers; errors?: string[] }>("PUT", `/orders/${c.id}/approvers`, { token, body });
async function runTimers(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}
const lastEmail = (to: string, kind: string) =>
  env.DB.prepare("SELECT subject, text FROM emails WHERE recipient = ? AND kind = ? ORDER BY id DESC LIMIT 1")
    .bind(to, kind)
    .first<{ subject: string; text: string }>();

/** Invites a colleague on the customer's order (the page's form), opens their link and gives their name. */
async function colleague(c: Customer, name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const cookie = await customerCookie(c.email, "Str0ng!Pass");
  expect((await postForm(`/profile/orders/${c.id}`, { intent: "invite-guest", email }, { Cookie: cookie })).status).toBe(302);
  const link = /\/review\/[\w-]+/.exec((await lastEmail(email, "review_invitation"))!.text)![0];
  expect((await postForm(link, { intent: "name", name })).status).toBe(302);
  const id = (await env.DB.prepare("SELECT id FROM order_guests WHERE email = ?").bind(email).first<number>("id"))!;
  return { id, email, link, name };
}
const page = async (path: string, cookie?: string) =>
  (await (await get(path, cookie ? { headers: { Cookie: cookie } } : undefined)).text()).replace(/<!-- -->/g, "");

describe("sign-off with named approvers", () => {
  it("runs a Premium order through five stages with an approver: one stage sent back by them, one approved by the timer, the history kept", async () => {
    const c = await stagedOrder();
    const jo = await colleague(c, "Jo Park");

    // Named: the rule said back, and Jo told by email with their link, which now lives while the order is open.
    const named = await setApprovers(c, { approvers: { guest_ids: [jo.id], required: null } });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({
      message: "Approvers saved",
      data: { approvers: [{ id: jo.id, name: "Jo Park", email: jo.email }], required: null, rule: "You and your approver approve each delivery." },
    });
    const told = (await lastEmail(jo.email, "approver_named"))!;
    expect(told.subject).toContain("asked for your sign-off");
    expect(told.text).toContain(jo.link);
    expect(told.text).toContain("your silence is recorded");
    expect((await api<{ data: Approvers }>("GET", `/orders/${c.id}/approvers`, { token: c.token })).body.data.approvers).toHaveLength(1);

    // Script: the customer approves first; the stage waits for Jo. Approving twice is refused; a withdrawal is kept.
    await studioDelivers(c.id, "Script");
    expect((await lastEmail(jo.email, "sign_off_needed"))!.text).toContain(jo.link);
    let answer = await approve(c, 1);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      state: "delivered",
      decisions: [],
      sign_offs: [{ decision: "approve", by: "customer", name: null, version: 1 }],
    });
    expect(await approve(c, 1)).toMatchObject({ status: 409, body: { message: "You have approved this version. Waiting for: Jo Park." } });
    answer = await withdraw(c, 1);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]!.sign_offs.map((s) => s.decision)).toEqual(["approve", "withdraw"]);
    expect(await withdraw(c, 1)).toMatchObject({ status: 409, body: { message: "You have not approved this version, so there is nothing to withdraw." } });
    expect((await approve(c, 1)).status).toBe(200);

    // Jo's page: their sign-off; their approval completes the set and locks Script. The customer hears.
    expect(await page(jo.link)).toContain("Script (v1) awaits your sign-off.");
    expect((await postForm(jo.link, { intent: "sign-off-approve" })).status).toBe(302);
    let stages = await stagesOf(c, c.token);
    expect(stages.map((s) => s.state)).toEqual(["approved", "in_progress", "waiting", "waiting", "waiting"]);
    expect(stages[0]!.decisions).toEqual([expect.objectContaining({ decision: "approve", by: "guest", name: "Jo Park" })]);
    expect((await lastEmail(c.email, "sign_off_decided"))!.subject).toBe(`Jo Park approved Script (v1), order #${c.id}`);
    expect(await withdraw(c, 1)).toMatchObject({ status: 409, body: { message: "Cannot withdraw an approval of Script: it is approved and locked." } });

    // Storyboard: Jo asks for changes (the stage's one round, on the customer's behalf); v3 comes; both approve, Jo last... then the customer.
    await studioDelivers(c.id, "Storyboard v1");
    expect((await postForm(jo.link, { intent: "sign-off-changes", note: "" })).status).toBe(422);
    expect((await postForm(jo.link, { intent: "sign-off-changes", note: "The opening needs a wider shot" })).status).toBe(302);
    stages = await stagesOf(c, c.token);
    expect(stages[1]).toMatchObject({ state: "changes_asked", revisions_used: 1 });
    expect(stages[1]!.decisions).toEqual([expect.objectContaining({ decision: "request_changes", by: "guest", name: "Jo Park" })]);
    expect((await lastEmail(c.email, "sign_off_decided"))!.subject).toBe(`Jo Park asked for changes to Storyboard (v2), order #${c.id}`);
    const revision = await env.DB.prepare("SELECT note FROM revision_requests WHERE order_id = ? ORDER BY id DESC LIMIT 1").bind(c.id).first<string>("note");
    expect(revision).toBe("The opening needs a wider shot");
    await studioDelivers(c.id, "Storyboard v2");
    expect((await postForm(jo.link, { intent: "sign-off-approve" })).status).toBe(302);
    expect((await stagesOf(c, c.token))[1]).toMatchObject({ state: "delivered" });
    expect((await approve(c, 2)).body.data.map((s) => s.state)).toEqual(["approved", "approved", "in_progress", "waiting", "waiting"]);

    // Styleframes: nobody answers; the timer approves it and records who did not answer.
    await studioDelivers(c.id, "Styleframes");
    await env.DB.prepare("UPDATE order_deliveries SET created_at = created_at - ? WHERE order_id = ? AND stage = 2")
      .bind(3 * DAY + 60_000, c.id)
      .run();
    await runTimers();
    stages = await stagesOf(c, c.token);
    expect(stages[2]!.state).toBe("approved");
    expect(stages[2]!.decisions.map((d) => d.by)).toEqual(["shop"]);
    expect(stages[2]!.sign_offs.map((s) => [s.decision, s.by, s.name, s.version])).toEqual([
      ["no_response", "guest", "Jo Park", 4],
      ["no_response", "customer", null, 4],
    ]);

    // Jo's link outlives its 14 days while the order is open.
    await env.DB.prepare("UPDATE order_guests SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, jo.id)
      .run();
    expect((await get(jo.link)).status).toBe(200);

    // Animatic and Final: both approve each; the last approval completes the order.
    for (const [n, name] of [
      [4, "Animatic"],
      [5, "Final"],
    ] as const) {
      await studioDelivers(c.id, name);
      expect((await postForm(jo.link, { intent: "sign-off-approve" })).status).toBe(302);
      expect((await approve(c, n)).status).toBe(200);
    }
    const order = (await api<{ data: { work_status: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data;
    expect(order.work_status).toBe("completed");
    // Closed: the approver's expired link ends with it.
    expect((await get(jo.link)).status).toBe(410);

    // An admin sees the name.
    const admin = await adminSignIn();
    expect((await stagesOf(c, admin.access_token))[0]!.decisions[0]!.name).toBe("Jo Park");

    // Erased with the customer's account: the history stays, Jo as "Former guest".
    expect((await api("DELETE", "/users/me", { token: c.token, body: { user: { current_password: "Str0ng!Pass" } } })).status).toBe(200);
    stages = await stagesOf(c, admin.access_token);
    expect(stages[0]!.decisions[0]).toMatchObject({ by: "guest", name: "Former guest" });
    expect(stages[2]!.sign_offs[0]).toMatchObject({ decision: "no_response", name: "Former guest", version: 4 });
    expect(stages[0]!.sign_offs.map((s) => s.decision)).toEqual(["approve", "withdraw", "approve"]);
  });

  it("any 1 of 2: the first approver's approval completes it; an approver's withdrawal before the lock is kept", async () => {
    const c = await stagedOrder();
    const ann = await colleague(c, "Ann");
    const ben = await colleague(c, "Ben");
    expect((await setApprovers(c, { approvers: { guest_ids: [ann.id, ben.id], required: 1 } })).body.data.rule).toBe(
      "You and any 1 of your 2 approvers approve each delivery.",
    );
    await studioDelivers(c.id, "Script");
    expect((await postForm(ann.link, { intent: "sign-off-approve" })).status).toBe(302);
    expect((await postForm(ann.link, { intent: "sign-off-withdraw" })).status).toBe(302);
    expect((await postForm(ann.link, { intent: "sign-off-withdraw" })).status).toBe(409);
    expect((await postForm(ben.link, { intent: "sign-off-approve" })).status).toBe(302);
    const stages = (await approve(c, 1)).body.data;
    expect(stages[0]!.state).toBe("approved");
    expect(stages[0]!.sign_offs.map((s) => [s.name, s.decision])).toEqual([
      ["Ann", "approve"],
      ["Ann", "withdraw"],
      ["Ben", "approve"],
    ]);
    expect(stages[0]!.decisions).toEqual([expect.objectContaining({ by: "customer", decision: "approve" })]);
  });

  it("approves exactly once when approvals race: every one of two approving at once, and two last sign-offs of any 1", async () => {
    for (const required of [null, 1]) {
      const c = await stagedOrder();
      const ann = await colleague(c, "Ann");
      const ben = await colleague(c, "Ben");
      await setApprovers(c, { approvers: { guest_ids: [ann.id, ben.id], required } });
      await studioDelivers(c.id, "Script");
      expect((await approve(c, 1)).status).toBe(200);
      const answers = await Promise.all([postForm(ann.link, { intent: "sign-off-approve" }), postForm(ben.link, { intent: "sign-off-approve" })]);
      // Every one: both land (one recorded, one completing). Any 1: one completes, the other is told it is approved.
      expect(answers.map((a) => a.status).sort()).toEqual(required === null ? [302, 302] : [302, 409]);
      const stages = await stagesOf(c, c.token);
      expect(stages.map((s) => s.state).slice(0, 3)).toEqual(["approved", "in_progress", "waiting"]);
      const approvals = await env.DB.prepare("SELECT count(*) AS n FROM stage_decisions WHERE order_id = ? AND decision = 'approve'")
        .bind(c.id)
        .first<number>("n");
      expect(approvals).toBe(1);
    }
  });

  it("names only the order's live guests, at most 5, its owner only; plain guests cannot sign off; an order in one piece signs off too", async () => {
    const c = await stagedOrder();
    const guest = await colleague(c, "Gail");
    const other = await newCustomer();
    expect((await setApprovers(c, { approvers: { guest_ids: [guest.id], required: null } }, other.access_token)).status).toBe(404);
    expect(await setApprovers(c, { approvers: { guest_ids: [1, 2, 3, 4, 5, 6], required: null } })).toMatchObject({
      status: 422,
      body: { errors: ["Name at most 5 approvers."] },
    });
    expect(await setApprovers(c, { approvers: { guest_ids: [guest.id, guest.id], required: null } })).toMatchObject({ status: 422 });
    expect(await setApprovers(c, { approvers: { guest_ids: [guest.id], required: 2 } })).toMatchObject({
      status: 422,
      body: { errors: ["The number of approvals needed must be between 1 and the number of approvers."] },
    });
    expect(await setApprovers(c, { approvers: { guest_ids: [999_999], required: null } })).toMatchObject({
      status: 409,
      body: { message: "Approvers must be colleagues invited to this order whose link still works." },
    });
    // Not an approver: no sign-off from their link.
    await studioDelivers(c.id, "Script");
    expect((await postForm(guest.link, { intent: "sign-off-approve" })).status).toBe(403);
    expect(await page(guest.link)).not.toContain("Your sign-off");

    // An order made in one piece: the approver's approval completes it.
    const single = await customerWithOrder();
    expect((await api("PUT", `/orders/${single.id}/brief`, { token: single.token, body: { brief: BRIEF } })).status).toBe(200);
    const sam = await colleague(single, "Sam");
    expect((await setApprovers(single, { approvers: { guest_ids: [sam.id], required: null } })).status).toBe(200);
    await studioDelivers(single.id);
    const first = await api<{ data: { work_status: string } }>("POST", `/orders/${single.id}/approve`, { token: single.token });
    expect(first.body.data.work_status).toBe("delivered");
    const owner = await page(`/profile/orders/${single.id}`, await customerCookie(single.email, "Str0ng!Pass"));
    expect(owner).toContain("You approved this version");
    expect(owner).toContain("Still awaited: Sam.");
    expect((await postForm(sam.link, { intent: "sign-off-approve" })).status).toBe(302);
    expect((await api<{ data: { work_status: string } }>("GET", `/orders/${single.id}`, { token: single.token })).body.data.work_status).toBe("completed");
    // Its history on its page: who approved which version.
    const done = await page(`/profile/orders/${single.id}`, await customerCookie(single.email, "Str0ng!Pass"));
    expect(done).toContain("Sign-off history");
    expect(done).toMatch(/You approved v1<\/li>/);
    expect(done).toMatch(/Sam \(approver\) approved v1<\/li>/);
    // Closed: the approvers stay as they were.
    expect((await setApprovers(single, { approvers: { guest_ids: [], required: null } })).status).toBe(409);
  });

  it("the creator making the order reads who decided as \"An approver\": never the customer's colleague's name or address", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Mia Maker");
    await setProductCreators(admin, [maker.id]);
    const c = await stagedOrder();
    expect((await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } })).status).toBe(
      200,
    );
    const kim = await colleague(c, "Kim Secret");
    await setApprovers(c, { approvers: { guest_ids: [kim.id], required: null } });
    await studioDelivers(c.id, "Script");
    expect((await postForm(kim.link, { intent: "sign-off-approve" })).status).toBe(302);
    expect((await approve(c, 1)).status).toBe(200);
    const theirs = await stagesOf(c, maker.token);
    expect(theirs[0]!.sign_offs[0]).toMatchObject({ decision: "approve", by: "guest", name: "An approver" });
    const studio = await page(`/studio/orders/${c.id}`, maker.cookie);
    expect(studio).toContain("An approver approved v1");
    for (const text of [JSON.stringify(theirs), studio]) {
      expect(text).not.toContain("Kim Secret");
      expect(text).not.toContain(kim.email);
    }
  });

  it("names are emailed once; a set made complete by removing an approver lets the customer approve; an open cancellation is the customer's to withdraw", async () => {
    const c = await stagedOrder();
    const lee = await colleague(c, "Lee");
    const count = async (kind: string) =>
      env.DB.prepare("SELECT count(*) AS n FROM emails WHERE recipient = ? AND kind = ?").bind(lee.email, kind).first<number>("n");
    for (const ids of [[lee.id], [], [lee.id]]) expect((await setApprovers(c, { approvers: { guest_ids: ids, required: null } })).status).toBe(200);
    expect(await count("approver_named")).toBe(1);

    await studioDelivers(c.id, "Script");
    expect((await approve(c, 1)).body.data[0]!.state).toBe("delivered");
    // Lee asks for changes: the revision is the customer's round; the work log keeps no approver's name.
    expect((await postForm(lee.link, { intent: "sign-off-changes", note: "Shorter, please" })).status).toBe(302);
    const events = await api<{ data: { note: string | null }[] }>("GET", `/orders/${c.id}/events`, { token: c.token });
    expect(JSON.stringify(events.body.data)).not.toContain("Lee");
    await studioDelivers(c.id, "Script v2");
    expect((await approve(c, 1)).body.data[0]!.state).toBe("delivered");
    // Lee removed: the customer's standing approval now completes the set, and approving again makes the move.
    expect((await setApprovers(c, { approvers: { guest_ids: [], required: null } })).status).toBe(200);
    const owner = await page(`/profile/orders/${c.id}`, await customerCookie(c.email, "Str0ng!Pass"));
    expect(owner).toContain("Approve Script and continue");
    expect((await approve(c, 1)).body.data[0]!.state).toBe("approved");

    // Storyboard: the customer asks to cancel; Lee (named again) cannot approve the request away.
    expect((await setApprovers(c, { approvers: { guest_ids: [lee.id], required: null } })).status).toBe(200);
    expect(await count("approver_named")).toBe(1);
    await studioDelivers(c.id, "Storyboard");
    expect((await approve(c, 2)).status).toBe(200);
    expect((await api("POST", `/orders/${c.id}/cancel`, { token: c.token })).status).toBe(202);
    const refused = await postForm(lee.link, { intent: "sign-off-approve" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The customer asked to cancel this order: only they can approve it now.");
    expect((await stagesOf(c, c.token))[1]!.state).toBe("delivered");
  });
});
