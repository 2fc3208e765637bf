#!/usr/bin/env node
// `npm start`: migrate and seed the local D1/R2, build, then serve the production build on
// http://localhost:8787 (PORT overrides it; scripts/serve.mjs says how it is served). Build happens
// before serving: nothing rebuilds under the running server (`npm run dev` does that).
import { run } from "./offline.mjs";
import { serve } from "./serve.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";

// SKIP_SETUP: the state in PERSIST_DIR is already migrated and seeded (the e2e servers' copies).
const steps = process.env.SKIP_SETUP ? [] : [["node", ["scripts/setup.mjs"]]];
// The test runner builds once up front and sets SKIP_BUILD for the e2e servers.
if (!process.env.SKIP_BUILD) steps.push(["node_modules/.bin/remix", ["vite:build"]]);
for (const [cmd, args] of steps) {
  const code = await run(cmd, args);
  if (code !== 0) process.exit(code);
}
const stop = await serve({ port, persistDir });
console.log(`\nServing the shop on http://localhost:${port} (Ctrl+C stops it)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void stop().finally(() => process.exit(0));
  });
}
