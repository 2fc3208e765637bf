/**
 * The reconciliation of the kept figures (kept_counts, money_days) with the rows they count, in
 * resumable calls that each read at most RECONCILE_BUDGET rows (D1's own `meta.rows_read`), carried
 * from call to call by an opaque cursor. A run:
 *   1. clears what an earlier run left in its scratch table (reconcile_checks);
 *   2. notes every kept figure as it is now (the snapshot);
 *   3. walks the rows by primary key (orders, refunds, customers, subscribers, products, product
 *      tags) and adds up what each figure should be;
 *   4. compares: a figure that differs is repaired (set to what the rows add up to) only when it has
 *      not moved since the snapshot, so a write during the run is never undone; a figure that moved is
 *      reported as such (the next run checks it again).
 * Each figure's definition here is the same as its trigger's (migration 0027).
 */
import type { Database } from "../../../db/client";

/** The most rows a call reads (D1's `rows_read`); a chunk's cost is taken from the chunk before it. */
export const RECONCILE_BUDGET = 10_000;
/** Rows read per row of a phase before its first chunk is measured: more than any phase reads (every statement of a walk reads its chunk, and upserts a figure or two per row). */
const DEFAULT_RATE = 40;
const MAX_CHUNK = 4_000;
const REPORTED = 100;

const PHASES = [
  "clear",
  "snapshot_counts",
  "snapshot_money",
  "orders",
  "refunds",
  "users",
  "subscribers",
  "products",
  "product_tags",
  "compare_counts",
  "compare_money",
] as const;
type Phase = (typeof PHASES)[number];

interface Cursor {
  phase: Phase;
  /** The last key done in this phase (an id, or a key's parts). */
  after: (string | number)[] | null;
  /** Rows read per row of the phase's last chunk (to size the next). */
  rate?: number;
}

export interface Difference {
  figure: "count" | "money" | "listed_at";
  key: string;
  kept: number[];
  counted: number[];
  repaired: boolean;
}

export interface ReconcileReport {
  done: boolean;
  /** Pass it back to go on; null once done. */
  cursor: string | null;
  phase: Phase;
  rowsRead: number;
  /** What differed in this call (at most REPORTED), and how many were repaired or had moved. */
  differences: Difference[];
  repaired: number;
  moved: number;
}

const PAID = "('succeeded', 'completed', 'refunded')";
const TAB = "char(9)";

export function readCursor(text: string | null | undefined): Cursor | null {
  if (!text) return { phase: "clear", after: null };
  try {
    const value = JSON.parse(atob(text.replaceAll("-", "+").replaceAll("_", "/"))) as Partial<Cursor>;
    if (!PHASES.includes(value.phase as Phase)) return null;
    const after = value.after ?? null;
    if (after !== null && (!Array.isArray(after) || after.length > 4 || !after.every((v) => typeof v === "string" || typeof v === "number"))) return null;
    // A rate below what any chunk reads could size a call past its budget: those are not taken from a cursor.
    const rate = typeof value.rate === "number" && value.rate >= 4 && value.rate < 1_000 ? value.rate : undefined;
    return { phase: value.phase as Phase, after, rate };
  } catch {
    return null;
  }
}

function writeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

type D1 = D1Database;
const rowsOf = (results: D1Result[]) => results.reduce((sum, r) => sum + (r.meta.rows_read ?? 0), 0);

/** A walk of a table by its integer primary key: the chunk's upper bound, then the statements over (after, last]. */
async function walkById(d1: D1, table: string, after: number, size: number, statements: (from: number, to: number) => D1PreparedStatement[]) {
  const bound = await d1
    .prepare(`SELECT max(id) AS last, count(*) AS n FROM (SELECT rowid AS id FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?)`)
    .bind(after, size)
    .run<{ last: number | null; n: number }>();
  const last = bound.results[0]?.last ?? null;
  if (last === null) return { rows: rowsOf([bound]), last: null, n: 0 };
  const results = await d1.batch(statements(after, last));
  return { rows: rowsOf([bound, ...results]), last, n: bound.results[0]!.n };
}

/** Adds what rows count to the scratch figures (kind 'count': a = n, b = minor). */
const addCounts = (select: string) =>
  `INSERT INTO reconcile_checks (kind, key, a, b) SELECT 'count', k, sum(n), sum(m) FROM (${select}) WHERE true GROUP BY k
   ON CONFLICT (kind, key) DO UPDATE SET a = a + excluded.a, b = b + excluded.b`;

const addMoney = (select: string) =>
  `INSERT INTO reconcile_checks (kind, key, a, b, c, d, e, f, g) SELECT 'money', k, sum(a), sum(b), sum(c), sum(d), sum(e), sum(f), sum(g) FROM (${select}) WHERE true GROUP BY k
   ON CONFLICT (kind, key) DO UPDATE SET a = a + excluded.a, b = b + excluded.b, c = c + excluded.c, d = d + excluded.d, e = e + excluded.e, f = f + excluded.f, g = g + excluded.g`;

/** money_days keeps each figure twice: by day (`2026-11-26`) and by month (`M2026-11`). */
const dayOf = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
const monthOf = (column: string) => `'M' || strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;
const moneyKey = (day: string, currency: string, country: string, rate: string) =>
  `${day} || ${TAB} || ${currency} || ${TAB} || ${country} || ${TAB} || ${rate}`;

/** What each walked table adds, for ids in (?1, ?2]. */
const WALKS: Record<"orders" | "refunds" | "users" | "subscribers" | "products" | "product_tags", { table: string; statements: string[] }> = {
  orders: {
    table: "orders",
    statements: [
      addCounts(`SELECT 'orders' || ${TAB} AS k, 1 AS n, 0 AS m FROM orders WHERE id > ?1 AND id <= ?2
        UNION ALL SELECT 'work_status' || ${TAB} || work_status, 1, 0 FROM orders WHERE id > ?1 AND id <= ?2
        UNION ALL SELECT 'payment_status' || ${TAB} || payment_status, 1, 0 FROM orders WHERE id > ?1 AND id <= ?2
        UNION ALL SELECT 'user' || ${TAB} || CAST(user_id AS TEXT), 1, 0 FROM orders WHERE id > ?1 AND id <= ?2
        UNION ALL SELECT 'paid' || ${TAB} || currency, 1, amount_minor FROM orders WHERE id > ?1 AND id <= ?2 AND payment_status IN ${PAID}`),
      ...[dayOf, monthOf].map((key) =>
        addMoney(`SELECT ${moneyKey(key("invoice_issued_at"), "currency", "coalesce(tax_country, '')", "tax_rate_bp")} AS k,
          1 AS a, subtotal_minor - discount_minor AS b, discount_minor AS c, tax_minor AS d, 0 AS e, 0 AS f, 0 AS g
          FROM orders WHERE id > ?1 AND id <= ?2 AND invoice_number IS NOT NULL`),
      ),
    ],
  },
  refunds: {
    table: "order_refunds",
    statements: [
      addCounts(
        `SELECT 'refunds' || ${TAB} || currency AS k, 1 AS n, amount_minor AS m FROM order_refunds WHERE id > ?1 AND id <= ?2 AND status = 'succeeded'`,
      ),
      ...[dayOf, monthOf].map((key) =>
        addMoney(`SELECT ${moneyKey(key("r.refunded_at"), "r.currency", "coalesce(o.tax_country, '')", "o.tax_rate_bp")} AS k,
          0 AS a, 0 AS b, 0 AS c, 0 AS d, 1 AS e, r.amount_minor AS f, r.tax_minor AS g
          FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE r.id > ?1 AND r.id <= ?2 AND r.credit_note_number IS NOT NULL`),
      ),
    ],
  },
  users: { table: "users", statements: [addCounts(`SELECT 'customers' || ${TAB} AS k, 1 AS n, 0 AS m FROM users WHERE id > ?1 AND id <= ?2`)] },
  subscribers: {
    table: "newsletter_subscriptions",
    statements: [addCounts(`SELECT 'subscribers' || ${TAB} AS k, 1 AS n, 0 AS m FROM newsletter_subscriptions WHERE id > ?1 AND id <= ?2`)],
  },
  products: {
    table: "products",
    statements: [
      addCounts(`SELECT 'products' || ${TAB} AS k, 1 AS n, 0 AS m FROM products WHERE id > ?1 AND id <= ?2
        UNION ALL SELECT 'on_sale' || ${TAB}, 1, 0 FROM products WHERE id > ?1 AND id <= ?2 AND archived_at IS NULL AND published_at IS NOT NULL`),
    ],
  },
  product_tags: {
    table: "product_tags",
    statements: [
      addCounts(`SELECT 'tag' || ${TAB} || CAST(pt.tag_id AS TEXT) AS k, 1 AS n, 0 AS m FROM product_tags pt JOIN products p ON p.id = pt.product_id
        WHERE pt.rowid > ?1 AND pt.rowid <= ?2 AND p.archived_at IS NULL AND p.published_at IS NOT NULL`),
    ],
  },
};

/** A product tag's `listed_at` as it should be (the product's creation while on sale), for rows (?1, ?2]. */
const LISTED_AT_WRONG = `FROM product_tags pt JOIN products p ON p.id = pt.product_id
  WHERE pt.rowid > ?1 AND pt.rowid <= ?2 AND pt.listed_at IS NOT (CASE WHEN p.archived_at IS NULL AND p.published_at IS NOT NULL THEN p.created_at END)`;

const FIGURES = {
  count: ["n", "minor"],
  money: ["invoices", "sales_minor", "discount_minor", "tax_minor", "credit_notes", "refunds_minor", "refunds_tax_minor"],
} as const;
const LETTERS = ["a", "b", "c", "d", "e", "f", "g"] as const;

export async function reconcileKeptFigures(
  db: Database,
  cursorText: string | null | undefined,
  { repair = true, budget = RECONCILE_BUDGET } = {},
): Promise<ReconcileReport | null> {
  const d1 = db.$client as unknown as D1;
  const begun = readCursor(cursorText);
  if (!begun) return null;
  let cursor: Cursor = begun;
  let rowsRead = 0;
  let repaired = 0;
  let moved = 0;
  const differences: Difference[] = [];
  const note: Note = (difference) => {
    if (difference.repaired) repaired++;
    else moved++;
    if (differences.length < REPORTED) differences.push(difference);
  };

  while (true) {
    // A chunk as large as the rows left allow, at the phase's measured cost per row (a margin kept).
    const rate = cursor.rate ?? DEFAULT_RATE;
    const size = Math.min(MAX_CHUNK, Math.floor((budget * 0.8 - rowsRead) / rate));
    if (size < 1) break;
    const following: Phase | undefined = PHASES[PHASES.indexOf(cursor.phase) + 1];
    let chunkRows = 0;
    let chunkN = 0;
    let after: Cursor["after"] = cursor.after;

    if (cursor.phase === "clear") {
      const result = await d1.prepare("DELETE FROM reconcile_checks WHERE rowid IN (SELECT rowid FROM reconcile_checks LIMIT ?)").bind(size).run();
      chunkRows = rowsOf([result]);
      chunkN = result.meta.changes ?? 0;
    } else if (cursor.phase === "snapshot_counts" || cursor.phase === "snapshot_money") {
      const money = cursor.phase === "snapshot_money";
      const columns = money ? ["day", "currency", "country", "rate_bp"] : ["scope", "key"];
      const start: (string | number)[] = after ?? (money ? ["", "", "", -1] : ["", ""]);
      const snapshot = (money ? FIGURES.money : FIGURES.count).join(" || '|' || ");
      const result: D1Result<{ key: string }> = await d1
        .prepare(
          `INSERT INTO reconcile_checks (kind, key, snapshot) SELECT ?, ${columns.join(` || ${TAB} || `)}, ${snapshot} FROM ${money ? "money_days" : "kept_counts"}
           WHERE (${columns.join(", ")}) > (${columns.map(() => "?").join(", ")}) ORDER BY ${columns.join(", ")} LIMIT ?
           ON CONFLICT (kind, key) DO UPDATE SET snapshot = excluded.snapshot RETURNING key`,
        )
        .bind(money ? "money" : "count", ...start, size)
        .run<{ key: string }>();
      chunkRows = rowsOf([result]);
      chunkN = result.results.length;
      // The greatest key inserted, as its parts (the walk's row-value order).
      const parts = result.results.map((r) => r.key.split("\t").map((v, i) => (money && i === 3 ? Number(v) : v)));
      after = parts.reduce<(string | number)[] | null>((max, p) => (max === null || compareParts(p, max) > 0 ? p : max), null) ?? after;
    } else if (cursor.phase in WALKS) {
      const walk = WALKS[cursor.phase as keyof typeof WALKS];
      const from = Number(after?.[0] ?? 0);
      const done = await walkById(d1, walk.table, from, size, (a, b) => walk.statements.map((sql) => d1.prepare(sql).bind(a, b)));
      chunkRows = done.rows;
      chunkN = done.n;
      if (cursor.phase === "product_tags" && done.last !== null) {
        chunkRows += await checkListedAt(d1, from, done.last, repair, note);
      }
      if (done.last !== null) after = [done.last];
    } else {
      const money = cursor.phase === "compare_money";
      const compared = await compareChunk(d1, money, String(after?.[0] ?? ""), size, repair, note);
      chunkRows = compared.rows;
      chunkN = compared.n;
      if (compared.lastKey !== null) after = [compared.lastKey];
    }

    rowsRead += chunkRows;
    if (chunkN < size) {
      if (following === undefined) return { done: true, cursor: null, phase: cursor.phase, rowsRead, differences, repaired, moved };
      cursor = { phase: following, after: null };
    } else {
      cursor = { phase: cursor.phase, after, rate: Math.max(4, (chunkRows / Math.max(1, chunkN)) * 1.5) };
    }
  }
  return { done: false, cursor: writeCursor(cursor), phase: cursor.phase, rowsRead, differences, repaired, moved };
}

/** Sets a kept figure to what the rows add up to, only if it still holds what was compared (compare-and-set). */
async function repairFigure(d1: D1, money: boolean, key: string, counted: number[], kept: number[] | null): Promise<boolean> {
  const parts = key.split("\t");
  if (money) {
    const [day, currency, country, rate] = parts;
    const names = FIGURES.money;
    const result = kept
      ? await d1
          .prepare(
            `UPDATE money_days SET ${names.map((n) => `${n} = ?`).join(", ")} WHERE day = ? AND currency = ? AND country = ? AND rate_bp = ? AND ${names.map((n) => `${n} = ?`).join(" AND ")}`,
          )
          .bind(...counted, day, currency, country, Number(rate), ...kept)
          .run()
      : await d1
          .prepare(
            `INSERT INTO money_days (day, currency, country, rate_bp, ${names.join(", ")}) VALUES (?, ?, ?, ?, ${names.map(() => "?").join(", ")}) ON CONFLICT DO NOTHING`,
          )
          .bind(day, currency, country, Number(rate), ...counted)
          .run();
    return (result.meta.changes ?? 0) > 0;
  }
  const [scope, ...rest] = parts;
  const figureKey = rest.join("\t");
  const result = kept
    ? await d1
        .prepare("UPDATE kept_counts SET n = ?, minor = ? WHERE scope = ? AND key = ? AND n = ? AND minor = ?")
        .bind(counted[0], counted[1], scope, figureKey, kept[0], kept[1])
        .run()
    : await d1
        .prepare("INSERT INTO kept_counts (scope, key, n, minor) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(scope, figureKey, counted[0], counted[1])
        .run();
  return (result.meta.changes ?? 0) > 0;
}

function compareParts(x: (string | number)[], y: (string | number)[]) {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

type Note = (difference: Difference) => void;

/** Product tags (?1, ?2] whose `listed_at` is not what it should be: reported, and repaired if still as read. */
async function checkListedAt(d1: D1, from: number, to: number, repair: boolean, note: Note) {
  const wrong = await d1
    .prepare(
      `SELECT pt.product_id AS productId, pt.tag_id AS tagId, pt.listed_at AS listedAt, CASE WHEN p.archived_at IS NULL AND p.published_at IS NOT NULL THEN p.created_at END AS expected ${LISTED_AT_WRONG}`,
    )
    .bind(from, to)
    .run<{ productId: number; tagId: number; listedAt: number | null; expected: number | null }>();
  let rows = rowsOf([wrong]);
  for (const row of wrong.results) {
    let fixed = false;
    if (repair) {
      const update = await d1
        .prepare("UPDATE product_tags SET listed_at = ? WHERE product_id = ? AND tag_id = ? AND listed_at IS ?")
        .bind(row.expected, row.productId, row.tagId, row.listedAt)
        .run();
      rows += rowsOf([update]);
      fixed = (update.meta.changes ?? 0) > 0;
    }
    note({ figure: "listed_at", key: `${row.productId}\t${row.tagId}`, kept: [row.listedAt ?? 0], counted: [row.expected ?? 0], repaired: fixed });
  }
  return rows;
}

/**
 * The next scratch figures of a kind after `after` in key order, each beside its kept row now; a
 * difference is repaired only when the kept figure is what the snapshot noted (it has not moved).
 * The compared scratch rows are deleted.
 */
async function compareChunk(d1: D1, money: boolean, after: string, size: number, repair: boolean, note: Note) {
  const kind = money ? "money" : "count";
  const names = money ? FIGURES.money : FIGURES.count;
  const letters = LETTERS.slice(0, names.length);
  const checks = await d1
    .prepare(`SELECT key, snapshot, ${letters.join(", ")} FROM reconcile_checks WHERE kind = ? AND key > ? ORDER BY key LIMIT ?`)
    .bind(kind, after, size)
    .run<Record<string, string | number | null>>();
  let rows = rowsOf([checks]);
  if (checks.results.length === 0) return { rows, n: 0, lastKey: null };
  const first = String(checks.results[0]!.key);
  const last = String(checks.results.at(-1)!.key);
  // The kept rows of the same keys, by primary-key range (money: the chunk's days; counts: its scopes' keys).
  const keptRows = money
    ? await d1
        .prepare(
          `SELECT day || ${TAB} || currency || ${TAB} || country || ${TAB} || rate_bp AS key, ${names.join(", ")} FROM money_days WHERE day >= ? AND day <= ?`,
        )
        .bind(first.split("\t")[0], last.split("\t")[0])
        .run<Record<string, string | number>>()
    : await d1
        .prepare(`SELECT scope || ${TAB} || key AS key, ${names.join(", ")} FROM kept_counts WHERE (scope, key) >= (?, ?) AND (scope, key) <= (?, ?)`)
        .bind(...splitCountKey(first), ...splitCountKey(last))
        .run<Record<string, string | number>>();
  rows += rowsOf([keptRows]);
  const keptBy = new Map(keptRows.results.map((r) => [String(r.key), names.map((n) => Number(r[n] ?? 0))]));
  for (const check of checks.results) {
    const key = String(check.key);
    const counted = letters.map((l) => Number(check[l] ?? 0));
    const keptNow = keptBy.get(key) ?? null;
    const kept = keptNow ?? names.map(() => 0);
    if (counted.every((v, i) => v === kept[i])) continue;
    let fixed = false;
    if (repair && (keptNow === null ? null : keptNow.join("|")) === (check.snapshot ?? null)) {
      fixed = await repairFigure(d1, money, key, counted, keptNow);
    }
    note({ figure: kind, key, kept, counted, repaired: fixed });
  }
  const cleared = await d1.prepare("DELETE FROM reconcile_checks WHERE kind = ? AND key > ? AND key <= ?").bind(kind, after, last).run();
  rows += rowsOf([cleared]);
  return { rows, n: checks.results.length, lastKey: last };
}

function splitCountKey(key: string): [string, string] {
  const tab = key.indexOf("\t");
  return [key.slice(0, tab), key.slice(tab + 1)];
}
