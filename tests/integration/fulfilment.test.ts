import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";

/**
 * The work after payment through the API: paying starts it (awaiting the brief), the owner's brief
 * starts production with a due date, and every move is one event. Refusals name the current status
 * and write nothing.
 */
type OrderBody = { data: { id: number; client_secret: string; work_status: string; due_at: string | null; revisions_allowed: number; revisions_used: number } };
type Event = { actor: string; from_status: string; to_status: string; note: string | null; created_at: string };

async function customerWithOrder({ pay = true } = {}) {
  const person = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: person.access_token,
    body: { street: "1 Studio Lane", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" },
  });
  const order = await api<OrderBody>("POST", "/orders", {
    token: person.access_token,
    body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 1 } },
  });
  expect(order.status).toBe(201);
  if (pay) {
    const paid = await api("POST", "/payments/local/confirm", {
      token: person.access_token,
      body: { client_secret: order.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
    });
    expect(paid.status).toBe(200);
  }
  return { token: person.access_token, id: order.body.data.id };
}

const BRIEF = {
  purpose: "A 60-second launch film for our new espresso machine, for the website and socials.",
  audience: "Home baristas, 25–45",
  style: "Warm, close-up product shots; calm music",
  references: ["https://example.com/ref-one", "https://vimeo.com/123456"],
  must_haves: "Logo at the end; the steam wand in action",
  deadline_wish: "2026-12-15",
};

const events = async (token: string, id: number) => (await api<{ data: Event[] }>("GET", `/orders/${id}/events`, { token })).body.data;
const briefRows = async (id: number) => (await env.DB.prepare("SELECT count(*) AS n FROM order_briefs WHERE order_id = ?").bind(id).first<number>("n")) ?? 0;

describe("work status after payment", () => {
  it("a paid order awaits its brief, with three revisions and no due date yet; its first event says so", async () => {
    const c = await customerWithOrder();
    const order = await api<OrderBody>("GET", `/orders/${c.id}`, { token: c.token });
    expect(order.body.data).toMatchObject({ work_status: "awaiting_brief", due_at: null, revisions_allowed: 3, revisions_used: 0 });
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
    expect(submitted.body.data).toMatchObject({ id: c.id, work_status: "in_progress", revisions_allowed: 3 });
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
    expect(refused.status).toBe(400);
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
