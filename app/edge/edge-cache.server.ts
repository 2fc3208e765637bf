/**
 * Edge caching of public reads for anonymous visitors (ADR 006). Pages and public API reads without
 * a session cookie or token are kept in the Workers Cache API of the data centre: fresh for
 * FRESH_SECONDS, then served stale for up to STALE_SECONDS while one background request refreshes
 * them. Every key carries the catalogue's version; each catalogue write bumps it
 * (`catalogueChanged` in domain/catalogue/catalogue-version.server.ts, called by every catalogue write), so every cached catalogue URL of that
 * data centre, whatever its query, is fresh at once. Requests with credentials never touch the
 * cache, and answers marked private (everything made for a signed-in person) or setting a cookie are
 * never stored.
 */
import { isAnonymousRequest } from "../auth/index.server";
import { catalogueVersion, defaultCache } from "../domain/catalogue/catalogue-version.server";

export { catalogueChanged } from "../domain/catalogue/catalogue-version.server";

export const FRESH_SECONDS = 30;
export const STALE_SECONDS = 30;

const STORED_AT = "X-Edge-Stored-At";
const ORIGIN_CACHE_CONTROL = "X-Edge-Origin-Cache-Control";

/** The public GETs worth caching: the shop's pages and the catalogue's API reads. */
const PUBLIC_PATHS = [
  /^\/home$/,
  /^\/products$/,
  /^\/products\/\d{1,12}$/,
  /^\/api\/v1\/products$/,
  /^\/api\/v1\/products\/\d{1,12}$/,
  /^\/api\/v1\/tags$/,
  /^\/api\/v1\/autosuggest\/(tags|products)$/,
];

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET" || !isAnonymousRequest(request)) return false;
  return PUBLIC_PATHS.some((re) => re.test(new URL(request.url).pathname));
}

/**
 * One key per page and catalogue version: origin, path, the query sorted and re-encoded (so `?b&a`
 * and `?a&b` share), and the version.
 */
export function cacheKey(url: string | URL, version = "0"): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  params.push(["__catalogue", version]);
  return `${parsed.origin}${parsed.pathname}?${new URLSearchParams(params)}`;
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
export async function withEdgeCache(
  request: Request,
  ctx: ExecutionContext,
  handler: () => Promise<Response>,
  options: EdgeCacheOptions = {},
): Promise<Response> {
  if (!isCacheable(request)) return handler();
  const cache = options.cache ?? defaultCache();
  const now = options.now ?? Date.now;
  let version = "0";
  try {
    version = await catalogueVersion(cache);
  } catch (error) {
    console.error("Edge cache version read failed", error);
    return handler();
  }
  const key = cacheKey(request.url, version);
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
