import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, cookieFrom, dispatch, fakeMedia, freshAddress, postForm } from "./helpers";
import { briefedOrder, expectNoBuyerDetails, newCreator, setProductCreators, type Tokens } from "./creator-fixtures";

type CreatorOrder = Record<string, unknown> & { id: number; work_status: string; customer: Record<string, unknown> };

async function creatorDelivers(token: string, orderId: number, note: string) {
  const form = new FormData();
  form.set("note", note);
  form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
  return dispatch(`http://localhost/api/v1/orders/${orderId}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
}

describe("creators", () => {
  it("an invited creator signs up, fills a profile, is assigned a paid order, writes, delivers, handles a revision and sees the approval, never the buyer's details", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Ines Park");
    const profile = await api<{ data: Record<string, unknown> }>("PUT", "/creator/me", {
      token: maker.token,
      body: {
        creator: {
          name: "Ines Park",
          headline: "Product films",
          bio: "Hello.",
          country: "de",
          languages: ["English", "German"],
          skills: ["3D Animation"],
          capacity: 3,
          away_until: null,
        },
      },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ country: "DE", skills: ["3D Animation"], status: "active", slug: "ines-park" });

    await setProductCreators(admin, [maker.id]);
    const c = await briefedOrder();
    // Not theirs until assigned.
    expect((await api("GET", `/creator/orders/${c.id}`, { token: maker.token })).status).toBe(404);
    const assigned = await api<{ data: { changed: boolean } }>("POST", `/admin/orders/${c.id}/assignment`, {
      token: admin.access_token,
      body: { assignment: { creator_id: maker.id } },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.changed).toBe(true);

    const list = await api<{ data: CreatorOrder[]; meta: { counts: Record<string, number> } }>("GET", "/creator/orders?status=in_progress", {
      token: maker.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o) => o.id)).toEqual([c.id]);
    expect(list.body.meta.counts).toEqual({ in_progress: 1, revision_requested: 0, delivered: 0, completed: 0 });
    expect(list.body.data[0]!.customer).toEqual({ first_name: "Person", last_initial: expect.any(String), company: "Hidden Co", country: "GB" });
    expectNoBuyerDetails(JSON.stringify(list.body), c);

    const wrote = await api<{ data: { author: string; author_name: string } }>("POST", `/orders/${c.id}/messages`, {
      token: maker.token,
      body: { message: { body: "Hello, I am making your film." } },
    });
    expect(wrote.status).toBe(201);
    expect(wrote.body.data).toMatchObject({ author: "creator", author_name: "Ines Park" });
    // The customer sees the creator's message, by name, and it counts as unread from the studio's side.
    const thread = await api<{ data: { author: string; author_name: string | null }[] }>("GET", `/orders/${c.id}/messages`, { token: c.token });
    expect(thread.body.data.at(-1)).toMatchObject({ author: "creator", author_name: "Ines Park" });

    expect((await creatorDelivers(maker.token, c.id, "First cut")).status).toBe(201);
    const revision = await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { note: "Warmer, please." } } });
    expect(revision.status).toBe(201);
    const asked = await api<{ data: CreatorOrder }>("GET", `/creator/orders/${c.id}`, { token: maker.token });
    expect(asked.body.data.work_status).toBe("revision_requested");
    expect(JSON.stringify(asked.body.data)).toContain("Warmer, please.");
    expectNoBuyerDetails(JSON.stringify(asked.body), c);

    const second = await creatorDelivers(maker.token, c.id, "Second cut");
    expect(second.status).toBe(201);
    expectNoBuyerDetails(await second.text(), c);
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
    const done = await api<{ data: CreatorOrder & { events: { actor: string; to_status: string }[] } }>("GET", `/creator/orders/${c.id}`, {
      token: maker.token,
    });
    expect(done.body.data.work_status).toBe("completed");
    expect(done.body.data.events.filter((e) => e.to_status === "delivered").map((e) => e.actor)).toEqual(["creator", "creator"]);
    const counts = await api<{ meta: { counts: Record<string, number> } }>("GET", "/creator/orders?status=completed", { token: maker.token });
    expect(counts.body.meta.counts).toEqual({ in_progress: 0, revision_requested: 0, delivered: 0, completed: 1 });
    // The creator hears of the revision and of the approval by email, with a link to their studio, never the buyer's details.
    const mail = await env.DB.prepare("SELECT subject, text FROM emails WHERE recipient = ? AND kind LIKE 'work_%' ORDER BY id")
      .bind(maker.email)
      .all<{ subject: string; text: string }>();
    expect(mail.results.map((m) => m.subject)).toEqual([`Revision requested on order #${c.id}`, `Order #${c.id} is approved`]);
    for (const m of mail.results) {
      expect(m.text).toContain(`/studio/orders/${c.id}`);
      expectNoBuyerDetails(m.text, c);
    }

    // The workspace's pages: the queue and the order, without the buyer's email or address.
    const queue = await dispatch("http://localhost/studio?status=completed", { headers: { Cookie: maker.cookie } });
    expect(queue.status).toBe(200);
    const queueHtml = await queue.text();
    expect(queueHtml).toContain(`Order #${c.id}`);
    expectNoBuyerDetails(queueHtml, c);
    const page = await dispatch(`http://localhost/studio/orders/${c.id}`, { headers: { Cookie: maker.cookie } });
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Approved: this order is complete.");
    expectNoBuyerDetails(pageHtml, c);
  });

  it("a creator's token reaches none of the buyer's calls: orders, invoices, credit notes, addresses, accounts", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    const c = await briefedOrder();
    await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
    for (const path of [`/orders/${c.id}`, `/orders/${c.id}/invoice`, `/orders/${c.id}/credit_notes`, `/orders/${c.id}/brief`])
      expect((await api("GET", path, { token: maker.token })).status, path).toBe(404);
    for (const path of ["/orders", "/users/me", "/billing_addresses", "/users", "/admin/profile"])
      expect((await api("GET", path, { token: maker.token })).status, path).toBe(403);
    expect((await api("POST", `/orders/${c.id}/refund`, { token: maker.token, body: { refund: { reason: "x" } } })).status).toBe(403);
    // The customer's and the admin's tokens are not creators'.
    expect((await api("GET", "/creator/orders", { token: c.token })).status).toBe(403);
    expect((await api("GET", "/creator/me", { token: admin.access_token })).status).toBe(403);
    // Screens: the buyer's documents of that order answer the creator's session as for nobody.
    for (const path of [`/profile/orders/${c.id}/invoice`, `/admin/orders/${c.id}`]) {
      const answer = await dispatch(`http://localhost${path}`, { headers: { Cookie: maker.cookie }, redirect: "manual" });
      expect(answer.status, path).toBe(302);
    }
  });

  it("reassignment ends the previous creator's access at once, their upload in flight cancelled; the timeline says who and why", async () => {
    const admin = await adminSignIn();
    const first = await newCreator(admin);
    const second = await newCreator(admin);
    await setProductCreators(admin, [first.id, second.id]);
    const c = await briefedOrder();
    await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: first.id } } });
    const opened = await api<{ data: { id: string; part_size: number } }>("POST", "/uploads", {
      token: first.token,
      body: { upload: { purpose: "delivery", order_id: c.id, name: "master.mov", size: 2048, content_type: "video/quicktime" } },
    });
    expect(opened.status).toBe(201);

    const noReason = await api<{ message: string }>("POST", `/admin/orders/${c.id}/assignment`, {
      token: admin.access_token,
      body: { assignment: { creator_id: second.id } },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.message).toBe("Give a reason for taking the order from its creator");
    const moved = await api("POST", `/admin/orders/${c.id}/assignment`, {
      token: admin.access_token,
      body: { assignment: { creator_id: second.id, reason: "Away sick" } },
    });
    expect(moved.status).toBe(200);

    expect((await api("GET", `/creator/orders/${c.id}`, { token: first.token })).status).toBe(404);
    expect((await api("POST", `/orders/${c.id}/messages`, { token: first.token, body: { message: { body: "Still here?" } } })).status).toBe(404);
    expect((await creatorDelivers(first.token, c.id, "Late cut")).status).toBe(404);
    const page = await dispatch(`http://localhost/studio/orders/${c.id}`, { headers: { Cookie: first.cookie } });
    expect(page.status).toBe(404);
    // The open page's form posts after the reassignment: refused before its body is read.
    const late = await postForm(`/studio/orders/${c.id}`, { intent: "message", body: "From an open page" }, { Cookie: first.cookie });
    expect(late.status).toBe(404);
    const part = await dispatch(`http://localhost/api/v1/uploads/${opened.body.data.id}/parts/1`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${first.token}`, "Content-Length": "2048", "CF-Connecting-IP": freshAddress() },
      body: new Uint8Array(2048),
    });
    expect(part.status).toBe(410);

    expect((await api("GET", `/creator/orders/${c.id}`, { token: second.token })).status).toBe(200);
    const events = await api<{ data: { note: string | null; actor: string }[] }>("GET", `/orders/${c.id}/events`, { token: admin.access_token });
    expect(events.body.data.map((e) => e.note)).toEqual(
      expect.arrayContaining([`Assigned to ${first.name}`, `Reassigned from ${first.name} to ${second.name}: Away sick`]),
    );
    // A creator not on the product cannot be given it.
    const outsider = await newCreator(admin);
    const refused = await api<{ message: string }>("POST", `/admin/orders/${c.id}/assignment`, {
      token: admin.access_token,
      body: { assignment: { creator_id: outsider.id, reason: "Try" } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("Choose one of this product's creators");
  });

  it("suspension: the statement of reasons sent, open orders back in the queue unassigned (the customer told), the creator's work calls refused", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin);
    await setProductCreators(admin, [maker.id]);
    const c = await briefedOrder();
    await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
    const adminCookie = cookieFrom(await postForm("/admin/login", { email: "admin@example.com", password: "AdminPass#2026" }), "admin_sid");

    const short = await postForm("/admin/creators", { intent: "suspend", creator_id: String(maker.id), reason: "Too short" }, { Cookie: adminCookie });
    expect(short.status).toBe(422);
    const reason = "Delivered footage from another studio without a licence, twice in March.";
    const suspended = await postForm("/admin/creators", { intent: "suspend", creator_id: String(maker.id), reason }, { Cookie: adminCookie });
    expect(suspended.status).toBe(302);
    expect(suspended.headers.get("location")).toBe(`/admin/creators?suspended=${maker.id}&released=1`);

    const statement = await env.DB.prepare("SELECT text FROM emails WHERE recipient = ? AND kind = 'creator_suspended'")
      .bind(maker.email)
      .first<{ text: string }>();
    expect(statement?.text).toContain(reason);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE recipient = ? AND kind = 'creator_replaced'").bind(c.email).first("n")).toBe(1);
    const order = await env.DB.prepare("SELECT creator_id FROM orders WHERE id = ?").bind(c.id).first<{ creator_id: number | null }>();
    expect(order?.creator_id).toBeNull();

    // Signed in, they read why; their work calls are refused.
    const me = await api<{ data: { status: string; suspended_reason: string } }>("GET", "/creator/me", { token: maker.token });
    expect(me.body.data).toMatchObject({ status: "suspended", suspended_reason: reason });
    expect((await api("GET", "/creator/orders", { token: maker.token })).status).toBe(403);
    expect(
      (await api("POST", "/uploads", { token: maker.token, body: { upload: { purpose: "delivery", order_id: c.id, name: "a.mov", size: 10 } } })).status,
    ).toBe(403);
    const studio = await dispatch("http://localhost/studio", { headers: { Cookie: maker.cookie } });
    const html = await studio.text();
    expect(html).toContain("Your creator account is suspended");
    expect(html).toContain(reason);
    const queue = await dispatch("http://localhost/studio/profile", { headers: { Cookie: maker.cookie }, redirect: "manual" });
    expect(queue.headers.get("location")).toBe("/studio");
    // A suspended creator cannot be given work or named on a product.
    const again = await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
    expect(again.status).toBe(422);
    expect((await api("PUT", "/products/1", { token: admin.access_token, body: { product: { creator_ids: [maker.id] } } })).status).toBe(422);
  });

  it("invitations: single use, at most 50 a day, an accepted address cannot be invited again; hostile profiles refused with their reasons", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin);
    const again = await api<{ message: string }>("POST", "/admin/creators/invitations", {
      token: admin.access_token,
      body: { invitation: { email: maker.email, name: "Again" } },
    });
    expect(again.status).toBe(409);
    // The link was spent by its use.
    const reused = await postForm("/creator/invitation", { token: "x".repeat(43), name: "Someone", password: "Cr3ator!Pass" });
    expect(reused.status).toBe(422);

    const bad = async (creator: Record<string, unknown>) =>
      api<{ message: string; errors: string[] }>("PUT", "/creator/me", {
        token: maker.token,
        body: { creator: { name: "Maker", country: "GB", capacity: 3, ...creator } },
      });
    expect((await bad({ capacity: 21 })).status).toBe(422);
    expect((await bad({ skills: ["Not a tag"] })).body.message).toBe("Choose skills from the shop's tags");
    expect((await bad({ away_until: "2020-01-01" })).body.message).toBe("The away date must be today or later");
    expect((await bad({ country: "XX" })).status).toBe(422);
    expect((await bad({ languages: Array.from({ length: 9 }, (_, i) => `L${i}`) })).status).toBe(422);
    const away = await api<{ data: { status: string } }>("PUT", "/creator/me", {
      token: maker.token,
      body: { creator: { name: "Maker", country: "GB", capacity: 3, away_until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) } },
    });
    expect(away.body.data.status).toBe("away");

    const sent = (await env.DB.prepare("SELECT count(*) AS n FROM email_links WHERE purpose = 'creator_invitation'").first<number>("n")) ?? 0;
    for (let i = sent; i < 50; i++) {
      const ok = await api("POST", "/admin/creators/invitations", {
        token: admin.access_token,
        body: { invitation: { email: `bulk${i}@creators.example`, name: `Bulk ${i}` } },
      });
      expect(ok.status).toBe(201);
    }
    const over = await api<{ message: string }>("POST", "/admin/creators/invitations", {
      token: admin.access_token,
      body: { invitation: { email: "one-too-many@creators.example", name: "Late" } },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe("At most 50 invitations can be sent in a day. Try again tomorrow.");
  });

  it("the demo creator has work in every state of the workspace, and the kept counts equal the rows", async () => {
    const signedIn = await api<{ data: Tokens }>("POST", "/creator/sign_in", { body: { session: { email: "creator@example.com", password: "Creator#2026" } } });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.access_token;
    const page = await api<{ data: CreatorOrder[]; meta: { counts: Record<string, number> } }>("GET", "/creator/orders", { token });
    expect(page.body.meta.counts).toEqual({ in_progress: 1, revision_requested: 1, delivered: 1, completed: 1 });
    const { results } = await env.DB.prepare(
      "SELECT k.key, k.n, (SELECT count(*) FROM orders o WHERE o.creator_id || ':' || o.work_status = k.key) AS rows FROM kept_counts k WHERE k.scope = 'creator_work'",
    ).all<{ key: string; n: number; rows: number }>();
    expect(results.length).toBeGreaterThan(0);
    for (const row of results) expect(row.n, row.key).toBe(row.rows);
    // Seeded: ten creators with profiles, one invited, one suspended.
    const statuses = await env.DB.prepare("SELECT status, count(*) AS n FROM creators WHERE created_at < ? GROUP BY status ORDER BY status")
      .bind(Date.now() - 86_400_000)
      .all<{ status: string; n: number }>();
    expect(Object.fromEntries(statuses.results.map((r) => [r.status, r.n]))).toEqual({ active: 9, away: 1, invited: 1, suspended: 1 });
  });
});
