/**
 * Grows the benchmark's state (PERSIST_DIR, after bench/data.ts) to the size of the scale section:
 * 20,000 products, 100,000 customers and 1,000,000 orders, with recursive CTEs in D1 (a minute or
 * so). The history is what a few years of a studio's shop look like: orders every two minutes going
 * back years from the oldest of bench/data.ts, almost all paid, invoiced and completed (one in fifty
 * refunded, one in ten failed or abandoned unpaid), each completed one made by one of 2,000 creators
 * (the lead of its product); the work at hand stays bench/data.ts's newest
 * orders (a studio's current work does not grow with its history); the demo customer has 2,000 orders. Every write goes through the schema's triggers (kept counts, the
 * search index), as the shop's own writes do.
 */
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

const PRODUCTS = 20_000;
const CUSTOMERS = 100_000;
const ORDERS = 1_000_000;
const CUSTOMER_ORDERS = 2_000;
/** Creators the history's orders were made by (two to a product, the order's maker the product's lead). */
const CREATORS = 2_000;
/** The busier state's current work (SCALE_BUSY=1). */
const DELIVERED = 100_000;
const OVERDUE = 200_000;
/** Statements of at most this many orders each (one D1 batch for all: all or nothing). */
const CHUNK = 100_000;
/** Customers' sign-ups go back from 2026-11-01; the orders from the oldest order there is. */
const NEWEST = 1793491200000;
const MINUTE = 60_000;
const DAY = 86_400_000;

const persistDir = process.env.PERSIST_DIR;
if (!persistDir) throw new Error("PERSIST_DIR must name the benchmark's own state folder.");
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(persistDir, "v3") } });
const started = Date.now();
try {
  const db = env.DB;
  const now = async () =>
    (await db
      .prepare(
        "SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM orders) AS orders, (SELECT min(created_at) FROM orders) AS oldest",
      )
      .first<{ products: number; users: number; orders: number; oldest: number }>())!;
  const before = await now();
  if (before.orders >= ORDERS) {
    console.log(`Scale data already present (${before.orders} orders).`);
  } else {
    const seedProducts = 8;
    const statements: D1PreparedStatement[] = [
      // Products copy the seed's first products (texts, packages, tags, media rows), one hour older each.
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT CAST(?1 AS INTEGER) + 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?2)
           INSERT INTO products (id, title, description_heading, description, services_offered, created_at, updated_at, published_at)
           SELECT n.k, p.title || ' · Studio ' || n.k, p.description_heading, p.description, p.services_offered,
                  p.created_at - n.k * 3600000, p.created_at - n.k * 3600000, p.created_at - n.k * 3600000
           FROM n JOIN products p ON p.id = ((n.k - 1) % ?3) + 1`,
        )
        .bind(before.products, PRODUCTS, seedProducts),
      db
        .prepare(
          `INSERT INTO packages (product_id, position, currency, amount_minor, short_description, items_included)
           SELECT np.id, pk.position, pk.currency, pk.amount_minor + (np.id % 7) * 500, pk.short_description, pk.items_included
           FROM products np JOIN packages pk ON pk.product_id = ((np.id - 1) % ?2) + 1 WHERE np.id > ?1`,
        )
        .bind(before.products, seedProducts),
      db
        .prepare(
          `INSERT OR IGNORE INTO product_tags (product_id, tag_id)
           SELECT np.id, pt.tag_id FROM products np JOIN product_tags pt ON pt.product_id = ((np.id - 1) % ?2) + 1 WHERE np.id > ?1`,
        )
        .bind(before.products, seedProducts),
      db
        .prepare(
          `INSERT OR IGNORE INTO product_tags (product_id, tag_id)
           SELECT np.id, t.id FROM products np JOIN tags t ON t.name LIKE 'Style %' WHERE np.id > ?1 AND (np.id % 20) = (t.id % 20)`,
        )
        .bind(before.products),
      db
        .prepare(
          `INSERT INTO product_media (product_id, kind, r2_key, content_type, size, width, height, position)
           SELECT np.id, m.kind, 'products/' || np.id || substr(m.r2_key, instr(m.r2_key, '/seed-')), m.content_type, 0, m.width, m.height, m.position
           FROM products np JOIN product_media m ON m.product_id = ((np.id - 1) % ?2) + 1 WHERE np.id > ?1`,
        )
        .bind(before.products, seedProducts),
      // Customers (they never sign in: the hash is not a valid password hash), one a quarter-hour over the years.
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?1)
           INSERT INTO users (name, email, password_hash, created_at)
           SELECT 'Scale Customer ' || k, 'scale.customer.' || k || '@example.com', 'not-a-password-hash', ?2 - k * 900000 FROM n`,
        )
        .bind(CUSTOMERS - before.users, NEWEST),
    ];
    // Creators, in six countries, each the lead on the products whose id leaves their number modulo CREATORS.
    statements.push(
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?1)
           INSERT INTO creators (name, email, status, slug, country, skills, headline, capacity, activated_at, created_at)
           SELECT 'Scale Creator ' || k, 'scale.creator.' || k || '@creators.example', 'active', 'scale-creator-' || k,
                  CASE k % 6 WHEN 0 THEN 'GB' WHEN 1 THEN 'US' WHEN 2 THEN 'DE' WHEN 3 THEN 'FR' WHEN 4 THEN 'ES' ELSE 'PL' END,
                  '["3D Animation"]', 'Product films', 5, ?2 - k * 3600000, ?2 - k * 3600000
           FROM n WHERE NOT EXISTS (SELECT 1 FROM creators WHERE email LIKE 'scale.creator.%')`,
        )
        .bind(CREATORS, NEWEST),
    );
    const firstCreator = `(SELECT min(id) FROM creators WHERE email LIKE 'scale.creator.%')`;
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO product_creators (product_id, creator_id, lead, position)
           SELECT np.id, ${firstCreator} + (np.id % ?2), 1, 0 FROM products np WHERE np.id > ?1
           UNION ALL SELECT np.id, ${firstCreator} + ((np.id + 1) % ?2), 0, 1 FROM products np WHERE np.id > ?1`,
        )
        .bind(before.products, CREATORS),
    );
    const firstCustomer = `(SELECT min(id) FROM users WHERE email LIKE 'scale.customer.%')`;
    const demo = `(SELECT id FROM users WHERE email = 'customer@example.com')`;
    const demoOrders = (await db.prepare(`SELECT count(*) AS n FROM orders WHERE user_id = ${demo}`).first<{ n: number }>())!.n;
    const toAdd = ORDERS - before.orders;
    for (let from = 1; from <= toAdd; from += CHUNK) {
      const to = Math.min(toAdd, from + CHUNK - 1);
      // Order k: two minutes older than order k - 1, all of them history (the studio's current work
      // is bench/data.ts's newest orders, at either size): completed and invoiced, refunded one in
      // fifty, failed or abandoned unpaid one in ten (cancelled by the timer long ago).
      statements.push(
        db
          .prepare(
            `WITH RECURSIVE n(k) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT k + 1 FROM n WHERE k < ?2),
             o(k, at, user_id, product_id, position, pay, work) AS (
               SELECT k, ?3 - k * ${2 * MINUTE},
                      CASE WHEN k <= ?4 THEN ${demo} ELSE ${firstCustomer} + (k * 7919) % ?5 END,
                      1 + (k * 7) % ?6, k % 3,
                      CASE WHEN k % 20 = 0 THEN 'failed' WHEN k % 20 = 1 THEN 'canceled' WHEN k % 50 = 2 THEN 'refunded' ELSE 'succeeded' END,
                      CASE WHEN k % 20 IN (0, 1) OR k % 50 = 2 THEN 'cancelled' ELSE 'completed' END
               FROM n)
             INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, subtotal_minor, tax_minor,
                                 tax_rate_bp, tax_country, invoice_number, invoice_issued_at, refunded_minor, payment_status,
                                 payment_intent_id, gateway, work_status, due_at, starts_at, work_started_at, first_delivered_at,
                                 creator_id, assigned_at, completed_at, created_at, updated_at)
             SELECT o.user_id, pk.product_id, pk.id, pk.position, pk.amount_minor * 6 / 5, pk.currency, pk.amount_minor, pk.amount_minor / 5,
                    2000, 'GB',
                    CASE WHEN o.pay IN ('succeeded', 'refunded') THEN 'INV-S-' || o.k END,
                    CASE WHEN o.pay IN ('succeeded', 'refunded') THEN o.at END,
                    CASE WHEN o.pay = 'refunded' THEN pk.amount_minor * 6 / 5 ELSE 0 END,
                    o.pay, 'pi_scale_' || o.k, 'local', o.work,
                    CASE WHEN o.work NOT IN ('awaiting_payment', 'awaiting_brief', 'cancelled', 'scheduled') THEN o.at + 7 * ${DAY} END,
                    CASE WHEN o.work = 'scheduled' THEN o.at + 14 * ${DAY} END,
                    CASE WHEN o.work NOT IN ('awaiting_payment', 'awaiting_brief', 'cancelled', 'scheduled') THEN o.at END,
                    CASE WHEN o.work IN ('delivered', 'revision_requested', 'completed') THEN o.at + 5 * ${DAY} END,
                    CASE WHEN o.work = 'completed' THEN ${firstCreator} + (pk.product_id % ${CREATORS}) END,
                    CASE WHEN o.work = 'completed' THEN o.at END,
                    CASE WHEN o.work = 'completed' THEN o.at + 6 * ${DAY} END,
                    o.at, o.at
             FROM o JOIN packages pk ON pk.product_id = o.product_id
                  AND pk.position = o.position % (SELECT count(*) FROM packages c WHERE c.product_id = o.product_id)`,
          )
          .bind(from, to, before.oldest, Math.max(0, CUSTOMER_ORDERS - demoOrders), CUSTOMERS - before.users, PRODUCTS),
      );
    }
    await db.batch(statements);
    const after = await now();
    console.log(
      `Scale data: ${after.products} products, ${after.users} customers, ${after.orders} orders (oldest ${new Date(after.oldest).toISOString().slice(0, 10)}) in ${Math.round((Date.now() - started) / 1000)} s.`,
    );
  }
  if (process.env.SCALE_BUSY === "1") await makeBusier(env.DB);
} finally {
  await dispose();
}

/**
 * The busier state (SCALE_BUSY=1, after the large one): a studio drowning in work, 100,000 history
 * orders delivered and awaiting review (their review windows all open, none due yet) and 200,000 in
 * production past their due dates (flagged overdue already, as the timer leaves them). Pages and the
 * scheduled run must still read only what they show or act on.
 */
async function makeBusier(db: D1Database) {
  const busy = await db.prepare("SELECT count(*) AS n FROM orders WHERE work_status = 'delivered'").first<{ n: number }>();
  if ((busy?.n ?? 0) >= DELIVERED) {
    console.log(`Busier state already present (${busy!.n} delivered).`);
    return;
  }
  const at = Date.now();
  const history = `SELECT id FROM orders WHERE invoice_number LIKE 'INV-S-%' AND work_status = 'completed' ORDER BY id`;
  await db.batch([
    db
      .prepare(
        `UPDATE orders SET work_status = 'delivered', review_from_at = ?1 - (id % 2880) * ${MINUTE}, updated_at = ?1
         WHERE id IN (${history} LIMIT ?2)`,
      )
      .bind(at, DELIVERED),
    db
      .prepare(
        `UPDATE orders SET work_status = 'in_progress', due_at = ?1 - ${DAY} - (id % 10000) * ${MINUTE}, overdue_at = ?1 - ${DAY}, updated_at = ?1
         WHERE id IN (${history} LIMIT ?2)`,
      )
      .bind(at, OVERDUE),
  ]);
  console.log(`Busier state: ${DELIVERED} delivered awaiting review, ${OVERDUE} overdue in production, in ${Math.round((Date.now() - at) / 1000)} s.`);
}
