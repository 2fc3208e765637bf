// Serves the production build (build/ and server.ts, configured by wrangler.toml and .dev.vars) in
// workerd through Miniflare: what `npm start` and the end-to-end servers run.
//
// The Worker is bundled as `wrangler deploy` bundles it (`wrangler deploy --dry-run --outdir`), and
// Miniflare runs that bundle with the bindings wrangler reads from wrangler.toml and .dev.vars
// (`unstable_getMiniflareWorkerOptions`, the function Cloudflare's Vitest integration uses), the
// local D1/R2/cache kept where wrangler keeps them (`<persistDir>/v3`, so `wrangler d1 … --local
// --persist-to` sees the same data).
//
// Why not `wrangler dev` (or its engine, `unstable_startWorker`): it puts a proxy Worker in a second
// workerd process in front of the shop's, and the two talk over pooled HTTP connections that both
// sides close after 5 idle seconds. A request sent on a connection as it closes fails; wrangler 4.86
// answers a GET by retrying it but a POST with 503 "Your worker restarted mid-request", though
// nothing restarted (cloudflare/workers-sdk#14641; wrangler's fix needs a release that needs Node
// 22). It failed a form now and then in the end-to-end suite on CI. Here one workerd serves the
// port, with nothing in between. It also serves nothing wrangler's dev server adds: no watcher
// (the build is finished before serving; `npm run dev` watches and rebuilds), no DevTools inspector,
// no live-reload script.
//
// One local-only route: GET /__scheduled runs the Worker's cron handler once (as wrangler's dev
// server offered). A second, tiny Worker takes that path and hands it to this process, which calls
// the shop's `scheduled` handler through Miniflare; Miniflare's own /cdn-cgi/handler/scheduled
// reaches the static-assets router in front of the shop instead, and fails.
//
// On a wrangler or Miniflare upgrade, check: `unstable_getMiniflareWorkerOptions` still returns
// the bindings of wrangler.toml (its name says it may change); the persistence layout still matches
// wrangler's `--persist-to` (`<dir>/v3/<plugin>`).
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { offlineEnv, runQuietly } from "./offline.mjs";

/**
 * Starts the shop on 127.0.0.1:`port` with local D1/R2 in `persistDir`; `https` uses Miniflare's
 * local certificate; `vars` are extra plain-text variables (as `wrangler dev --var`); `origin` is
 * the address people reach it at, given to the Worker as SHOP_ORIGIN for the links in its emails
 * (never taken from a request's Host). Resolves once it answers; Ctrl+C or SIGTERM stops it (workerd
 * included) and ends the process.
 */
export async function serve({ port, persistDir, https = false, vars = {}, origin = `${https ? "https" : "http"}://localhost:${port}` }) {
  vars = { SHOP_ORIGIN: origin, ...vars };
  // Nothing wrangler or Miniflare does may try the network; and the Worker is bundled for
  // production (React's production build for server rendering, as deployed).
  Object.assign(process.env, offlineEnv, { NODE_ENV: "production" });

  const outdir = join(".wrangler", "served", String(port));
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  // Its output (the bindings, esbuild's notes on the bundled packages) is shown only if it fails.
  const bundled = await runQuietly("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", outdir]);
  if (bundled.code !== 0) {
    process.stderr.write(bundled.output);
    throw new Error(`bundling the Worker failed (wrangler deploy --dry-run exited ${bundled.code})`);
  }

  const [{ Miniflare, Log, LogLevel }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import("miniflare"), import("wrangler")]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    host: "127.0.0.1",
    port,
    https,
    defaultPersistRoot: join(persistDir, "v3"),
    log: new Log(LogLevel.WARN),
    // The Worker's own warnings and errors (console.warn/error, uncaught exceptions), as `wrangler
    // dev --log-level warn` shows them; not workerd's note of a client that closed its connection
    // before the answer was written (a browser leaving a page), nor its stack addresses.
    handleStructuredLogs: ({ level, message }) => {
      if (level !== "warn" && level !== "error") return;
      if (/^stack: |^kj::getCaughtExceptionAsKj\(\) = .*disconnected/.test(message)) return;
      process.stderr.write(`${message}\n`);
    },
    workers: [
      {
        ...workerOptions,
        name: "creative-marketplace",
        // One file: esbuild bundled every import into it.
        modules: [{ type: "ESModule", path: join(outdir, "server.js") }],
        bindings: { ...workerOptions.bindings, ...vars },
      },
      {
        name: "local-triggers",
        routes: ["*/__scheduled"],
        compatibilityDate: workerOptions.compatibilityDate,
        modules: true,
        script: "export default { fetch: (request, env) => env.RUN_SCHEDULED.fetch(request) };",
        serviceBindings: {
          RUN_SCHEDULED: async () => {
            const shop = await mf.getWorker("creative-marketplace");
            const { outcome } = await shop.scheduled({ cron: "*/30 * * * *" });
            return new Response(`${outcome}\n`, { status: outcome === "ok" ? 200 : 500 });
          },
        },
      },
    ],
  });
  await mf.ready;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void mf.dispose().finally(() => process.exit(0));
    });
  }
}
