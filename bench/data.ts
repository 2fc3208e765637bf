/**
 * Grows the seeded benchmark database (PERSIST_DIR, never the one `npm start` uses) to the size the
 * benchmark asks for: 500 products, 20 tags, 300 customers, 2,000 orders over a year and more. Copies of the seed products keep realistic
 * texts, packages and media rows; their media keys follow the seed's `products/{id}/seed-{file}`
 * pattern, so a second run of the seed step uploads their bytes to R2. One D1 batch: all or nothing.
 */
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

const PRODUCTS = 500;
const TAGS = 20;
const ORDERS = 2000;
/** Orders of the demo customer, so that /profile/orders pages through a long history. */
const CUSTOMER_ORDERS = 600;
const OTHER_CUSTOMERS = 300;

const persistDir = process.env.PERSIST_DIR;
if (!persistDir) throw new Error("PERSIST_DIR must name the benchmark's own state folder.");
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(persistDir, "v3") } });
try {
  const db = env.DB;
  const seedCount = (await db.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>())?.n ?? 0;
  if (seedCount === 0) throw new Error("Seed the database first (npm run db:seed).");
  if (seedCount >= PRODUCTS) {
    console.log(`Bench data already present (${seedCount} products).`);
  } else {
    const tagCount = (await db.prepare("SELECT count(*) AS n FROM tags").first<{ n: number }>())?.n ?? 0;
    const newTags = Array.from({ length: Math.max(0, TAGS - tagCount) }, (_, i) => `Style ${String.fromCharCode(65 + i)}`);
    const statements = [
      ...newTags.map((name) => db.prepare("INSERT INTO tags (name) VALUES (?)").bind(name)),
      // Product k (k > seedCount) copies seed product ((k - 1) % seedCount) + 1, one hour older each.
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT CAST(?1 AS INTEGER) + 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?2)
         INSERT INTO products (id, title, description_heading, description, services_offered, created_at, updated_at, published_at)
         SELECT n.k, p.title || ' · Studio ' || n.k, p.description_heading, p.description, p.services_offered,
                p.created_at - n.k * 3600000, p.created_at - n.k * 3600000, p.created_at - n.k * 3600000
         FROM n JOIN products p ON p.id = ((n.k - 1) % CAST(?1 AS INTEGER)) + 1`,
        )
        .bind(seedCount, PRODUCTS),
      db
        .prepare(
          `INSERT INTO packages (product_id, position, currency, amount_minor, short_description, items_included)
         SELECT np.id, pk.position, pk.currency, pk.amount_minor + (np.id % 7) * 500, pk.short_description, pk.items_included
         FROM products np JOIN packages pk ON pk.product_id = ((np.id - 1) % CAST(?1 AS INTEGER)) + 1 WHERE np.id > ?1`,
        )
        .bind(seedCount),
      db
        .prepare(
          `INSERT INTO product_tags (product_id, tag_id)
         SELECT np.id, pt.tag_id FROM products np JOIN product_tags pt ON pt.product_id = ((np.id - 1) % CAST(?1 AS INTEGER)) + 1 WHERE np.id > ?1`,
        )
        .bind(seedCount),
      // Every copy also gets one of the extra tags, so that each of the 20 tags has many products.
      db
        .prepare(
          `INSERT OR IGNORE INTO product_tags (product_id, tag_id)
         SELECT np.id, t.id FROM products np JOIN tags t ON t.name LIKE 'Style %'
         WHERE np.id > ?1 AND (np.id % CAST(?2 AS INTEGER)) = (t.id % CAST(?2 AS INTEGER))`,
        )
        .bind(seedCount, Math.max(1, newTags.length)),
      db
        .prepare(
          `INSERT INTO product_media (product_id, kind, r2_key, content_type, size, width, height, position)
         SELECT np.id, m.kind, 'products/' || np.id || substr(m.r2_key, instr(m.r2_key, '/seed-')), m.content_type, 0, m.width, m.height, m.position
         FROM products np JOIN product_media m ON m.product_id = ((np.id - 1) % CAST(?1 AS INTEGER)) + 1 WHERE np.id > ?1`,
        )
        .bind(seedCount),
      // Other customers (they never sign in: the hash is not a valid password hash).
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?1)
         INSERT INTO users (name, email, password_hash, created_at)
         SELECT 'Bench Customer ' || k, 'bench.customer.' || k || '@example.com', 'not-a-password-hash', 1735689600000 + k * 86400000 FROM n`,
        )
        .bind(OTHER_CUSTOMERS),
      // Orders newest first from 2026-11-01, one every five hours (a year and more of a studio's
      // history), over the catalogue: the newest 60 at work in every status the studio sees, the
      // rest done (completed and invoiced; one in five failed, one in five abandoned unpaid).
      db
        .prepare(
          `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?1),
           o(k, pay, work) AS (
             SELECT k, CASE k % 5 WHEN 0 THEN 'failed' WHEN 1 THEN 'initiated' ELSE 'succeeded' END,
                    CASE WHEN k % 5 IN (0, 1) THEN 'awaiting_payment' WHEN k > 60 THEN 'completed'
                         ELSE (CASE k % 6 WHEN 0 THEN 'awaiting_brief' WHEN 1 THEN 'scheduled' WHEN 2 THEN 'in_progress'
                               WHEN 3 THEN 'delivered' WHEN 4 THEN 'revision_requested' ELSE 'completed' END) END
             FROM n)
         INSERT INTO orders (user_id, product_id, package_id, package_position, amount_minor, currency, subtotal_minor, tax_minor, tax_rate_bp, tax_country,
                             invoice_number, invoice_issued_at, payment_status, payment_intent_id, gateway, work_status, due_at, created_at, updated_at)
         SELECT CASE WHEN o.k <= ?2 THEN (SELECT id FROM users WHERE email = 'customer@example.com')
                     ELSE (SELECT id FROM users WHERE email = 'bench.customer.' || (1 + o.k % CAST(?3 AS INTEGER)) || '@example.com') END,
                pk.product_id, pk.id, pk.position, pk.amount_minor * 6 / 5, pk.currency, pk.amount_minor, pk.amount_minor / 5, 2000, 'GB',
                CASE WHEN o.pay = 'succeeded' THEN 'INV-B-' || o.k END, CASE WHEN o.pay = 'succeeded' THEN 1793491200000 - o.k * 18000000 END,
                o.pay, 'pi_bench_' || o.k, 'local', o.work,
                CASE WHEN o.work IN ('in_progress', 'revision_requested', 'delivered', 'completed') THEN 1793491200000 - o.k * 18000000 + 7 * 86400000 END,
                1793491200000 - o.k * 18000000, 1793491200000 - o.k * 18000000
         FROM o JOIN packages pk ON pk.product_id = 1 + (o.k * 7) % CAST(?4 AS INTEGER) AND pk.position = 0`,
        )
        .bind(ORDERS, CUSTOMER_ORDERS, OTHER_CUSTOMERS, PRODUCTS),
    ];
    await db.batch(statements);
    const counts = await db
      .prepare("SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM orders) AS orders")
      .first<{ products: number; tags: number; orders: number }>();
    console.log(`Bench data: ${counts?.products} products, ${counts?.tags} tags, ${counts?.orders} orders.`);
  }
} finally {
  await dispose();
}
