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
import { instrument, type Counts } from "./d1-counts";

let last: Counts | null = null;
let lastScheduled: (Counts & { ms: number; done: unknown }) | null = null;

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
