/**
 * Load runs: autocannon with 50 connections against the trivial Worker route, /healthz and each
 * route, interleaved (trivial, healthz, A, B, …, trivial, healthz, A, B, … three times) so that
 * drifts of the machine hit all alike;
 * medians of the three rounds. CPU per request is the workerd process's user + system time
 * (/proc/{pid}/stat) over the requests it served in the run.
 */
import autocannon from "autocannon";
import { cpuMs, workerdPids } from "./workerd";
import type { Miniflare } from "miniflare";
import type { Route } from "./run";

export interface Baseline {
  requestsPerSecond: number;
  p50Ms: number;
  cpuMsPerRequest: number | null;
}

export interface LoadResult {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  cpuMsPerRequest: number | null;
  healthz: Baseline;
  /** The trivial Worker route (bench/worker.ts answers it before the shop) in the same rounds. */
  trivial: Baseline;
  errors: number;
}

async function one(origin: string, route: Route, seconds: number) {
  const pids = workerdPids();
  const before = pids.length ? cpuMs(pids) : 0;
  const result = await autocannon({
    url: `${origin}${route.path}`,
    connections: 50,
    duration: seconds,
    headers: route.cookie ? { Cookie: route.cookie } : {},
  });
  const after = pids.length ? cpuMs(pids) : 0;
  const served = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    cpuMsPerRequest: pids.length && served ? (after - before) / served : null,
    errors: result.errors + result.timeouts + result.non2xx,
    errorKinds: `${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors} socket errors`,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function loadTest(_mf: Miniflare, origin: string, routes: Route[], { rounds, seconds }: { rounds: number; seconds: number }) {
  if (!workerdPids().length) console.warn("workerd's process was not found: CPU per request will not be reported.");
  const health: Route = { label: "/healthz", path: "/healthz" };
  const trivial: Route = { label: "trivial Worker route", path: "/__bench/trivial" };
  // Warm every route once (first requests compile the bundle's code paths).
  await one(origin, health, 1);
  await one(origin, trivial, 1);
  for (const route of routes) await one(origin, route, 1);
  const samples = new Map<string, Awaited<ReturnType<typeof one>>[]>();
  for (let round = 0; round < rounds; round++) {
    for (const route of [trivial, health, ...routes]) {
      const sample = await one(origin, route, seconds);
      console.log(
        `round ${round + 1} ${route.label}: ${sample.requestsPerSecond.toFixed(0)} req/s, p50 ${sample.p50Ms} ms, cpu ${sample.cpuMsPerRequest?.toFixed(3) ?? "?"} ms/req, errors ${sample.errors}${sample.errors ? ` (${sample.errorKinds})` : ""}`,
      );
      samples.set(route.label, [...(samples.get(route.label) ?? []), sample]);
    }
  }
  const summarise = (label: string) => {
    const list = samples.get(label)!;
    const cpu = list.map((s) => s.cpuMsPerRequest).filter((v): v is number => v !== null);
    return {
      requestsPerSecond: median(list.map((s) => s.requestsPerSecond)),
      p50Ms: median(list.map((s) => s.p50Ms)),
      cpuMsPerRequest: cpu.length ? median(cpu) : null,
      errors: list.reduce((sum, s) => sum + s.errors, 0),
    };
  };
  const healthz = summarise(health.label);
  const baseline = summarise(trivial.label);
  return routes.map((route): LoadResult => ({ label: route.label, path: route.path, ...summarise(route.label), healthz, trivial: baseline }));
}
