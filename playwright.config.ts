import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://127.0.0.1:${PORT}`;
/** Specs that add or archive products (see the catalogue-writes project). */
const CATALOGUE_WRITES = /admin-products\.spec\.ts/;

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
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Chromium's background services would try the (closed) network.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@mobile/, testIgnore: CATALOGUE_WRITES },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: CATALOGUE_WRITES },
    // Creating, editing and archiving products changes the listing the other tests read: run them last.
    { name: "catalogue-writes", use: { ...devices["Desktop Chrome"], channel: undefined }, testMatch: CATALOGUE_WRITES, dependencies: ["desktop", "mobile"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
