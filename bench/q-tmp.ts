import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(".wrangler/bench-scale", "v3") } });
const qs = process.argv.slice(2);
for (const q of qs) {
  const t = performance.now();
  const r = await env.DB.prepare(q).all();
  console.log(r.meta.rows_read, Math.round(performance.now() - t), "ms", JSON.stringify(r.results).slice(0, 150), "|", q.slice(0, 100));
  const plan = await env.DB.prepare("EXPLAIN QUERY PLAN " + q).all();
  console.log("   ", plan.results.map((p: any) => p.detail).join(" / "));
}
await dispose();
