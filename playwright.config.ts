import { defineConfig, devices } from "@playwright/test";
import { testBrowserPath } from "./scripts/chromium.mjs";
import { E2E_SERVERS, serverURL } from "./scripts/e2e-server.mjs";

const [plain, secure] = E2E_SERVERS;
const baseURL = serverURL(plain);
/** The HTTPS server with Stripe's keys set; Stripe.js itself is served by the tests (tests/e2e/support/fake-stripe.js). */
const secureURL = serverURL(secure);
/** Specs that add or archive products, or change the seller's details and tax rules (see the catalogue-writes project). */
const CATALOGUE_WRITES = /(admin-products|tax-settings|offers)\.spec\.ts/;
/** Specs for the HTTPS + Stripe-keys server. */
const SECURE_STRIPE = /https-stripe\.spec\.ts/;

/**
 * End-to-end tests in Debian's Chromium (scripts/chromium.mjs says which binary). The servers serve
 * the production build on fresh, seeded local D1/R2 (scripts/e2e-server.mjs).
 */
const launchOptions = {
  executablePath: testBrowserPath(),
  // Chromium's background services would try the (closed) network.
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Budgets for a busy machine: a test gets at least three times what it takes alone on a quiet one
  // (the longest, up to 20 s alone, 60 s; the few longer flows ask for three times that with
  // `test.slow()`), and an expectation 15 s to come true. Passing tests take no longer for it.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // DOM snapshots of a failed test (no screencast). `npm test` turns tracing off (E2E_TRACE=off):
    // tracing every test that passes cost about a twentieth of the suite's CPU, and a failure still
    // leaves its error-context.md; run the failing spec alone to get its trace.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false },
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@mobile/, testIgnore: [CATALOGUE_WRITES, SECURE_STRIPE] },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: [CATALOGUE_WRITES, SECURE_STRIPE] },
    {
      name: "https-stripe",
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: secureURL,
        ignoreHTTPSErrors: true,
        // The local certificate is self-signed. `ignoreHTTPSErrors` alone lets pages load, but the
        // browser's other connections (preconnects) still refused the certificate mid-handshake,
        // and a navigation that met three such closed connections in a row failed with
        // ERR_TOO_MANY_RETRIES: the browser itself is told to accept it.
        launchOptions: { ...launchOptions, args: [...launchOptions.args, "--ignore-certificate-errors"] },
      },
      testMatch: SECURE_STRIPE,
    },
    // Creating, editing and archiving products changes the listing the other tests read, and a new VAT
    // number the invoices they read: run them last.
    { name: "catalogue-writes", use: { ...devices["Desktop Chrome"], channel: undefined }, testMatch: CATALOGUE_WRITES, dependencies: ["desktop", "mobile"] },
  ],
  // Started here when Playwright runs alone; `npm test` starts them beforehand and sets E2E_SERVERS_RUNNING.
  webServer: E2E_SERVERS.map((server) => ({
    command: `node scripts/e2e-server.mjs ${server.name}`,
    url: `${serverURL(server)}/healthz`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: process.env.E2E_SERVERS_RUNNING === "1",
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
