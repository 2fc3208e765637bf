#!/usr/bin/env node
// `npm start`: migrate and seed the local D1/R2, build, then serve the production build on
// http://localhost:8787 (PORT overrides it; scripts/serve.mjs says how it is served). Build happens
// before serving: nothing rebuilds under the running server (`npm run dev` does that).
import { run } from "./offline.mjs";
import { serve } from "./serve.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";

for (const [cmd, args] of [
  ["node", ["scripts/setup.mjs"]],
  ["node_modules/.bin/remix", ["vite:build"]],
]) {
  const code = await run(cmd, args);
  if (code !== 0) process.exit(code);
}
await serve({ port, persistDir });
console.log(`\nServing the shop on http://localhost:${port} (Ctrl+C stops it)\n`);
