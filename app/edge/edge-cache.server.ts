/**
 * Edge caching of public reads for anonymous visitors (ADR 006). Pages and public API reads without
 * a session cookie or token are kept in the Workers Cache API of the data centre: fresh for
 * FRESH_SECONDS, then served stale for up to STALE_SECONDS while one background request refreshes
 * them. Every key carries the catalogue's version; each catalogue write bumps it
 * (`catalogueChanged` in domain/catalogue/catalogue-version.server.ts, called by every catalogue write), so every cached catalogue URL of that
 * data centre, whatever its query, is fresh at once. Requests with credentials never touch the
 * cache, and answers marked private (everything made for a signed-in person) or setting a cookie are
 * never stored.
 *
 * Product pages show what a consumer in the visitor's country pays, tax included, when the rule
 * table has a row of that country's own: they are kept once per tax class, the country's code for
 * such a country and one shared `*` copy for every other (`TaxVisitor`).
 */
import { isAnonymousRequest } from "../auth/index.server";
import { catalogueVersion, defaultCache } from "../domain/catalogue/catalogue-version.server";
import { ANY_COUNTRY } from "../domain/money/tax-rules";

export { catalogueChanged } from "../domain/catalogue/catalogue-version.server";

export const FRESH_SECONDS = 30;
export const STALE_SECONDS = 30;

const STORED_AT = "X-Edge-Stored-At";
const ORIGIN_CACHE_CONTROL = "X-Edge-Origin-Cache-Control";

/** The public GETs worth caching: the shop's pages and the catalogue's API reads. */
const PUBLIC_PATHS = [
  /^\/home$/,
  /^\/examples$/,
  /^\/products$/,
  /^\/products\/\d{1,12}$/,
  // The legal texts quote the seller settings, whose writes bump the catalogue's version too.
  /^\/(terms|privacy|how-we-work-with-creators)$/,
  // Creators' public pages: every change of a profile, a portfolio, a status or a product's
  // creators bumps the version (domain/creators), as catalogue writes do.
  /^\/creators$/,
  /^\/creators\/[a-z0-9-]{1,80}$/,
  /^\/api\/v1\/creators$/,
  /^\/api\/v1\/creators\/[a-z0-9-]{1,80}$/,
  /^\/api\/v1\/products$/,
  /^\/api\/v1\/products\/\d{1,12}$/,
  /^\/api\/v1\/tags$/,
  /^\/api\/v1\/autosuggest\/(tags|products)$/,
];

/** The pages that show a consumer's tax for the visitor's country: the product page's price panel. */
const BY_TAX_CLASS = /^\/products\/\d{1,12}$/;

/** Which tax class each country's visitors were last shown, in this data centre: under a key no request can have. */
const TAX_CLASS_KEY = "https://edge-cache.internal/tax-class";

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET" || !isAnonymousRequest(request)) return false;
  return PUBLIC_PATHS.some((re) => re.test(new URL(request.url).pathname));
}

/**
 * One key per page, catalogue version and (product pages) tax class: origin, path, the query sorted
 * and re-encoded (so `?b&a` and `?a&b` share), the version and the class.
 */
export function cacheKey(url: string | URL, version = "0", taxClass?: string): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  params.push(["__catalogue", version]);
  if (taxClass !== undefined) params.push(["__tax", taxClass]);
  return `${parsed.origin}${parsed.pathname}?${new URLSearchParams(params)}`;
}

/**
 * A visitor of a page that shows a consumer's tax. Which class a country falls in is the rule
 * table's to say, and only the page reads it (in its own batch): so the cache learns each
 * country's class from the page made for its visitors (`madeFor`, the load context's
 * `madeFor.taxClass`) and remembers it for the catalogue version and up to a minute. Until then a
 * visitor from that country gets a page made for them (a miss); afterwards every visitor of that
 * country shares the copy of its class. The key always follows what the page was made for, so a
 * page with one country's tax line can never be kept for another's visitors, even while a rule
 * change made in another data centre is on its way.
 */
export interface TaxVisitor {
  /** ISO 3166-1 alpha-2, or null when unknown (its visitors are shown no line: the `*` copy). */
  country: string | null;
  /** The class the handler's page was made for, once it has answered; undefined: not such a page (never stored). */
  madeFor: () => string | undefined;
}

function taxClassKey(country: string, version: string) {
  return `${TAX_CLASS_KEY}?${new URLSearchParams({ country, __catalogue: version })}`;
}

/** The class this country's visitors were last shown under this catalogue version, if it is recent; null: not known. */
async function knownTaxClass(cache: Cache, country: string, version: string, now: number): Promise<string | null> {
  const stored = await cache.match(taxClassKey(country, version));
  if (!stored) return null;
  const age = (now - Number(stored.headers.get(STORED_AT))) / 1000;
  return age >= 0 && age < FRESH_SECONDS + STALE_SECONDS ? await stored.text() : null;
}

/**
 * Remembered no longer than a page is kept: a rule change made in another data centre (which bumps
 * only its own catalogue version) reaches this one's classes as late as its pages, within a minute.
 */
async function rememberTaxClass(cache: Cache, country: string, version: string, taxClass: string, now: number) {
  const headers = { "Cache-Control": `public, max-age=${FRESH_SECONDS + STALE_SECONDS}`, [STORED_AT]: String(now) };
  await cache.put(taxClassKey(country, version), new Response(taxClass, { headers }));
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
  /** The visitor, for product pages (server.ts always says; without it they are kept once, whatever the country). */
  tax?: TaxVisitor;
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
  const tax = options.tax && BY_TAX_CLASS.test(new URL(request.url).pathname) ? options.tax : null;
  // The copy to look for: for a page that shows a consumer's tax, the one of the visitor's class,
  // when that is known (null: not yet, the page must be made to learn it).
  let taxClass: string | null | undefined;
  if (tax) {
    try {
      taxClass = tax.country === null ? ANY_COUNTRY : await knownTaxClass(cache, tax.country, version, now());
    } catch (error) {
      console.error("Edge cache read failed", error);
      taxClass = null;
    }
  }
  const key = taxClass === null ? null : cacheKey(request.url, version, taxClass);
  /** Keeps an answer the handler made (a copy), under the class it was made for, and remembers that class for the visitor's country. */
  const keep = async (response: Response, at: number) => {
    if (!tax) return store(cache, key!, response, at);
    const madeFor = tax.madeFor();
    if (madeFor === undefined) return;
    await store(cache, cacheKey(request.url, version, madeFor), response, at);
    if (tax.country !== null && madeFor !== taxClass) await rememberTaxClass(cache, tax.country, version, madeFor, at);
  };
  const refresh = async () => {
    const response = await handler();
    if (storable(response)) await keep(response.clone(), now());
    return response;
  };

  let hit: Response | undefined;
  try {
    if (key !== null) hit = await cache.match(key);
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
    ctx.waitUntil(keep(copy, now()).catch((error: unknown) => console.error("Edge cache write failed", error)));
  }
  return withCacheStatus(response, "MISS");
}
