import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, dispatch, fakeMedia, freshAddress, get, newCustomer, postForm } from "./helpers";
import { BRIEF, customerWithOrder, type Event, type OrderBody } from "./order-fixtures";

/**
 * The work after payment through the API: paying starts it (awaiting the brief), the owner's brief
 * starts production with a due date, and every move is one event. Refusals name the current status
 * and write nothing.
 */
const events = async (token: string, id: number) => (await api<{ data: Event[] }>("GET", `/orders/${id}/events`, { token })).body.data;
const briefRows = async (id: number) => (await env.DB.prepare("SELECT count(*) AS n FROM order_briefs WHERE order_id = ?").bind(id).first<number>("n")) ?? 0;

describe("work status after payment", () => {
  it("a paid order awaits its brief, with its package's revisions (Standard: 2) and no due date yet; its first event says so", async () => {
    const c = await customerWithOrder();
    const order = await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token });
    expect(order.body.data).toMatchObject({
      work_status: "awaiting_brief",
      due_at: null,
      revisions_allowed: 2,
      revisions_used: 0,
      delivery_days: 7,
      revision_days: 3,
      start_work_now: true,
      starts_at: null,
    });
    expect(await events(c.token, c.id)).toMatchObject([
      { actor: "system", from_status: "awaiting_payment", to_status: "awaiting_brief", note: "Payment received" },
    ]);
  });

  it("an unpaid order awaits payment and refuses a brief (409 naming its status), writing nothing", async () => {
    const c = await customerWithOrder({ pay: false });
    const refused = await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } });
    expect(refused).toEqual({ status: 409, body: { success: false, message: "Cannot submit a brief for this order: it is not paid yet." } });
    expect(await briefRows(c.id)).toBe(0);
    expect(await events(c.token, c.id)).toEqual([]);
  });
});

describe("the brief (PUT /orders/{id}/brief)", () => {
  it("starts production with a due date 7 days on; afterwards it is read-only (409)", async () => {
    const c = await customerWithOrder();
    const before = Date.now();
    const submitted = await api<OrderBody & { message: string }>("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe("Brief submitted");
    expect(submitted.body.data).toMatchObject({ id: c.id, work_status: "in_progress", revisions_allowed: 2 });
    const due = Date.parse(submitted.body.data.due_at!);
    expect(due - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(due - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const read = await api<{ data: Record<string, unknown> }>("GET", `/orders/${c.id}/brief`, { token: c.token });
    expect(read.body.data).toMatchObject({ ...BRIEF });
    const admin = await adminSignIn();
    expect((await api<{ data: Record<string, unknown> }>("GET", `/orders/${c.id}/brief`, { token: admin.access_token })).body.data).toMatchObject({
      purpose: BRIEF.purpose,
    });

    const again = await api("PUT", `/orders/${c.id}/brief`, {
      token: c.token,
      body: { brief: { ...BRIEF, purpose: "A completely different purpose for the film." } },
    });
    expect(again).toEqual({ status: 409, body: { success: false, message: "Cannot submit a brief for this order: it is in production." } });
    expect((await api<{ data: { purpose: string } }>("GET", `/orders/${c.id}/brief`, { token: c.token })).body.data.purpose).toBe(BRIEF.purpose);
    expect((await events(c.token, c.id)).map((e) => `${e.actor}:${e.from_status}→${e.to_status}`)).toEqual([
      "system:awaiting_payment→awaiting_brief",
      "customer:awaiting_brief→in_progress",
    ]);
  });

  it("refuses an invalid brief with one message per field, writing nothing", async () => {
    const c = await customerWithOrder();
    const refused = await api<{ message: string; errors: string[] }>("PUT", `/orders/${c.id}/brief`, {
      token: c.token,
      body: { brief: { purpose: "Too short", references: ["javascript:alert(1)"], deadline_wish: "soon" } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      "What the video is for must be at least 20 characters",
      "Each reference must be a web address starting with https://",
      "Deadline wish must be a date (YYYY-MM-DD)",
    ]);
    const tooMany = await api<{ errors: string[] }>("PUT", `/orders/${c.id}/brief`, {
      token: c.token,
      body: { brief: { ...BRIEF, references: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) } },
    });
    expect(tooMany.body.errors).toEqual(["At most 5 references"]);
    expect(await briefRows(c.id)).toBe(0);
    expect((await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status).toBe("awaiting_brief");
  });

  it("only the owner submits: another customer gets 404 everywhere, an admin 403", async () => {
    const a = await customerWithOrder();
    const b = await newCustomer();
    for (const [method, path] of [
      ["GET", `/orders/${a.id}/brief`],
      ["PUT", `/orders/${a.id}/brief`],
      ["GET", `/orders/${a.id}/events`],
    ] as const) {
      const response = await api(method, path, { token: b.access_token, body: method === "PUT" ? { brief: BRIEF } : undefined });
      expect(response, `${method} ${path}`).toEqual({ status: 404, body: { success: false, message: "Order not found" } });
    }
    const admin = await adminSignIn();
    expect((await api("PUT", `/orders/${a.id}/brief`, { token: admin.access_token, body: { brief: BRIEF } })).status).toBe(403);
    expect((await api("GET", `/orders/999999/events`, { token: admin.access_token })).status).toBe(404);
    expect(await briefRows(a.id)).toBe(0);
  });

  it("two submissions at once: exactly one lands, with one brief and one event", async () => {
    const c = await customerWithOrder();
    const answers = await Promise.all([0, 1, 2].map(() => api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await briefRows(c.id)).toBe(1);
    expect(await events(c.token, c.id)).toHaveLength(2);
  });
});

describe("the order page and the brief form (screens, without JavaScript)", () => {
  async function cookieFor(token: string) {
    const me = await api<{ data: { email: string } }>("GET", "/users/me", { token });
    return customerCookie(me.body.data.email, "Str0ng!Pass");
  }

  it("the owner writes the brief on its page; the order page then shows it, in production", async () => {
    const c = await customerWithOrder();
    const cookie = await cookieFor(c.token);
    const page = await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Order #${c.id}`);
    expect(html).toContain("Awaiting brief");
    expect(html).toContain(`href="/profile/orders/${c.id}/brief"`);

    expect((await get(`/profile/orders/${c.id}/brief`, { headers: { Cookie: cookie } })).status).toBe(200);
    const refused = await postForm(
      `/profile/orders/${c.id}/brief`,
      { purpose: "Short", audience: "Kept audience", "references[0]": "not a url" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("What the video is for must be at least 20 characters");
    expect(refusedHtml).toContain("Each reference must be a web address starting with https://");
    expect(refusedHtml).toContain("Kept audience");
    expect(await briefRows(c.id)).toBe(0);

    const done = await postForm(
      `/profile/orders/${c.id}/brief`,
      { purpose: BRIEF.purpose, audience: BRIEF.audience, "references[0]": BRIEF.references[0]!, "references[1]": "", deadline_wish: "" },
      { Cookie: cookie },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=brief-submitted`);
    const after = await (await get(`/profile/orders/${c.id}?notice=brief-submitted`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("In production");
    expect(after).toContain("Thank you! Your brief is with the studio and production has started.");
    expect(after).toContain("days left");
    // The brief is now read-only: its page leads back to the order.
    const again = await get(`/profile/orders/${c.id}/brief`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/profile/orders/${c.id}`);
    const late = await postForm(`/profile/orders/${c.id}/brief`, { purpose: "Another purpose, from a second tab." }, { Cookie: cookie });
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe(`/profile/orders/${c.id}`);
    expect((await api<{ data: { purpose: string } }>("GET", `/orders/${c.id}/brief`, { token: c.token })).body.data.purpose).toBe(BRIEF.purpose);
  });

  it("another customer gets 404 on the order page and the brief; visitors go to the login", async () => {
    const a = await customerWithOrder();
    const b = await newCustomer();
    const cookie = await customerCookie(b.email, b.password);
    expect((await get(`/profile/orders/${a.id}`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await get(`/profile/orders/${a.id}/brief`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await postForm(`/profile/orders/${a.id}/brief`, { purpose: BRIEF.purpose }, { Cookie: cookie })).status).toBe(404);
    expect(await briefRows(a.id)).toBe(0);
    const visitor = await get(`/profile/orders/${a.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("deliveries, review and approval", () => {
  const pdf = () => new TextEncoder().encode("%PDF-1.4\n% a tiny test document\n%%EOF\n");

  async function deliverFiles(token: string, id: number, files: [string, Uint8Array<ArrayBuffer>][], note = "First cut") {
    const form = new FormData();
    form.set("note", note);
    for (const [name, bytes] of files) form.append("files[]", new File([bytes], name));
    const response = await dispatch(`http://localhost/api/v1/orders/${id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { message: string; data: { order: { work_status: string }; delivery: Delivery } } };
  }
  type Delivery = { id: number; note: string; files: { id: number; name: string; kind: string; url: string; size: number }[] };
  const storedObjects = async (id: number) => (await env.MEDIA.list({ prefix: `orders/${id}/` })).objects.length;

  async function briefedOrder() {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    return c;
  }

  it("the studio delivers a video and a PDF; the owner streams the video with Range and downloads the PDF; others cannot", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const delivered = await deliverFiles(admin.access_token, c.id, [
      ["launch-film.mp4", fakeMedia("launch-film.mp4", 8192)],
      ["storyboard.pdf", pdf()],
    ]);
    expect(delivered.status).toBe(201);
    expect(delivered.body.message).toBe("Delivered");
    expect(delivered.body.data.order.work_status).toBe("delivered");
    const [video, document] = delivered.body.data.delivery.files;
    expect(video).toMatchObject({ name: "launch-film.mp4", kind: "video", size: 8192 });
    expect(document).toMatchObject({ name: "storyboard.pdf", kind: "document" });
    // Links are absolute URLs on the API's own origin, as every answer gives them.
    expect(video!.url).toMatch(/^http:\/\/localhost\/orders\/\d+\/files\/\d+$/);

    const list = await api<{ data: Delivery[] }>("GET", `/orders/${c.id}/deliveries`, { token: c.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]!.note).toBe("First cut");

    // Range streaming, for seeking in the player.
    const range = await get(video!.url, { headers: { Authorization: `Bearer ${c.token}`, Range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe("bytes 100-199/8192");
    expect(range.headers.get("Content-Disposition")).toBeNull();
    expect(range.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([...fakeMedia("launch-film.mp4", 8192).slice(100, 200)]);
    const download = await get(document!.url, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''storyboard.pdf");

    // Another customer, a visitor and the public media route get nothing.
    const b = await newCustomer();
    expect((await get(video!.url, { headers: { Authorization: `Bearer ${b.access_token}` } })).status).toBe(404);
    expect((await get(video!.url)).status).toBe(401);
    expect((await api("GET", `/orders/${c.id}/deliveries`, { token: b.access_token })).status).toBe(404);
    const key = await env.DB.prepare("SELECT r2_key FROM delivery_files WHERE id = ?").bind(video!.id).first<string>("r2_key");
    expect((await get(`/media/${key}`)).status).toBe(404);
  });

  it("refuses a delivery that is neither multipart nor JSON with 415 in the API's shape, and JSON without uploads with 422", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const response = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.access_token}`, "Content-Type": "text/plain", "CF-Connecting-IP": freshAddress() },
      body: "note=First cut",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      success: false,
      message: "Send the delivery as multipart/form-data with note and files[], or as JSON naming completed uploads",
    });
    const json = await api<{ success: boolean; message: string }>("POST", `/orders/${c.id}/deliveries`, {
      token: admin.access_token,
      body: { delivery: { note: "First cut" } },
    });
    expect(json).toMatchObject({ status: 422, body: { success: false, message: "Add at least one file to deliver" } });
    expect(await storedObjects(c.id)).toBe(0);
  });

  it("refuses files by type, size and count with the rule named, and an order not in production; nothing is stored", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const html = await deliverFiles(admin.access_token, c.id, [["film.mp4", new TextEncoder().encode("<html><script>alert(1)</script></html>")]]);
    expect(html.status).toBe(422);
    expect(html.body.message).toBe(
      "film.mp4 is not a video, image or PDF. Up to 10 files: MP4 or WebM videos up to 90 MB, images up to 10 MB, PDFs up to 20 MB each.",
    );
    const many = await deliverFiles(
      admin.access_token,
      c.id,
      Array.from({ length: 11 }, (_, i) => [`still-${i}.jpg`, fakeMedia("still.jpg", 64)] as [string, Uint8Array<ArrayBuffer>]),
    );
    expect(many).toMatchObject({ status: 422, body: { message: "At most 10 files per delivery" } });
    expect((await deliverFiles(admin.access_token, c.id, [])).body.message).toBe("Add at least one file to deliver");
    expect(await storedObjects(c.id)).toBe(0);
    expect((await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status).toBe("in_progress");

    const unbriefed = await customerWithOrder();
    const early = await deliverFiles(admin.access_token, unbriefed.id, [["film.mp4", fakeMedia("film.mp4", 256)]]);
    expect(early).toMatchObject({ status: 409, body: { message: "Cannot deliver this order: it is awaiting its brief." } });
    expect(await storedObjects(unbriefed.id)).toBe(0);
    // A customer cannot deliver.
    expect((await deliverFiles(c.token, c.id, [["film.mp4", fakeMedia("film.mp4", 256)]])).status).toBe(403);
  });

  it("revisions with pinned comments use the allowance; past it the customer is pointed to messages; approval completes", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).body).toEqual({
      success: false,
      message: "Cannot approve this order: it is in production.",
    });

    for (let round = 1; round <= 2; round++) {
      expect((await deliverFiles(admin.access_token, c.id, [["cut.mp4", fakeMedia("cut.mp4", 512)]], `Cut ${round}`)).status).toBe(201);
      const asked = await api<OrderBody>("POST", `/orders/${c.id}/revisions`, {
        token: c.token,
        body: {
          revision: {
            note: `Round ${round}: warmer colours`,
            comments: [
              { at_seconds: 42, text: "Logo too small" },
              { at_seconds: "1:05", text: "Cut here" },
            ],
          },
        },
      });
      expect(asked.status).toBe(201);
      expect(asked.body.data).toMatchObject({ work_status: "revision_requested", revisions_used: round });
      // A revision is due the package's revision days (Standard: 3) from its request.
      const due = Date.parse((asked.body.data as { due_at: string }).due_at);
      expect(due - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);
      expect(due - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    }
    const revisions = await api<{ data: { note: string; comments: { at_seconds: number; text: string }[] }[] }>("GET", `/orders/${c.id}/revisions`, {
      token: admin.access_token,
    });
    expect(revisions.body.data.map((r) => r.note)).toEqual(["Round 2: warmer colours", "Round 1: warmer colours"]);
    expect(revisions.body.data[0]!.comments).toEqual([
      { at_seconds: 42, text: "Logo too small" },
      { at_seconds: 65, text: "Cut here" },
    ]);

    expect((await deliverFiles(admin.access_token, c.id, [["final.mp4", fakeMedia("final.mp4", 512)]], "Final")).status).toBe(201);
    const over = await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { note: "One more?" } } });
    expect(over).toEqual({
      status: 409,
      body: { success: false, message: "All revisions of this package are used. Please write to the studio in the order's messages." },
    });
    const invalid = await api<{ errors: string[] }>("POST", `/orders/${c.id}/revisions`, {
      token: c.token,
      body: { revision: { note: "", comments: [{ at_seconds: "soon", text: "" }] } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([
      "Each comment needs a time like 0:42",
      "Each comment needs text",
      "Tell the studio what to change: tick a comment or write a note",
    ]);
    const nothing = await api<{ errors: string[] }>("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { comment_ids: [] } } });
    expect([nothing.status, nothing.body.errors]).toEqual([422, ["Tell the studio what to change: tick a comment or write a note"]]);

    const approved = await api<OrderBody>("POST", `/orders/${c.id}/approve`, { token: c.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ work_status: "completed", revisions_used: 2 });
    expect((await events(c.token, c.id)).map((e) => e.to_status)).toEqual([
      "awaiting_brief",
      "in_progress",
      "delivered",
      "revision_requested",
      "delivered",
      "revision_requested",
      "delivered",
      "completed",
    ]);
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(409);
    // Each step told the other side: three deliveries and the completion to the customer, two revision requests to the studio.
    const mail = async (kind: string) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = ? AND subject LIKE ?").bind(kind, `%#${c.id}%`).first<number>("n")) ?? 0;
    expect({ delivered: await mail("work_delivered"), completed: await mail("work_completed"), revisions: await mail("work_revision_requested") }).toEqual({
      delivered: 3,
      completed: 1,
      revisions: 2,
    });
  });
});

describe("reviewing a delivery on the order's page (screens, without JavaScript)", () => {
  it("shows the delivered video and files; a revision takes pinned comments as m:ss; approve completes", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminSignIn();
    const form = new FormData();
    form.set("note", "First cut");
    form.append("files[]", new File([fakeMedia("cut.mp4", 1024)], "cut.mp4"));
    const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    expect(delivered.status).toBe(201);
    const me = await api<{ data: { email: string } }>("GET", "/users/me", { token: c.token });
    const cookie = await customerCookie(me.body.data.email, "Str0ng!Pass");

    // (React separates adjacent text with <!-- -->.)
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Latest delivery");
    expect(page).toMatch(new RegExp(`<video[^>]+src="/orders/${c.id}/files/\\d+"`));
    expect(page).toContain("Approve delivery");
    expect(page).toContain("2 of your revisions left.");

    const empty = await postForm(
      `/profile/orders/${c.id}`,
      { intent: "revision", note: "", "comments[0].at_seconds": "", "comments[0].text": "" },
      { Cookie: cookie },
    );
    expect(empty.status).toBe(422);
    const emptyHtml = await empty.text();
    expect(emptyHtml, emptyHtml.slice(emptyHtml.indexOf("Ask for changes"), emptyHtml.indexOf("Ask for changes") + 1500)).toContain(
      "Tell the studio what to change",
    );
    const badTime = await postForm(
      `/profile/orders/${c.id}`,
      { intent: "revision", note: "Warmer colours", "comments[0].at_seconds": "soon", "comments[0].text": "Logo" },
      { Cookie: cookie },
    );
    expect(badTime.status).toBe(422);
    expect(await badTime.text()).toContain("Each comment needs a time like 0:42");

    const asked = await postForm(
      `/profile/orders/${c.id}`,
      {
        intent: "revision",
        note: "Warmer colours",
        "comments[0].at_seconds": "0:42",
        "comments[0].text": "Logo too small",
        "comments[1].at_seconds": "",
        "comments[1].text": "",
      },
      { Cookie: cookie },
    );
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=revision-requested`);
    const revisions = await api<{ data: { comments: { at_seconds: number; text: string }[] }[] }>("GET", `/orders/${c.id}/revisions`, { token: c.token });
    expect(revisions.body.data[0]!.comments).toEqual([{ at_seconds: 42, text: "Logo too small" }]);
    const after = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(after).toContain("Your revision request");
    expect(after).toContain("0:42");
    expect(after).not.toContain("Approve delivery");

    // Approving now is refused with the order's status; after the next delivery it completes the order.
    const early = await postForm(`/profile/orders/${c.id}`, { intent: "approve" }, { Cookie: cookie });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("Cannot approve this order: a revision has been requested.");
    const again = new FormData();
    again.append("files[]", new File([fakeMedia("cut-2.mp4", 1024)], "cut-2.mp4"));
    await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
      body: again,
    });
    const approved = await postForm(`/profile/orders/${c.id}`, { intent: "approve" }, { Cookie: cookie });
    expect(approved.status).toBe(302);
    expect((await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status).toBe("completed");
  });
});

describe("delivering from the admin order page (screens, without JavaScript)", () => {
  it("the studio sees the brief and uploads a delivery; a refused file names the rule and keeps the note", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminCookie();
    const page = (await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: admin } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Upload delivery");
    expect(page).toContain(BRIEF.purpose);
    expect(page).toContain(" by customer · Brief submitted");

    const post = (files: [string, Uint8Array<ArrayBuffer>][], note: string) => {
      const form = new FormData();
      form.set("intent", "deliver");
      form.set("note", note);
      for (const [name, bytes] of files) form.append("files", new File([bytes], name));
      return dispatch(`http://localhost/admin/orders/${c.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: admin, Host: "localhost", Origin: "http://localhost", "CF-Connecting-IP": freshAddress() },
        body: form,
      });
    };
    const refused = await post([["notes.txt", new TextEncoder().encode("plain text")]], "Here is the first cut");
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("notes.txt is not a video, image or PDF.");
    expect(refusedPage).toContain("Here is the first cut");

    const done = await post([["cut.mp4", fakeMedia("cut.mp4", 2048)]], "Here is the first cut");
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/orders/${c.id}?delivered=1`);
    const list = await api<{ data: { note: string; files: { url: string }[] }[] }>("GET", `/orders/${c.id}/deliveries`, { token: c.token });
    expect(list.body.data[0]!.note).toBe("Here is the first cut");
    // The admin's browser may fetch the file too; a customer's cookie for another order may not.
    expect((await get(list.body.data[0]!.files[0]!.url, { headers: { Cookie: admin } })).status).toBe(200);

    const customer = await customerCookie();
    const forbidden = await dispatch(`http://localhost/admin/orders/${c.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: customer, Host: "localhost", Origin: "http://localhost" },
      body: (() => {
        const f = new FormData();
        f.set("intent", "deliver");
        return f;
      })(),
    });
    expect(forbidden.status).toBe(302);
    expect(forbidden.headers.get("Location")).toBe("/admin/login");
    expect((await get(list.body.data[0]!.files[0]!.url, { headers: { Cookie: customer } })).status).toBe(404);
  });
});

describe("the timer (the Worker's scheduled handler, with a fixed clock)", () => {
  it("completes an order whose delivery had no answer for 3 days, and leaves a fresh one", async () => {
    const old = await customerWithOrder();
    const fresh = await customerWithOrder();
    const admin = await adminSignIn();
    for (const c of [old, fresh]) {
      expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
      const form = new FormData();
      form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
      const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
        body: form,
      });
      expect(delivered.status).toBe(201);
    }
    // The old order's delivery was made three days and a minute before the run.
    await env.DB.prepare("UPDATE order_deliveries SET created_at = created_at - ? WHERE order_id = ?")
      .bind(3 * 86_400_000 + 60_000, old.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
    await waitOnExecutionContext(ctx);

    const status = async (c: { token: string; id: number }) => (await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token })).body.data.work_status;
    expect(await status(old)).toBe("completed");
    expect(await status(fresh)).toBe("delivered");
    expect((await events(old.token, old.id)).at(-1)).toMatchObject({
      actor: "system",
      from_status: "delivered",
      to_status: "completed",
      note: "No answer for 3 days: completed automatically",
    });
    // A second run changes nothing more.
    const again = createExecutionContext();
    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, again);
    await waitOnExecutionContext(again);
    expect(await events(old.token, old.id)).toHaveLength(4);
  });
});

describe("the timer's reminders (scheduled handler, fixed clock)", () => {
  const run = async (at = Date.now()) => {
    const ctx = createExecutionContext();
    await worker.scheduled({ scheduledTime: at, cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
    await waitOnExecutionContext(ctx);
  };
  const emails = async (kind: string, to: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM emails WHERE kind = ? AND recipient = ?").bind(kind, to).first<number>("n")) ?? 0;

  it("flags an order paid a day ago without a brief and reminds its customer, once; a fresh one is left alone", async () => {
    const waiting = await customerWithOrder();
    const fresh = await customerWithOrder();
    await env.DB.prepare("UPDATE order_events SET created_at = created_at - ? WHERE order_id = ?")
      .bind(24 * 3_600_000 + 60_000, waiting.id)
      .run();
    await run();
    await run();
    const flag = (id: number) => env.DB.prepare("SELECT brief_reminder_at AS at FROM orders WHERE id = ?").bind(id).first<number | null>("at");
    expect(await flag(waiting.id)).toEqual(expect.any(Number));
    expect(await flag(fresh.id)).toBeNull();
    expect(await emails("work_brief_reminder", waiting.email)).toBe(1);
    expect(await emails("work_brief_reminder", fresh.email)).toBe(0);
    const reminder = await env.DB.prepare("SELECT subject, text FROM emails WHERE kind = 'work_brief_reminder' AND recipient = ?")
      .bind(waiting.email)
      .first<{ subject: string; text: string }>();
    expect(reminder?.subject).toBe(`Tell us about your video (order #${waiting.id})`);
    // The studio's queue shows the flag on that order only.
    const queue = (await (await get("/admin/orders?status=awaiting_brief&sort=newest", { headers: { Cookie: await adminCookie() } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    const row = (id: number) =>
      queue.slice(queue.indexOf(`<td class="p-4 tabular-nums">${id}</td>`), queue.indexOf("</tr>", queue.indexOf(`<td class="p-4 tabular-nums">${id}</td>`)));
    expect(row(waiting.id)).toContain("No brief after a day");
    expect(row(fresh.id)).not.toContain("No brief after a day");
  });

  it("marks an order in production past its due date overdue, once, and tells the studio", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    // The brief told the studio (every admin account, as STUDIO_EMAIL is not set here).
    expect(await emails("work_brief_submitted", "admin@example.com")).toBeGreaterThan(0);
    const before = await emails("work_overdue", "admin@example.com");
    await run(Date.now());
    expect(await emails("work_overdue", "admin@example.com")).toBe(before);
    await env.DB.prepare("UPDATE orders SET due_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, c.id)
      .run();
    await run();
    await run();
    expect(await env.DB.prepare("SELECT overdue_at AS at FROM orders WHERE id = ?").bind(c.id).first("at")).toEqual(expect.any(Number));
    expect(await emails("work_overdue", "admin@example.com")).toBe(before + 1);
  });
});

describe("the order's messages", () => {
  it("owner and studio write in one thread (API and screens); text stays text, links become safe links; others get 404", async () => {
    const c = await customerWithOrder();
    const admin = await adminSignIn();
    const sent = await api<{ data: { author: string; body: string } }>("POST", `/orders/${c.id}/messages`, {
      token: c.token,
      body: { message: { body: "Can we use <b>our</b> logo? See https://example.com/logo.png, thanks" } },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ author: "customer" });
    expect((await api("POST", `/orders/${c.id}/messages`, { token: admin.access_token, body: { message: { body: "Yes, send it over." } } })).status).toBe(201);
    expect((await api<{ errors: string[] }>("POST", `/orders/${c.id}/messages`, { token: c.token, body: { message: { body: "  " } } })).body.errors).toEqual([
      "Write a message",
    ]);
    const b = await newCustomer();
    expect((await api("GET", `/orders/${c.id}/messages`, { token: b.access_token })).status).toBe(404);
    expect((await api("POST", `/orders/${c.id}/messages`, { token: b.access_token, body: { message: { body: "Hi" } } })).status).toBe(404);

    const me = await api<{ data: { email: string } }>("GET", "/users/me", { token: c.token });
    const cookie = await customerCookie(me.body.data.email, "Str0ng!Pass");
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Can we use &lt;b&gt;our&lt;/b&gt; logo? See ");
    expect(page).toContain('<a href="https://example.com/logo.png" rel="nofollow noopener noreferrer ugc" target="_blank"');
    expect(page).toContain("Studio · ");
    const posted = await postForm(`/profile/orders/${c.id}`, { intent: "message", body: "Sent from the page" }, { Cookie: cookie });
    expect(posted.status).toBe(302);
    const adminPage = await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: await adminCookie() } })).text();
    expect(adminPage).toContain("Sent from the page");
    const thread = await api<{ data: { author: string }[] }>("GET", `/orders/${c.id}/messages`, { token: admin.access_token });
    expect(thread.body.data.map((m) => m.author)).toEqual(["customer", "studio", "customer"]);
  });
});

describe("unread messages and the studio's work queue (/admin/orders)", () => {
  const plain = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
  const rowOf = (html: string, id: number) => {
    const start = html.indexOf(`<td class="p-4 tabular-nums">${id}</td>`);
    return start < 0 ? null : html.slice(start, html.indexOf("</tr>", start));
  };

  it("counts each side's unread messages until it reads them (a POST, with JavaScript sent by the page itself)", async () => {
    const c = await customerWithOrder();
    const admin = await adminSignIn();
    const adminSession = await adminCookie();
    const customer = await customerCookie(c.email, "Str0ng!Pass");
    expect((await api("POST", `/orders/${c.id}/messages`, { token: c.token, body: { message: { body: "First question" } } })).status).toBe(201);
    expect((await api("POST", `/orders/${c.id}/messages`, { token: c.token, body: { message: { body: "Second question" } } })).status).toBe(201);

    const queue = await plain(await get("/admin/orders?status=awaiting_brief&sort=newest", { headers: { Cookie: adminSession } }));
    expect(rowOf(queue, c.id)).toContain("2 new");
    const orderPage = await plain(await get(`/admin/orders/${c.id}`, { headers: { Cookie: adminSession } }));
    expect(orderPage).toContain("2 new messages");
    expect(orderPage).toContain(">Mark as read</button>");
    // Reading the page wrote nothing: still unread.
    expect(rowOf(await plain(await get("/admin/orders?status=awaiting_brief&sort=newest", { headers: { Cookie: adminSession } })), c.id)).toContain("2 new");
    expect((await postForm(`/admin/orders/${c.id}`, { intent: "read" }, { Cookie: adminSession })).status).toBe(200);
    expect(rowOf(await plain(await get("/admin/orders?status=awaiting_brief&sort=newest", { headers: { Cookie: adminSession } })), c.id)).toContain("None new");

    // The studio answers: the customer's My Orders card counts it; the studio's own message is not new to the studio.
    expect((await api("POST", `/orders/${c.id}/messages`, { token: admin.access_token, body: { message: { body: "Answer" } } })).status).toBe(201);
    expect(rowOf(await plain(await get("/admin/orders?status=awaiting_brief&sort=newest", { headers: { Cookie: adminSession } })), c.id)).toContain("None new");
    expect(await plain(await get("/profile/orders", { headers: { Cookie: customer } }))).toContain("1 new message");
    expect((await postForm(`/profile/orders/${c.id}`, { intent: "read" }, { Cookie: customer })).status).toBe(200);
    expect(await plain(await get("/profile/orders", { headers: { Cookie: customer } }))).not.toContain("new message");
    // Another customer cannot mark it read.
    const b = await newCustomer();
    expect((await postForm(`/profile/orders/${c.id}`, { intent: "read" }, { Cookie: await customerCookie(b.email, b.password) })).status).toBe(404);
  });

  it("tabs filter by work status with counts; open work comes first by due date, overdue marked", async () => {
    const adminSession = await adminCookie();
    const late = await customerWithOrder();
    const soon = await customerWithOrder();
    for (const c of [late, soon]) expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    await env.DB.prepare("UPDATE orders SET due_at = ? WHERE id = ?")
      .bind(Date.now() - 3_600_000, late.id)
      .run();
    const html = await plain(await get("/admin/orders?status=in_progress", { headers: { Cookie: adminSession } }));
    const count = (label: string) => Number(new RegExp(`${label}<span[^>]*>(\\d+)</span>`).exec(html)?.[1]);
    const inProduction = Number(await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE work_status = 'in_progress'").first<number>("n"));
    expect(count("In production")).toBe(inProduction);
    expect(count("All")).toBe(Number(await env.DB.prepare("SELECT count(*) AS n FROM orders").first<number>("n")));
    expect(html).toContain('aria-current="page"');
    expect(rowOf(html, late.id)).toContain("Overdue");
    expect(rowOf(html, soon.id)).not.toContain("Overdue");
    expect(html.indexOf(`>${late.id}</td>`)).toBeLessThan(html.indexOf(`>${soon.id}</td>`));
    // Only that status: an order awaiting its brief is not in this tab.
    const waiting = await customerWithOrder();
    expect(rowOf(await plain(await get("/admin/orders?status=in_progress", { headers: { Cookie: adminSession } })), waiting.id)).toBeNull();
    // The SPEC's columns stay, in their order, before the work's.
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1])).toEqual([
      "Order ID",
      "Product",
      "Amount",
      "Payment Status",
      "Date",
      "Customer",
      "Creator",
      "Work",
      "Due",
      "Messages",
      "Actions",
    ]);
  });
});

describe("the admin dashboard's studio figures", () => {
  it("count orders awaiting a brief, in production, overdue and awaiting review", async () => {
    const admin = await adminCookie();
    const figures = async () => {
      const html = await (await get("/admin/dashboard", { headers: { Cookie: admin } })).text();
      const figure = (id: string) => Number(new RegExp(`data-testid="${id}">(\\d+)<`).exec(html)?.[1]);
      return { brief: figure("awaiting-brief"), production: figure("in-production"), overdue: figure("overdue"), review: figure("awaiting-customer-review") };
    };
    const before = await figures();
    const c = await customerWithOrder();
    expect(await figures()).toEqual({ ...before, brief: before.brief + 1 });
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    expect(await figures()).toEqual({ ...before, production: before.production + 1 });
    await env.DB.prepare("UPDATE orders SET due_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, c.id)
      .run();
    expect(await figures()).toEqual({ ...before, production: before.production + 1, overdue: before.overdue + 1 });
  });
});

describe("comments are the revision request", () => {
  /** The studio delivers one video; the new version's id. */
  async function deliverCut(token: string, id: number, name: string) {
    const form = new FormData();
    form.set("note", name);
    form.append("files[]", new File([fakeMedia(`${name}.mp4`, 512)], `${name}.mp4`));
    const response = await dispatch(`http://localhost/api/v1/orders/${id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { delivery: { id: number } } }).data.delivery.id;
  }

  it("includes the open comments chosen (comment_ids), none others; the note is optional; all when no choice is given; a choice of no open comment is refused", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminSignIn();
    const path = `/orders/${c.id}/deliveries/${await deliverCut(admin.access_token, c.id, "cut")}/comments`;
    const comment = async (at_frame: number, text: string) =>
      (await api<{ data: { id: number } }>("POST", path, { token: c.token, body: { comment: { at_frame, text } } })).body.data.id;
    const warmer = await comment(25, "Warmer here");
    const logo = await comment(50, "Logo larger");
    const later = await comment(75, "Keep this one for later");

    // An id that is no open comment of the newest version, with nothing else: refused, nothing used.
    const stray = await api<{ message: string }>("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { comment_ids: [999999] } } });
    expect([stray.status, stray.body.message]).toEqual([409, "Tell the studio what to change: tick a comment or write a note"]);

    const asked = await api<{ data: { revisions_used: number } }>("POST", `/orders/${c.id}/revisions`, {
      token: c.token,
      body: { revision: { comment_ids: [warmer, logo] } },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.data.revisions_used).toBe(1);
    const listed = await api<{ data: { id: number; in_revision: boolean }[] }>("GET", path, { token: c.token });
    expect(Object.fromEntries(listed.body.data.map((x) => [x.id, x.in_revision]))).toEqual({ [warmer]: true, [logo]: true, [later]: false });

    // The next version: without a choice every open comment goes, as before.
    const secondPath = `/orders/${c.id}/deliveries/${await deliverCut(admin.access_token, c.id, "cut-2")}/comments`;
    await api("POST", secondPath, { token: c.token, body: { comment: { at_frame: 10, text: "Still too dark" } } });
    const all = await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { note: "Nearly there" } } });
    expect(all.status).toBe(201);
    const secondList = await api<{ data: { in_revision: boolean }[] }>("GET", secondPath, { token: c.token });
    expect(secondList.body.data.map((x) => x.in_revision)).toEqual([true]);
  });

  it("the order page's form lists the open comments ticked; unticked ones stay out; a form with none ticked and no note is refused", async () => {
    const c = await customerWithOrder();
    expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
    const admin = await adminSignIn();
    const path = `/orders/${c.id}/deliveries/${await deliverCut(admin.access_token, c.id, "cut")}/comments`;
    const one = (await api<{ data: { id: number } }>("POST", path, { token: c.token, body: { comment: { at_frame: 25, text: "Brighter sky" } } })).body.data.id;
    const two = (await api<{ data: { id: number } }>("POST", path, { token: c.token, body: { comment: { at_frame: 100, text: "Slower pan" } } })).body.data.id;
    const me = await api<{ data: { email: string } }>("GET", "/users/me", { token: c.token });
    const cookie = await customerCookie(me.body.data.email, "Str0ng!Pass");
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Comments to include");
    const box =
      new RegExp(`<input[^>]*name="comment_ids"[^>]*value="${one}"[^>]*>`).exec(page)?.[0] ??
      page.slice(page.indexOf("Comments to include"), page.indexOf("Comments to include") + 600);
    expect(box).toMatch(/checked=""/);
    expect(page).toContain("0:01</span> ");

    const none = await postForm(`/profile/orders/${c.id}`, { intent: "revision", comment_ids: "", note: "" }, { Cookie: cookie });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Tell the studio what to change: tick a comment or write a note");

    const body = new URLSearchParams([
      ["intent", "revision"],
      ["comment_ids", ""],
      ["comment_ids", String(two)],
      ["note", ""],
    ]);
    const asked = await postForm(`/profile/orders/${c.id}`, body.toString(), { Cookie: cookie });
    expect(asked.status).toBe(302);
    const listed = await api<{ data: { id: number; in_revision: boolean }[] }>("GET", path, { token: c.token });
    expect(Object.fromEntries(listed.body.data.map((x) => [x.id, x.in_revision]))).toEqual({ [one]: false, [two]: true });
  });
});
