/**
 * CSRF defence for cookie-authenticated requests (docs/design.md §4). Browsers label cross-site requests
 * with `Sec-Fetch-Site` and `Origin`; a state-changing request that says it came from elsewhere is
 * refused. Requests without either header are not from a browser and so carry no victim's cookies.
 * The JSON API authenticates with Bearer tokens, never cookies, and is exempt.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/v1/")) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  // Both headers are checked: a request claiming `same-origin` but naming another origin is not ours
  // (and Remix itself would throw on the mismatch).
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== url.origin;
}
