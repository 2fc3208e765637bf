/**
 * Security headers (docs/design.md §4), set on every response the Worker gives, in `server.ts`: pages,
 * JSON, redirects, refusals and media alike. Scripts run only with this response's nonce
 * ('strict-dynamic' lets those scripts load the app's chunks and, in Stripe mode, Stripe.js); no
 * inline script runs without it. 'self' and Stripe's host stay for browsers without CSP 3.
 */
import { SERVED_FILE_POLICY } from "../http/serve-file.server";
import { isLocalEnvironment } from "../domain/environment.server";
import { paymentsMode } from "../domain/payments/mode.server";

export interface SecurityHeaderOptions {
  production?: boolean;
  /** Stripe.js and its iframes are allowed only when card payments go through Stripe. */
  stripe?: boolean;
  /** This response's script nonce; without one (refusals, JSON) no inline script may run at all. */
  nonce?: string;
}

/** The header options for this deployment: the same payment-mode decision the checkout uses. */
export function securityHeaderOptions(env: Env): SecurityHeaderOptions {
  return { production: !isLocalEnvironment(env), stripe: paymentsMode(env) === "stripe" };
}

/** Referrer policies a page may set for itself over the default (never a looser one). */
const STRICTER_REFERRER_POLICIES = new Set(["same-origin", "no-referrer", "strict-origin"]);

/** Headers every response carries, whatever it is. */
const BASE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

/** Static files are never documents that run scripts: an SVG opened directly gets nothing. */
const STATIC_FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The `_headers` file of the static assets (build/client), which the platform serves without
 * running the Worker: the same base headers, written at build time by vite.config.ts.
 */
export function staticAssetHeadersFile(): string {
  const lines = Object.entries({ ...BASE_HEADERS, "Content-Security-Policy": STATIC_FILE_POLICY }).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the build (app/edge/security.server.ts); do not edit.\n/*\n${lines.join("\n")}\n`;
}

export function applySecurityHeaders(headers: Headers, { production = false, stripe = false, nonce }: SecurityHeaderOptions = {}) {
  const stripeScript = stripe ? " https://js.stripe.com" : "";
  const trusted = nonce ? `'nonce-${nonce}' 'strict-dynamic' ` : "";
  // A served file keeps its own, stricter policy.
  if (headers.get("Content-Security-Policy") !== SERVED_FILE_POLICY)
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${trusted}'self'${stripeScript}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
        `frame-src${stripe ? " https://js.stripe.com https://hooks.stripe.com" : " 'none'"}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    );
  for (const [name, value] of Object.entries(BASE_HEADERS)) {
    // A page with a secret in its address says no other site may be told it: its stricter policy stays.
    if (name === "Referrer-Policy" && STRICTER_REFERRER_POLICIES.has(headers.get(name) ?? "")) continue;
    headers.set(name, value);
  }
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}
