#!/usr/bin/env node
// An end-to-end suite's server: a fresh local D1/R2 (PERSIST_DIR, default .wrangler/e2e, so runs
// never touch the data `npm start` uses), migrated and seeded, serving the production build that
// `npm run test:e2e` / `npm test` made beforehand (servers never build: two building at once would clash).
import { rmSync } from "node:fs";
import { run } from "./offline.mjs";

const persistDir = process.env.PERSIST_DIR ?? ".wrangler/e2e";
rmSync(persistDir, { recursive: true, force: true });
process.exit(await run("node", ["scripts/start.mjs"], { PERSIST_DIR: persistDir, PORT: process.env.PORT ?? "8788", SKIP_BUILD: "1" }));
