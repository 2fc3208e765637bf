/**
 * `PERSIST_DIR=<state> tsx bench/payments-migration.ts`: the payments model's migrations (0066: every
 * order's checkout payment copied in as its payment 1, refunds naming it, the kept figures' triggers
 * moved to the payments; 0067: saved cards) applied to a state made before them, at the size of the
 * scale section (docs/perf.md "Payments migration" says how that state is made: the code of the commit
 * before them runs bench/scale.ts's steps, then its own reconciliation with repairs, as the bench's
 * generators write completed orders without the package figures the shop keeps as it completes them).
 * It fails unless, after the migrations, every kept figure
 * (kept_counts, money_days) is what it was, every order has its payment 1 (a copy of its own payment
 * columns), every refund names its order's payment 1 with its rate and country, and the
 * reconciliation (without repairing) finds no difference. Reports how long each step took.
 */
import { execFileSync } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";
import { reconcileKeptFigures, type Difference } from "../app/domain/counts/reconcile.server";
import { writeSection } from "./report";
import { OFFLINE } from "./workerd";

const persistDir = process.env.PERSIST_DIR;
if (!persistDir) throw new Error("PERSIST_DIR must name a state made before the payments migrations.");

type Row = Record<string, unknown>;
const KEPT = ["SELECT * FROM kept_counts ORDER BY scope, key", "SELECT * FROM money_days ORDER BY day, currency, country, rate_bp"];

async function withDb<T>(work: (db: D1Database) => Promise<T>): Promise<T> {
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(persistDir!, "v3") } });
  try {
    return await work(env.DB);
  } finally {
    await dispose();
  }
}

const all = async (db: D1Database, sql: string) => (await db.prepare(sql).all<Row>()).results;
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

const before = await withDb(async (db) => {
  const applied = await all(db, "SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1");
  if (String(applied[0]?.name ?? "") >= "0066")
    throw new Error(`The state has ${String(applied[0]?.name)} applied already: make it with the code before the payments model.`);
  const sizes = (await all(db, "SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_refunds) AS refunds"))[0]!;
  return { kept: await Promise.all(KEPT.map((sql) => all(db, sql))), sizes };
});
console.log(`Before: ${String(before.sizes.orders)} orders, ${String(before.sizes.refunds)} refunds.`);

const migrating = Date.now();
execFileSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], { stdio: "inherit", env: OFFLINE });
const migrated = seconds(migrating);
console.log(`Migrations applied in ${migrated} s.`);

const checks = await withDb(async (db) => {
  const failures: string[] = [];
  const kept = await Promise.all(KEPT.map((sql) => all(db, sql)));
  KEPT.forEach((sql, i) => {
    if (!isDeepStrictEqual(kept[i], before.kept[i])) failures.push(`changed by the migration: ${sql}`);
  });
  // The order's own payment columns and their copies in payment 1.
  const same = ["gateway", "amount_minor", "currency", "subtotal_minor", "discount_minor", "tax_minor", "tax_rate_bp", "tax_country", "tax_note"];
  const orderColumns = [
    "o.payment_intent_id",
    "o.payment_status",
    ...same.map((c) => `o.${c}`),
    "o.invoice_number",
    "o.invoice_issued_at",
    "o.seller_snapshot",
    "o.created_at",
  ];
  const paymentColumns = [
    "p.intent_id",
    "p.status",
    ...same.map((c) => `p.${c}`),
    "p.invoice_number",
    "p.invoice_issued_at",
    "p.seller_snapshot",
    "p.created_at",
  ];
  const [{ missing, differ, wrongRefunds }] = (await all(
    db,
    `SELECT
       (SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = o.id AND p.sequence = 1)) AS missing,
       (SELECT count(*) FROM orders o JOIN order_payments p ON p.order_id = o.id AND p.sequence = 1
          WHERE (${orderColumns.join(", ")}) IS NOT (${paymentColumns.join(", ")})) AS differ,
       (SELECT count(*) FROM order_refunds r LEFT JOIN order_payments p ON p.id = r.payment_id
          WHERE p.id IS NULL OR p.order_id IS NOT r.order_id OR p.sequence <> 1 OR p.tax_rate_bp IS NOT r.tax_rate_bp OR p.tax_country IS NOT r.tax_country) AS wrongRefunds`,
  )) as [{ missing: number; differ: number; wrongRefunds: number }];
  if (missing) failures.push(`${missing} orders without their payment 1`);
  if (differ) failures.push(`${differ} payments 1 differing from their order`);
  if (wrongRefunds) failures.push(`${wrongRefunds} refunds not naming their order's payment 1 with its rate and country`);

  const reconciling = Date.now();
  const differences: Difference[] = [];
  let differing = 0;
  let cursor: string | null = null;
  let calls = 0;
  for (;;) {
    calls++;
    const report = await reconcileKeptFigures(drizzle(db, { schema }) as never, cursor, { repair: false, budget: 200_000 });
    if (!report) throw new Error("The reconciliation did not start");
    differences.push(...report.differences);
    differing += report.repaired + report.moved;
    if (report.done) break;
    cursor = report.cursor;
  }
  if (differing) failures.push(`the reconciliation found ${differing} differences, among them ${JSON.stringify(differences.slice(0, 5))}`);
  return { failures, reconciled: seconds(reconciling), calls };
});

const lines = [
  "## Payments migration at the scale section's size",
  "",
  `The payments model's migrations (0066 and 0067) applied with \`wrangler d1 migrations apply --local\` to a state of ` +
    `${Number(before.sizes.orders).toLocaleString("en-GB")} orders and ${Number(before.sizes.refunds).toLocaleString("en-GB")} ${Number(before.sizes.refunds) === 1 ? "refund" : "refunds"} ` +
    "made by the code before them (bench/scale.ts's migrations, seed, bench/data.ts and bench/scale-data.ts at that commit, then its " +
    "reconciliation with repairs, as the bench's generators do not keep the package figures), " +
    "then checked by `bench/payments-migration.ts`: every kept figure (kept_counts, money_days) unchanged, every order's payment 1 " +
    "a copy of its own payment columns, every refund naming it with its rate and country, and the reconciliation without repairs.",
  "",
  "| step | time |",
  "| --- | --- |",
  `| the two migrations | ${migrated} s |`,
  `| the reconciliation afterwards, without repairs (${checks.calls} calls of at most 200,000 rows read) | ${checks.reconciled} s |`,
  "",
  checks.failures.length ? `Failed: ${checks.failures.join("; ")}.` : "Every check held.",
];
writeSection("payments-migration", lines);
console.log(lines.join("\n"));
if (checks.failures.length) process.exit(1);
