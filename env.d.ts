import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import type { MailJob } from "./app/domain/mail/mail.server";

declare global {
  /** Bindings and variables of the Worker (wrangler.toml, .dev.vars, `wrangler secret put`). */
  interface Env {
    DB: D1Database;
    MEDIA: R2Bucket;
    /** Cloudflare Images: AVIF/WebP variants of product images (Miniflare runs it locally with sharp). */
    IMAGES: ImagesBinding;
    ENVIRONMENT?: string;
    /** HMAC key for API access tokens (at least 32 characters). */
    TOKEN_SECRET: string;
    AUTH_LIMITER: RateLimit;
    ADDRESS_LIMITER: RateLimit;
    /** Requests refused as malformed: 30 a minute per client address (app/http/refusals.server.ts). */
    REFUSAL_LIMITER: RateLimit;
    /** `local` (default, offline test-card gateway) or `stripe`. */
    PAYMENTS?: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_PUBLISHABLE_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    /** The Connect endpoint's signing secret (connected accounts' events such as `account.updated`), beside STRIPE_WEBHOOK_SECRET. */
    STRIPE_CONNECT_WEBHOOK_SECRET?: string;
    /** Points the Stripe SDK at another server (the tests' fake Stripe), e.g. "127.0.0.1:12111" over "http". */
    STRIPE_API_HOST?: string;
    STRIPE_API_PORT?: string;
    STRIPE_API_PROTOCOL?: string;
    /** "on" (with STRIPE_SECRET_KEY): tax from Stripe Tax instead of the shop's rule table (app/domain/money/tax-service.server.ts). */
    STRIPE_TAX?: string;
    /**
     * Who verifies a business buyer's VAT number before the reverse charge (app/domain/money/vat-numbers.server.ts):
     * `services` (VIES for EU numbers, HMRC for UK ones) or `local` (the README's test list; the default
     * locally, and production refuses to run unless it is set).
     */
    TAX_ID_VERIFIER?: string;
    /** HMRC's check-a-VAT-number API: the application's OAuth client credentials (secrets) and, optionally, the studio's own VAT number for a consultation number. */
    HMRC_CLIENT_ID?: string;
    HMRC_CLIENT_SECRET?: string;
    HMRC_REQUESTER_VRN?: string;
    /** The studio's EU VAT number, if it has one: VIES then gives a request identifier as proof. */
    VIES_REQUESTER?: string;
    /** The services' bases (default the real ones; the tests point them at local fakes). */
    HMRC_API_URL?: string;
    VIES_API_URL?: string;
    /** Stripe's product tax code for the packages (default txcd_20030000, services in general). */
    STRIPE_TAX_CODE?: string;
    /** Origins that may call /api/v1 from a browser, comma-separated; `http://host:*` allows any port. */
    CORS_ORIGINS?: string;
    /** "test" makes password hashing cheap, honoured only when ENVIRONMENT is "test" (the integration suite). */
    PASSWORD_HASH_COST?: string;
    /** "off" disables the edge cache of public reads (the integration suite, which reads right after it writes). */
    EDGE_CACHE?: string;
    /** Outgoing email jobs (app/domain/mail/mail.server.ts); consumed by this Worker's `queue` handler. */
    MAIL_QUEUE: Queue<MailJob>;
    /** How email leaves: `local` (default) keeps it in the outbox at /admin/emails. */
    MAIL_TRANSPORT?: string;
    /** MAIL_TRANSPORT=http: the provider's API base (e.g. https://api.resend.com), its key (a secret) and the sender. */
    MAIL_API_URL?: string;
    MAIL_API_KEY?: string;
    MAIL_FROM?: string;
    /** Where the studio's news goes (briefs in, revision requests); unset: every admin account. */
    STUDIO_EMAIL?: string;
    /** The shop's public origin (https://shop.example), for links in emails the scheduled run sends. */
    SHOP_ORIGIN?: string;
    /** The size files sent in parts are cut into, in bytes (at least 5 MiB, R2's smallest part; default 16 MiB). The tests use 5 MiB. */
    UPLOAD_PART_BYTES?: string;
    /** The studio's own social profiles for the footer (https addresses); unset ones are not shown (app/lib/social.ts). */
    SOCIAL_INSTAGRAM?: string;
    SOCIAL_YOUTUBE?: string;
    SOCIAL_LINKEDIN?: string;
    SOCIAL_X?: string;
    /** Local runs only: the visitor's country (e.g. GB) when no `X-Test-Country` header says otherwise (app/http/visitor-country.server.ts). */
    DEV_COUNTRY?: string;
  }

  namespace Cloudflare {
    // Types `env` from "cloudflare:test" in the integration tests.
    interface Env extends globalThis.Env {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_STRIPE_PORT: string;
      FAKE_MAIL_PORT: string;
      FAKE_VAT_PORT: string;
    }
  }
}

export {};
