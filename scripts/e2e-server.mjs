#!/usr/bin/env node
// The end-to-end suite's servers: each a fresh local D1/R2 of its own (so runs never touch the data
// `npm start` uses), migrated and seeded, serving the production build that `npm run test:e2e` /
// `npm test` made beforehand (servers never build: two building at once would clash).
//
// `node scripts/e2e-server.mjs <name>` starts one. Playwright starts both (playwright.config.ts);
// `npm test` starts them itself as soon as the build is ready, so they are up by the time the
// end-to-end stage begins, and Playwright reuses them. It migrates and seeds once, into
// E2E_SEED_FROM, which each server copies instead of seeding its own. They are served as `npm start`
// serves the shop (scripts/serve.mjs).
import { cpSync, rmSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./offline.mjs";
import { serve } from "./serve.mjs";

/** One server per configuration the suite checks. */
export const E2E_SERVERS = [
  {
    name: "http",
    port: Number(process.env.E2E_PORT ?? 8788),
    protocol: "http",
    persistDir: ".wrangler/e2e",
    // The studio's own social profiles, as an operator sets them (the other server sets none).
    vars: {
      SOCIAL_INSTAGRAM: "https://www.instagram.com/reelcraft.example/",
      SOCIAL_YOUTUBE: "https://www.youtube.com/@reelcraft.example",
      SOCIAL_LINKEDIN: "https://www.linkedin.com/company/reelcraft-example/",
      SOCIAL_X: "https://x.com/reelcraft_example",
      // Uploads in parts cut into R2's smallest parts, so a test file of a few parts stays small.
      UPLOAD_PART_BYTES: String(5 * 1024 * 1024),
    },
  },
  {
    // The way production runs: HTTPS (wrangler's local certificate, so session cookies get their
    // `__Host-` names) with Stripe's keys set and PAYMENTS unset, the README's Stripe configuration.
    name: "https-stripe",
    port: Number(process.env.E2E_SECURE_PORT ?? 8790),
    protocol: "https",
    persistDir: ".wrangler/e2e-secure",
    vars: { STRIPE_SECRET_KEY: "sk_test_e2e_not_a_real_key", STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_not_a_real_key" },
  },
];

/** The server's base URL, e.g. http://127.0.0.1:8788. */
export function serverURL(server) {
  return `${server.protocol}://127.0.0.1:${server.port}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolvePath(process.argv[1])) {
  const name = process.argv[2] ?? "http";
  const server = E2E_SERVERS.find((s) => s.name === name);
  if (!server) {
    console.error(`usage: node scripts/e2e-server.mjs <${E2E_SERVERS.map((s) => s.name).join("|")}>`);
    process.exit(2);
  }
  rmSync(server.persistDir, { recursive: true, force: true });
  const seeded = process.env.E2E_SEED_FROM;
  if (seeded) cpSync(seeded, server.persistDir, { recursive: true });
  else if ((await run("node", ["scripts/setup.mjs"], { PERSIST_DIR: server.persistDir })) !== 0) process.exit(1);
  await serve({ port: server.port, persistDir: server.persistDir, https: server.protocol === "https", vars: server.vars, origin: serverURL(server) });
  console.log(`Serving the end-to-end server ${name} on ${serverURL(server)}`);
}
