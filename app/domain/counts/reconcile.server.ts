/**
 * The reconciliation of the kept figures with the rows they count, in resumable calls that each
 * read at most RECONCILE_BUDGET rows (D1's own `meta.rows_read`), carried from call to call by an
 * opaque cursor. The figures: kept_counts and money_days (kept by triggers, migration 0027; money
 * from the payments and the refunds' own rate and country since 0066),
 * product_ratings (kept in the batch of each review's write), package_figures and
 * package_delivery_days (kept in the batch of each completing move), creator_figures and
 * creator_months (kept by triggers on orders and reviews, migration 0047), creator_balances (kept by
 * the ledger's trigger, migration 0054). A run:
 *   1. clears what an earlier run left in its scratch table (reconcile_checks);
 *   2. notes every kept figure's version as it is now (the snapshot; every change of a figure raises
 *      its row's version, migration 0032);
 *   3. walks the rows by primary key (orders, payments, refunds, reviews, customers, subscribers, products,
 *      product tags, creators, the creators' ledger) and adds up what each figure should be;
 *   4. compares: a figure that differs is repaired (set to what the rows add up to) only when its
 *      version is still the snapshot's (compare-and-set): nothing changed it while the rows were
 *      walked, so what they add up to is its true value (two writes that cancel out still move the
 *      version). A figure that moved is reported as moved; the next run checks it again.
 * Each figure's definition here is the same as its writer's.
 */
import type { Database } from "../../../db/client";
import { DELIVERY_DAYS_BUCKETS } from "../../lib/rules/package-figures";
import { randomToken } from "../crypto.server";
import { refuse } from "../refusal";

/**
 * One run at a time: a run holds the lease (reconcile_lease, one row) from its first call; each call
 * claims its step by raising it (so a cursor is used once, and two calls with one cursor cannot both
 * add the same rows) and renews it. A lease idle for RECONCILE_LEASE_MS may be taken over by a new
 * run; the old run's cursors are refused from then on. Scratch rows carry their run.
 */
export const RECONCILE_LEASE_MS = 10 * 60_000;
export const RECONCILE_BUSY = "Another reconciliation is running. Try again when it is done.";
export const RECONCILE_SUPERSEDED = "This reconciliation was taken over by another run: start again without a cursor.";
export const RECONCILE_CURSOR_USED =
  "This cursor was used already: go on with the cursor its call returned (or, once the run has been idle for 10 minutes, start again without a cursor).";

/** The most rows a call reads (D1's `rows_read`); a chunk's size follows the rows the chunk before it read. */
export const RECONCILE_BUDGET = 10_000;
/** Rows read per row of a phase before its first chunk is measured: more than any phase reads. */
const DEFAULT_RATE = 40;
const MAX_CHUNK = 4_000;
const REPORTED = 100;
/** Scratch keys pad numbers, so that their text order is the kept table's key order. */
const PAD = 15;

/** A kept table: its key columns (numbers padded in scratch keys), the figures compared, and any figure derived from the others. */
interface Family {
  table: string;
  key: { column: string; numeric: boolean }[];
  figures: string[];
  derive?: (figures: number[]) => number[];
}

const FAMILIES = {
  count: {
    table: "kept_counts",
    key: [
      { column: "scope", numeric: false },
      { column: "key", numeric: false },
    ],
    figures: ["n", "minor"],
  },
  money: {
    table: "money_days",
    key: [
      { column: "day", numeric: false },
      { column: "currency", numeric: false },
      { column: "country", numeric: false },
      { column: "rate_bp", numeric: true },
    ],
    figures: ["invoices", "sales_minor", "discount_minor", "tax_minor", "credit_notes", "refunds_minor", "refunds_tax_minor"],
  },
  rating: {
    table: "product_ratings",
    key: [{ column: "product_id", numeric: true }],
    figures: ["count", "sum", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5", "hidden"],
  },
  package: {
    table: "package_figures",
    key: [{ column: "package_id", numeric: true }],
    figures: ["completed", "on_time", "revisions_used", "on_time_permille"],
    // The share on time is worked out from the sums, as the completing move does.
    derive: ([completed = 0, onTime = 0, revisions = 0]) => [completed, onTime, revisions, completed ? Math.floor((onTime * 1000) / completed) : 0],
  },
  delivery_days: {
    table: "package_delivery_days",
    key: [
      { column: "package_id", numeric: true },
      { column: "days", numeric: true },
    ],
    figures: ["orders"],
  },
  creator: {
    table: "creator_figures",
    key: [{ column: "creator_id", numeric: true }],
    // With the 12 months' count (months inside the row's window) and whether the public sees them.
    figures: ["completed", "measured", "on_time", "rating_count", "rating_sum", "rating_rank", "recent_completed", "shown"],
    // The rating's rank is worked out from the sums, as the reviews' triggers do.
    derive: ([completed = 0, measured = 0, onTime = 0, count = 0, sum = 0, , recent = 0, shown = 0]) => [
      completed,
      measured,
      onTime,
      count,
      sum,
      count ? Math.floor((sum * 100) / count) : 0,
      recent,
      shown,
    ],
  },
  balance: {
    table: "creator_balances",
    key: [
      { column: "creator_id", numeric: true },
      { column: "currency", numeric: false },
    ],
    figures: ["balance_minor", "paid_minor"],
  },
  ledger_month: {
    table: "creator_ledger_months",
    key: [
      { column: "creator_id", numeric: true },
      { column: "currency", numeric: false },
      { column: "month", numeric: false },
    ],
    figures: ["net_minor", "earned_minor", "earnings", "paid_minor", "clawed_back_minor", "adjusted_minor", "basis_minor"],
  },
  creator_month: {
    table: "creator_months",
    key: [
      { column: "creator_id", numeric: true },
      { column: "month", numeric: false },
    ],
    figures: ["completed"],
  },
} satisfies Record<string, Family>;
type Kind = keyof typeof FAMILIES;
const KINDS = Object.keys(FAMILIES) as Kind[];
const LETTERS = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

const WALKED = ["orders", "payments", "refunds", "reviews", "users", "subscribers", "products", "product_tags", "creators", "ledger"] as const;
const PHASES = ["clear", ...KINDS.map((k) => `snapshot_${k}` as const), ...WALKED, ...KINDS.map((k) => `compare_${k}` as const)] as const;
type Phase = (typeof PHASES)[number];

interface Cursor {
  /** The run (its lease) and the step this call must claim. */
  run: string;
  step: number;
  phase: Phase;
  /** The last key done in this phase (an id, or a key's parts). */
  after: (string | number)[] | null;
  /** Rows read per row of the phase's last chunk (to size the next). */
  rate?: number;
}

export interface Difference {
  figure: Kind | "listed_at";
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

type Note = (difference: Difference) => void;
type D1 = D1Database;

/** A cursor a call returned, or null for anything else (no cursor: a new run, named here). */
export function readCursor(text: string | null | undefined): Cursor | null {
  if (!text) return { run: "", step: 0, phase: "clear", after: null };
  try {
    const value = JSON.parse(atob(text.replaceAll("-", "+").replaceAll("_", "/"))) as Partial<Cursor>;
    if (!PHASES.includes(value.phase as Phase)) return null;
    if (typeof value.run !== "string" || !/^[A-Za-z0-9_-]{16,32}$/.test(value.run)) return null;
    if (typeof value.step !== "number" || !Number.isInteger(value.step) || value.step < 1 || value.step > 1e9) return null;
    const after = value.after ?? null;
    if (after !== null && (!Array.isArray(after) || after.length > 4 || !after.every((v) => typeof v === "string" || typeof v === "number"))) return null;
    // A rate below what any chunk reads could size a call past its budget: those are not taken from a cursor.
    const rate = typeof value.rate === "number" && value.rate >= 4 && value.rate < 1_000 ? value.rate : undefined;
    return { run: value.run, step: value.step, phase: value.phase as Phase, after, rate };
  } catch {
    return null;
  }
}

function writeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

const rowsOf = (results: D1Result[]) => results.reduce((sum, r) => sum + (r.meta.rows_read ?? 0), 0);
const TAB = "char(9)";

/** A family's scratch key as SQL over its kept table's columns (numbers padded), and its parts back from the text. */
const keySql = (family: Family, prefix = "") =>
  family.key.map((k) => (k.numeric ? `printf('%0${PAD}d', ${prefix}${k.column})` : `${prefix}${k.column}`)).join(` || ${TAB} || `);
const keyParts = (family: Family, key: string) => key.split("\t").map((v, i) => (family.key[i]!.numeric ? Number(v) : v));

/** Adds what rows count to a family's scratch figures of run ?3: `select` gives `k` (the key) and a, b, … (its figures). */
function adding(kind: Kind, select: string) {
  const letters = LETTERS.slice(0, FAMILIES[kind].figures.length);
  return `INSERT INTO reconcile_checks (run, kind, key, ${letters.join(", ")}) SELECT ?3, '${kind}', k, ${letters.map((l) => `sum(${l})`).join(", ")} FROM (${select}) WHERE true GROUP BY k
    ON CONFLICT (run, kind, key) DO UPDATE SET ${letters.map((l) => `${l} = ${l} + excluded.${l}`).join(", ")}`;
}

const pad = (sql: string) => `printf('%0${PAD}d', ${sql})`;
const dayOf = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
/** money_days keeps each figure twice: by day (`2026-11-26`) and by month (`M2026-11`). */
const monthOf = (column: string) => `'M' || strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;
const moneyKey = (day: string, currency: string, country: string, rate: string) =>
  `${day} || ${TAB} || ${currency} || ${TAB} || ${country} || ${TAB} || ${pad(rate)}`;
const PAID = "('succeeded', 'completed', 'refunded')";
const IN = "id > ?1 AND id <= ?2";
/** An order counted into its package's figures: completed, with its package, started and delivered (package-figures.server.ts). */
const MEASURED = "work_status = 'completed' AND package_id IS NOT NULL AND work_started_at IS NOT NULL AND first_delivered_at IS NOT NULL";

/** A creator the public sees (domain/creators/public.server.ts `publicCreator`). */
const PUBLIC_CREATOR = "status IN ('active', 'away') AND slug IS NOT NULL AND erased_at IS NULL";
/** Each public creator's skills in (?1, ?2], once each (an array may repeat one). */
const CREATOR_SKILLS = `SELECT DISTINCT c.id, j.value AS skill, c.country FROM creators c, json_each(c.skills) j
  WHERE c.id > ?1 AND c.id <= ?2 AND c.status IN ('active', 'away') AND c.slug IS NOT NULL AND c.erased_at IS NULL`;

/** What each walked table adds, for ids in (?1, ?2]. */
const WALKS: Record<(typeof WALKED)[number], { table: string; statements: string[] }> = {
  orders: {
    table: "orders",
    statements: [
      adding(
        "count",
        `SELECT 'orders' || ${TAB} AS k, 1 AS a, 0 AS b FROM orders WHERE ${IN}
        UNION ALL SELECT 'work_status' || ${TAB} || work_status, 1, 0 FROM orders WHERE ${IN}
        UNION ALL SELECT 'payment_status' || ${TAB} || payment_status, 1, 0 FROM orders WHERE ${IN}
        UNION ALL SELECT 'user' || ${TAB} || CAST(user_id AS TEXT), 1, 0 FROM orders WHERE ${IN}`,
      ),
      // Each creator's orders by work status (their workspace's counts).
      adding(
        "count",
        `SELECT 'creator_work' || ${TAB} || CAST(creator_id AS TEXT) || ':' || work_status AS k, 1 AS a, 0 AS b FROM orders WHERE ${IN} AND creator_id IS NOT NULL`,
      ),
      adding(
        "package",
        `SELECT ${pad("package_id")} AS k, 1 AS a, (first_delivered_at <= work_started_at + delivery_days * 86400000) AS b, revisions_used AS c, 0 AS d
        FROM orders WHERE ${IN} AND ${MEASURED}`,
      ),
      // Each creator's figures and months (migration 0047's triggers): the orders completed while assigned to them.
      adding(
        "creator",
        `SELECT ${pad("o.creator_id")} AS k, 1 AS a, (o.work_started_at IS NOT NULL AND o.first_delivered_at IS NOT NULL) AS b,
          coalesce(o.first_delivered_at <= o.work_started_at + o.delivery_days * 86400000, 0) AS c, 0 AS d, 0 AS e, 0 AS f,
          coalesce(strftime('%Y-%m', o.completed_at / 1000, 'unixepoch') >= f.window_from, 0) AS g, 0 AS h
        FROM orders o LEFT JOIN creator_figures f ON f.creator_id = o.creator_id
        WHERE o.id > ?1 AND o.id <= ?2 AND o.work_status = 'completed' AND o.creator_id IS NOT NULL`,
      ),
      adding(
        "creator_month",
        `SELECT ${pad("creator_id")} || ${TAB} || strftime('%Y-%m', completed_at / 1000, 'unixepoch') AS k, 1 AS a
        FROM orders WHERE ${IN} AND work_status = 'completed' AND creator_id IS NOT NULL`,
      ),
      adding(
        "delivery_days",
        `SELECT ${pad("package_id")} || ${TAB} || ${pad(`min(${DELIVERY_DAYS_BUCKETS}, max(1, (first_delivered_at - work_started_at + 86399999) / 86400000))`)} AS k, 1 AS a
        FROM orders WHERE ${IN} AND ${MEASURED}`,
      ),
    ],
  },
  // Money paid and invoiced, from the payments (migration 0066): the `paid` count counts orders (their payment 1).
  payments: {
    table: "order_payments",
    statements: [
      adding("count", `SELECT 'paid' || ${TAB} || currency AS k, (sequence = 1) AS a, amount_minor AS b FROM order_payments WHERE ${IN} AND status IN ${PAID}`),
      ...[dayOf, monthOf].map((key) =>
        adding(
          "money",
          `SELECT ${moneyKey(key("invoice_issued_at"), "currency", "coalesce(tax_country, '')", "tax_rate_bp")} AS k,
          1 AS a, subtotal_minor - discount_minor AS b, discount_minor AS c, tax_minor AS d, 0 AS e, 0 AS f, 0 AS g
          FROM order_payments WHERE ${IN} AND invoice_number IS NOT NULL`,
        ),
      ),
    ],
  },
  refunds: {
    table: "order_refunds",
    statements: [
      adding("count", `SELECT 'refunds' || ${TAB} || currency AS k, 1 AS a, amount_minor AS b FROM order_refunds WHERE ${IN} AND status = 'succeeded'`),
      ...[dayOf, monthOf].map((key) =>
        adding(
          "money",
          `SELECT ${moneyKey(key("refunded_at"), "currency", "coalesce(tax_country, '')", "tax_rate_bp")} AS k,
          0 AS a, 0 AS b, 0 AS c, 0 AS d, 1 AS e, amount_minor AS f, tax_minor AS g
          FROM order_refunds WHERE ${IN} AND credit_note_number IS NOT NULL`,
        ),
      ),
    ],
  },
  reviews: {
    table: "reviews",
    statements: [
      adding(
        "rating",
        `SELECT ${pad("product_id")} AS k, (hidden_at IS NULL) AS a, CASE WHEN hidden_at IS NULL THEN rating ELSE 0 END AS b,
          (hidden_at IS NULL AND rating = 1) AS c, (hidden_at IS NULL AND rating = 2) AS d, (hidden_at IS NULL AND rating = 3) AS e,
          (hidden_at IS NULL AND rating = 4) AS f, (hidden_at IS NULL AND rating = 5) AS g, (hidden_at IS NOT NULL) AS h
        FROM reviews WHERE ${IN}`,
      ),
      adding(
        "creator",
        `SELECT ${pad("creator_id")} AS k, 0 AS a, 0 AS b, 0 AS c, 1 AS d, rating AS e, 0 AS f, 0 AS g, 0 AS h
        FROM reviews WHERE ${IN} AND creator_id IS NOT NULL AND hidden_at IS NULL`,
      ),
    ],
  },
  users: { table: "users", statements: [adding("count", `SELECT 'customers' || ${TAB} AS k, 1 AS a, 0 AS b FROM users WHERE ${IN}`)] },
  subscribers: {
    table: "newsletter_subscriptions",
    statements: [adding("count", `SELECT 'subscribers' || ${TAB} AS k, 1 AS a, 0 AS b FROM newsletter_subscriptions WHERE ${IN}`)],
  },
  products: {
    table: "products",
    statements: [
      adding(
        "count",
        `SELECT 'products' || ${TAB} AS k, 1 AS a, 0 AS b FROM products WHERE ${IN}
        UNION ALL SELECT 'on_sale' || ${TAB}, 1, 0 FROM products WHERE ${IN} AND archived_at IS NULL AND published_at IS NOT NULL`,
      ),
    ],
  },
  creators: {
    table: "creators",
    statements: [
      // Whether the public sees each creator (copied onto their figures' row, migration 0048).
      adding("creator", `SELECT ${pad("id")} AS k, 0 AS a, 0 AS b, 0 AS c, 0 AS d, 0 AS e, 0 AS f, 0 AS g, (${PUBLIC_CREATOR}) AS h FROM creators WHERE ${IN}`),
      // The creators the public sees, and their countries (migration 0047's triggers).
      adding(
        "count",
        `SELECT 'creators' || ${TAB} AS k, 1 AS a, 0 AS b FROM creators WHERE ${IN} AND ${PUBLIC_CREATOR}
        UNION ALL SELECT 'creator_country' || ${TAB} || country, 1, 0 FROM creators WHERE ${IN} AND ${PUBLIC_CREATOR} AND country IS NOT NULL
        UNION ALL SELECT 'creator_skill' || ${TAB} || skill, 1, 0 FROM (${CREATOR_SKILLS})
        UNION ALL SELECT 'creator_skill_country' || ${TAB} || skill || char(31) || country, 1, 0 FROM (${CREATOR_SKILLS}) WHERE country IS NOT NULL`,
      ),
    ],
  },
  // Each creator's balance per currency: the sum of their ledger rows (migration 0054's trigger); what reached them, transfers less reversals (0058); and each month's (0060).
  ledger: {
    table: "ledger_entries",
    statements: [
      adding(
        "balance",
        `SELECT ${pad("creator_id")} || ${TAB} || currency AS k, amount_minor AS a, CASE WHEN kind IN ('transfer', 'reversal') THEN -amount_minor ELSE 0 END AS b
        FROM ledger_entries WHERE ${IN}`,
      ),
      // And by month (migration 0060), for the creators' statements and the yearly figures.
      adding(
        "ledger_month",
        `SELECT ${pad("creator_id")} || ${TAB} || currency || ${TAB} || strftime('%Y-%m', created_at / 1000, 'unixepoch') AS k, amount_minor AS a,
          CASE WHEN kind = 'earning' THEN amount_minor ELSE 0 END AS b, CASE WHEN kind = 'earning' THEN 1 ELSE 0 END AS c,
          CASE WHEN kind IN ('transfer', 'reversal') THEN -amount_minor ELSE 0 END AS d, CASE WHEN kind = 'clawback' THEN -amount_minor ELSE 0 END AS e,
          CASE WHEN kind = 'adjustment' THEN amount_minor ELSE 0 END AS f, coalesce(basis_minor, 0) AS g
        FROM ledger_entries WHERE ${IN}`,
      ),
    ],
  },
  product_tags: {
    table: "product_tags",
    statements: [
      adding(
        "count",
        `SELECT 'tag' || ${TAB} || CAST(pt.tag_id AS TEXT) AS k, 1 AS a, 0 AS b FROM product_tags pt JOIN products p ON p.id = pt.product_id
        WHERE pt.rowid > ?1 AND pt.rowid <= ?2 AND p.archived_at IS NULL AND p.published_at IS NOT NULL`,
      ),
    ],
  },
};

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

/**
 * Claims this call's step of the run (a new run takes the lease, if it is free or idle): one
 * conditional write. Refused with 409 and the wait when another run holds the lease or the step was
 * claimed already; 409 for a run taken over.
 */
async function claimStep(d1: D1, cursor: Cursor, now: number): Promise<Cursor> {
  if (!cursor.run) {
    const run = randomToken(16);
    const taken = await d1
      .prepare(
        `INSERT INTO reconcile_lease (id, run, step, renewed_at) VALUES (1, ?1, 1, ?2)
         ON CONFLICT (id) DO UPDATE SET run = excluded.run, step = 1, renewed_at = excluded.renewed_at WHERE reconcile_lease.renewed_at < ?3 RETURNING run`,
      )
      .bind(run, now, now - RECONCILE_LEASE_MS)
      .run<{ run: string }>();
    if (taken.results.length) return { ...cursor, run, step: 1 };
  } else {
    const claimed = await d1
      .prepare("UPDATE reconcile_lease SET step = step + 1, renewed_at = ?1 WHERE id = 1 AND run = ?2 AND step = ?3 RETURNING step")
      .bind(now, cursor.run, cursor.step)
      .run<{ step: number }>();
    if (claimed.results.length) return { ...cursor, step: cursor.step + 1 };
  }
  const lease = await d1.prepare("SELECT run, renewed_at AS renewedAt FROM reconcile_lease WHERE id = 1").first<{ run: string; renewedAt: number }>();
  if (cursor.run && lease?.run !== cursor.run) throw refuse.conflict(RECONCILE_SUPERSEDED);
  const wait = Math.ceil(((lease?.renewedAt ?? now) + RECONCILE_LEASE_MS - now) / 1000);
  throw refuse.conflict(cursor.run ? RECONCILE_CURSOR_USED : RECONCILE_BUSY, Math.max(1, wait));
}

export async function reconcileKeptFigures(
  db: Database,
  cursorText: string | null | undefined,
  { repair = true, budget = RECONCILE_BUDGET, now = Date.now() } = {},
): Promise<ReconcileReport | null> {
  const d1 = db.$client as unknown as D1;
  const begun = readCursor(cursorText);
  if (!begun) return null;
  let cursor: Cursor = await claimStep(d1, begun, now);
  const run = cursor.run;
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
    // A call goes on by one row at least: a chunk's fixed cost (its statements' own reads) counts in
    // its rate, so a small chunk's rate can say "none" though one row fits the budget.
    let size = Math.min(MAX_CHUNK, Math.floor((budget * 0.8 - rowsRead) / rate));
    if (size < 1) {
      if (rowsRead > 0) break;
      size = 1;
    }
    const following: Phase | undefined = PHASES[PHASES.indexOf(cursor.phase) + 1];
    let chunk: { rows: number; n: number; after: Cursor["after"] };
    const phase = cursor.phase;
    if (phase === "clear") {
      // What earlier runs left (a run taken over, or stopped).
      const result = await d1
        .prepare("DELETE FROM reconcile_checks WHERE rowid IN (SELECT rowid FROM reconcile_checks WHERE run <> ? LIMIT ?)")
        .bind(run, size)
        .run();
      chunk = { rows: rowsOf([result]), n: result.meta.changes ?? 0, after: null };
    } else if (phase.startsWith("snapshot_")) {
      chunk = await snapshotChunk(d1, run, phase.slice("snapshot_".length) as Kind, cursor.after, size);
    } else if (phase.startsWith("compare_")) {
      chunk = await compareChunk(d1, run, phase.slice("compare_".length) as Kind, String(cursor.after?.[0] ?? ""), size, repair, note);
    } else {
      const walk = WALKS[phase as (typeof WALKED)[number]];
      const from = Number(cursor.after?.[0] ?? 0);
      const done = await walkById(d1, walk.table, from, size, (a, b) => walk.statements.map((sql) => d1.prepare(sql).bind(a, b, run)));
      let rows = done.rows;
      if (phase === "product_tags" && done.last !== null) rows += await checkListedAt(d1, from, done.last, repair, note);
      chunk = { rows, n: done.n, after: done.last === null ? cursor.after : [done.last] };
    }
    rowsRead += chunk.rows;
    if (chunk.n < size) {
      if (following === undefined) {
        // Done: the lease is let go, so the next run need not wait.
        await d1.prepare("DELETE FROM reconcile_lease WHERE id = 1 AND run = ?").bind(run).run();
        return { done: true, cursor: null, phase, rowsRead, differences, repaired, moved };
      }
      cursor = { run, step: cursor.step, phase: following, after: null };
    } else {
      cursor = { run, step: cursor.step, phase, after: chunk.after, rate: Math.max(4, (chunk.rows / Math.max(1, chunk.n)) * 1.5) };
    }
  }
  return { done: false, cursor: writeCursor(cursor), phase: cursor.phase, rowsRead, differences, repaired, moved };
}

/** Notes the versions of the next kept figures of a family (in key order after `after`). */
async function snapshotChunk(d1: D1, run: string, kind: Kind, after: Cursor["after"], size: number) {
  const family: Family = FAMILIES[kind];
  const columns = family.key.map((k) => k.column);
  const start = after ?? family.key.map((k) => (k.numeric ? -1 : ""));
  const result: D1Result<{ key: string }> = await d1
    .prepare(
      `INSERT INTO reconcile_checks (run, kind, key, snapshot) SELECT ?, ?, ${keySql(family)}, CAST(version AS TEXT) FROM ${family.table}
       WHERE (${columns.join(", ")}) > (${columns.map(() => "?").join(", ")}) ORDER BY ${columns.join(", ")} LIMIT ?
       ON CONFLICT (run, kind, key) DO UPDATE SET snapshot = excluded.snapshot RETURNING key`,
    )
    .bind(run, kind, ...start, size)
    .run<{ key: string }>();
  // The greatest key noted, as its parts (the walk's row-value order; padded keys sort as their numbers).
  const last = result.results
    .map((r) => r.key)
    .sort()
    .at(-1);
  return { rows: rowsOf([result]), n: result.results.length, after: last === undefined ? after : keyParts(family, last) };
}

/** Product tags (?1, ?2] whose `listed_at` is not what it should be: reported, and repaired if still as read. */
async function checkListedAt(d1: D1, from: number, to: number, repair: boolean, note: Note) {
  const wrong = await d1
    .prepare(
      `SELECT pt.product_id AS productId, pt.tag_id AS tagId, pt.listed_at AS listedAt, CASE WHEN p.archived_at IS NULL AND p.published_at IS NOT NULL THEN p.created_at END AS expected
       FROM product_tags pt JOIN products p ON p.id = pt.product_id
       WHERE pt.rowid > ?1 AND pt.rowid <= ?2 AND pt.listed_at IS NOT (CASE WHEN p.archived_at IS NULL AND p.published_at IS NOT NULL THEN p.created_at END)`,
    )
    .bind(from, to)
    .run<{ productId: number; tagId: number; listedAt: number | null; expected: number | null }>();
  let rows = rowsOf([wrong]);
  // Repaired in one batch, each only if the row still holds what was read.
  const updates = repair
    ? wrong.results.map((row) =>
        d1
          .prepare("UPDATE product_tags SET listed_at = ? WHERE product_id = ? AND tag_id = ? AND listed_at IS ?")
          .bind(row.expected, row.productId, row.tagId, row.listedAt),
      )
    : [];
  const applied = updates.length ? await d1.batch(updates) : [];
  rows += rowsOf(applied);
  wrong.results.forEach((row, i) =>
    note({
      figure: "listed_at",
      key: `${row.productId}\t${row.tagId}`,
      kept: [row.listedAt ?? 0],
      counted: [row.expected ?? 0],
      repaired: (applied[i]?.meta.changes ?? 0) > 0,
    }),
  );
  return rows;
}

/**
 * The next scratch figures of a family after `after` in key order, each beside its kept row now; a
 * difference is repaired only when the kept figure is what the snapshot noted (it has not moved).
 * The compared scratch rows are deleted.
 */
async function compareChunk(d1: D1, run: string, kind: Kind, after: string, size: number, repair: boolean, note: Note) {
  const family: Family = FAMILIES[kind];
  const letters = LETTERS.slice(0, family.figures.length);
  const checks = await d1
    .prepare(`SELECT key, snapshot, ${letters.join(", ")} FROM reconcile_checks WHERE run = ? AND kind = ? AND key > ? ORDER BY key LIMIT ?`)
    .bind(run, kind, after, size)
    .run<Record<string, string | number | null>>();
  let rows = rowsOf([checks]);
  if (checks.results.length === 0) return { rows, n: 0, after: after ? [after] : null };
  const first = String(checks.results[0]!.key);
  const last = String(checks.results.at(-1)!.key);
  // The kept rows of the chunk's keys, by a range of the kept table's primary key.
  const columns = family.key.map((k) => k.column).join(", ");
  const placeholders = family.key.map(() => "?").join(", ");
  const keptRows = await d1
    .prepare(
      `SELECT ${keySql(family)} AS key, ${family.figures.join(", ")}, version FROM ${family.table} WHERE (${columns}) >= (${placeholders}) AND (${columns}) <= (${placeholders})`,
    )
    .bind(...keyParts(family, first), ...keyParts(family, last))
    .run<Record<string, string | number>>();
  rows += rowsOf([keptRows]);
  const keptBy = new Map(keptRows.results.map((r) => [String(r.key), { figures: family.figures.map((f) => Number(r[f] ?? 0)), version: String(r.version) }]));
  const found: Omit<Difference, "repaired">[] = [];
  const repairs: (D1PreparedStatement | null)[] = [];
  for (const check of checks.results) {
    const key = String(check.key);
    const sums = letters.map((l) => Number(check[l] ?? 0));
    const counted = family.derive ? family.derive(sums) : sums;
    const keptNow = keptBy.get(key) ?? null;
    const kept = keptNow?.figures ?? family.figures.map(() => 0);
    if (counted.every((v, i) => v === kept[i])) continue;
    found.push({ figure: kind, key: keyParts(family, key).join("\t"), kept, counted });
    // Repaired only if nothing changed the figure since the snapshot (its version, or its absence, as noted then).
    const unmoved = (keptNow?.version ?? null) === (check.snapshot ?? null);
    repairs.push(repair && unmoved ? repairStatement(d1, family, key, counted, keptNow?.version ?? null) : null);
  }
  // The repairs in one batch (one round trip however many), each a compare-and-set on its row's version.
  const statements = repairs.filter((r): r is D1PreparedStatement => r !== null);
  const applied = statements.length ? await d1.batch(statements) : [];
  rows += rowsOf(applied);
  let next = 0;
  found.forEach((difference, i) => note({ ...difference, repaired: repairs[i] ? (applied[next++]!.meta.changes ?? 0) > 0 : false }));
  const cleared = await d1.prepare("DELETE FROM reconcile_checks WHERE run = ? AND kind = ? AND key > ? AND key <= ?").bind(run, kind, after, last).run();
  rows += rowsOf([cleared]);
  return { rows, n: checks.results.length, after: [last] };
}

/** Sets a kept figure to what the rows add up to, only if its version is still `version` (compare-and-set; null: it has no row yet). */
function repairStatement(d1: D1, family: Family, key: string, counted: number[], version: string | null): D1PreparedStatement {
  const parts = keyParts(family, key);
  const where = family.key.map((k) => `${k.column} = ?`).join(" AND ");
  return version !== null
    ? d1
        .prepare(`UPDATE ${family.table} SET ${family.figures.map((f) => `${f} = ?`).join(", ")} WHERE ${where} AND version = ?`)
        .bind(...counted, ...parts, Number(version))
    : d1
        .prepare(
          `INSERT INTO ${family.table} (${[...family.key.map((k) => k.column), ...family.figures].join(", ")}) VALUES (${[...parts, ...counted].map(() => "?").join(", ")}) ON CONFLICT DO NOTHING`,
        )
        .bind(...parts, ...counted);
}
