import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { listOrderQueue } from "../../app/domain/orders/orders.server";
import { SESSION_POLICY, sessionSubject } from "../../app/auth/sessions.server";
import { adminCookie, api, cookieFrom, customerCookie, get, newCustomer, postForm } from "./helpers";

/**
 * Signed-in pages read their own data beside the session, keyed on the session's subject
 * (`sessionSubject`), instead of waiting for the session to learn whose data to read. The subquery
 * must name exactly the person of a valid session of the right kind, and nobody otherwise.
 */
const db = createDb(env.DB);
const subjectOf = async (cookie: string | null, kind: "customer" | "admin", now?: number) => {
  const request = new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : {});
  const [row] = await db.select({ id: sql<number | null>`${await sessionSubject(request, kind, now)}` }).from(sql`(SELECT 1)`);
  return row?.id ?? null;
};

describe("session-keyed page reads", () => {
  it("the subject is the signed-in person of that kind, and NULL for no, a forged, the other kind's, an expired or an idle session", async () => {
    const customer = await customerCookie();
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, "customer@example.com"));
    expect(await subjectOf(customer, "customer")).toBe(demo!.id);
    expect(await subjectOf(null, "customer")).toBeNull();
    expect(await subjectOf("sid=forged-token-value", "customer")).toBeNull();
    expect(await subjectOf(customer, "admin")).toBeNull();
    // A customer's token presented as the admin cookie names nobody: the session's kind must match.
    expect(await subjectOf(customer.replace(/^sid=/, "admin_sid="), "admin")).toBeNull();
    const admin = await adminCookie();
    expect(await subjectOf(admin, "customer")).toBeNull();
    expect(await subjectOf(admin, "admin")).toEqual(expect.any(Number));

    // Past the idle limit, and past the absolute one, the same cookie names nobody.
    expect(await subjectOf(customer, "customer", Date.now() + SESSION_POLICY.customer.idleMs + 1000)).toBeNull();
    const fresh = cookieFrom(await postForm("/login", { email: "customer@example.com", password: "Customer#2026" }), "sid");
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.kind, "customer"));
    expect(await subjectOf(fresh, "customer")).toBeNull();
  });

  it("checkout and My Orders show the signed-in customer's own addresses and orders, nobody else's", async () => {
    const buyer = await newCustomer();
    const other = await newCustomer();
    const address = { city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" };
    const mine = { ...address, street: "1 Own Street" };
    const theirs = { ...address, street: "2 Other Street" };
    expect((await api("POST", "/billing_addresses", { token: buyer.access_token, body: { billing_address: mine } })).status).toBe(201);
    expect((await api("POST", "/billing_addresses", { token: other.access_token, body: { billing_address: theirs } })).status).toBe(201);

    const buyerCookie = await customerCookie(buyer.email, buyer.password);
    const checkout = await get("/products/1/checkout?package=0", { headers: { Cookie: buyerCookie } });
    expect(checkout.status).toBe(200);
    const html = await checkout.text();
    expect(html).toContain("1 Own Street");
    expect(html).not.toContain("2 Other Street");

    // The demo customer has orders; a new one has none, whatever the demo customer's session did before.
    const demoOrders = await (await get("/profile/orders", { headers: { Cookie: await customerCookie() } })).text();
    expect(demoOrders).not.toContain("No orders found.");
    const none = await get("/profile/orders", { headers: { Cookie: buyerCookie } });
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No orders found.");

    // Without a session the pages send the visitor to sign in, with nothing of anyone's on the way.
    for (const path of ["/profile/orders", "/products/1/checkout?package=0"]) {
      const visitor = await get(path);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
    }
    // The studio's queue, read beside the session, holds nothing unless that session is an admin's.
    const queueFor = async (cookie: string | null) => {
      const request = new Request("http://localhost/admin/orders", cookie ? { headers: { Cookie: cookie } } : {});
      return listOrderQueue(db, { status: null, sort: "due", page: 1, limit: 10, studio: await sessionSubject(request, "admin") });
    };
    expect((await queueFor(await adminCookie())).data.length).toBeGreaterThan(0);
    for (const cookie of [null, buyerCookie, buyerCookie.replace(/^sid=/, "admin_sid=")]) {
      const queue = await queueFor(cookie);
      expect(queue.data, String(cookie)).toEqual([]);
      expect(queue.counts.all, String(cookie)).toBe(0);
    }
    const stranger = await get("/admin/orders");
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toBe("/admin/login");
  });
});
