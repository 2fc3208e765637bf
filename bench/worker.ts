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

interface Counts {
  path: string;
  roundTrips: number;
  sequential: number;
  statements: number;
}

let last: Counts | null = null;

const RUNNERS = new Set(["first", "all", "run", "raw"]);

function instrument(db: D1Database, counts: Counts): D1Database {
  let inFlight = 0;
  const unwrap = new WeakMap<object, D1PreparedStatement>();
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
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args));
        if (typeof key === "string" && RUNNERS.has(key)) {
          return (...args: unknown[]) => track(1, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return value.bind(target);
      },
    });
    unwrap.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
      // The shop reads through D1 sessions (read replicas, bookmarks): count those queries too.
      if (key === "withSession") {
        return (constraintOrBookmark?: string) => instrument(target.withSession(constraintOrBookmark) as unknown as D1Database, counts);
      }
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => track(statements.length, () => target.batch(statements.map((s) => unwrap.get(s) ?? s)));
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
    if (pathname === "/__bench/trivial") return new Response("ok");
    const counts: Counts = { path: pathname + search, roundTrips: 0, sequential: 0, statements: 0 };
    const response = await server.fetch(request, { ...env, DB: instrument(env.DB, counts) }, ctx);
    // Loaders have finished once the response exists (nothing here streams deferred data).
    last = counts;
    return response;
  },
} satisfies ExportedHandler<Env>;
