import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { startFakeMail } from "./tests/support/fake-mail";
import { startFakeStripe } from "./tests/support/fake-stripe";
import { startFakeVat } from "./tests/support/fake-vat";

/**
 * Integration tests run inside workerd with real (local) D1 and R2. `SELF` is the built Worker
 * (server.ts + build/server), so run `npm run build` first; `npm test` does.
 */
// The Stripe adapter's tests talk to this fake over HTTP through the real SDK.
const fakeStripe = await startFakeStripe();
// The HTTP mail transport's tests send to this fake email API.
const fakeMail = await startFakeMail();
// The VAT number verifier's adapters (VIES, HMRC) are tested against these fakes.
const fakeVat = await startFakeVat();

/**
 * The security matrix's three files first (each is thousands of requests): a worker's workerd, kept
 * from file to file, answers more slowly the longer it has run, and the matrix run last once took
 * five times as long as on a fresh one. Then vitest's own order.
 */
class MatrixFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const matrix = (file: TestSpecification) => (file.moduleId.includes("/security-matrix/") ? 0 : 1);
    return [...(await super.sort(files))].sort((a, b) => matrix(a) - matrix(b));
  }
}

export default defineConfig({
  // As wrangler.toml's [alias]: React Email's renderer asks for React 19's `react-dom/server.edge`.
  resolve: { alias: { "react-dom/server.edge": "react-dom/server.browser" } },
  plugins: [
    tsconfigPaths(),
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          ENVIRONMENT: "test",
          // Cheap password hashes (honoured only with ENVIRONMENT=test): the suite signs up hundreds of people.
          PASSWORD_HASH_COST: "test",
          // Tests read right after they write; tests/integration/edge-cache.test.ts covers the cache itself.
          EDGE_CACHE: "off",
          TOKEN_SECRET: "integration-test-token-secret-0123456789",
          // Where email links point (never a request's Host).
          SHOP_ORIGIN: "http://localhost",
          // Uploads in parts cut into R2's smallest parts, so a test file of a few parts stays small.
          UPLOAD_PART_BYTES: String(5 * 1024 * 1024),
          FAKE_STRIPE_PORT: String(fakeStripe.port),
          FAKE_MAIL_PORT: String(fakeMail.port),
          FAKE_VAT_PORT: String(fakeVat.port),
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
        },
      },
    })),
  ],
  test: {
    include: ["tests/integration/**/*.test.ts"],
    // Files run two at a time: on a 2-core machine this halves the suite, since a good part of each
    // file's time is spent waiting on workerd. Each worker keeps its workerd (and the modules it has
    // loaded) from one file to the next, since starting afresh cost about 7 s a file; the setup file
    // empties D1 and R2 and seeds again, so every file still starts from the same storage.
    maxWorkers: 2,
    isolate: false,
    // For a busy machine: with another process keeping both cores busy, the longest test without a
    // budget of its own (every example of the document checked) took 26 s; tests that take longer
    // set their own.
    testTimeout: 60_000,
    sequence: { sequencer: MatrixFirst },
    setupFiles: ["./tests/integration/setup.ts"],
    deps: {
      optimizer: {
        // Pre-bundled once, so each test file loads a handful of modules instead of the hundreds
        // these packages ship as (the Stripe SDK alone is several hundred).
        ssr: {
          enabled: true,
          include: [
            "@remix-run/cloudflare",
            "@remix-run/server-runtime",
            "@remix-run/react",
            "@conform-to/react",
            "@conform-to/zod",
            "@react-email/components",
            "@react-email/render",
            "drizzle-orm",
            "drizzle-orm/sqlite-core",
            "isbot",
            "jose",
            "pdf-lib",
            "react",
            "react/jsx-runtime",
            "react-dom/server",
            "remix-auth",
            "remix-auth/strategy",
            "stripe",
            "zod",
            "zod-to-json-schema",
          ],
        },
      },
    },
  },
});
