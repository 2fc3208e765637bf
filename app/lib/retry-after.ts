import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A page's `headers` for routes whose actions can refuse with 429: Remix does not copy an action's
 * headers onto the page it renders, so the action's own `Retry-After` (an account's remaining wait)
 * would be lost and replaced by the server's default minute.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
