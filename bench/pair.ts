/**
 * `node scripts/offline.mjs tsx bench/pair.ts A.js B.js [/path …]`: is bundle B cheaper than bundle A?
 * Two bundles of bench/worker.ts (`wrangler deploy --dry-run --outdir …`), each in a workerd process of
 * its own on a copy of the bench's state (.wrangler/bench: run `npm run bench` once first). Each round
 * asks every path of both, in alternating order, a fixed number of requests (4 at a time) and reads
 * each process's CPU time; printed per path: the median over the rounds of B's CPU per request over
 * A's (B/A below 1: B is cheaper). Alternating and pairing cancel most of the machine's drift, which
 * whole bench runs cannot separate from a change of a few per cent.
 */
import { cpSync, rmSync } from "node:fs";
import { cpuMs, startBenchWorker, workerdPids } from "./workerd";

const [bundleA, bundleB, ...given] = process.argv.slice(2);
if (!bundleA || !bundleB) throw new Error("usage: bench/pair.ts A.js B.js [/path …]");
const paths = given.length > 0 ? given : ["/products", "/products/1"];
const ROUNDS = Number(process.env.PAIR_ROUNDS ?? 7);
const REQUESTS = Number(process.env.PAIR_REQUESTS ?? 300);
const CONNECTIONS = 4;

async function start(name: string, module: string) {
  const state = `.wrangler/pair-${name}`;
  rmSync(state, { recursive: true, force: true });
  cpSync(".wrangler/bench/v3", `${state}/v3`, { recursive: true });
  const before = new Set(workerdPids());
  const worker = await startBenchWorker({
    name: `pair-${name}`,
    state,
    module,
    bindings: { EDGE_CACHE: "off", TOKEN_SECRET: "bench-only-token-secret-0123456789abcdef" },
  });
  return { ...worker, pids: workerdPids().filter((pid) => !before.has(pid)) };
}

async function load(origin: string, path: string) {
  let left = REQUESTS;
  const one = async () => {
    while (left-- > 0) {
      const response = await fetch(`${origin}${path}`);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, one));
}

async function cpuPerRequest(worker: { origin: string; pids: number[] }, path: string) {
  const before = cpuMs(worker.pids);
  await load(worker.origin, path);
  return (cpuMs(worker.pids) - before) / REQUESTS;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const a = await start("a", bundleA);
const b = await start("b", bundleB);
try {
  for (const path of paths) {
    await load(a.origin, path);
    await load(b.origin, path);
  }
  const ratios = new Map(paths.map((path) => [path, [] as number[]]));
  const msA = new Map(paths.map((path) => [path, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of paths) {
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
      const one = await cpuPerRequest(first, path);
      const two = await cpuPerRequest(second, path);
      const [cpuA, cpuB] = first === a ? [one, two] : [two, one];
      ratios.get(path)!.push(cpuB / cpuA);
      msA.get(path)!.push(cpuA);
    }
  }
  for (const path of paths) {
    const values = ratios.get(path)!;
    console.log(
      `${path}: B/A ${median(values).toFixed(3)} (rounds ${values.map((v) => v.toFixed(2)).join(" ")}; A ${median(msA.get(path)!).toFixed(2)} ms a request)`,
    );
  }
} finally {
  await a.mf.dispose();
  await b.mf.dispose();
  rmSync(".wrangler/pair-a", { recursive: true, force: true });
  rmSync(".wrangler/pair-b", { recursive: true, force: true });
}
