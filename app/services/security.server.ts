/**
 * Security headers (DESIGN.md §4), set on every response the Worker gives, in `server.ts`: pages,
 * JSON, redirects, refusals and media alike. Inline scripts are Remix's hydration data, hence
 * 'unsafe-inline' for scripts until nonces are threaded through the document.
 */
import { isLocalEnvironment } from "./environment.server";
import { paymentsMode } from "./payments/mode.server";

export interface SecurityHeaderOptions {
  production?: boolean;
  /** Stripe.js and its iframes are allowed only when card payments go through Stripe. */
  stripe?: boolean;
}

/** The header options for this deployment: the same payment-mode decision the checkout uses. */
export function securityHeaderOptions(env: Env): SecurityHeaderOptions {
  return { production: !isLocalEnvironment(env), stripe: paymentsMode(env) === "stripe" };
}

export function applySecurityHeaders(headers: Headers, { production = false, stripe = false }: SecurityHeaderOptions = {}) {
  const stripeScript = stripe ? " https://js.stripe.com" : "";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${stripeScript}`,
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
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}
