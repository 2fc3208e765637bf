import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, get } from "./helpers";
import { BRIEF, customerWithOrder, studioDelivers } from "./order-fixtures";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createDb } from "../../db/client";
import { countCompletionStatements, figuresForPackages } from "../../app/domain/orders/package-figures.server";

/**
 * Each package's promises (delivery days, revisions, days per revision) are the product's, the
 * order's and fulfilment's; its figures are measured from real completed orders, counted in the
 * batch that completes each one, shown from the fifth, and agree with a recount from the rows.
 */
const DAY = 86_400_000;

const deliver = (id: number) => studioDelivers(id);

/** A Standard order of product 1, briefed `daysAgo` days ago (work started then), delivered now, with `revisions` rounds, approved. */
async function completedOrder(daysAgo: number, revisions = 0) {
  const c = await customerWithOrder();
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  await env.DB.prepare("UPDATE orders SET work_started_at = work_started_at - ? WHERE id = ?")
    .bind(daysAgo * DAY, c.id)
    .run();
  await deliver(c.id);
  for (let round = 0; round < revisions; round++) {
    expect((await api("POST", `/orders/${c.id}/revisions`, { token: c.token, body: { revision: { note: "Warmer" } } })).status).toBe(201);
    await deliver(c.id);
  }
  expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
  return c;
}

const standardPackageId = async () => Number(await env.DB.prepare("SELECT id FROM packages WHERE product_id = 1 AND position = 1").first("id"));
const kept = async (packageId: number) => ({
  figures: await env.DB.prepare("SELECT completed, on_time, revisions_used, on_time_permille FROM package_figures WHERE package_id = ?")
    .bind(packageId)
    .first(),
  days: (await env.DB.prepare("SELECT days, orders FROM package_delivery_days WHERE package_id = ? ORDER BY days").bind(packageId).all()).results,
});

describe("package promises", () => {
  it("the API's packages carry them; an order keeps them when the package changes later; the product page and checkout show them", async () => {
    const product = await api<{ data: { packages: { delivery_days: number; revisions: number; revision_days: number }[] } }>("GET", "/products/1");
    expect(product.body.data.packages.map((p) => [p.delivery_days, p.revisions, p.revision_days])).toEqual([
      [10, 1, 3],
      [7, 2, 3],
      // Premium is made in stages: it promises their days and revisions, summed.
      [17, 6, 2],
    ]);
    const c = await customerWithOrder();
    // The studio changes the Standard package after the sale: the order keeps what it was sold with.
    await env.DB.prepare("UPDATE packages SET delivery_days = 9, revisions = 4 WHERE product_id = 1 AND position = 1").run();
    try {
      const bought = await api<{ data: { delivery_days: number; revisions_allowed: number; revision_days: number } }>("GET", `/orders/${c.id}`, {
        token: c.token,
      });
      expect(bought.body.data).toMatchObject({ delivery_days: 7, revisions_allowed: 2, revision_days: 3 });
      const html = (await (await get("/products/1?package=1")).text()).replace(/<!-- -->/g, "");
      expect(html).toContain("9-day turnaround");
      expect(html).toContain("4 Revisions");
    } finally {
      await env.DB.prepare("UPDATE packages SET delivery_days = 7, revisions = 2 WHERE product_id = 1 AND position = 1").run();
    }
  });

  it("the admin form refuses promises out of range with the field named, keeping the rest", async () => {
    const admin = await adminSignIn();
    const created = await api<{ errors: string[] }>("POST", "/products", {
      token: admin.access_token,
      body: {
        product: {
          title: "Promise test",
          description_heading: "Heading",
          description: "Description",
          services_offered: ["One"],
          tags: ["a", "b", "c"],
          packages: [
            { short_description: "Basic", items_included: ["One"], amount: "10.00", currency: "USD", delivery_days: 0, revisions: 21, revision_days: "x" },
          ],
        },
      },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([
      "Delivery days must be a whole number from 1 to 365",
      "Revisions must be a whole number from 0 to 20",
      "Revision days must be a whole number from 1 to 60",
    ]);
  });
});

describe("figures per package from completed orders", () => {
  it("hidden below 5 completed orders; from the fifth, the median, the on-time share and revisions used, kept in the completing batch and equal to a recount", async () => {
    const packageId = await standardPackageId();
    // Start from what earlier tests left, measured again from the rows.
    const before = await kept(packageId);
    const baseline = (before.figures as { completed: number } | null)?.completed ?? 0;
    if (baseline >= 5) throw new Error("This test expects the Standard package of product 1 to have fewer than 5 completed orders");
    const plan: [number, number][] = [
      [3, 0],
      [5, 1],
      [6, 0],
      [9, 2],
      [12, 0],
    ].slice(0, 5 - baseline) as [number, number][];
    for (const [days, revisions] of plan.slice(0, -1)) await completedOrder(days, revisions);
    // Four at most so far: nothing shown on the product page.
    const early = await (await get("/products/1?package=1")).text();
    expect(early).not.toContain('data-testid="package-figures"');
    const [days, revisions] = plan.at(-1)!;
    await completedOrder(days, revisions);

    const after = await kept(packageId);
    expect(after.figures).toMatchObject({ completed: 5 });
    // The kept counts equal a recount from every completed order's row.
    const recount = await env.DB.prepare(
      `SELECT count(*) AS completed, sum(first_delivered_at <= work_started_at + delivery_days * 86400000) AS on_time, sum(revisions_used) AS revisions_used
       FROM orders WHERE package_id = ? AND work_status = 'completed' AND work_started_at IS NOT NULL AND first_delivered_at IS NOT NULL`,
    )
      .bind(packageId)
      .first<{ completed: number; on_time: number; revisions_used: number }>();
    expect(after.figures).toMatchObject(recount!);
    expect((after.days as { orders: number }[]).reduce((n, d) => n + d.orders, 0)).toBe(5);

    const html = (await (await get("/products/1?package=1")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain('data-testid="package-figures"');
    expect(html).toContain("From 5 completed orders");
    const figures = after.figures as { on_time: number; revisions_used: number };
    expect(html).toContain(`${Math.round((figures.on_time * 100) / 5)}%`);
    expect(html).toContain(`${Math.round((figures.revisions_used * 10) / 5) / 10} on average`);

    // The dashboard lists it among the packages against their promise.
    const dashboard = (await (await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } })).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toContain("Packages against their promise");
    expect(dashboard).toMatch(/3D Product Launch Animation<\/a> · Standard/);
  });

  it("the fixture orders of known days give their exact median and on-time share", async () => {
    // A fresh package measured from fixture orders alone: product 2's Premium (5 days promised).
    const packageId = Number(await env.DB.prepare("SELECT id FROM packages WHERE product_id = 2 AND position = 2").first("id"));
    await env.DB.batch([
      env.DB.prepare("DELETE FROM package_figures WHERE package_id = ?").bind(packageId),
      env.DB.prepare("DELETE FROM package_delivery_days WHERE package_id = ?").bind(packageId),
    ]);
    const db = createDb(env.DB);
    const c = await customerWithOrder();
    const template = await env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(c.id).first<Record<string, unknown>>();
    const start = Date.now() - 30 * DAY;
    const days = [2, 4, 5, 6, 9, 10];
    const used = [0, 1, 0, 2, 1, 0];
    for (const [i, d] of days.entries()) {
      // A completed order of that package, started and first delivered `d` days apart (a minute under, as real deliveries land).
      const row = await env.DB.prepare(
        `INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, payment_status, work_status, delivery_days, revisions_used, work_started_at, first_delivered_at, idempotency_key)
         VALUES (?, 2, ?, 2, 1, 'GBP', 'succeeded', 'completed', 5, ?, ?, ?, ?) RETURNING id`,
      )
        .bind(template!.user_id, packageId, used[i], start, start + d * DAY - 60_000, `figures-fixture-${packageId}-${i}`)
        .first<number>("id");
      await db.batch(countCompletionStatements(db, row!, sql`1`) as [BatchItem<"sqlite">]);
    }
    const result = (await figuresForPackages(db, [packageId])).get(packageId);
    // Days 2, 4, 5, 6, 9, 10: median (lower middle) 5; on time (≤ 5 days) 3 of 6 = 50%; revisions 4 / 6 = 0.7.
    expect(result).toEqual({ orders: 6, median_days: 5, on_time_percent: 50, average_revisions: 0.7 });
  });
});
