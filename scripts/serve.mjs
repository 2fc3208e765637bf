// Serves the production build (build/ and server.ts, configured by wrangler.toml and .dev.vars) in
// workerd through wrangler's own dev server: what `npm start` and the end-to-end servers run.
//
// It uses wrangler's programmatic `startWorker` (the engine behind `wrangler dev`) rather than the
// `wrangler dev` command, for two settings the command cannot turn off: the DevTools inspector (with
// it, every D1 query and R2 read the Worker makes is reported to wrangler's Node process, which
// formats each into its debug log file) and the file watcher (the build is finished before serving;
// `npm run dev` watches and rebuilds).
//
// `watch: false` alone still leaves wrangler's bundler in esbuild's watch mode over every file the
// Worker is bundled from (server.ts, build/server, app/, node_modules): a change there re-bundles and
// restarts the Worker, and a POST in flight is then answered 503 "Your worker restarted mid-request"
// (it happened to end-to-end tests on a CI machine). A custom build step (a no-op: the build is made
// beforehand) is the documented way to bundle once without esbuild's watch; it re-runs only when
// wrangler.toml changes. The config watcher is off too (WRANGLER_CI_DISABLE_CONFIG_WATCHING). What
// still reloads the Worker: a change under build/client (its assets), i.e. a new `npm run build`.
// On a wrangler upgrade, check that a custom build step still bundles once without esbuild's watch
// (its BundlerController): if not, a served build restarts again whenever a source file changes.
// docs/decisions/017-test-suite-schedule-and-browser.md records the measurements.
import { offlineEnv } from "./offline.mjs";

/**
 * Starts the shop on 127.0.0.1:`port` with local D1/R2 in `persistDir`; `https` uses wrangler's
 * local certificate; `vars` are extra plain-text variables (as `wrangler dev --var`); `origin` is
 * the address people reach it at, given to the Worker as SHOP_ORIGIN for the links in its emails
 * (never taken from a request's Host). Resolves once it answers; Ctrl+C or SIGTERM stops it (workerd
 * included) and ends the process.
 */
export async function serve({ port, persistDir, https = false, vars = {}, origin = `${https ? "https" : "http"}://localhost:${port}` }) {
  vars = { SHOP_ORIGIN: origin, ...vars };
  // Read by wrangler as it loads and runs: nothing it does may try the network; and the Worker is
  // bundled as `wrangler deploy` bundles it (wrangler's dev server would otherwise bundle React's
  // development build for server rendering: slower, and not what production runs).
  Object.assign(process.env, offlineEnv, { NODE_ENV: "production", WRANGLER_CI_DISABLE_CONFIG_WATCHING: "true" });
  const { unstable_startWorker } = await import("wrangler");
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    // The mode `wrangler dev` derives from wrangler.toml's `nodejs_compat` flag and compatibility date.
    build: { nodejsCompatMode: "v2", custom: { command: "node -e 0", watch: "wrangler.toml" } },
    bindings: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }])),
    dev: {
      server: { hostname: "127.0.0.1", port, secure: https },
      persist: persistDir,
      inspector: false,
      watch: false,
      // GET /__scheduled runs the Worker's cron handler (wrangler's local-only route; the
      // /cdn-cgi/handler/scheduled route of its dev server fails to hand the event over).
      testScheduled: true,
      logLevel: "warn",
    },
  });
  await worker.ready;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void worker.dispose().finally(() => process.exit(0));
    });
  }
}
