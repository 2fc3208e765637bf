import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A page's `headers` for routes whose actions can refuse with 429: Remix does not copy an action's
 * headers onto the page it renders, so the action's own `Retry-After` (set by the one builder,
 * app/http/refusal-answer.server.ts) would be lost. The loader's `Cache-Control` is kept.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const cache = loaderHeaders.get("Cache-Control");
  if (cache) headers.set("Cache-Control", cache);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
