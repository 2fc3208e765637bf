import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A page's `headers` for routes whose actions can refuse with 429: Remix copies neither a loader's
 * nor an action's headers onto the page it renders (or its `.data` answer) unless the route says
 * which, so the action's own `Retry-After` (set by the one builder, app/http/refusal-answer.server.ts)
 * would be lost, and so would a private page's `Cache-Control` and `Referrer-Policy`. Those two of
 * the loader's are kept.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Referrer-Policy"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
