/**
 * `npm run bench`: the performance benchmark, written to docs/perf.md.
 *
 * The production build runs in workerd through Miniflare (no `wrangler dev` proxy), on its own
 * seeded state under .wrangler/bench grown to 500 products, 20 tags and 2,000 orders. Then:
 *   1. D1 round trips per route (the instrumented build of bench/worker.ts),
 *   2. autocannon load (50 connections, interleaved, median of 3) against a trivial Worker route
 *      (answered before the shop), /healthz and the routes, with workerd's CPU time per request
 *      read from /proc,
 *   3. the same for an edge-cache hit,
 *   4. client JS per page (Chromium, first visit, gzip), and image bytes of a phone's first visit
 *      to /products against the same images' originals,
 *   5. Lighthouse (mobile and desktop, median of 5) behind a gzip proxy as in production, in one
 *      series with a static reference (the product page without its JavaScript).
 * BENCH_QUICK=1 shortens the load runs (for trying the script, not for the report); the raw
 * results are kept in .wrangler/bench/results.json.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { measureClientJs, measureImageBytes, runLighthouse, type ImageReport, type JsReport, type LighthouseReport } from "./client";
import { loadTest, type LoadResult } from "./load";
import { writeReport } from "./report";
import { OFFLINE as offline, signIn, startBenchWorker, step } from "./workerd";

const STATE = ".wrangler/bench";
const DIST = `${STATE}/dist`;
const RESULTS = `${STATE}/results.json`;
const quick = process.env.BENCH_QUICK === "1";

function prepare() {
  rmSync(STATE, { recursive: true, force: true });
  step("migrations", "node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  step("seed", "node_modules/.bin/tsx", ["db/seed.ts"], { ...offline, PERSIST_DIR: STATE });
  step("bench data", "node_modules/.bin/tsx", ["bench/data.ts"], { ...offline, PERSIST_DIR: STATE });
  step("media of the copies", "node_modules/.bin/tsx", ["db/seed.ts"], { ...offline, PERSIST_DIR: STATE });
}

function bundle() {
  step("instrumented bundle", "node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", DIST, "bench/worker.ts"]);
}

function startWorker(edgeCache: "on" | "off") {
  return startBenchWorker({
    name: "bench",
    state: STATE,
    module: `${DIST}/worker.js`,
    bindings: { EDGE_CACHE: edgeCache, TOKEN_SECRET: "bench-only-token-secret-0123456789abcdef" },
  });
}

export interface Route {
  label: string;
  path: string;
  cookie?: string;
}

async function roundTrips(origin: string, routes: Route[]) {
  const rows: { label: string; path: string; status: number; roundTrips: number; sequential: number; statements: number }[] = [];
  for (const route of routes) {
    const headers = route.cookie ? { Cookie: route.cookie } : undefined;
    await (await fetch(`${origin}${route.path}`, { headers })).arrayBuffer();
    const response = await fetch(`${origin}${route.path}`, { headers });
    await response.arrayBuffer();
    const counts = (await (await fetch(`${origin}/__bench/d1`)).json()) as { roundTrips: number; sequential: number; statements: number };
    if (response.status !== 200 || response.redirected) throw new Error(`${route.path} answered ${response.status} at ${response.url}`);
    rows.push({ label: route.label, path: route.path, status: response.status, ...counts });
  }
  return rows;
}

async function main() {
  // BENCH_REUSE=1 keeps the data of the previous run (for working on the bench); the bundle is always new.
  if (process.env.BENCH_REUSE !== "1") prepare();
  bundle();
  const started = new Date();
  const { mf, origin } = await startWorker("off");
  let load: LoadResult[];
  let trips: Awaited<ReturnType<typeof roundTrips>>;
  let js: JsReport[];
  let images: ImageReport;
  let cached: LoadResult[];
  let lighthouse: LighthouseReport[];
  try {
    const admin = await signIn(origin, "/admin/login", "admin@example.com", "AdminPass#2026");
    const customer = await signIn(origin, "/login", "customer@example.com", "Customer#2026");
    const tag = "Style C";
    const routes: Route[] = [
      { label: "/products", path: "/products" },
      { label: "/products?tag=…&page=…", path: `/products?tag=${encodeURIComponent(tag)}&page=2` },
      { label: "/products/{id}", path: "/products/1" },
      { label: "/api/v1/products", path: "/api/v1/products" },
      { label: "/admin/orders (signed in)", path: "/admin/orders?page=3", cookie: admin },
      { label: "/profile/orders (signed in)", path: "/profile/orders?page=2", cookie: customer },
    ];
    trips = await roundTrips(origin, [
      { label: "/healthz", path: "/healthz" },
      { label: "/home", path: "/home" },
      ...routes,
      { label: "checkout (signed in)", path: "/products/1/checkout?package=0", cookie: customer },
    ]);
    console.table(trips);
    load = await loadTest(mf, origin, routes, { rounds: 3, seconds: quick ? 2 : 6 });
    js = await measureClientJs(origin, { customer, admin });
    images = await measureImageBytes(origin, "/products");
  } finally {
    await mf.dispose();
  }

  const cachedWorker = await startWorker("on");
  try {
    cached = await loadTest(cachedWorker.mf, cachedWorker.origin, [{ label: "/products (edge-cache hit)", path: "/products" }], {
      rounds: 3,
      seconds: quick ? 2 : 6,
    });
    lighthouse = await runLighthouse(cachedWorker.origin, ["/home", "/products", "/products/1", "/examples"], quick ? 1 : 5);
  } finally {
    await cachedWorker.mf.dispose();
  }

  const results = { started, load, cached, trips, js, images, lighthouse };
  writeFileSync(RESULTS, JSON.stringify(results, null, 2));
  writeReport(results);
}

// BENCH_REPORT_ONLY=1 rewrites docs/perf.md from the last run's raw results.
if (process.env.BENCH_REPORT_ONLY === "1") {
  const saved = JSON.parse(readFileSync(RESULTS, "utf8")) as Parameters<typeof writeReport>[0];
  writeReport({ ...saved, started: new Date(saved.started) });
  process.exit(0);
}

await main();
