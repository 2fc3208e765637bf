import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, dispatch, freshAddress, get } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";

/**
 * The order counts kept by triggers (order_counts) equal their recomputation from the orders after
 * every kind of write, at once too; the work queue's tabs and the lists' page counts read them.
 */
async function keptAndCounted() {
  const kept = await env.DB.prepare("SELECT scope, key, n FROM order_counts WHERE n <> 0 ORDER BY scope, key").all<{ scope: string; key: string; n: number }>();
  const counted = await env.DB.prepare(
    `SELECT 'all' AS scope, '' AS key, count(*) AS n FROM orders
     UNION ALL SELECT 'user', CAST(user_id AS TEXT), count(*) FROM orders GROUP BY user_id
     UNION ALL SELECT 'work_status', work_status, count(*) FROM orders GROUP BY work_status
     ORDER BY 1, 2`,
  ).all<{ scope: string; key: string; n: number }>();
  return { kept: kept.results, counted: counted.results.filter((r) => r.n !== 0) };
}

async function expectKept() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

describe("order counts kept, not counted", () => {
  it("equal their recomputation after the seed, orders made at once, payments, briefs, deliveries, approvals and cancellations", async () => {
    await expectKept();
    // Several customers order and pay at once.
    const customers = await Promise.all(Array.from({ length: 4 }, () => customerWithOrder()));
    await expectKept();
    const admin = await adminSignIn();
    // Work moves, some at once: briefs, a delivery, an approval, a cancellation of an unpaid order.
    await Promise.all(customers.slice(0, 3).map((c) => api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })));
    const form = new FormData();
    form.append("files[]", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "cut.pdf"));
    const response = await dispatch(`http://localhost/api/v1/orders/${customers[0]!.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.access_token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    expect(response.status).toBe(201);
    expect((await api("POST", `/orders/${customers[0]!.id}/approve`, { token: customers[0]!.token })).status).toBe(200);
    const unpaid = await customerWithOrder({ pay: false });
    expect((await api("DELETE", `/orders/${unpaid.id}`, { token: unpaid.token })).status).toBe(405);
    await expectKept();
    // Two moves of one order at once: exactly one lands, and the counts follow it.
    const c = customers[3]!;
    await Promise.all([
      api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } }),
      api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } }),
    ]);
    await expectKept();
    // An order deleted (a test's clean-up, or a cascade) leaves the counts.
    await env.DB.prepare("DELETE FROM orders WHERE id = ?").bind(unpaid.id).run();
    await expectKept();
  });

  it("the work queue's tabs and the lists' pages read them", async () => {
    const cookie = await adminCookie();
    const page = (await (await get("/admin/orders", { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    const { counted } = await keptAndCounted();
    const all = counted.find((r) => r.scope === "all")!.n;
    // The first tab, 'All', with its count.
    expect(page).toMatch(new RegExp(`aria-current="page"[^>]*>All<span[^>]*>${all}</span>`));
    const c = await customerWithOrder();
    const mine = await api<{ meta: { totalCount: number; totalPages: number } }>("GET", "/orders?limit=1&pageNumber=1", { token: c.token });
    expect(mine.body.meta).toMatchObject({ totalCount: 1, totalPages: 1 });
    const admin = await adminSignIn();
    const everyone = await api<{ meta: { totalPages: number } }>("GET", "/orders?limit=10&pageNumber=1", { token: admin.access_token });
    expect(everyone.body.meta.totalPages).toBe(Math.ceil((all + 1) / 10));
  });
});
