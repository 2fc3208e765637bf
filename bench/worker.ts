/**
 * The benchmark build of the Worker: server.ts with its D1 binding instrumented, and the sessions
 * it opens (`withSession`) with it. Every query (`first`, `all`, `run`, `raw`) and every `batch`
 * counts as one round trip; a round trip started
 * while none is in flight counts as sequential (queries started together under `Promise.all`
 * add round trips, not latency). `GET /__bench/d1` returns the counts of the last finished request
 * other than itself; the bench reads it after each page, one request at a time.
 * `GET /__bench/trivial` is the baseline of the CPU figures: the cheapest answer a Worker can give,
 * made here before the request reaches the shop (no Remix, no D1, no headers of ours).
 */
import server from "../server";
import { runScheduledMaintenance } from "../app/edge/maintenance.server";

interface Counts {
  path: string;
  roundTrips: number;
  sequential: number;
  statements: number;
  /** D1's own `meta.rows_read`, summed over every statement (with `X-Bench-Rows: 1` only). */
  rowsRead: number;
  /** Each statement's SQL (its start) and rows read, with the counting on. */
  detail: { sql: string; rows: number }[];
}

let last: Counts | null = null;
let lastScheduled: (Counts & { ms: number; done: unknown }) | null = null;

type Meta = { meta?: { rows_read?: number } };
const rowsOf = (result: unknown) => (result as Meta | null)?.meta?.rows_read ?? 0;
const WRITES = /^\s*(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA)\b/i;

const RUNNERS = new Set(["first", "all", "run", "raw"]);

/**
 * `first` and `raw` return no `meta`: with rows counted, a read among them runs once more as
 * `all` for its figure (reads only, so nothing is written twice; the figures of time come from
 * requests without the header).
 */
function instrument(db: D1Database, counts: Counts, countRows = false): D1Database {
  let inFlight = 0;
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const track = async <T>(statements: number, call: () => Promise<T>): Promise<T> => {
    counts.roundTrips++;
    counts.statements += statements;
    if (inFlight === 0) counts.sequential++;
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args), sql);
        if (typeof key === "string" && RUNNERS.has(key)) {
          return (...args: unknown[]) =>
            track(1, async () => {
              const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
              if (countRows) {
                const rows = key === "all" || key === "run" ? rowsOf(result) : !WRITES.test(sql) ? rowsOf(await target.all()) : 0;
                counts.rowsRead += rows;
                counts.detail.push({ sql: sql.slice(0, 300), rows });
              }
              return result;
            });
        }
        return value.bind(target);
      },
    });
    unwrap.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), sql);
      // The shop reads through D1 sessions (read replicas, bookmarks): count those queries too.
      if (key === "withSession") {
        return (constraintOrBookmark?: string) => instrument(target.withSession(constraintOrBookmark) as unknown as D1Database, counts, countRows);
      }
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) =>
          track(statements.length, async () => {
            const results = await target.batch(statements.map((s) => unwrap.get(s) ?? s));
            if (countRows) {
              results.forEach((result, i) => {
                counts.rowsRead += rowsOf(result);
                counts.detail.push({ sql: (sqlOf.get(statements[i]!) ?? "?").slice(0, 300), rows: rowsOf(result) });
              });
            }
            return results;
          });
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export default {
  async fetch(request, env, ctx) {
    const { pathname, search } = new URL(request.url);
    if (pathname === "/__bench/d1") {
      return Response.json(last, { headers: { "Cache-Control": "no-store" } });
    }
    if (pathname === "/__bench/scheduled") return Response.json(lastScheduled, { headers: { "Cache-Control": "no-store" } });
    if (pathname === "/__bench/trivial") return new Response("ok");
    const counts: Counts = { path: pathname + search, roundTrips: 0, sequential: 0, statements: 0, rowsRead: 0, detail: [] };
    const countRows = request.headers.get("X-Bench-Rows") === "1";
    const response = await server.fetch(request, { ...env, DB: instrument(env.DB, counts, countRows) }, ctx);
    // Loaders have finished once the response exists (nothing here streams deferred data).
    last = counts;
    return response;
  },

  /** The scheduled run with every statement's rows counted: its figures at `GET /__bench/scheduled`. */
  async scheduled(controller, env) {
    const counts: Counts = { path: "scheduled", roundTrips: 0, sequential: 0, statements: 0, rowsRead: 0, detail: [] };
    const started = Date.now();
    const done = await runScheduledMaintenance({ ...env, DB: instrument(env.DB, counts, true) }, controller.scheduledTime);
    lastScheduled = { ...counts, ms: Date.now() - started, done };
  },
} satisfies ExportedHandler<Env>;
