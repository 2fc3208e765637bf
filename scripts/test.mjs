#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, build, integration (workerd, real local D1/R2) and end-to-end
// (Playwright in Debian's Chromium). Stops at the first failing suite and exits non-zero.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { run } from "./offline.mjs";

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

const suites = [
  ["typecheck", "node_modules/.bin/tsc", ["--noEmit"]],
  ["lint", "node_modules/.bin/eslint", ["--max-warnings", "0", "."]],
  ["unit", "node_modules/.bin/vitest", vitestArgs("vitest.unit.config.ts", "unit")],
  ["build", "node_modules/.bin/remix", ["vite:build"]],
  ["integration", "node_modules/.bin/vitest", vitestArgs("vitest.integration.config.ts", "integration")],
  ["e2e", "node_modules/.bin/playwright", ["test", "--reporter=list,json"]],
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

const started = Date.now();
for (const [name, cmd, args] of suites) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const code = await run(cmd, args, { SKIP_BUILD: "1", CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` });
  if (code !== 0) {
    console.error(`\n✖ ${name} failed (exit ${code}).`);
    console.log(`\nTests: ${counts()}`);
    process.exit(code);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`Tests: ${counts()}`);
