#!/usr/bin/env node
// `npm start`: migrate and seed the local D1/R2, build, then serve the production build with
// `wrangler dev` on http://localhost:8787 (PORT overrides it). Build happens before serving:
// rebuilding under a running `wrangler dev` would kill it.
import { run } from "./offline.mjs";

const port = process.env.PORT ?? "8787";
const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";

// SKIP_SETUP: the state in PERSIST_DIR is already migrated and seeded (the e2e servers' copies).
const steps = process.env.SKIP_SETUP ? [] : [["node", ["scripts/setup.mjs"]]];
// The test runner builds once up front and sets SKIP_BUILD for the e2e server.
if (!process.env.SKIP_BUILD) steps.push(["node_modules/.bin/remix", ["vite:build"]]);
for (const [cmd, args] of steps) {
  const code = await run(cmd, args);
  if (code !== 0) process.exit(code);
}
console.log(`\nServing the shop on http://localhost:${port}\n`);
// Extra `wrangler dev` arguments, e.g. `--local-protocol https` or `--var NAME:value` (the e2e suite's Stripe-mode server).
const extra = (process.env.WRANGLER_DEV_ARGS ?? "").split(" ").filter(Boolean);
process.exit(
  await run("node_modules/.bin/wrangler", [
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...extra,
  ]),
);
