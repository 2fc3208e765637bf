/**
 * `npx tsx bench/lighthouse-probe.ts [path …]`: one mobile Lighthouse run per page against the bench's
 * state (run `npm run bench` once first), printing what held the main thread: the long tasks with
 * their start and duration, the work by kind, and the scripts' own time. For finding what to cut;
 * the bench's numbers stay those of `npm run bench`.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, gzipProxy, REFERENCE_PATH } from "./client";
import { startBenchWorker, step } from "./workerd";

const STATE = ".wrangler/bench";
const DIST = `${STATE}/dist`;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/products/1", "/examples"];

step("instrumented bundle", "node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", DIST, "bench/worker.ts"]);
const { mf, origin } = await startBenchWorker({
  name: "bench",
  state: STATE,
  module: `${DIST}/worker.js`,
  bindings: { EDGE_CACHE: "on", TOKEN_SECRET: "bench-only-token-secret-0123456789abcdef" },
});
const proxy = await gzipProxy(origin, paths.find((p) => /^\/products\/\d+$/.test(p)) ?? "/products/1");
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--disable-gpu", "--no-sandbox"] });
try {
  for (const path of [REFERENCE_PATH, ...paths]) {
    const result = await lighthouse(`${proxy.url}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result!.lhr;
    if (lhr.runtimeError) console.log(`\n== ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    console.log(
      `\n== ${path}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${Math.round(audit("total-blocking-time")?.numericValue ?? 0)} ms`,
    );
    const tasks = (audit("long-tasks")?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items ?? [];
    for (const t of tasks) console.log(`  long task ${Math.round(t.startTime)} ms +${Math.round(t.duration)} ms ${t.url}`);
    const work = (audit("mainthread-work-breakdown")?.details as { items?: { groupLabel: string; duration: number }[] })?.items ?? [];
    console.log("  main thread:", work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(", "));
    const boot = (audit("bootup-time")?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] })?.items ?? [];
    for (const b of boot) console.log(`  script ${b.url}: run ${Math.round(b.scripting)} ms, parse ${Math.round(b.scriptParseCompile)} ms`);
  }
} finally {
  await chrome.kill();
  proxy.server.close();
  await mf.dispose();
}
