#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, build, integration (workerd, real local D1/R2) and end-to-end
// (Playwright in Debian's Chromium). Stops at the first failing suite and exits non-zero.
import { existsSync } from "node:fs";
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

const suites = [
  ["typecheck", "node_modules/.bin/tsc", ["--noEmit"]],
  ["lint", "node_modules/.bin/eslint", ["--max-warnings", "0", "."]],
  ["unit", "node_modules/.bin/vitest", ["run", "--config", "vitest.unit.config.ts"]],
  ["build", "node_modules/.bin/remix", ["vite:build"]],
  ["integration", "node_modules/.bin/vitest", ["run", "--config", "vitest.integration.config.ts"]],
  ["e2e", "node_modules/.bin/playwright", ["test"]],
];

const started = Date.now();
for (const [name, cmd, args] of suites) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const code = await run(cmd, args, { SKIP_BUILD: "1", CHROMIUM_PATH: chromium });
  if (code !== 0) {
    console.error(`\n✖ ${name} failed (exit ${code}).`);
    process.exit(code);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
