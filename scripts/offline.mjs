#!/usr/bin/env node
// Runs a command from node_modules/.bin with wrangler's network-quiet variables set, so that
// nothing (metrics, error reports, cf fetch, update checks) tries to reach the internet.
import { spawn } from "node:child_process";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";

export const offlineEnv = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};

/** Runs `cmd args` with the offline environment; resolves with its exit code. Aborting `signal` stops it. */
export function run(cmd, args, extraEnv = {}, signal = undefined) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: "inherit",
      env: { ...process.env, ...offlineEnv, ...extraEnv },
      shell: process.platform === "win32",
      signal,
    });
    // A command that cannot start fails (one stopped through `signal` says nothing).
    child.on("error", (error) => {
      if (!signal?.aborted) console.error(String(error));
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Like `run`, but keeps the output (stdout and stderr interleaved) to print later: for commands run
 * side by side. Aborting `signal` stops the command.
 */
export function runQuietly(cmd, args, extraEnv = {}, signal = undefined) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...offlineEnv, FORCE_COLOR: "1", ...extraEnv },
      shell: process.platform === "win32",
      signal,
    });
    // A command that cannot start fails; one stopped through `signal` is reported by its exit below.
    child.on("error", (error) => {
      if (!signal?.aborted) resolve({ code: 1, output: String(error) });
    });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolvePath(process.argv[1])) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error("usage: node scripts/offline.mjs <command> [args...]");
    process.exit(2);
  }
  process.exit(await run(`node_modules/.bin/${cmd}`, args));
}
