#!/usr/bin/env node
// The end-to-end suite's server: a fresh local D1/R2 under .wrangler/e2e (so runs never touch
// the data `npm start` uses), migrated and seeded, serving the production build.
import { rmSync } from "node:fs";
import { run } from "./offline.mjs";

const persistDir = ".wrangler/e2e";
rmSync(persistDir, { recursive: true, force: true });
process.exit(await run("node", ["scripts/start.mjs"], { PERSIST_DIR: persistDir, PORT: process.env.PORT ?? "8788" }));
