import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  /** Bindings and variables of the Worker (wrangler.toml, .dev.vars, `wrangler secret put`). */
  interface Env {
    DB: D1Database;
    MEDIA: R2Bucket;
    ENVIRONMENT?: string;
    /** HMAC key for API access tokens (at least 32 characters). */
    TOKEN_SECRET: string;
    AUTH_LIMITER: RateLimit;
  }

  namespace Cloudflare {
    // Types `env` from "cloudflare:test" in the integration tests.
    interface Env extends globalThis.Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

export {};
