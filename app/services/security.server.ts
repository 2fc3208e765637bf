/**
 * Security headers for every HTML response (DESIGN.md §4). Inline scripts are Remix's hydration
 * data, hence 'unsafe-inline' for scripts until nonces are threaded through the document.
 */
export function applySecurityHeaders(headers: Headers, { production = false, stripe = false } = {}) {
  // Stripe.js and its iframes, only when Stripe payments are on.
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
