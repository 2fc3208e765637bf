#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and the production build side by side, then integration
// (workerd, real local D1/R2) and end-to-end (Playwright in Debian's Chromium, against the build).
// Stops after the first failing stage, exits non-zero, and prints each stage's time.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { run, runQuietly } from "./offline.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing (looked for ${chromium}). The end-to-end tests drive Debian's Chromium:\n` +
      "  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or set CHROMIUM_PATH to another Chromium binary.",
  );
  process.exit(1);
}

// Machine-readable results, summed into one closing line.
const reports = ".cache/test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestArgs = (config, name) => ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/${name}.json`];

/** Stages run in order; the suites inside one stage run side by side (their output printed as each ends). */
const stages = [
  [
    ["typecheck", "node_modules/.bin/tsc", ["--noEmit"]],
    ["lint", "node_modules/.bin/eslint", ["--max-warnings", "0", "."]],
    ["format", "node_modules/.bin/prettier", ["--check", "."]],
    ["unit", "node_modules/.bin/vitest", vitestArgs("vitest.unit.config.ts", "unit")],
    ["build", "node_modules/.bin/remix", ["vite:build"]],
  ],
  [["integration", "node_modules/.bin/vitest", vitestArgs("vitest.integration.config.ts", "integration")]],
  [["e2e", "node_modules/.bin/playwright", ["test", "--reporter=list,json"]]],
];

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

const env = { SKIP_BUILD: "1", CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`, E2E_TRACE: "off" };
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function summary() {
  console.log(`\nTime per suite: ${times.map(([name, ms]) => `${name} ${seconds(ms)}`).join(", ")}`);
  console.log(`Tests: ${counts()}`);
}

const started = Date.now();
for (const stage of stages) {
  const t0 = Date.now();
  const results = await Promise.all(
    stage.map(async ([name, cmd, args]) => {
      const t = Date.now();
      if (stage.length === 1) {
        console.log(`\n▶ ${name}`);
        return { name, code: await run(cmd, args, env), ms: Date.now() - t };
      }
      const { code, output } = await runQuietly(cmd, args, env);
      console.log(`\n▶ ${name}\n${output.trimEnd()}`);
      return { name, code, ms: Date.now() - t };
    }),
  );
  for (const { name, code, ms } of results) {
    times.push([name, ms]);
    console.log(code === 0 ? `✔ ${name} (${seconds(ms)})` : `\n✖ ${name} failed (exit ${code}).`);
  }
  if (stage.length > 1) console.log(`  (side by side: ${seconds(Date.now() - t0)})`);
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    summary();
    process.exit(failed.code);
  }
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
summary();
