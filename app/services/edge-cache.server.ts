/**
 * Edge caching of public reads for anonymous visitors (issue 6, ADR 006). Pages and public API
 * reads without a session cookie or token are kept in the Workers Cache API of the colo: fresh for
 * FRESH_SECONDS, then served stale for up to STALE_SECONDS while one background request refreshes
 * them. Admin writes purge the obvious URLs; any other URL (a filtered or later page) is at most
 * FRESH_SECONDS + STALE_SECONDS old. Requests with credentials never touch the cache, and answers
 * marked private (everything made for a signed-in person) or setting a cookie are never stored.
 */
import { isAnonymousRequest } from "./sessions.server";

export const FRESH_SECONDS = 30;
export const STALE_SECONDS = 30;

const STORED_AT = "X-Edge-Stored-At";
const ORIGIN_CACHE_CONTROL = "X-Edge-Origin-Cache-Control";

/** The public GETs worth caching: the shop's pages and the catalogue's API reads. */
const PUBLIC_PATHS = [/^\/home$/, /^\/products$/, /^\/products\/\d{1,12}$/, /^\/api\/v1\/products$/, /^\/api\/v1\/products\/\d{1,12}$/, /^\/api\/v1\/tags$/, /^\/api\/v1\/autosuggest\/(tags|products)$/];

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET" || !isAnonymousRequest(request)) return false;
  return PUBLIC_PATHS.some((re) => re.test(new URL(request.url).pathname));
}

/** One key per page: origin, path and the query sorted and re-encoded (so `?b&a` and `?a&b` share). */
export function cacheKey(url: string | URL): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${parsed.origin}${parsed.pathname}${query ? `?${query}` : ""}`;
}

function withCacheStatus(response: Response, status: "HIT" | "STALE" | "MISS" | "BYPASS", age?: number): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Cache", status);
  if (age !== undefined) headers.set("Age", String(Math.floor(age)));
  const origin = headers.get(ORIGIN_CACHE_CONTROL);
  headers.delete(ORIGIN_CACHE_CONTROL);
  headers.delete(STORED_AT);
  if (origin !== null) headers.set("Cache-Control", origin);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/.test(response.headers.get("Cache-Control") ?? "");
}

async function store(cache: Cache, key: string, response: Response, now: number) {
  const headers = new Headers(response.headers);
  headers.set(ORIGIN_CACHE_CONTROL, response.headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${FRESH_SECONDS + STALE_SECONDS}`);
  headers.set(STORED_AT, String(now));
  await cache.put(key, new Response(await response.arrayBuffer(), { status: response.status, headers }));
}

export interface EdgeCacheOptions {
  cache?: Cache;
  now?: () => number;
}

/**
 * Answers `request` from the edge cache when it may, else from `handler`, storing what can be
 * stored. Cache failures never fail the request: the handler answers instead.
 */
export async function withEdgeCache(request: Request, ctx: ExecutionContext, handler: () => Promise<Response>, options: EdgeCacheOptions = {}): Promise<Response> {
  if (!isCacheable(request)) return handler();
  const cache = options.cache ?? (caches as unknown as { default: Cache }).default;
  const now = options.now ?? Date.now;
  const key = cacheKey(request.url);
  const refresh = async () => {
    const response = await handler();
    if (storable(response)) await store(cache, key, response.clone(), now());
    return response;
  };

  let hit: Response | undefined;
  try {
    hit = await cache.match(key);
  } catch (error) {
    console.error("Edge cache read failed", error);
  }
  if (hit) {
    const age = (now() - Number(hit.headers.get(STORED_AT))) / 1000;
    if (age >= 0 && age < FRESH_SECONDS) return withCacheStatus(hit, "HIT", age);
    if (age >= 0 && age < FRESH_SECONDS + STALE_SECONDS) {
      ctx.waitUntil(refresh().catch((error: unknown) => console.error("Edge cache refresh failed", error)));
      return withCacheStatus(hit, "STALE", age);
    }
  }
  const response = await handler();
  if (storable(response)) {
    const copy = response.clone();
    ctx.waitUntil(store(cache, key, copy, now()).catch((error: unknown) => console.error("Edge cache write failed", error)));
  }
  return withCacheStatus(response, "MISS");
}

/**
 * Removes the cached copies an admin change to `productId` makes wrong: the shop's first pages, the
 * product's page and their API reads (documents and Remix's `_data` requests).
 */
export async function purgeCatalogue(origin: string, productId?: number, options: { cache?: Cache } = {}) {
  const cache = options.cache ?? (caches as unknown as { default: Cache }).default;
  const paths = ["/home", "/products", "/products?_data=routes%2F_site.products._index", "/api/v1/products", "/api/v1/tags"];
  if (productId !== undefined) paths.push(`/products/${productId}`, `/products/${productId}?_data=routes%2F_site.products.%24id`, `/api/v1/products/${productId}`);
  const results = await Promise.allSettled(paths.map((path) => cache.delete(cacheKey(`${origin}${path}`))));
  for (const result of results) if (result.status === "rejected") console.error("Edge cache purge failed", result.reason);
}
