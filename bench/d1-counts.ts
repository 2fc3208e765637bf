/**
 * A D1 binding that counts what goes through it: every query (`first`, `all`, `run`, `raw`) and
 * every `batch` is one round trip; a round trip started while none is in flight counts as
 * sequential (queries started together under `Promise.all` add round trips, not latency). With
 * rows counted, D1's own `meta.rows_read` is summed over every statement. Used by the benchmark's
 * build (bench/worker.ts) and by the tests that bound what a timer reads.
 */
export interface Counts {
  path: string;
  roundTrips: number;
  sequential: number;
  statements: number;
  /** D1's own `meta.rows_read`, summed over every statement (with rows counted only). */
  rowsRead: number;
  /** Each statement's SQL (its start) and rows read, with the counting on. */
  detail: { sql: string; rows: number }[];
}

type Meta = { meta?: { rows_read?: number } };
const rowsOf = (result: unknown) => (result as Meta | null)?.meta?.rows_read ?? 0;
const WRITES = /^\s*(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA)\b/i;

const RUNNERS = new Set(["first", "all", "run", "raw"]);

/**
 * `first` and `raw` return no `meta`: with rows counted, a read among them runs once more as
 * `all` for its figure (reads only, so nothing is written twice; the figures of time come from
 * requests without the header).
 */
export function instrument(db: D1Database, counts: Counts, countRows = false): D1Database {
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
