#!/usr/bin/env node
// Prepares local state: .dev.vars from the example, D1 migrations, and the idempotent seed.
// PERSIST_DIR selects the local state folder (default .wrangler/state, which `wrangler dev` uses).
import { copyFileSync, existsSync } from "node:fs";
import { run } from "./offline.mjs";

const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";
if (!existsSync(".dev.vars") && existsSync(".dev.vars.example")) copyFileSync(".dev.vars.example", ".dev.vars");

const steps = [
  ["node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]],
  ["node_modules/.bin/tsx", ["db/seed.ts"]],
];
for (const [cmd, args] of steps) {
  const code = await run(cmd, args, { PERSIST_DIR: persistDir, CI: "true" });
  if (code !== 0) process.exit(code);
}
