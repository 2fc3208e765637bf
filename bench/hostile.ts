/**
 * `npm run bench:hostile`: what hostile requests cost the Worker, for docs/quality.md.
 *
 * The production bundle (server.ts and the build, as `wrangler deploy` bundles them) runs in workerd
 * through Miniflare on its own seeded state (.wrangler/hostile). Each hostile input of the outside
 * security test is sent REPEAT times from its own client address (so the refusal limiter does not
 * answer for it); printed per input: the answers' status and size, wall time per request, workerd's
 * CPU time per request (from /proc, over the repeats) and workerd's resident memory before and at
 * its highest during the run. Large bodies are streamed by the client as they are sent.
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { rmSync, writeFileSync } from "node:fs";
import { cpuMs, OFFLINE as offline, rssMb, startBenchWorker, workerdPids } from "./workerd";

const STATE = ".wrangler/hostile";
const DIST = `${STATE}/dist`;
const REPEAT = 20;

type Hostile = {
  label: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** The body, or the 200 MB file, with or without a declared length. */
  body: string | { stream: number; declare: boolean };
};

const run = promisify(execFile);
let address = 0;
const BIG_BODY = `${STATE}/200mb.bin`;

/**
 * Sends one hostile request with curl, as the security test did, on a connection of its own; large
 * bodies from a file (200 MB), sent without waiting for `100 Continue` so the server gets the bytes
 * whether it wants them or not, with a declared length or chunked.
 */
async function send(origin: string, input: Hostile): Promise<{ status: number; bytes: number }> {
  const args = ["-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download}", "-X", input.method ?? "POST", "-H", "Expect:", "-H", `Origin: ${origin}`];
  args.push("-H", `CF-Connecting-IP: 203.0.113.${(address++ % 250) + 1}`);
  for (const [name, value] of Object.entries(input.headers ?? {})) args.push("-H", `${name}: ${value}`);
  if (typeof input.body === "string") {
    const file = `${STATE}/body.txt`;
    writeFileSync(file, input.body);
    args.push("--data-binary", `@${file}`);
  } else {
    if (!input.body.declare) args.push("-H", "Transfer-Encoding: chunked");
    args.push("--data-binary", `@${BIG_BODY}`);
  }
  const { stdout } = await run("curl", [...args, new URL(input.path, origin).toString()], { encoding: "utf8" });
  const [status = "0", bytes = "0"] = stdout.split(" ");
  return { status: Number(status), bytes: Number(bytes) };
}

async function signIn(origin: string, email: string, password: string) {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const sid = response.headers.getSetCookie().find((c) => c.startsWith("sid=") && !c.startsWith("sid=;"));
  if (!sid) throw new Error(`sign-in failed: ${response.status}`);
  return sid.split(";")[0]!;
}

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  // .dev.vars (when missing), the migrations and the demo seed, as `npm start` prepares its own state.
  execFileSync("node", ["scripts/setup.mjs"], { stdio: "inherit", env: { ...offline, PERSIST_DIR: STATE } });
  execFileSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", DIST], { stdio: "inherit", env: offline });
  const { mf, origin } = await startBenchWorker({
    name: "hostile",
    state: STATE,
    module: `${DIST}/server.js`,
    bindings: { EDGE_CACHE: "off", TOKEN_SECRET: "hostile-bench-token-secret-0123456789ab", SHOP_ORIGIN: "http://localhost:8787" },
  });
  writeFileSync(BIG_BODY, Buffer.alloc(200 * 1024 * 1024, 0x61));
  const cookie = await signIn(origin, "customer@example.com", "Customer#2026");
  // The demo customer's own orders and someone else's (a second customer's): ids from the seed.
  const d1 = await mf.getD1Database("DB");
  const own = (await d1
    .prepare("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'customer@example.com' ORDER BY o.id LIMIT 1")
    .first<{ id: number }>())!.id;
  const strangerEmail = `stranger.${Date.now()}@example.com`;
  const token = (
    (await (
      await fetch(`${origin}/api/v1/sign_up`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ user: { name: "Stranger", email: strangerEmail, password: "Str0ng!Pass" } }),
      })
    ).json()) as { data: { access_token: string } }
  ).data.access_token;
  const stranger = await signIn(origin, strangerEmail, "Str0ng!Pass");
  const ownerToken = (
    (await (
      await fetch(`${origin}/api/v1/sign_in`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ session: { email: "customer@example.com", password: "Customer#2026" } }),
      })
    ).json()) as { data: { access_token: string } }
  ).data.access_token;
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const parts =
    Array.from({ length: 100_000 }, (_, i) => `--B\r\nContent-Disposition: form-data; name="comments[${i}].text"\r\n\r\nx\r\n`).join("") + "--B--\r\n";
  const inputs: Hostile[] = [
    { label: "/login, `x[1000000]=1`", path: "/login", headers: form, body: "email=nobody&x%5B1000000%5D=1" },
    { label: "/login, `x[4294967294]=1`", path: "/login", headers: form, body: "email=nobody&x%5B4294967294%5D=1" },
    { label: "/signup, three `x[10000000]` fields", path: "/signup", headers: form, body: "x%5B10000000%5D=1&y%5B10000000%5D=1&z%5B10000000%5D=1" },
    {
      label: "own order page, `comments[10000000].text=x`",
      path: `/profile/orders/${own}`,
      headers: { ...form, Cookie: cookie },
      body: "intent=revision&note=x&comments%5B10000000%5D.text=x",
    },
    {
      label: "someone else's order page, the same (signed in)",
      path: `/profile/orders/${own}`,
      headers: { ...form, Cookie: stranger },
      body: "intent=revision&comments%5B10000000%5D.text=x",
    },
    {
      label: "own order page, 100,000 multipart parts (5 MB)",
      path: `/profile/orders/${own}`,
      headers: { "Content-Type": "multipart/form-data; boundary=B", Cookie: cookie },
      body: parts,
    },
    {
      label: "someone else's order, 200 MB multipart (API, length declared)",
      path: `/api/v1/orders/${own}/messages`,
      headers: { "Content-Type": "multipart/form-data; boundary=B", Authorization: `Bearer ${token}` },
      body: { stream: 200 * 1024 * 1024, declare: true },
    },
    {
      label: "someone else's order, 200 MB multipart (API, chunked)",
      path: `/api/v1/orders/${own}/messages`,
      headers: { "Content-Type": "multipart/form-data; boundary=B", Authorization: `Bearer ${token}` },
      body: { stream: 200 * 1024 * 1024, declare: false },
    },
    {
      label: "anonymous 200 MB JSON to /api/v1/password_resets (length declared)",
      path: "/api/v1/password_resets",
      headers: { "Content-Type": "application/json" },
      body: { stream: 200 * 1024 * 1024, declare: true },
    },
    {
      label: "anonymous 200 MB JSON to /api/v1/password_resets (chunked)",
      path: "/api/v1/password_resets",
      headers: { "Content-Type": "application/json" },
      body: { stream: 200 * 1024 * 1024, declare: false },
    },
    {
      label: "garbage multipart to the owner's order messages (API)",
      path: `/api/v1/orders/${own}/messages`,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", Authorization: `Bearer ${ownerToken}` },
      body: "\u0000\u0001garbage--xyz",
    },
  ];
  const pids = workerdPids();
  console.log(`\n| hostile request | answer | reply size | wall time per request | workerd CPU per request | workerd memory before → highest |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const input of inputs) {
    const repeat = typeof input.body !== "string" ? 3 : input.body.length > 1e6 ? 5 : REPEAT;
    const rssBefore = rssMb(pids);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 20);
    const cpuBefore = cpuMs(pids);
    const started = performance.now();
    let last = { status: 0, bytes: 0 };
    for (let i = 0; i < repeat; i++) {
      if (process.env.BENCH_DEBUG) console.error(input.label, i);
      last = await send(origin, input);
    }
    const wall = (performance.now() - started) / repeat;
    const cpu = (cpuMs(pids) - cpuBefore) / repeat;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pids));
    console.log(
      `| ${input.label} | ${last.status} | ${last.bytes.toLocaleString("en-GB")} B | ${wall.toFixed(1)} ms | ${cpu.toFixed(1)} ms | ${rssBefore} → ${peak} MB |`,
    );
  }
  await mf.dispose();
}

await main();
