/**
 * `node scripts/offline.mjs tsx bench/profile.ts /products/1 [requests]`: where a page's CPU goes.
 * The production bundle (bench/worker.ts, on the bench's state in .wrangler/bench: run `npm run
 * bench` once first) in workerd with its V8 inspector open; V8's sampling profiler records while the
 * page is asked `requests` times one after another (after a warm-up), and the functions with the most
 * samples of their own are printed, with their file and line, then the same summed per source file.
 */
import { readFileSync } from "node:fs";
import { WebSocket } from "undici";
import { signIn, startBenchWorker } from "./workerd";

const path = process.argv[2] ?? "/products/1";
const requests = Number(process.argv[3] ?? 400);
const PORT = 9329;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const { mf, origin } = await startBenchWorker({
  name: "bench",
  state: ".wrangler/bench",
  module: ".wrangler/bench/dist/worker.js",
  bindings: { EDGE_CACHE: "off", TOKEN_SECRET: "bench-only-token-secret-0123456789abcdef" },
  inspectorPort: PORT,
});
try {
  const headers: Record<string, string> = {};
  if (path.startsWith("/admin")) headers.Cookie = await signIn(origin, "/admin/login", "admin@example.com", "AdminPass#2026");
  else if (path.startsWith("/profile") || path.includes("/checkout")) headers.Cookie = await signIn(origin, "/login", "customer@example.com", "Customer#2026");
  const ask = async (n: number) => {
    for (let i = 0; i < n; i++) await (await fetch(`${origin}${path}`, { headers })).arrayBuffer();
  };
  await ask(100);
  const targets = (await (await fetch(`http://127.0.0.1:${PORT}/json`)).json()) as { id: string; webSocketDebuggerUrl: string; title: string }[];
  const target = targets.find((t) => t.id.includes("bench")) ?? targets[0]!;
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve) => ws.addEventListener("open", resolve, { once: true }));
  let next = 1;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 100 });
  await call("Profiler.start");
  const started = performance.now();
  await ask(requests);
  const ms = performance.now() - started;
  const { profile } = (await call("Profiler.stop")) as { profile: { nodes: ProfileNode[] } };
  ws.close();
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  // esbuild opens each module of the bundle with a `// path` line: samples summed per module.
  const starts: [number, string][] = [];
  readFileSync(".wrangler/bench/dist/worker.js", "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.startsWith("// ") && !line.includes(" ", 3)) starts.push([index, line.slice(3).replace(/^node_modules\//, "")]);
    });
  const moduleOf = (line: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]![0] <= line) low = middle;
      else high = middle - 1;
    }
    return starts[low]?.[1] ?? "?";
  };
  const byModule = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split("/").pop() || "(native)";
    const key = `${functionName || "(anonymous)"}  ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + hits);
    byFile.set(file, (byFile.get(file) ?? 0) + hits);
    const module = file === "worker.js" ? moduleOf(lineNumber) : file;
    byModule.set(module, (byModule.get(module) ?? 0) + hits);
  }
  console.log(`${path}: ${requests} requests in ${Math.round(ms)} ms, ${total} samples`);
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  console.log("\nby file:");
  for (const [file, hits] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${file}`);
  // PROFILE_MODULE=part-of-a-path: that module's functions, by their own samples.
  const only = process.env.PROFILE_MODULE;
  if (only) {
    const inModule = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      if (!url.endsWith("worker.js") || !moduleOf(lineNumber).includes(only)) continue;
      const key = `${functionName || "(anonymous)"}  ${lineNumber + 1}`;
      inModule.set(key, (inModule.get(key) ?? 0) + (node.hitCount ?? 0));
    }
    console.log(`\nin ${only}:`);
    for (const [key, hits] of [...inModule].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${((hits / total) * 100).toFixed(2).padStart(6)}%  ${key}`);
  }
  console.log("\nby module of the bundle:");
  for (const [module, hits] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${module}`);
} finally {
  await mf.dispose();
}
