import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { reconcileKeptFigures, type Difference } from "~/domain/counts/reconcile.server";
import { adminCookie, adminSignIn, api, dispatch, freshAddress, get, newCustomer } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";

/**
 * The figures kept by triggers (kept_counts, money_days) equal their recomputation from the rows
 * (money from an order's payments, credit notes by their own rate and country)
 * after every kind of write, at once too; the reconciliation finds and repairs what differs, in
 * bounded, resumable calls, without undoing a write made during its run; the lists read the kept
 * counts, and a walk by keyset returns every order once while orders are added.
 */
type Row = { scope: string; key: string; n: number; minor: number };
type MoneyRow = Record<string, string | number>;

/** Each public creator's skills, once each. */
const PUBLIC_SKILLS = `SELECT DISTINCT c.id, j.value AS skill, c.country FROM creators c, json_each(c.skills) j
  WHERE c.status IN ('active', 'away') AND c.slug IS NOT NULL AND c.erased_at IS NULL`;

/** Every kept figure, recomputed with a GROUP BY over the rows (the definitions of ADR 029); D1 allows five terms a compound SELECT. */
const RECOUNT = [
  `SELECT 'orders' AS scope, '' AS key, count(*) AS n, 0 AS minor FROM orders
   UNION ALL SELECT 'work_status', work_status, count(*), 0 FROM orders GROUP BY work_status
   UNION ALL SELECT 'payment_status', payment_status, count(*), 0 FROM orders GROUP BY payment_status
   UNION ALL SELECT 'user', CAST(user_id AS TEXT), count(*), 0 FROM orders GROUP BY user_id`,
  `SELECT 'paid' AS scope, currency AS key, sum(sequence = 1) AS n, sum(amount_minor) AS minor FROM order_payments WHERE status IN ('succeeded', 'completed', 'refunded') GROUP BY currency
   UNION ALL SELECT 'refunds', currency, count(*), sum(amount_minor) FROM order_refunds WHERE status = 'succeeded' GROUP BY currency
   UNION ALL SELECT 'customers', '', count(*), 0 FROM users
   UNION ALL SELECT 'subscribers', '', count(*), 0 FROM newsletter_subscriptions`,
  `SELECT 'products' AS scope, '' AS key, count(*) AS n, 0 AS minor FROM products
   UNION ALL SELECT 'on_sale', '', count(*), 0 FROM products WHERE archived_at IS NULL AND published_at IS NOT NULL
   UNION ALL SELECT 'tag', CAST(pt.tag_id AS TEXT), count(*), 0 FROM product_tags pt JOIN products p ON p.id = pt.product_id
     WHERE p.archived_at IS NULL AND p.published_at IS NOT NULL GROUP BY pt.tag_id`,
  `SELECT 'creator_work' AS scope, CAST(creator_id AS TEXT) || ':' || work_status AS key, count(*) AS n, 0 AS minor FROM orders WHERE creator_id IS NOT NULL GROUP BY creator_id, work_status`,
  `SELECT 'creators' AS scope, '' AS key, count(*) AS n, 0 AS minor FROM creators WHERE status IN ('active', 'away') AND slug IS NOT NULL AND erased_at IS NULL
   UNION ALL SELECT 'creator_country', country, count(*), 0 FROM creators
     WHERE status IN ('active', 'away') AND slug IS NOT NULL AND erased_at IS NULL AND country IS NOT NULL GROUP BY country
   UNION ALL SELECT 'creator_skill', skill, count(*), 0 FROM (${PUBLIC_SKILLS}) GROUP BY skill
   UNION ALL SELECT 'creator_skill_country', skill || char(31) || country, count(*), 0 FROM (${PUBLIC_SKILLS}) WHERE country IS NOT NULL GROUP BY 2`,
];

/** money_days recomputed: each figure by day (`2026-11-26`) and by month (`M2026-11`). */
const moneyRecount = (key: (column: string) => string) => `
  SELECT day, currency, country, rate_bp, sum(invoices) AS invoices, sum(sales) AS sales_minor, sum(discount) AS discount_minor, sum(tax) AS tax_minor,
         sum(notes) AS credit_notes, sum(refunds) AS refunds_minor, sum(refunds_tax) AS refunds_tax_minor FROM (
    SELECT ${key("invoice_issued_at")} AS day, currency, coalesce(tax_country, '') AS country, tax_rate_bp AS rate_bp,
           1 AS invoices, subtotal_minor - discount_minor AS sales, discount_minor AS discount, tax_minor AS tax, 0 AS notes, 0 AS refunds, 0 AS refunds_tax
    FROM order_payments WHERE invoice_number IS NOT NULL
    UNION ALL
    SELECT ${key("refunded_at")}, currency, coalesce(tax_country, ''), tax_rate_bp, 0, 0, 0, 0, 1, amount_minor, tax_minor
    FROM order_refunds WHERE credit_note_number IS NOT NULL)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const MONEY_RECOUNT = [
  moneyRecount((column) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`),
  moneyRecount((column) => `'M' || strftime('%Y-%m', ${column} / 1000, 'unixepoch')`),
];

const nonZero = (r: Row) => r.n !== 0 || r.minor !== 0;
const moneyNonZero = (r: MoneyRow) => ["invoices", "credit_notes", "sales_minor", "tax_minor", "refunds_minor"].some((k) => Number(r[k]) !== 0);

/** The queue's own order links: the panel of waiting offers above it links to orders too. */
const queueLinks = (html: string) =>
  [...html.replace(/<section aria-labelledby="waiting-offers"[\s\S]*?<\/section>/, "").matchAll(/href="\/admin\/orders\/(\d+)"/g)].map((m) => m[1]!);

async function keptAndCounted() {
  const [kept, countedA, countedB, countedC, countedD, countedE, keptMoney, countedDays, countedMonths, listedAt] = await env.DB.batch([
    env.DB.prepare("SELECT scope, key, n, minor FROM kept_counts ORDER BY scope, key"),
    ...RECOUNT.map((sql) => env.DB.prepare(sql)),
    env.DB.prepare(
      "SELECT day, currency, country, rate_bp, invoices, sales_minor, discount_minor, tax_minor, credit_notes, refunds_minor, refunds_tax_minor FROM money_days ORDER BY 1, 2, 3, 4",
    ),
    ...MONEY_RECOUNT.map((sql) => env.DB.prepare(sql)),
    // listed_at: the product's creation while it is on sale, else null.
    env.DB.prepare(
      `SELECT count(*) AS wrong FROM product_tags pt JOIN products p ON p.id = pt.product_id
       WHERE pt.listed_at IS NOT (CASE WHEN p.archived_at IS NULL AND p.published_at IS NOT NULL THEN p.created_at END)`,
    ),
  ]);
  return {
    kept: (kept!.results as Row[]).filter(nonZero),
    counted: ([...countedA!.results, ...countedB!.results, ...countedC!.results, ...countedD!.results, ...countedE!.results] as Row[])
      .filter(nonZero)
      .sort((x, y) => (x.scope + "\t" + x.key < y.scope + "\t" + y.key ? -1 : 1)),
    keptMoney: (keptMoney!.results as MoneyRow[]).filter(moneyNonZero),
    countedMoney: ([...countedDays!.results, ...countedMonths!.results] as MoneyRow[]).filter(moneyNonZero),
    wrongListedAt: (listedAt!.results[0] as { wrong: number }).wrong,
  };
}

/** Each product's review figures and each package's measured figures, as kept and as the rows say (their writers' definitions). */
async function ratingsAndPackages() {
  const [keptRatings, countedRatings, keptPackages, countedPackages, keptDays, countedDays] = await env.DB.batch([
    env.DB.prepare(
      "SELECT product_id, count, sum, stars_1, stars_2, stars_3, stars_4, stars_5, hidden FROM product_ratings WHERE count <> 0 OR hidden <> 0 ORDER BY 1",
    ),
    env.DB.prepare(
      `SELECT product_id, sum(hidden_at IS NULL) AS count, sum(CASE WHEN hidden_at IS NULL THEN rating ELSE 0 END) AS sum,
         sum(hidden_at IS NULL AND rating = 1) AS stars_1, sum(hidden_at IS NULL AND rating = 2) AS stars_2, sum(hidden_at IS NULL AND rating = 3) AS stars_3,
         sum(hidden_at IS NULL AND rating = 4) AS stars_4, sum(hidden_at IS NULL AND rating = 5) AS stars_5, sum(hidden_at IS NOT NULL) AS hidden
       FROM reviews GROUP BY product_id ORDER BY 1`,
    ),
    env.DB.prepare("SELECT package_id, completed, on_time, revisions_used, on_time_permille FROM package_figures WHERE completed <> 0 ORDER BY 1"),
    env.DB.prepare(
      `SELECT package_id, count(*) AS completed, sum(first_delivered_at <= work_started_at + delivery_days * 86400000) AS on_time, sum(revisions_used) AS revisions_used,
         sum(first_delivered_at <= work_started_at + delivery_days * 86400000) * 1000 / count(*) AS on_time_permille
       FROM orders WHERE work_status = 'completed' AND package_id IS NOT NULL AND work_started_at IS NOT NULL AND first_delivered_at IS NOT NULL GROUP BY package_id ORDER BY 1`,
    ),
    env.DB.prepare("SELECT package_id, days, orders FROM package_delivery_days WHERE orders <> 0 ORDER BY 1, 2"),
    env.DB.prepare(
      `SELECT package_id, min(60, max(1, (first_delivered_at - work_started_at + 86399999) / 86400000)) AS days, count(*) AS orders
       FROM orders WHERE work_status = 'completed' AND package_id IS NOT NULL AND work_started_at IS NOT NULL AND first_delivered_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  ]);
  return {
    keptRatings: keptRatings!.results,
    countedRatings: countedRatings!.results,
    keptPackages: keptPackages!.results,
    countedPackages: countedPackages!.results,
    keptDays: keptDays!.results,
    countedDays: countedDays!.results,
  };
}

async function expectKept() {
  const { kept, counted, keptMoney, countedMoney, wrongListedAt } = await keptAndCounted();
  expect(kept).toEqual(counted);
  expect(keptMoney).toEqual(countedMoney);
  expect(wrongListedAt).toBe(0);
}

/** Each creator's figures and months as kept, and as the orders and reviews say (migration 0047's definitions). */
async function creatorFigures() {
  const [kept, counted, keptMonths, countedMonths, recent] = await env.DB.batch([
    env.DB.prepare("SELECT creator_id, completed, measured, on_time, rating_count, rating_sum, rating_rank FROM creator_figures ORDER BY 1"),
    env.DB.prepare(
      `SELECT c.id AS creator_id, coalesce(o.completed, 0) AS completed, coalesce(o.measured, 0) AS measured, coalesce(o.on_time, 0) AS on_time,
         coalesce(r.n, 0) AS rating_count, coalesce(r.total, 0) AS rating_sum, CASE WHEN coalesce(r.n, 0) > 0 THEN r.total * 100 / r.n ELSE 0 END AS rating_rank
       FROM creators c
       LEFT JOIN (SELECT creator_id, count(*) AS completed, sum(work_started_at IS NOT NULL AND first_delivered_at IS NOT NULL) AS measured,
                    sum(coalesce(first_delivered_at <= work_started_at + delivery_days * 86400000, 0)) AS on_time
                  FROM orders WHERE work_status = 'completed' AND creator_id IS NOT NULL GROUP BY creator_id) o ON o.creator_id = c.id
       LEFT JOIN (SELECT creator_id, count(*) AS n, sum(rating) AS total FROM reviews WHERE creator_id IS NOT NULL AND hidden_at IS NULL GROUP BY creator_id) r
         ON r.creator_id = c.id
       ORDER BY 1`,
    ),
    env.DB.prepare("SELECT creator_id, month, completed FROM creator_months WHERE completed <> 0 ORDER BY 1, 2"),
    env.DB.prepare(
      `SELECT creator_id, strftime('%Y-%m', completed_at / 1000, 'unixepoch') AS month, count(*) AS completed
       FROM orders WHERE work_status = 'completed' AND creator_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    // The 12 months' count against the months kept from the row's window on; the copies of the creator's visibility and country.
    env.DB.prepare(
      `SELECT count(*) AS wrong FROM creator_figures f JOIN creators c ON c.id = f.creator_id
       WHERE f.recent_completed <> (SELECT coalesce(sum(m.completed), 0) FROM creator_months m WHERE m.creator_id = f.creator_id AND m.month >= f.window_from)
          OR f.shown <> (c.status IN ('active', 'away') AND c.slug IS NOT NULL AND c.erased_at IS NULL) OR f.country IS NOT c.country`,
    ),
  ]);
  return {
    kept: kept!.results,
    counted: counted!.results,
    keptMonths: keptMonths!.results,
    countedMonths: countedMonths!.results,
    wrongRecent: (recent!.results[0] as { wrong: number }).wrong,
  };
}

async function expectCreatorFiguresKept() {
  const figures = await creatorFigures();
  expect(figures.kept).toEqual(figures.counted);
  expect(figures.keptMonths).toEqual(figures.countedMonths);
  expect(figures.wrongRecent).toBe(0);
}

async function expectRatingsAndPackagesKept() {
  await expectCreatorFiguresKept();
  const figures = await ratingsAndPackages();
  expect(figures.keptRatings).toEqual(figures.countedRatings);
  expect(figures.keptPackages).toEqual(figures.countedPackages);
  expect(figures.keptDays).toEqual(figures.countedDays);
}

async function refund(orderId: number, token: string, amount?: string, key = crypto.randomUUID()) {
  return api("POST", `/orders/${orderId}/refund`, {
    token,
    body: { refund: { reason: "Kept figures test", ...(amount ? { amount } : {}) } },
    headers: { "Idempotency-Key": key },
  });
}

/** Runs the reconciliation to its end through the domain (a budget per call), noting each call's rows read. */
async function reconcileAll(budget: number, between?: (call: number, phase: string) => Promise<void>) {
  const db = createDb(env.DB);
  let cursor: string | null = null;
  const differences: Difference[] = [];
  const rows: number[] = [];
  let moved = 0;
  for (let call = 0; call < 10_000; call++) {
    const report = await reconcileKeptFigures(db, cursor, { budget });
    expect(report).not.toBeNull();
    rows.push(report!.rowsRead);
    differences.push(...report!.differences);
    moved += report!.moved;
    if (report!.done) return { differences, rows, moved, calls: call + 1 };
    cursor = report!.cursor;
    await between?.(call, report!.phase);
  }
  throw new Error("The reconciliation did not finish");
}

describe("figures kept, not counted", () => {
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

  it("follow refunds (partial ones at once, a full one), credit notes, sign-ups, subscriptions and an invoiced order's deletion", async () => {
    const admin = await adminSignIn();
    const [a, b] = await Promise.all([customerWithOrder(), customerWithOrder()]);
    // Two partial refunds of one order at once, and a full refund of another.
    const partials = await Promise.all([refund(a.id, admin.access_token, "1.00"), refund(a.id, admin.access_token, "2.00")]);
    expect(partials.some((r) => r.status === 200)).toBe(true);
    expect((await refund(b.id, admin.access_token)).status).toBe(200);
    await expectKept();
    const refunded = await env.DB.prepare("SELECT count(*) AS n FROM order_refunds WHERE order_id IN (?, ?) AND credit_note_number IS NOT NULL")
      .bind(a.id, b.id)
      .first<{ n: number }>();
    expect(refunded!.n).toBeGreaterThanOrEqual(2);
    // A customer signs up; a visitor subscribes.
    await newCustomer();
    await env.DB.prepare("INSERT INTO newsletter_subscriptions (email) VALUES (?)").bind(`kept-${crypto.randomUUID()}@example.com`).run();
    await expectKept();
    // An invoiced, refunded order deleted: its invoice and credit notes leave the days with it.
    await env.DB.prepare("DELETE FROM orders WHERE id = ?").bind(b.id).run();
    await expectKept();
    // A refund deleted on its own.
    await env.DB.prepare("DELETE FROM order_refunds WHERE id = (SELECT max(id) FROM order_refunds WHERE order_id = ?)").bind(a.id).run();
    await expectKept();
  });

  it("follow an issued invoice's or credit note's date and amounts moved; an invoiced order's currency and tax are fixed", async () => {
    const admin = await adminSignIn();
    const c = await customerWithOrder();
    expect((await refund(c.id, admin.access_token, "1.00")).status).toBe(200);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET invoice_issued_at = invoice_issued_at - 40 * 86400000, discount_minor = discount_minor + 1 WHERE id = ?").bind(c.id),
      env.DB.prepare("UPDATE order_refunds SET refunded_at = refunded_at - 35 * 86400000, tax_minor = tax_minor + 1 WHERE order_id = ?").bind(c.id),
    ]);
    await expectKept();
    await expect(env.DB.prepare("UPDATE orders SET tax_country = 'ZZ' WHERE id = ?").bind(c.id).run()).rejects.toThrow(/currency and tax are fixed/);
    await expect(env.DB.prepare("UPDATE orders SET currency = 'XXX' WHERE id = ?").bind(c.id).run()).rejects.toThrow(/currency and tax are fixed/);
    await expectKept();
  });

  it("follow products drafted, published, archived, restored, retagged and deleted", async () => {
    const db = env.DB;
    const tag = await db
      .prepare("INSERT INTO tags (name) VALUES (?) RETURNING id")
      .bind(`Kept ${crypto.randomUUID().slice(0, 8)}`)
      .first<{ id: number }>();
    const product = await db
      .prepare(
        "INSERT INTO products (title, description_heading, description, services_offered, published_at) VALUES ('Kept counts draft', 'H', 'D', '[]', NULL) RETURNING id",
      )
      .first<{ id: number }>();
    const id = product!.id;
    await db.batch([
      db.prepare("INSERT INTO product_tags (product_id, tag_id) VALUES (?, ?)").bind(id, tag!.id),
      db.prepare("INSERT INTO product_tags (product_id, tag_id) SELECT ?, min(id) FROM tags WHERE id <> ?").bind(id, tag!.id),
    ]);
    await expectKept();
    await db.prepare("UPDATE products SET published_at = ? WHERE id = ?").bind(Date.now(), id).run();
    await expectKept();
    const count = async () => (await db.prepare("SELECT n FROM kept_counts WHERE scope = 'tag' AND key = ?").bind(String(tag!.id)).first<{ n: number }>())?.n;
    expect(await count()).toBe(1);
    await db.prepare("UPDATE products SET archived_at = ? WHERE id = ?").bind(Date.now(), id).run();
    await expectKept();
    expect(await count()).toBe(0);
    await db.prepare("UPDATE products SET archived_at = NULL, created_at = created_at - 1000 WHERE id = ?").bind(id).run();
    await expectKept();
    await db.prepare("DELETE FROM product_tags WHERE product_id = ? AND tag_id = ?").bind(id, tag!.id).run();
    await expectKept();
    await db.prepare("DELETE FROM tags WHERE id = ?").bind(tag!.id).run();
    await db.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    await expectKept();
  });

  it("follow any sequence of order writes (property: inserts, payment and work moves, owner changes, deletions)", async () => {
    const db = env.DB;
    const owners = (await db.prepare("SELECT id FROM users ORDER BY id LIMIT 3").all<{ id: number }>()).results.map((r) => r.id);
    const payments = ["initiated", "pending", "succeeded", "completed", "failed", "canceled", "refunded"] as const;
    const works = ["awaiting_payment", "awaiting_brief", "in_progress", "delivered", "completed", "cancelled"] as const;
    const write = fc.oneof(
      fc.record({
        kind: fc.constant("insert" as const),
        owner: fc.constantFrom(...owners),
        payment: fc.constantFrom(...payments),
        currency: fc.constantFrom("GBP", "EUR"),
        amount: fc.integer({ min: 100, max: 99_999 }),
      }),
      fc.record({ kind: fc.constant("pay" as const), payment: fc.constantFrom(...payments) }),
      fc.record({ kind: fc.constant("work" as const), work: fc.constantFrom(...works) }),
      fc.record({ kind: fc.constant("owner" as const), owner: fc.constantFrom(...owners) }),
      fc.record({ kind: fc.constant("invoice" as const) }),
      fc.record({ kind: fc.constant("delete" as const) }),
    );
    const product = (await db
      .prepare("SELECT p.id AS product, k.id AS package FROM products p JOIN packages k ON k.product_id = p.id LIMIT 1")
      .first<{ product: number; package: number }>())!;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        const mine: number[] = [];
        for (const w of writes) {
          const target = mine.at(-1);
          if (w.kind === "insert") {
            const row = await db
              .prepare(
                `INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, subtotal_minor, tax_minor, tax_rate_bp, tax_country, payment_status)
                 VALUES (?, ?, ?, 0, ?, ?, ?, 0, 2000, 'GB', ?) RETURNING id`,
              )
              .bind(w.owner, product.product, product.package, w.amount, w.currency, w.amount, w.payment)
              .first<{ id: number }>();
            mine.push(row!.id);
          } else if (target === undefined) {
            continue;
          } else if (w.kind === "pay") {
            await db.prepare("UPDATE orders SET payment_status = ? WHERE id = ?").bind(w.payment, target).run();
          } else if (w.kind === "work") {
            await db.prepare("UPDATE orders SET work_status = ? WHERE id = ?").bind(w.work, target).run();
          } else if (w.kind === "owner") {
            await db.prepare("UPDATE orders SET user_id = ? WHERE id = ?").bind(w.owner, target).run();
          } else if (w.kind === "invoice") {
            await db
              .prepare("UPDATE orders SET invoice_number = 'INV-KEPT-' || id, invoice_issued_at = ? WHERE id = ? AND invoice_number IS NULL")
              .bind(Date.UTC(2026, 10, 1 + (target % 20)), target)
              .run();
          } else {
            await db.prepare("DELETE FROM orders WHERE id = ?").bind(target).run();
            mine.pop();
          }
        }
        await expectKept();
      }),
      { seed: 20261126, numRuns: 25 },
    );
  });

  it("the work queue's tabs, the dashboard and the lists' pages read them", async () => {
    const cookie = await adminCookie();
    const page = (await (await get("/admin/orders", { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    const { counted } = await keptAndCounted();
    const all = counted.find((r) => r.scope === "orders")!.n;
    // The first tab, 'All', with its count.
    expect(page).toMatch(new RegExp(`aria-current="page"[^>]*>All<span[^>]*>${all}</span>`));
    const c = await customerWithOrder();
    const mine = await api<{ meta: { totalCount: number; totalPages: number } }>("GET", "/orders?limit=1&pageNumber=1", { token: c.token });
    expect(mine.body.meta).toMatchObject({ totalCount: 1, totalPages: 1 });
    const admin = await adminSignIn();
    const everyone = await api<{ meta: { totalPages: number } }>("GET", "/orders?limit=10&pageNumber=1", { token: admin.access_token });
    expect(everyone.body.meta.totalPages).toBe(Math.ceil((all + 1) / 10));
    const customers = await api<{ meta: { totalCount: number } }>("GET", "/users?limit=5", { token: admin.access_token });
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(customers.body.meta.totalCount).toBe(users!.n);
  });

  it("the queue by due date lists the studio's current work first, then the rest newest first, every order once across its pages", async () => {
    const cookie = await adminCookie();
    const seen: string[] = [];
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM orders").first<{ n: number }>())!.n;
    for (let page = 1; page <= Math.ceil(total / 20); page++) {
      const html = await (await get(`/admin/orders?sort=due&page=${page}`, { headers: { Cookie: cookie } })).text();
      seen.push(...queueLinks(html));
    }
    const ids = [...new Set(seen)];
    expect(ids.length).toBe(total);
    const expected = await env.DB.prepare(
      `SELECT id FROM orders ORDER BY CASE WHEN work_status IN ('in_progress', 'revision_requested') THEN 0 WHEN work_status IN ('delivered', 'awaiting_brief', 'scheduled') THEN 1 ELSE 2 END,
         CASE WHEN work_status IN ('in_progress', 'revision_requested', 'delivered', 'awaiting_brief', 'scheduled') THEN due_at IS NULL END,
         CASE WHEN work_status IN ('in_progress', 'revision_requested', 'delivered', 'awaiting_brief', 'scheduled') THEN due_at END, created_at DESC, id DESC`,
    ).all<{ id: number }>();
    expect(ids).toEqual(expected.results.map((r) => String(r.id)));
  });

  it("the queue's Next links (by keyset past the current work) walk every order once, in both sorts and in a tab", async () => {
    const cookie = await adminCookie();
    const walk = async (start: string) => {
      const ids: string[] = [];
      let href: string | null = start;
      for (let call = 0; href && call < 500; call++) {
        const html: string = await (await get(href, { headers: { Cookie: cookie } })).text();
        for (const id of queueLinks(html)) if (ids.at(-1) !== id && !ids.includes(id)) ids.push(id);
        const next: string | undefined = /<a [^>]*rel="next"[^>]*>/.exec(html)?.[0];
        const target: string | undefined = next ? /href="([^"]*)"/.exec(next)?.[1]?.replaceAll("&amp;", "&") : undefined;
        href = target ?? null;
        if (href) expect(href).toContain("page=");
        if (href?.includes("after=")) keysets++;
      }
      return ids;
    };
    let keysets = 0;
    const reference = async (sql: string) => (await env.DB.prepare(sql).all<{ id: number }>()).results.map((r) => String(r.id));
    const byDue = await walk("/admin/orders");
    expect(byDue).toEqual(
      await reference(
        `SELECT id FROM orders ORDER BY CASE WHEN work_status IN ('in_progress', 'revision_requested') THEN 0 WHEN work_status IN ('delivered', 'awaiting_brief', 'scheduled') THEN 1 ELSE 2 END,
           CASE WHEN work_status IN ('in_progress', 'revision_requested', 'delivered', 'awaiting_brief', 'scheduled') THEN due_at IS NULL END,
           CASE WHEN work_status IN ('in_progress', 'revision_requested', 'delivered', 'awaiting_brief', 'scheduled') THEN due_at END, created_at DESC, id DESC`,
      ),
    );
    expect(keysets).toBeGreaterThan(0);
    keysets = 0;
    expect(await walk("/admin/orders?sort=newest")).toEqual(await reference("SELECT id FROM orders ORDER BY created_at DESC, id DESC"));
    // Newest first, every Next link goes on by keyset.
    expect(keysets).toBe(Math.ceil(byDue.length / 20) - 1);
    expect(await walk("/admin/orders?status=awaiting_payment&sort=newest")).toEqual(
      await reference("SELECT id FROM orders WHERE work_status = 'awaiting_payment' ORDER BY created_at DESC, id DESC"),
    );
  });

  it("a walk of the orders by keyset (?after=) returns every order once while orders are added", async () => {
    const admin = await adminSignIn();
    const before = (await env.DB.prepare("SELECT id FROM orders ORDER BY created_at DESC, id DESC").all<{ id: number }>()).results.map((r) => r.id);
    const seen: number[] = [];
    let after: string | null = null;
    for (let call = 0; call < 1_000; call++) {
      const query: string = after ? `&after=${encodeURIComponent(after)}` : "";
      const page = await api<{ data: { id: number; created_at: string }[] }>("GET", `/orders?limit=7${query}`, { token: admin.access_token });
      expect(page.status).toBe(200);
      if (page.body.data.length === 0) break;
      seen.push(...page.body.data.map((o) => o.id));
      const last = page.body.data.at(-1)!;
      after = `${last.created_at}_${last.id}`;
      // New orders arrive during the walk (they are newer than the walk's position: not in it).
      if (call % 2 === 0) await customerWithOrder();
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
    const refused = await api("GET", "/orders?after=2026-13-45T00:00:00Z_1", { token: admin.access_token });
    expect((await api("GET", "/orders?after=2026-02-30T00:00:00.5Z_1", { token: admin.access_token })).status).toBe(200);
    expect(refused.status).toBe(400);
  });
});

describe("the scheduled run", () => {
  it("works in bounded batches: what one run leaves (past its 100 orders a timer) the next one picks up", async () => {
    const run = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled({ scheduledTime: Date.now(), cron: "*/30 * * * *", noRetry() {} } as ScheduledController, env, ctx);
      await waitOnExecutionContext(ctx);
    };
    // 150 orders in production, all past their due date and not yet marked.
    const product = (await env.DB.prepare("SELECT p.id AS product, k.id AS package FROM products p JOIN packages k ON k.product_id = p.id LIMIT 1").first<{
      product: number;
      package: number;
    }>())!;
    const owner = (await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
    await env.DB.prepare(
      `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 150)
       INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, payment_status, work_status, due_at, work_started_at)
       SELECT ?1, ?2, ?3, 0, 1000, 'GBP', 'succeeded', 'in_progress', ?4 - k * 60000, ?4 - 8 * 86400000 FROM n`,
    )
      .bind(owner, product.product, product.package, Date.now() - 86_400_000)
      .run();
    const unmarked = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE work_status = 'in_progress' AND due_at < ? AND overdue_at IS NULL")
        .bind(Date.now())
        .first<{ n: number }>())!.n;
    expect(await unmarked()).toBeGreaterThanOrEqual(150);
    const before = await unmarked();
    await run();
    expect(await unmarked()).toBe(before - 100);
    await run();
    expect(await unmarked()).toBe(Math.max(0, before - 200));
    await expectKept();
  });
});

describe("the reconciliation", () => {
  it("finds and repairs what differs, in calls that each read at most their budget of rows", async () => {
    const db = env.DB;
    await expectRatingsAndPackagesKept();
    const rated = await db.prepare("SELECT min(product_id) AS id FROM product_ratings WHERE count > 0").first<{ id: number | null }>();
    const measured = await db.prepare("SELECT min(package_id) AS id FROM package_figures WHERE completed > 0").first<{ id: number | null }>();
    expect(rated!.id).not.toBeNull();
    expect(measured!.id).not.toBeNull();
    await db.batch([
      db.prepare("UPDATE product_ratings SET count = count + 1, stars_5 = stars_5 + 1 WHERE product_id = ?").bind(rated!.id),
      db.prepare("UPDATE package_figures SET completed = completed + 2 WHERE package_id = ?").bind(measured!.id),
      db.prepare("DELETE FROM package_delivery_days WHERE rowid = (SELECT min(rowid) FROM package_delivery_days)"),
      db.prepare("UPDATE kept_counts SET n = n + 3 WHERE scope = 'orders'"),
      db.prepare("UPDATE kept_counts SET minor = minor - 100 WHERE scope = 'paid' AND key = (SELECT min(key) FROM kept_counts WHERE scope = 'paid')"),
      db.prepare("DELETE FROM kept_counts WHERE scope = 'customers'"),
      db.prepare("DELETE FROM money_days WHERE rowid = (SELECT min(rowid) FROM money_days WHERE invoices > 0)"),
      db.prepare("UPDATE product_tags SET listed_at = NULL WHERE rowid = (SELECT min(rowid) FROM product_tags WHERE listed_at IS NOT NULL)"),
      db.prepare(
        "UPDATE creator_figures SET completed = completed + 2, rating_count = rating_count + 1 WHERE creator_id = (SELECT min(creator_id) FROM creator_figures)",
      ),
      db.prepare(
        "UPDATE creator_figures SET recent_completed = recent_completed + 5, shown = NOT shown WHERE creator_id = (SELECT max(creator_id) FROM creator_figures)",
      ),
      db.prepare("INSERT INTO creator_months (creator_id, month, completed) VALUES ((SELECT min(id) FROM creators), '2020-01', 3)"),
      db.prepare("UPDATE kept_counts SET n = n + 1 WHERE scope = 'creators'"),
      db.prepare("UPDATE creator_balances SET balance_minor = balance_minor + 500 WHERE rowid = (SELECT min(rowid) FROM creator_balances)"),
      db.prepare("UPDATE creator_balances SET paid_minor = paid_minor + 7 WHERE rowid = (SELECT max(rowid) FROM creator_balances)"),
      db.prepare(
        "UPDATE creator_ledger_months SET net_minor = net_minor - 11, earnings = earnings + 1 WHERE rowid = (SELECT min(rowid) FROM creator_ledger_months)",
      ),
      db.prepare("INSERT INTO creator_ledger_months (creator_id, currency, month, net_minor) VALUES ((SELECT min(id) FROM creators), 'GBP', '2019-02', 999)"),
    ]);
    const budget = 300;
    const { differences, rows, calls } = await reconcileAll(budget);
    expect(calls).toBeGreaterThan(3);
    expect(Math.max(...rows)).toBeLessThanOrEqual(budget);
    const figures = differences.map((d) => `${d.figure}:${d.key.split("\t")[0]}`);
    expect(figures).toEqual(
      expect.arrayContaining([
        "count:orders",
        "count:paid",
        "count:customers",
        "listed_at:" + differences.find((d) => d.figure === "listed_at")?.key.split("\t")[0],
      ]),
    );
    expect(differences.some((d) => d.figure === "money")).toBe(true);
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ figure: "rating", key: String(rated!.id) }),
        expect.objectContaining({ figure: "package", key: String(measured!.id) }),
        expect.objectContaining({ figure: "delivery_days" }),
        expect.objectContaining({ figure: "creator" }),
        expect.objectContaining({ figure: "creator_month" }),
        expect.objectContaining({ figure: "count", key: "creators\t" }),
        expect.objectContaining({ figure: "balance" }),
        expect.objectContaining({ figure: "ledger_month", key: expect.stringContaining("\t2019-02") }),
      ]),
    );
    expect(differences.filter((d) => d.figure === "ledger_month").length).toBeGreaterThanOrEqual(2);
    expect(differences.filter((d) => d.figure === "balance").length).toBeGreaterThanOrEqual(1);
    expect(differences.every((d) => d.repaired)).toBe(true);
    await expectKept();
    await expectRatingsAndPackagesKept();
    // A second run finds nothing.
    expect((await reconcileAll(budget)).differences).toEqual([]);
  });

  // A run of many small calls with orders made between them: about 6 s alone on a quiet machine, so
  // its budget is well over three times that for a busy one.
  it("never undoes a write made during its run", { timeout: 60_000 }, async () => {
    const { differences, moved } = await reconcileAll(200, async (call) => {
      if (call % 5 === 1) await customerWithOrder();
    });
    // What moved during the run is reported as moved (or not at all), never repaired over the write.
    expect(differences.filter((d) => d.repaired)).toEqual([]);
    expect(moved).toBeGreaterThanOrEqual(0);
    await expectKept();
  });

  it("never repairs a figure that two writes moved and moved back during its run (its version moved)", async () => {
    const db = env.DB;
    let done = false;
    const { differences } = await reconcileAll(150, async (_call, phase) => {
      if (done || phase !== "orders") return;
      done = true;
      // The walk has passed the first orders: one of them leaves 'initiated', a new one enters it.
      const walked = await db
        .prepare("SELECT id, user_id, product_id, package_id FROM orders WHERE payment_status = 'initiated' ORDER BY id LIMIT 1")
        .first<{ id: number; user_id: number; product_id: number; package_id: number }>();
      expect(walked).not.toBeNull();
      await db.batch([
        db.prepare("UPDATE orders SET payment_status = 'failed' WHERE id = ?").bind(walked!.id),
        db
          .prepare(
            "INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, payment_status) VALUES (?, ?, ?, 0, 1000, 'GBP', 'initiated')",
          )
          .bind(walked!.user_id, walked!.product_id, walked!.package_id),
      ]);
    });
    expect(done).toBe(true);
    expect(differences.filter((d) => d.repaired)).toEqual([]);
    await expectKept();
  });

  it("POST /api/v1/admin/reconcile: admins only; a cursor goes on to the end; a forged cursor is refused", async () => {
    const customer = await customerWithOrder();
    expect((await api("POST", "/admin/reconcile", { token: customer.token, body: {} })).status).toBe(403);
    expect((await api("POST", "/admin/reconcile", { body: {} })).status).toBe(401);
    const admin = await adminSignIn();
    await env.DB.prepare("UPDATE kept_counts SET n = n + 1 WHERE scope = 'subscribers'").run();
    let cursor: string | null = null;
    const found: { figure: string; key: string[]; repaired: boolean }[] = [];
    for (let call = 0; call < 100; call++) {
      const response: { status: number; body: { data: { done: boolean; cursor: string | null; rows_read: number; differences: typeof found } } } = await api(
        "POST",
        "/admin/reconcile",
        { token: admin.access_token, body: { reconcile: cursor ? { cursor } : {} } },
      );
      expect(response.status).toBe(200);
      expect(response.body.data.rows_read).toBeLessThanOrEqual(10_000);
      found.push(...response.body.data.differences);
      if (response.body.data.done) break;
      cursor = response.body.data.cursor;
    }
    expect(found).toEqual([expect.objectContaining({ figure: "count", key: ["subscribers", ""], repaired: true })]);
    await expectKept();
    const forged = await api("POST", "/admin/reconcile", { token: admin.access_token, body: { reconcile: { cursor: "bm90LWEtY3Vyc29y" } } });
    expect(forged.status).toBe(422);
  });
});

describe("one reconciliation at a time", () => {
  type Call = { status: number; body: { message: string; data: { done: boolean; cursor: string | null; differences: { repaired: boolean }[] } } };
  async function call(token: string, cursor?: string | null): Promise<Call & { headers: Headers }> {
    const response = await dispatch("http://localhost/api/v1/admin/reconcile", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "CF-Connecting-IP": freshAddress() },
      body: JSON.stringify({ reconcile: cursor ? { cursor } : {} }),
    });
    return { status: response.status, body: (await response.json()) as Call["body"], headers: response.headers };
  }

  it(
    "ten calls at once: one run starts, the others get 409 with Retry-After; the same cursor ten times at once goes on once; every figure equals its recomputation after",
    {
      timeout: 60_000,
    },
    async () => {
      const admin = await adminSignIn();
      await env.DB.prepare("UPDATE kept_counts SET n = n + 3 WHERE scope = 'customers'").run();
      const first = await Promise.all(Array.from({ length: 10 }, () => call(admin.access_token)));
      const started = first.filter((r) => r.status === 200);
      expect(started).toHaveLength(1);
      for (const refused of first.filter((r) => r.status !== 200)) {
        expect([refused.status, refused.body.message]).toEqual([409, "Another reconciliation is running. Try again when it is done."]);
        expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
      }
      let cursor = started[0]!.body.data.cursor;
      let repaired = started[0]!.body.data.differences.filter((d) => d.repaired).length;
      for (let n = 0; cursor && n < 100; n++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => call(admin.access_token, cursor)));
        const on = answers.filter((r) => r.status === 200);
        expect(on).toHaveLength(1);
        expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
        repaired += on[0]!.body.data.differences.filter((d) => d.repaired).length;
        cursor = on[0]!.body.data.cursor;
      }
      expect(cursor).toBeNull();
      expect(repaired).toBe(1);
      await expectKept();
      // Done: the lease is let go, and a new run starts at once.
      expect((await call(admin.access_token)).status).toBe(200);
    },
  );

  it("a run idle for 10 minutes is taken over: its cursor is refused from then on; the new run alone repairs, once", { timeout: 60_000 }, async () => {
    const db = createDb(env.DB);
    const now = Date.now();
    await env.DB.prepare("UPDATE kept_counts SET n = n + 2 WHERE scope = 'orders'").run();
    const a = await reconcileKeptFigures(db, null, { budget: 150, now });
    expect(a?.done).toBe(false);
    // Another run meanwhile: refused while the first is not idle.
    await expect(reconcileKeptFigures(db, null, { now: now + 60_000 })).rejects.toMatchObject({ kind: "conflict", retryAfter: 540 });
    // Idle for more than 10 minutes: taken over.
    const b = await reconcileKeptFigures(db, null, { budget: 150, now: now + 11 * 60_000 });
    expect(b?.done).toBe(false);
    await expect(reconcileKeptFigures(db, a!.cursor, { now: now + 12 * 60_000 })).rejects.toMatchObject({
      kind: "conflict",
      message: "This reconciliation was taken over by another run: start again without a cursor.",
    });
    // B interleaved with A's refused calls, to its end.
    let cursor = b!.cursor;
    let repaired = b!.repaired;
    for (let n = 0; cursor && n < 10_000; n++) {
      await expect(reconcileKeptFigures(db, a!.cursor, { now: now + 12 * 60_000 })).rejects.toMatchObject({ kind: "conflict" });
      const report = await reconcileKeptFigures(db, cursor, { budget: 2_000, now: now + 12 * 60_000 });
      repaired += report!.repaired;
      cursor = report!.cursor;
    }
    expect(repaired).toBe(1);
    await expectKept();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM reconcile_checks").first<number>("n")) ?? 0).toBe(0);
  });
});
