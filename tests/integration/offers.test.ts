import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { OFFER_RUN_ROWS, runOffers } from "~/domain/creators/offers.server";
import { instrument, type Counts } from "../../bench/d1-counts";
import { OFFER_MESSAGES } from "~/lib/rules/offers";
import { adminCookie, adminSignIn, api, get, postForm } from "./helpers";
import { briefedOrder, newCreator, setProductCreators, type Tokens } from "./creator-fixtures";

type Offer = { id: number; order_id: number; product: string; brief: string | null; due_at: string | null; expires_at: string; status: string };

const db = () => createDb(env.DB);
const notice = () => ({ env, origin: "https://shop.test" });
const HOUR = 3_600_000;

async function offersOf(creator: { token: string }) {
  const list = await api<{ data: Offer[] }>("GET", "/creator/offers", { token: creator.token });
  expect(list.status).toBe(200);
  return list.body.data;
}

async function waitingOfferOf(orderId: number) {
  return env.DB.prepare("SELECT id, creator_id FROM creator_offers WHERE order_id = ? AND status = 'waiting'")
    .bind(orderId)
    .first<{ id: number; creator_id: number }>();
}

/** A Drizzle client whose every statement's rows read (D1's own figure) are added up in `counts`. */
function countedDb() {
  const counts: Counts = { path: "offers", roundTrips: 0, sequential: 0, statements: 0, rowsRead: 0, detail: [] };
  return { db: createDb(instrument(env.DB, counts, true)), counts };
}

const dueAtOf = (orderId: number) => env.DB.prepare("SELECT due_at FROM orders WHERE id = ?").bind(orderId).first<number | null>("due_at");

const accept = (creator: { token: string }, offerId: number) =>
  api<{ data: { order_id: number }; message: string }>("POST", `/creator/offers/${offerId}/accept`, { token: creator.token });

let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  // And from no work waiting on anyone: what earlier tests left is withdrawn, and the sweep passes it by.
  await env.DB.prepare("UPDATE creator_offers SET status = 'withdrawn' WHERE status = 'waiting'").run();
  await env.DB.prepare("UPDATE orders SET offers_exhausted_at = 1 WHERE creator_id IS NULL AND offers_exhausted_at IS NULL").run();
  // Every test starts from a rotation nobody has had a turn of, with offers on and a 24-hour window.
  await env.DB.prepare("UPDATE creators SET last_assigned_at = NULL").run();
  await env.DB.prepare("DELETE FROM offer_settings").run();
});

describe("work offered to creators", () => {
  it("a started order is offered to one creator, who sees what it is and accepts it: the order is theirs, on its timeline", async () => {
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    const order = await briefedOrder();
    const [offer] = await offersOf(maker);
    expect(offer).toMatchObject({ order_id: order.id, product: "3D Product Launch Animation", status: "waiting" });
    expect(offer!.brief).toContain("espresso machine");
    expect(Date.parse(offer!.expires_at) - Date.now()).toBeGreaterThan(23 * HOUR);
    const offered = await env.DB.prepare("SELECT subject FROM emails WHERE recipient = ? AND kind = 'offer_made'")
      .bind(maker.email)
      .first<{ subject: string }>();
    expect(offered?.subject).toBe(`Work offered to you: order #${order.id}`);

    // The admins see whom it waits on: at the top of the queue and on the order's page.
    const cookie = await adminCookie();
    const queue = await (await get("/admin/orders", { headers: { Cookie: cookie } })).text();
    expect(queue).toMatch(/Waiting for a creator(&#x27;|')s answer \(1\)/);
    expect(queue).toContain(`Order #${order.id}`);
    const page = await (await get(`/admin/orders/${order.id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Offered to ${maker.name}: their answer is due by`);

    const accepted = await accept(maker, offer!.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: OFFER_MESSAGES.accepted, data: { order_id: order.id } });
    const row = await env.DB.prepare("SELECT creator_id FROM orders WHERE id = ?").bind(order.id).first<{ creator_id: number }>();
    expect(row?.creator_id).toBe(maker.id);
    const mine = await api<{ data: { id: number } }>("GET", `/creator/orders/${order.id}`, { token: maker.token });
    expect(mine.status).toBe(200);
    const timeline = await env.DB.prepare("SELECT note, actor_kind FROM order_events WHERE order_id = ? ORDER BY id DESC LIMIT 1")
      .bind(order.id)
      .first<{ note: string; actor_kind: string }>();
    expect(timeline).toEqual({ note: `${maker.name} accepted the offer`, actor_kind: "creator" });
    expect(await offersOf(maker)).toEqual([]);
    // Exactly once: accepting again is refused, and so is anyone else's token.
    expect((await accept(maker, offer!.id)).status).toBe(409);
    const other = await newCreator(admin);
    expect((await accept(other, offer!.id)).status).toBe(404);
  });

  it("the rotation is fair: over a sequence of orders each creator gets their share, least recently given work first", async () => {
    const makers = [await newCreator(admin), await newCreator(admin), await newCreator(admin)];
    await setProductCreators(
      admin,
      makers.map((m) => m.id),
    );
    const got = new Map<number, number>();
    const sequence: number[] = [];
    for (let i = 0; i < 7; i++) {
      const order = await briefedOrder();
      const waiting = await waitingOfferOf(order.id);
      expect(waiting, `order ${i + 1} offered`).not.toBeNull();
      const maker = makers.find((m) => m.id === waiting!.creator_id)!;
      expect((await accept(maker, waiting!.id)).status).toBe(200);
      got.set(maker.id, (got.get(maker.id) ?? 0) + 1);
      sequence.push(makers.indexOf(maker));
    }
    // Nobody had work: the product's order first; then whoever was given work least recently.
    expect(sequence).toEqual([0, 1, 2, 0, 1, 2, 0]);
    const shares = makers.map((m) => got.get(m.id) ?? 0);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
  });

  it("capacity and away dates are respected; nobody free leaves the order unassigned and emails the admins once", async () => {
    const [full, away, free] = [await newCreator(admin), await newCreator(admin), await newCreator(admin)];
    await setProductCreators(admin, [full.id, away.id, free.id]);
    await env.DB.prepare("UPDATE creators SET capacity = 1 WHERE id = ?").bind(full.id).run();
    // The full creator already holds an order; the away one is away.
    const held = await briefedOrder();
    const first = await waitingOfferOf(held.id);
    expect(first?.creator_id).toBe(full.id);
    expect((await accept(full, first!.id)).status).toBe(200);
    await env.DB.prepare("UPDATE creators SET status = 'away', away_until = ? WHERE id = ?")
      .bind(Date.now() + 5 * 24 * HOUR, away.id)
      .run();
    const next = await briefedOrder();
    expect((await waitingOfferOf(next.id))?.creator_id).toBe(free.id);

    // The free one declines: nobody else can take it.
    const declined = await api("POST", `/creator/offers/${(await waitingOfferOf(next.id))!.id}/decline`, {
      token: free.token,
      body: { decline: { reason: "Booked this week" } },
    });
    expect(declined.status).toBe(200);
    expect(await waitingOfferOf(next.id)).toBeNull();
    const flagged = await env.DB.prepare("SELECT creator_id, offers_exhausted_at FROM orders WHERE id = ?")
      .bind(next.id)
      .first<{ creator_id: number | null; offers_exhausted_at: number | null }>();
    expect(flagged?.creator_id).toBeNull();
    expect(flagged?.offers_exhausted_at).not.toBeNull();
    await runOffers(db(), notice(), Date.now() + HOUR);
    const told = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'offer_nobody_free' AND subject = ?")
      .bind(`No creator is free for order #${next.id}`)
      .first<number>("n");
    expect(told).toBe(1);
  });

  it("an offer unanswered past its window passes to the next creator on the scheduled run; the late accept is refused", async () => {
    const [slow, quick] = [await newCreator(admin), await newCreator(admin)];
    await setProductCreators(admin, [slow.id, quick.id]);
    const order = await briefedOrder();
    const offer = await waitingOfferOf(order.id);
    expect(offer?.creator_id).toBe(slow.id);
    // The promise counts from the start of work: an offer waiting, passing on or accepted never moves it.
    const promised = await dueAtOf(order.id);
    expect(promised).not.toBeNull();
    // Before the window ends nothing moves.
    expect(await runOffers(db(), notice(), Date.now() + 23 * HOUR)).toMatchObject({ expired: 0 });
    expect(await runOffers(db(), notice(), Date.now() + 25 * HOUR)).toMatchObject({ expired: 1 });
    const passed = await waitingOfferOf(order.id);
    expect(passed?.creator_id).toBe(quick.id);
    const late = await accept(slow, offer!.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(OFFER_MESSAGES.expired);
    expect(await dueAtOf(order.id)).toBe(promised);
    expect((await accept(quick, passed!.id)).status).toBe(200);
    expect(await dueAtOf(order.id)).toBe(promised);
  });

  it("the timer's reading is bounded: a run stops at its budget of rows, the next goes on from there, and each order is offered once", async () => {
    // Offers off while work starts: orders pile up that nobody was offered.
    await env.DB.prepare("INSERT INTO offer_settings (id, window_hours, automatic) VALUES (1, 24, 0)").run();
    const makers = [await newCreator(admin), await newCreator(admin), await newCreator(admin)];
    await setProductCreators(
      admin,
      makers.map((m) => m.id),
    );
    const piled = [];
    for (let i = 0; i < 5; i++) piled.push((await briefedOrder()).id);
    await env.DB.prepare("UPDATE offer_settings SET automatic = 1").run();

    // A budget that one or two offers spend: each run offers some, reads what it says, and the sweep goes on where it stopped.
    const runs: { offered: number; rows: number; read: number }[] = [];
    for (let run = 0; run < 40; run++) {
      const { db: counted, counts } = countedDb();
      const result = await runOffers(counted, notice(), Date.now(), 100, 150);
      runs.push({ offered: result.offered, rows: result.rows, read: counts.rowsRead });
      // What the run counted against its budget is never less than what D1 says it read.
      expect(counts.rowsRead).toBeLessThanOrEqual(result.rows);
      const cursor = await env.DB.prepare("SELECT sweep_after FROM offer_settings WHERE id = 1").first<number>("sweep_after");
      if (result.offered === 0 && cursor === 0) break;
    }
    expect(runs[0]!.offered).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeGreaterThan(1);
    // Each run stopped within one offer's reading of its budget.
    for (const run of runs) expect(run.rows).toBeLessThanOrEqual(150 + 150);
    for (const orderId of piled) {
      const offers = await env.DB.prepare("SELECT count(*) AS n FROM creator_offers WHERE order_id = ?").bind(orderId).first<number>("n");
      expect(offers, `order ${orderId} offered once`).toBe(1);
    }
    // Nothing is left that the sweep should have offered.
    const left = await env.DB.prepare(
      `SELECT count(*) AS n FROM orders o WHERE o.creator_id IS NULL AND o.offers_exhausted_at IS NULL AND o.work_status IN ('in_progress', 'revision_requested')
         AND NOT EXISTS (SELECT 1 FROM creator_offers w WHERE w.order_id = o.id AND w.status = 'waiting')`,
    ).first<number>("n");
    expect(left).toBe(0);

    // A run with the shop's budget, once everything expires: well inside the scheduled run's 10,000 rows.
    const { db: counted, counts } = countedDb();
    const all = await runOffers(counted, notice(), Date.now() + 25 * HOUR);
    expect(all.expired).toBeGreaterThanOrEqual(piled.length);
    expect(counts.rowsRead).toBeLessThanOrEqual(all.rows);
    expect(all.rows).toBeLessThanOrEqual(OFFER_RUN_ROWS + 200);
  });

  it("races have one winner: two accepts, an accept and the timer, an accept and an admin's assignment", async () => {
    const [a, b] = [await newCreator(admin), await newCreator(admin)];
    await setProductCreators(admin, [a.id, b.id]);

    // The same offer accepted twice at once.
    const twice = await briefedOrder();
    const offer = (await waitingOfferOf(twice.id))!;
    const owner = offer.creator_id === a.id ? a : b;
    const answers = (await Promise.all([accept(owner, offer.id), accept(owner, offer.id)])).map((r) => r.status).sort();
    expect(answers).toEqual([200, 409]);

    // An accept racing the timer that expires it (the timer runs past the window): one of them wins.
    const timed = await briefedOrder();
    const timedOffer = (await waitingOfferOf(timed.id))!;
    const timedOwner = timedOffer.creator_id === a.id ? a : b;
    const [accepted, run] = await Promise.all([accept(timedOwner, timedOffer.id), runOffers(db(), notice(), Date.now() + 25 * HOUR)]);
    const state = await env.DB.prepare("SELECT status FROM creator_offers WHERE id = ?").bind(timedOffer.id).first<string>("status");
    if (accepted.status === 200) {
      expect(state).toBe("accepted");
      expect(run.expired).toBe(0);
    } else {
      expect(accepted.status).toBe(409);
      expect(state).toBe("expired");
    }
    const holder = await env.DB.prepare("SELECT creator_id FROM orders WHERE id = ?").bind(timed.id).first<number | null>("creator_id");
    expect(holder).toBe(accepted.status === 200 ? timedOwner.id : null);

    // An admin assigning by hand while the offered creator accepts: one write lands on the version both read.
    const contested = await briefedOrder();
    const contestedOffer = (await waitingOfferOf(contested.id))!;
    const offered = contestedOffer.creator_id === a.id ? a : b;
    const other = offered === a ? b : a;
    const [taken, assigned] = await Promise.all([
      accept(offered, contestedOffer.id),
      api("POST", `/admin/orders/${contested.id}/assignment`, {
        token: admin.access_token,
        body: { assignment: { creator_id: other.id, reason: "Needs German" } },
      }),
    ]);
    expect([taken.status, assigned.status]).toContain(200);
    const final = await env.DB.prepare("SELECT creator_id FROM orders WHERE id = ?").bind(contested.id).first<number>("creator_id");
    const offerState = await env.DB.prepare("SELECT status FROM creator_offers WHERE id = ?").bind(contestedOffer.id).first<string>("status");
    if (assigned.status === 200 && taken.status === 409) {
      expect(final).toBe(other.id);
      expect(offerState).toBe("withdrawn");
    } else if (taken.status === 200 && assigned.status !== 200) {
      expect(assigned.status).toBe(409);
      expect(final).toBe(offered.id);
    } else {
      // Both landed, one after the other: the admin's reassignment came second, with its reason, on the timeline.
      expect(final).toBe(other.id);
      expect(offerState).toBe("accepted");
    }
  });

  it("offers off: started work waits for an admin, and the settings are the admins' (window, automatic)", async () => {
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    await env.DB.prepare("INSERT INTO offer_settings (id, window_hours, automatic) VALUES (1, 48, 0)").run();
    const order = await briefedOrder();
    expect(await waitingOfferOf(order.id)).toBeNull();
    await env.DB.prepare("UPDATE offer_settings SET automatic = 1").run();
    // Switched on, the scheduled run offers work already started, with the window set.
    const now = Date.now();
    expect((await runOffers(db(), notice(), now)).offered).toBeGreaterThanOrEqual(1);
    const offer = await env.DB.prepare("SELECT expires_at FROM creator_offers WHERE order_id = ? AND status = 'waiting'")
      .bind(order.id)
      .first<number>("expires_at");
    expect(offer).toBe(now + 48 * HOUR);

    // The admins' form: a refused window keeps the page's answer; a valid one is saved and quoted by the published rule.
    const cookie = await adminCookie();
    const refused = await postForm("/admin/creators", { intent: "offers", window_hours: "500", automatic: "on" }, { Cookie: cookie });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("The offer window must be a whole number of hours from 1 to 168");
    const saved = await postForm("/admin/creators", { intent: "offers", window_hours: "12" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/creators?offers=saved");
    expect(await env.DB.prepare("SELECT window_hours, automatic FROM offer_settings WHERE id = 1").first()).toEqual({ window_hours: 12, automatic: 0 });
    const policy = await (await get("/how-we-work-with-creators")).text();
    expect(policy).toContain("An offer not answered within 12 hours passes to the next creator");
    expect(policy).toContain("Automatic offers are switched off at present");
    // Without an admin's session the form changes nothing: the sign-in page.
    const anonymous = await postForm("/admin/creators", { intent: "offers", window_hours: "24", automatic: "on" });
    expect(anonymous.headers.get("location") ?? "").toMatch(/^\/admin\/login/);
    expect(await env.DB.prepare("SELECT window_hours FROM offer_settings WHERE id = 1").first<number>("window_hours")).toBe(12);
  });
});
