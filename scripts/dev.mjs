#!/usr/bin/env node
// `npm run dev`: the shop as production runs it (server.ts: the request guards, the API edge, the
// edge cache, the security headers and CSP, on wrangler/workerd with the local D1 and R2), rebuilt
// whenever a file under app/ (or the Worker entry) changes; reload the browser to see a change.
// Each build goes to a staging directory and is copied over build/, because emptying build/ under
// a running `wrangler dev` stops it; wrangler then reloads the Worker by itself.
import { spawn } from "node:child_process";
import { cpSync, watch } from "node:fs";
import { offlineEnv, run } from "./offline.mjs";

const port = process.env.PORT ?? "5173";
const stage = ".cache/dev-build";

if ((await run("node", ["scripts/setup.mjs"])) !== 0) process.exit(1);

async function build() {
  const started = Date.now();
  const code = await run("node_modules/.bin/remix", ["vite:build", "--logLevel", "warn"], { REMIX_BUILD_DIRECTORY: stage });
  if (code === 0) {
    cpSync(stage, "build", { recursive: true, force: true });
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.error("Build failed; still serving the last good build.");
  }
  return code;
}

if ((await build()) !== 0) process.exit(1);

let building = false;
let pending = false;
let timer;
async function rebuild() {
  if (building) {
    pending = true;
    return;
  }
  building = true;
  await build();
  building = false;
  if (pending) {
    pending = false;
    await rebuild();
  }
}
const onChange = () => {
  clearTimeout(timer);
  timer = setTimeout(() => void rebuild(), 150);
};
watch("app", { recursive: true }, onChange);
for (const file of ["server.ts", "load-context.ts"]) watch(file, onChange);

console.log(`\nServing the shop (production pipeline, rebuilt on change) on http://localhost:${port}\n`);
const wrangler = spawn(
  "node_modules/.bin/wrangler",
  [
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--persist-to",
    ".wrangler/state",
    "--var",
    `SHOP_ORIGIN:http://localhost:${port}`,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ],
  { stdio: "inherit", env: { ...process.env, ...offlineEnv } },
);
wrangler.on("exit", (code) => process.exit(code ?? 0));
