/**
 * The catalogue's version in this data centre: every catalogue write bumps it, and the edge cache
 * (app/edge/edge-cache.server.ts) keys every cached catalogue page by it, so a change shows at once.
 * It lives in the Workers cache itself, where the edge cache reads it.
 */
/** Where the data centre's catalogue version lives: in the same cache, under a key no request can have. */
const VERSION_KEY = "https://edge-cache.internal/catalogue-version";

export function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export async function catalogueVersion(cache: Cache): Promise<string> {
  const stored = await cache.match(VERSION_KEY);
  return stored ? await stored.text() : "0";
}

/**
 * Makes every cached catalogue URL of this data centre stale at once: called by every catalogue
 * write (domain/catalogue/product-admin.server.ts), so a new write path cannot forget it, and by
 * every change to the tax settings (money/tax-settings.server.ts: product pages show a consumer's
 * tax). Failures are logged, never thrown: the write itself has happened.
 */
export async function catalogueChanged(options: { cache?: Cache; now?: () => number } = {}) {
  try {
    const cache = options.cache ?? defaultCache();
    const version = String((options.now ?? Date.now)());
    await cache.put(VERSION_KEY, new Response(version, { headers: { "Cache-Control": "public, max-age=31536000" } }));
  } catch (error) {
    console.error("Edge cache version bump failed", error);
  }
}
