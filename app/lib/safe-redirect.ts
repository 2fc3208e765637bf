/**
 * Where the shop may send a browser after a form or a payment: a path on our own origin, nothing
 * else (no open redirects). The candidate is judged the way a browser will read it, by the WHATWG
 * URL parser, after refusing what browsers silently drop or rewrite (tabs, line breaks and other
 * control characters; backslashes, which they read as slashes). The answer is the parser's own
 * serialisation of the path, so it is always a valid header value. Anything doubtful gets `fallback`.
 */
const PROBE_ORIGIN = "https://own-origin.invalid";
const MAX_LENGTH = 2048;

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/products"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path the parser turned into `//host` would be read as another origin.
  return path.startsWith("//") ? fallback : path;
}
