/**
 * What both benches share: wrangler run offline, a bundle started in workerd through Miniflare on a
 * bench's own state (the wrangler.toml bindings, no `wrangler dev` proxy), and workerd's CPU time
 * and memory read from /proc.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** wrangler without its network calls (metrics, error reports, update checks). */
export const OFFLINE: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/**
 * Starts the bundled `module` (one ES module; its dynamic import()s stay inside it) with the
 * bindings of wrangler.toml and `bindings` over them, on the D1 and R2 kept under `state`.
 */
export async function startBenchWorker({
  name,
  state,
  module,
  bindings,
  inspectorPort,
}: {
  name: string;
  state: string;
  module: string;
  bindings: Record<string, string>;
  /** Opens workerd's V8 inspector on this port (bench/profile.ts). */
  inspectorPort?: number;
}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    ...workerOptions,
    name,
    modules: [{ type: "ESModule", path: module }],
    bindings: { ...(workerOptions.bindings ?? {}), ENVIRONMENT: "development", ...bindings },
    d1Persist: `${state}/v3/d1`,
    r2Persist: `${state}/v3/r2`,
    cachePersist: false,
    host: "127.0.0.1",
    port: 0,
    ...(inspectorPort ? { inspectorPort } : {}),
  } as ConstructorParameters<typeof Miniflare>[0]);
  const url = await mf.ready;
  return { mf, origin: url.origin };
}

function stat(pid: number | string) {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return { command: text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")), fields: text.slice(text.lastIndexOf(")") + 2).split(" ") };
}

/** This process's workerd children (Miniflare's runtime). */
export function workerdPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const { command, fields } = stat(pid);
        return command === "workerd" && Number(fields[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const TICKS_PER_SECOND = 100;

/** CPU time (user and system) the processes have used, in milliseconds. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  // Fields 14 and 15 of stat (utime, stime): index 11 and 12 after the command.
  for (const pid of pids) ticks += Number(stat(pid).fields[11]) + Number(stat(pid).fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The processes' resident memory, in MB. */
export function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export function step(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = OFFLINE) {
  console.log(`\n> ${title}`);
  execFileSync(cmd, args, { stdio: "inherit", env });
}

/** Signs in through a screen's form; the session cookies, as a browser would keep them. */
export async function signIn(origin: string, path: string, email: string, password: string) {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  // Like a browser: the last value of each cookie wins, and cleared cookies are dropped.
  const jar = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const [name = "", ...value] = pair.split("=");
    if (value.join("=")) jar.set(name.trim(), value.join("="));
    else jar.delete(name.trim());
  }
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`Signing in at ${path} failed: ${response.status}`);
  return cookie;
}
