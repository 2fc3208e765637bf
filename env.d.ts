/** Bindings and variables of the Worker (wrangler.toml). */
interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  ENVIRONMENT?: string;
}
declare namespace Cloudflare {
  // Makes `env` from "cloudflare:test" typed in integration tests.
  interface Env extends globalThis.Env {
    TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[];
  }
}
