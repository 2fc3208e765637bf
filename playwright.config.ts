import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * A second server the way production runs it: over HTTPS (wrangler's local certificate, so session
 * cookies get their `__Host-` names) with Stripe's keys set and PAYMENTS unset, the README's Stripe
 * configuration. Stripe.js itself is served by the tests (tests/e2e/support/fake-stripe.js).
 */
const SECURE_PORT = Number(process.env.E2E_SECURE_PORT ?? 8790);
const secureURL = `https://127.0.0.1:${SECURE_PORT}`;
/** Specs that add or archive products (see the catalogue-writes project). */
const CATALOGUE_WRITES = /admin-products\.spec\.ts/;
/** Specs for the HTTPS + Stripe-keys server. */
const SECURE_STRIPE = /https-stripe\.spec\.ts/;

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here).
 * The server is the production build on a fresh, seeded local D1/R2 (scripts/e2e-server.mjs).
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // DOM snapshots of a failed test, without the screencast (which costs CPU in every test that passes).
    // DOM snapshots of a failed test (no screencast). `npm test` turns tracing off (E2E_TRACE=off):
    // tracing every test that passes cost about a twentieth of the suite's CPU, and a failure still
    // leaves its error-context.md; run the failing spec alone to get its trace.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Chromium's background services would try the (closed) network.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@mobile/, testIgnore: [CATALOGUE_WRITES, SECURE_STRIPE] },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: [CATALOGUE_WRITES, SECURE_STRIPE] },
    { name: "https-stripe", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: secureURL, ignoreHTTPSErrors: true }, testMatch: SECURE_STRIPE },
    // Creating, editing and archiving products changes the listing the other tests read: run them last.
    { name: "catalogue-writes", use: { ...devices["Desktop Chrome"], channel: undefined }, testMatch: CATALOGUE_WRITES, dependencies: ["desktop", "mobile"] },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `${baseURL}/healthz`,
      env: { PORT: String(PORT) },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${secureURL}/healthz`,
      ignoreHTTPSErrors: true,
      env: {
        PORT: String(SECURE_PORT),
        PERSIST_DIR: ".wrangler/e2e-secure",
        WRANGLER_DEV_ARGS: "--local-protocol https --var STRIPE_SECRET_KEY:sk_test_e2e_not_a_real_key --var STRIPE_PUBLISHABLE_KEY:pk_test_e2e_not_a_real_key",
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
