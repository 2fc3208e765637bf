import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, dispatch, fakeMedia, freshAddress, get, newCustomer, postForm } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";
import { runScheduledMaintenance } from "../../app/edge/maintenance.server";

/**
 * The review of a version: frame-accurate comments and ranges with drawings, replies, the studio's
 * resolve, what a revision gathers, the exports, guests invited by the customer, and the review
 * window extended once.
 */
type Comment = {
  id: number;
  at_frame: number;
  end_frame: number | null;
  timecode: string;
  text: string;
  drawing: { shapes: { tool: string; color: string; points: number[][] }[] } | null;
  resolved: boolean;
  in_revision: boolean;
  author: { kind: string; name: string };
  replies: { text: string; author: { kind: string } }[];
};

async function deliveredOrder(frameRate = "25") {
  const c = await customerWithOrder();
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  const admin = await adminSignIn();
  const form = new FormData();
  form.set("note", "First cut");
  form.set("frame_rate", frameRate);
  form.append("files[]", new File([fakeMedia("cut.mp4", 4096)], "cut.mp4"));
  const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
  expect(delivered.status).toBe(201);
  const { data } = (await delivered.json()) as { data: { delivery: { id: number; frame_rate: string } } };
  expect(data.delivery.frame_rate).toBe(frameRate);
  return { ...c, admin, deliveryId: data.delivery.id };
}

const DRAWING = {
  shapes: [
    {
      tool: "rect",
      color: "#e11d48",
      points: [
        [0.1, 0.1],
        [0.4, 0.3],
      ],
    },
    {
      tool: "pen",
      color: "#3b82f6",
      points: [
        [0.5, 0.5],
        [0.52, 0.55],
        [0.6, 0.6],
      ],
    },
  ],
};

describe("comments on a version (API)", () => {
  it("takes a comment at a frame and over a range with a drawing; lists them in timeline order with their timecodes", async () => {
    const c = await deliveredOrder("23.976");
    const path = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
    const range = await api<{ data: Comment }>("POST", path, {
      token: c.token,
      body: { comment: { at_frame: 240, end_frame: 300, text: "Too slow here", drawing: DRAWING } },
    });
    expect(range.status).toBe(201);
    expect(range.body.data).toMatchObject({
      at_frame: 240,
      end_frame: 300,
      timecode: "0:10–0:12",
      drawing: DRAWING,
      resolved: false,
      author: { kind: "customer" },
    });
    const point = await api<{ data: Comment }>("POST", path, {
      token: c.admin.access_token,
      body: { comment: { at_frame: 12, text: "Note from the studio" } },
    });
    expect(point.body.data).toMatchObject({ timecode: "0:00", author: { kind: "admin" } });
    const list = await api<{ data: Comment[] }>("GET", path, { token: c.token });
    expect(list.body.data.map((x) => x.at_frame)).toEqual([12, 240]);
  });

  it("refuses a range that ends before it starts, a drawing out of the frame, and another customer's order", async () => {
    const c = await deliveredOrder();
    const path = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
    const backwards = await api("POST", path, { token: c.token, body: { comment: { at_frame: 50, end_frame: 40, text: "x" } } });
    expect(backwards).toMatchObject({ status: 422, body: { message: "Comment is invalid", errors: ["The range must end after it starts"] } });
    const outside = await api("POST", path, {
      token: c.token,
      body: {
        comment: {
          at_frame: 5,
          text: "x",
          drawing: {
            shapes: [
              {
                tool: "arrow",
                color: "#e11d48",
                points: [
                  [0, 0],
                  [1.5, 0],
                ],
              },
            ],
          },
        },
      },
    });
    expect(outside.status).toBe(422);
    const badColour = await api("POST", path, {
      token: c.token,
      body: {
        comment: {
          at_frame: 5,
          text: "x",
          drawing: {
            shapes: [
              {
                tool: "pen",
                color: "javascript:alert(1)",
                points: [
                  [0, 0],
                  [0.5, 0],
                ],
              },
            ],
          },
        },
      },
    });
    expect(badColour.status).toBe(422);
    const other = await newCustomer();
    expect((await api("POST", path, { token: other.access_token, body: { comment: { at_frame: 5, text: "x" } } })).status).toBe(404);
    expect((await api("GET", path, { token: other.access_token })).status).toBe(404);
    // A version of another order: not found.
    const elsewhere = await deliveredOrder();
    expect((await api("GET", `/orders/${c.id}/deliveries/${elsewhere.deliveryId}/comments`, { token: c.token })).status).toBe(404);
  });

  it("replies from either side; the studio resolves (a customer cannot); a revision gathers the version's open comments", async () => {
    const c = await deliveredOrder();
    const path = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
    const open = await api<{ data: Comment }>("POST", path, { token: c.token, body: { comment: { at_frame: 100, text: "Logo larger" } } });
    const done = await api<{ data: Comment }>("POST", path, { token: c.token, body: { comment: { at_frame: 200, text: "Typo in the title" } } });
    const replied = await api<{ data: Comment }>("POST", `${path}/${open.body.data.id}/replies`, {
      token: c.admin.access_token,
      body: { reply: { text: "How much larger?" } },
    });
    expect(replied.status).toBe(201);
    await api("POST", `${path}/${open.body.data.id}/replies`, { token: c.token, body: { reply: { text: "Twice" } } });
    expect((await api("POST", `${path}/${done.body.data.id}/resolve`, { token: c.token })).status).toBe(403);
    const resolved = await api<{ data: Comment }>("POST", `${path}/${done.body.data.id}/resolve`, { token: c.admin.access_token });
    expect(resolved).toMatchObject({ status: 200, body: { message: "Comment resolved", data: { resolved: true } } });
    expect((await api("POST", `${path}/999999/replies`, { token: c.token, body: { reply: { text: "x" } } })).status).toBe(404);

    expect((await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { note: "A few changes" } } })).status).toBe(201);
    const after = await api<{ data: Comment[] }>("GET", path, { token: c.token });
    const byText = Object.fromEntries(after.body.data.map((x) => [x.text, x]));
    expect(byText["Logo larger"]).toMatchObject({ in_revision: true, replies: [{ text: "How much larger?", author: { kind: "admin" } }, { text: "Twice" }] });
    expect(byText["Typo in the title"]).toMatchObject({ in_revision: false, resolved: true });

    // The page reads the comments of the version it shows: v2 by default, v1 when asked for.
    const form = new FormData();
    form.append("files[]", new File([fakeMedia("cut-2.mp4", 4096)], "cut-2.mp4"));
    const again = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${c.admin.access_token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    expect(again.status).toBe(201);
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const newest = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(newest).toContain("Comments on v2");
    expect(newest).not.toContain("Logo larger");
    const first = (await (await get(`/profile/orders/${c.id}?version=${c.deliveryId}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(first).toContain("Comments on v1");
    expect(first).toContain("Logo larger");
  });

  it("exports parse: CSV rows per comment and reply (formulas quoted), an EDL of markers at 01:00:00:00", async () => {
    const c = await deliveredOrder();
    const path = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
    await api("POST", path, { token: c.token, body: { comment: { at_frame: 1062, end_frame: 1100, text: '=HYPERLINK("x")' } } });
    await api("POST", path, { token: c.token, body: { comment: { at_frame: 25, text: 'Say "hello", please\nand wave' } } });
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const csv = await get(`/orders/${c.id}/deliveries/${c.deliveryId}/comments.csv`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("timecode,frame,end_frame,author,text,status,reply_to,created_at");
    expect(lines[1]).toMatch(/^0:01,25,,[^,]+,"Say ""hello"", please\nand wave",open,,/);
    expect(text).toContain(`'=HYPERLINK(""x"")`);

    const edl = await (await get(`/orders/${c.id}/deliveries/${c.deliveryId}/markers.edl`, { headers: { Authorization: `Bearer ${c.token}` } })).text();
    const events = edl.split("\r\n");
    expect(events.slice(0, 2)).toEqual([`TITLE: Order ${c.id} review`, "FCM: NON-DROP FRAME"]);
    expect(events).toContain("002  001      V     C        01:00:42:12 01:00:44:00 01:00:42:12 01:00:44:00  ");
    expect(events.find((l) => l.startsWith(" |C:") && l.includes("HYPERLINK"))).toMatch(/\|D:38$/);
    // Someone else's: not found; nobody: 401.
    const other = await newCustomer();
    expect((await get(`/orders/${c.id}/deliveries/${c.deliveryId}/markers.edl`, { headers: { Authorization: `Bearer ${other.access_token}` } })).status).toBe(
      404,
    );
    expect((await get(`/orders/${c.id}/deliveries/${c.deliveryId}/comments.csv`)).status).toBe(401);
  });
});

describe("a version of stills", () => {
  it("is reviewed on its image: a comment with a drawing at frame 0 is listed with it", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminSignIn();
    const form = new FormData();
    form.append("files[]", new File([fakeMedia("poster.jpg", 4096)], "poster.jpg"));
    const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    const { data } = (await delivered.json()) as { data: { delivery: { id: number } } };
    const added = await api<{ data: Comment }>("POST", `/orders/${c.id}/deliveries/${data.delivery.id}/comments`, {
      token: c.token,
      body: { comment: { at_frame: 0, text: "Crop tighter here", drawing: DRAWING } },
    });
    expect(added.status).toBe(201);
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain('alt="Version 1: poster.jpg"');
    expect(page).toContain("Crop tighter here");
    // Shown once, in the review: not again among the version's other files.
    expect(page.match(/src="\/orders\/\d+\/files\/\d+"/g)).toHaveLength(1);
  });
});

describe("the review pages without JavaScript", () => {
  it("takes a comment as SMPTE and a range, keeps the text of a refused one, and shows it on both sides", async () => {
    const c = await deliveredOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = `/profile/orders/${c.id}`;
    const bad = await postForm(page, { intent: "comment", delivery_id: String(c.deliveryId), time: "0:42.5", text: "Brighter here" }, { Cookie: cookie });
    expect(bad.status).toBe(422);
    const badHtml = (await bad.text()).replace(/<!-- -->/g, "");
    expect(badHtml).toContain("Enter a time like 0:42, 1:02:03 or 00:00:42:12");
    expect(badHtml).toContain("Brighter here</textarea>");
    const ok = await postForm(
      page,
      { intent: "comment", delivery_id: String(c.deliveryId), time: "00:00:42:12", until: "0:44", text: "Brighter here" },
      { Cookie: cookie },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toMatch(new RegExp(`^/profile/orders/${c.id}\\?version=${c.deliveryId}#comment-\\d+$`));
    const list = await api<{ data: Comment[] }>("GET", `/orders/${c.id}/deliveries/${c.deliveryId}/comments`, { token: c.token });
    expect(list.body.data[0]).toMatchObject({ at_frame: 1062, end_frame: 1100, timecode: "0:42–0:44" });

    const studio = await adminCookie();
    const adminHtml = (await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: studio } })).text()).replace(/<!-- -->/g, "");
    expect(adminHtml).toContain("0:42–0:44");
    // An editor's choice of SMPTE (a cookie) shows the exact frames.
    const smpte = (await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: `${studio}; timecode=smpte` } })).text()).replace(/<!-- -->/g, "");
    expect(smpte).toContain("00:00:42:12–00:00:44:00");
    const resolved = await postForm(
      `/admin/orders/${c.id}`,
      { intent: "resolve", delivery_id: String(c.deliveryId), comment_id: String(list.body.data[0]!.id) },
      { Cookie: studio },
    );
    expect(resolved.status).toBe(302);
    const replied = await postForm(
      page,
      { intent: "reply", delivery_id: String(c.deliveryId), comment_id: String(list.body.data[0]!.id), text: "Thanks!" },
      { Cookie: cookie },
    );
    expect(replied.status).toBe(302);
    const again = await api<{ data: Comment[] }>("GET", `/orders/${c.id}/deliveries/${c.deliveryId}/comments`, { token: c.token });
    expect(again.body.data[0]).toMatchObject({ resolved: true, replies: [{ text: "Thanks!" }] });
  });
});

describe("colleagues invited to review, and more time", () => {
  async function invite(c: { id: number; email: string }, email: string) {
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    return postForm(`/profile/orders/${c.id}`, { intent: "invite-guest", email }, { Cookie: cookie });
  }
  const linkFor = async (email: string) => {
    const row = await env.DB.prepare("SELECT text FROM emails WHERE recipient = ? AND kind = 'review_invitation' ORDER BY id DESC LIMIT 1")
      .bind(email)
      .first<string>("text");
    return /\/review\/([\w-]+)/.exec(row ?? "")![0]!;
  };

  it("a guest's link: asks a name, watches and comments, cannot approve, download masters or resolve; revoked and expired links end", async () => {
    const c = await deliveredOrder();
    const email = `colleague-${Date.now()}@example.com`;
    expect((await invite(c, email)).status).toBe(302);
    const link = await linkFor(email);
    const first = (await (await get(link)).text()).replace(/<!-- -->/g, "");
    expect(first).toContain("Your name, as your comments show it");
    expect((await postForm(link, { intent: "name", name: "Grace Hopper" })).status).toBe(302);
    const answer = await get(link);
    const page = (await answer.text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Comments on v1");
    // The link is a secret: the page and its data request are never cached, nor sent to another site as
    // a referrer (same-origin: under no-referrer the page's own forms would post with Origin: null).
    for (const response of [answer, await get(`${link}.data`)]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
    }
    expect(page).not.toContain("Approve delivery");
    expect(page).not.toContain("comments.csv");
    expect(page).not.toContain("/masters");
    // The preview plays through the guest's own link.
    const video = /src="(\/review\/[^"]+\/files\/\d+)"/.exec(page)![1]!;
    expect((await get(video, { headers: { Range: "bytes=0-15" } })).status).toBe(206);

    expect((await postForm(link, { intent: "comment", delivery_id: String(c.deliveryId), time: "0:03", text: "Love the colours" })).status).toBe(302);
    // Not theirs to approve or resolve.
    expect((await postForm(link, { intent: "approve" })).status).toBe(400);
    expect((await postForm(link, { intent: "resolve", delivery_id: String(c.deliveryId), comment_id: "1" })).status).toBe(400);
    const comments = await api<{ data: Comment[] }>("GET", `/orders/${c.id}/deliveries/${c.deliveryId}/comments`, { token: c.token });
    expect(comments.body.data[0]).toMatchObject({ author: { kind: "guest", name: "Grace Hopper" }, text: "Love the colours" });
    // The customer sees it before approving.
    const owner = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(owner).toContain("Open comments from your colleagues");

    const guestId = await env.DB.prepare("SELECT id FROM order_guests WHERE email = ?").bind(email).first<number>("id");
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    expect((await postForm(`/profile/orders/${c.id}`, { intent: "revoke-guest", guest_id: String(guestId) }, { Cookie: cookie })).status).toBe(302);
    expect((await get(link)).status).toBe(410);
    expect((await get(video)).status).toBe(410);

    // Expired: 14 days on.
    const second = `colleague2-${Date.now()}@example.com`;
    await invite(c, second);
    const secondLink = await linkFor(second);
    await env.DB.prepare("UPDATE order_guests SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1, second)
      .run();
    expect((await get(secondLink)).status).toBe(410);
    expect((await get("/review/not-a-real-token-at-all-0000000")).status).toBe(404);
  });

  it("at most 5 live invitations; another customer cannot invite on the order", async () => {
    const c = await deliveredOrder();
    for (let i = 0; i < 5; i++) expect((await invite(c, `guest${i}-${Date.now()}@example.com`)).status).toBe(302);
    const sixth = await invite(c, `guest6-${Date.now()}@example.com`);
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain("You can invite up to 5 colleagues to an order.");
    const other = await newCustomer();
    const theirs = await postForm(
      `/profile/orders/${c.id}`,
      { intent: "invite-guest", email: "x@example.com" },
      { Cookie: await customerCookie(other.email, "Str0ng!Pass") },
    );
    expect(theirs.status).toBe(404);
  });

  it("twelve invitations sent at once leave at most 5 live links (the insert's own condition holds the limit)", async () => {
    const c = await deliveredOrder();
    const stamp = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => invite(c, `rush${i}-${stamp}@example.com`)));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const live = await env.DB.prepare("SELECT count(*) AS n FROM order_guests WHERE order_id = ? AND revoked_at IS NULL").bind(c.id).first<number>("n");
    expect(live).toBe(5);
    const sent = await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'review_invitation' AND recipient LIKE ?")
      .bind(`rush%-${stamp}@example.com`)
      .first<number>("n");
    expect(sent).toBe(5);
  });

  it("invite, revoke, invite again: at most 3 invitation emails to an address and 10 for an order in a day, then a message and no email", async () => {
    const c = await deliveredOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const target = `target-${Date.now()}@example.com`;
    const revokeAll = async () => {
      const { results } = await env.DB.prepare("SELECT id FROM order_guests WHERE order_id = ? AND revoked_at IS NULL").bind(c.id).all<{ id: number }>();
      for (const { id } of results)
        expect((await postForm(`/profile/orders/${c.id}`, { intent: "revoke-guest", guest_id: String(id) }, { Cookie: cookie })).status).toBe(302);
    };
    const sentTo = (email: string) =>
      env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = 'review_invitation' AND recipient = ?").bind(email).first<number>("n");
    for (let round = 0; round < 3; round++) {
      expect((await invite(c, target)).status).toBe(302);
      await revokeAll();
    }
    const fourth = await invite(c, target);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(86_000);
    expect(await fourth.text()).toContain(`No more invitations can go to ${target} today. Try again tomorrow.`);
    expect(await sentTo(target)).toBe(3);
    // Another order's customer cannot send that address a fourth either ("whoever sends them").
    const other = await deliveredOrder();
    expect((await invite(other, target)).status).toBe(429);
    // The order's own cap: 10 in a day, revoked ones counted.
    for (let i = 0; i < 7; i++) {
      expect((await invite(c, `other${i}-${Date.now()}@example.com`)).status).toBe(302);
      await revokeAll();
    }
    const eleventh = await invite(c, `eleventh-${Date.now()}@example.com`);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.text()).toContain("This order has sent 10 invitations in the last 24 hours. Try again tomorrow.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM order_guests WHERE order_id = ?").bind(c.id).first<number>("n")).toBe(10);
  });

  it("a drawing keeps 4 decimals and at most 500 points and 8 KB; comments and replies are limited per author: 30 a minute (429, held at once), 200 a version (409)", async () => {
    const c = await deliveredOrder();
    const url = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
    const post = (comment: Record<string, unknown>) =>
      api<{ data: { id: number; drawing: unknown }; message: string; errors?: string[] }>("POST", url, { token: c.token, body: { comment } });
    const pen = (points: number, at = (i: number) => [((i * 7) % 9999) / 9999, ((i * 13) % 9999) / 9999]) => ({
      shapes: [{ tool: "pen", color: "#e11d48", points: Array.from({ length: points }, (_, i) => at(i)) }],
    });
    const kept = await post({
      at_frame: 1,
      text: "Precise",
      drawing: {
        shapes: [
          {
            tool: "rect",
            color: "#e11d48",
            points: [
              [0.123456789, 0.5],
              [0.9, 0.987654321],
            ],
          },
        ],
      },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.data.drawing).toEqual({
      shapes: [
        {
          tool: "rect",
          color: "#e11d48",
          points: [
            [0.1235, 0.5],
            [0.9, 0.9877],
          ],
        },
      ],
    });
    const tooMany = await post({ at_frame: 1, text: "Scribble", drawing: { shapes: [pen(300).shapes[0], pen(201).shapes[0]] } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toContain("At most 500 points in a drawing");
    const tooBig = await post({ at_frame: 1, text: "Dense", drawing: { shapes: Array.from({ length: 25 }, () => pen(20).shapes[0]) } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toContain("The drawing is too detailed: draw it with fewer strokes");

    // 40 at once from one author: 29 more land (30 in the minute, the first included), the rest wait.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => post({ at_frame: 10 + i, text: `Burst ${i}` })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(29);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(11);
    expect(refused[0]!.body.message).toBe("At most 30 comments a minute: please wait a moment.");
    // Replies have their own, alike: the minute's limit is the author's replies'.
    const first = burst.find((r) => r.status === 201)!.body.data.id;
    expect((await api("POST", `${url}/${first}/replies`, { token: c.token, body: { reply: { text: "And this" } } })).status).toBe(201);

    // The version's limit: 200 of one author's comments (older ones moved out of the minute).
    await env.DB.prepare("UPDATE delivery_comments SET created_at = created_at - 120000 WHERE delivery_id = ?").bind(c.deliveryId).run();
    const have = await env.DB.prepare("SELECT count(*) AS n FROM delivery_comments WHERE delivery_id = ? AND parent_id IS NULL")
      .bind(c.deliveryId)
      .first<number>("n");
    const filler = env.DB.prepare(
      "INSERT INTO delivery_comments (order_id, delivery_id, author_kind, author_id, author_name, at_frame, text, created_at) VALUES (?, ?, 'customer', ?, 'Filler', 5, 'Filler', ?)",
    );
    const customerId = await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(c.id).first<number>("user_id");
    await env.DB.batch(Array.from({ length: 200 - have! - 1 }, () => filler.bind(c.id, c.deliveryId, customerId, Date.now() - 600_000)));
    expect((await post({ at_frame: 2, text: "The two hundredth" })).status).toBe(201);
    const over = await post({ at_frame: 2, text: "One too many" });
    expect([over.status, over.body.message]).toEqual([409, "You have left 200 comments on this version, as many as one person may."]);
    // Another author is not limited by theirs.
    expect((await api("POST", url, { token: c.admin.access_token, body: { comment: { at_frame: 3, text: "The studio's note" } } })).status).toBe(201);
  });

  it(
    "six authors × 200 comments of the largest size: order pages show 25 at a time (Load more, without JavaScript) and stay under 1 MB",
    { timeout: 60_000 },
    async () => {
      const c = await deliveredOrder();
      const customerId = await env.DB.prepare("SELECT user_id FROM orders WHERE id = ?").bind(c.id).first<number>("user_id");
      // Each comment its own 1,000 characters and its own drawing at the limits (8 KB of a stroke kept to 4 decimals).
      const drawing = (n: number) => {
        const points: number[][] = [];
        const frame = JSON.stringify({ shapes: [{ tool: "pen", color: "#e11d48", points: [] }] }).length;
        for (let length = frame; ;) {
          const point = [((n * 31 + points.length * 17) % 9000) / 10_000 + 0.1, ((n * 7 + points.length * 13) % 9000) / 10_000 + 0.1];
          length += JSON.stringify(point).length + (points.length ? 1 : 0);
          if (length > 8 * 1024 || points.length === 500) break;
          points.push(point);
        }
        return JSON.stringify({ shapes: [{ tool: "pen", color: "#e11d48", points }] });
      };
      const text = (n: number) => `${n} ${"x".repeat(1000)}`.slice(0, 1000);
      const insert = env.DB.prepare(
        "INSERT INTO delivery_comments (order_id, delivery_id, author_kind, author_id, author_name, at_frame, text, drawing, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const authors: [string, number][] = [
        ["customer", customerId!],
        ["admin", 1],
        ["guest", 9001],
        ["guest", 9002],
        ["guest", 9003],
        ["guest", 9004],
      ];
      for (const [a, [kind, id]] of authors.entries())
        await env.DB.batch(
          Array.from({ length: 200 }, (_, i) =>
            insert.bind(c.id, c.deliveryId, kind, id, `Author ${kind} ${id}`, i * 3, text(a * 200 + i), drawing(a * 200 + i), Date.now() - 3_600_000),
          ),
        );
      const cookie = await customerCookie(c.email, "Str0ng!Pass");
      const first = await (await get(`/profile/orders/${c.id}?version=${c.deliveryId}`, { headers: { Cookie: cookie } })).text();
      expect(first.length).toBeLessThan(1024 * 1024);
      expect(first.match(/id="comment-\d+"/g)).toHaveLength(25);
      expect(first).toContain("Load more comments");
      expect(first).not.toContain("Back to the first comments");
      // The next 25, by a plain link.
      const next = /href="([^"]*comments_after=[^"#]+)#comments-\d+"/.exec(first)![1]!.replace(/&amp;/g, "&");
      const second = await (await get(next, { headers: { Cookie: cookie } })).text();
      expect(second.length).toBeLessThan(1024 * 1024);
      const ids = (page: string) => [...page.matchAll(/id="comment-(\d+)"/g)].map((m) => Number(m[1]));
      expect(ids(second)).toHaveLength(25);
      expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
      expect(second).toContain("Back to the first comments");
      // The API alike: 25 a page, and the cursor of the next.
      const url = `/orders/${c.id}/deliveries/${c.deliveryId}/comments`;
      type Page = { data: { id: number; drawing: unknown }[]; meta: { next_after: string | null; limit: number } };
      const api1 = await api<Page>("GET", url, { token: c.token });
      expect([api1.status, api1.body.data.length, api1.body.meta.limit]).toEqual([200, 25, 25]);
      expect(api1.body.data[0]!.drawing).toMatchObject({ shapes: [{ tool: "pen" }] });
      const api2 = await api<Page>("GET", `${url}?after=${api1.body.meta.next_after}`, { token: c.token });
      expect(api2.body.data).toHaveLength(25);
      expect(api2.body.data.some((x) => api1.body.data.some((y) => y.id === x.id))).toBe(false);
      expect((await api("GET", `${url}?after=nonsense`, { token: c.token })).status).toBe(400);
      // A comment with 40 replies shows its newest 10 and counts the others.
      const busiest = ids(first)[0]!;
      const reply = env.DB.prepare(
        "INSERT INTO delivery_comments (order_id, delivery_id, parent_id, author_kind, author_id, author_name, at_frame, text, created_at) VALUES (?, ?, ?, 'admin', 1, 'Studio', 0, ?, ?)",
      );
      await env.DB.batch(Array.from({ length: 40 }, (_, i) => reply.bind(c.id, c.deliveryId, busiest, `Reply number ${i + 1}.`, Date.now())));
      const replied = (await (await get(`/profile/orders/${c.id}?version=${c.deliveryId}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
      expect(replied).toContain("30 earlier replies (in the CSV export)");
      expect(replied).toContain("Reply number 40.");
      expect(replied).not.toContain("Reply number 30.");
      // The studio's page too.
      const admin = await (await get(`/admin/orders/${c.id}?version=${c.deliveryId}`, { headers: { Cookie: await adminCookie() } })).text();
      expect(admin.length).toBeLessThan(1024 * 1024);
      expect(admin.match(/id="comment-\d+"/g)).toHaveLength(25);
    },
  );

  it("extends the review once by 3 days: the auto-completion moves, a second extension is refused", async () => {
    const c = await deliveredOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    expect((await postForm(`/profile/orders/${c.id}`, { intent: "extend-review" }, { Cookie: cookie })).status).toBe(302);
    expect((await postForm(`/profile/orders/${c.id}`, { intent: "extend-review" }, { Cookie: cookie })).status).toBe(409);
    const fourDays = Date.now() + 4 * 86_400_000;
    await runScheduledMaintenance(env, fourDays);
    expect((await api<{ data: { work_status: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status).toBe("delivered");
    await runScheduledMaintenance(env, Date.now() + 6.1 * 86_400_000);
    expect((await api<{ data: { work_status: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status).toBe("completed");
  });
});
