#!/usr/bin/env node
// `npm test`: every suite, as early as what it needs allows, since each keeps both cores of a small
// machine busy only part of the time:
//   typecheck, lint, format, unit and the production build start together;
//   once the build is ready, integration (workerd, real local D1/R2) starts, and so do the two
//   end-to-end servers (from one migrated and seeded local D1/R2);
//   once the checks have passed and the servers answer, end-to-end (Playwright in Debian's Chromium,
//   against the build), beside whatever is left of integration.
// Stops at the first failure (stopping what still runs), exits non-zero, and prints each suite's time.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { HEADLESS_SHELL, installTestBrowser, testBrowserPath } from "./chromium.mjs";
import { E2E_SERVERS, serverURL } from "./e2e-server.mjs";
import { offlineEnv, run, runQuietly } from "./offline.mjs";

// Missing, it is installed when the machine allows it without asking (root, or sudo without a password).
const chromium = testBrowserPath() ?? installTestBrowser();
if (!chromium) {
  console.error(
    "Chromium is missing. The end-to-end tests drive Debian's headless Chromium:\n" +
      "  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n" +
      "(or chromium), or set CHROMIUM_PATH to another Chromium binary.",
  );
  process.exit(1);
}
if (chromium !== HEADLESS_SHELL && !process.env.CHROMIUM_PATH) {
  console.warn(`Using ${chromium}; installing chromium-headless-shell makes the end-to-end tests about a fifth faster.`);
}

// Machine-readable results, summed into one closing line; the e2e servers' logs.
const reports = ".cache/test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestArgs = (config, name) => ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/${name}.json`];

const env = { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`, E2E_TRACE: "off" };
const stopping = new AbortController();
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one suite with its output kept and printed when it ends (suites run side by side); rejects
 * when it fails. Every suite runs at the same CPU priority: integration once ran at a lower one, and
 * on a machine that another process kept busy it then got a tenth of the cores and never finished;
 * the end-to-end tests' budgets allow for sharing the cores instead (playwright.config.ts).
 */
async function quiet(name, cmd, args) {
  const t = Date.now();
  const { code, output } = await runQuietly(cmd, args, env, stopping.signal);
  if (stopping.signal.aborted && code !== 0) throw new Stopped();
  console.log(`\n▶ ${name}\n${output.trimEnd()}`);
  return finished(name, code, Date.now() - t);
}

/** Runs one suite with its output streamed (the suites beside it print theirs when they end). */
async function loud(name, cmd, args, extraEnv) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, { ...env, ...extraEnv }, stopping.signal);
  if (stopping.signal.aborted && code !== 0) throw new Stopped();
  return finished(name, code, Date.now() - t);
}

class Stopped extends Error {}
class Failed extends Error {
  constructor(name, code) {
    super(`${name} failed (exit ${code})`);
    this.code = code;
  }
}

function finished(name, code, ms) {
  times.push([name, ms]);
  if (code !== 0) throw new Failed(name, code);
  console.log(`✔ ${name} (${seconds(ms)})`);
}

/** The end-to-end servers, started in the background from one seeded state; their output goes to a log each. */
const servers = [];
const E2E_SEED = ".wrangler/e2e-seed";
async function startServers() {
  rmSync(E2E_SEED, { recursive: true, force: true });
  const { code, output } = await runQuietly("node", ["scripts/setup.mjs"], { PERSIST_DIR: E2E_SEED }, stopping.signal);
  if (code !== 0) {
    if (stopping.signal.aborted) throw new Stopped();
    console.log(`\n▶ e2e seed\n${output.trimEnd()}`);
    throw new Failed("e2e seed", code);
  }
  for (const server of E2E_SERVERS) {
    const log = `${reports}/e2e-server-${server.name}.log`;
    const child = spawn("node", ["scripts/e2e-server.mjs", server.name], {
      detached: true, // its own process group: stopping it stops wrangler and workerd too
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...offlineEnv, E2E_SEED_FROM: E2E_SEED },
    });
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
    servers.push({ ...server, child, log, exited });
  }
}
function stopServers() {
  for (const { child } of servers) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
process.on("exit", stopServers);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

function healthy(url) {
  return new Promise((resolve) => {
    const get = url.startsWith("https:") ? httpsGet : httpGet;
    const request = get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.on("timeout", () => request.destroy());
  });
}

/** Waits until every server answers /healthz; fails if one exits or takes longer than three minutes. */
async function serversReady() {
  const t = Date.now();
  for (const server of servers) {
    const url = `${serverURL(server)}/healthz`;
    for (;;) {
      if (await healthy(url)) break;
      const exited = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 250))]);
      if (exited !== undefined || Date.now() - t > 180_000) {
        console.error(`\nThe end-to-end server ${server.name} ${exited !== undefined ? `exited (${exited})` : "did not answer in time"}; its log:\n`);
        console.error(readFileSync(server.log, "utf8"));
        throw new Failed(`e2e server ${server.name}`, exited || 1);
      }
    }
  }
}

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ["unit", "integration"]) {
    const file = `${reports}/${name}.json`;
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  const e2e = `${reports}/e2e.json`;
  if (existsSync(e2e)) {
    const { stats } = JSON.parse(readFileSync(e2e, "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : "");
}
function summary() {
  console.log(`\nTime per suite: ${times.map(([name, ms]) => `${name} ${seconds(ms)}`).join(", ")}`);
  console.log(`Tests: ${counts()}`);
}

const started = Date.now();
try {
  const checks = [
    quiet("typecheck", "node_modules/.bin/tsc", ["--noEmit"]),
    quiet("lint", "node_modules/.bin/eslint", ["--max-warnings", "0", "."]),
    quiet("format", "node_modules/.bin/prettier", ["--check", "."]),
    quiet("unit", "node_modules/.bin/vitest", vitestArgs("vitest.unit.config.ts", "unit")),
  ];
  const build = quiet("build", "node_modules/.bin/remix", ["vite:build"]);
  const integration = build.then(() => quiet("integration", "node_modules/.bin/vitest", vitestArgs("vitest.integration.config.ts", "integration")));
  const e2e = Promise.all([...checks, build.then(startServers).then(serversReady)]).then(() =>
    loud("e2e", "node_modules/.bin/playwright", ["test", "--reporter=list,json"], { E2E_SERVERS_RUNNING: "1" }),
  );
  // Settle all, so a failure stops the others and is reported once.
  await Promise.all([...checks, build, integration, e2e].map((p) => p.catch((error) => (stopping.abort(), Promise.reject(error)))));
} catch (error) {
  stopping.abort();
  stopServers();
  if (error instanceof Failed) console.log(`\n✖ ${error.message}.`);
  else if (!(error instanceof Stopped)) console.error(error);
  summary();
  process.exit(error instanceof Failed ? error.code || 1 : 1);
}
stopServers();
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
summary();
