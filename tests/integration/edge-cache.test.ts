import { describe, expect, it } from "vitest";
import { catalogueChanged, FRESH_SECONDS, isCacheable, STALE_SECONDS, withEdgeCache } from "~/edge/edge-cache.server";

/** The real Cache API of workerd (a named cache per test), a handler that counts calls, and a clock. */
async function setup() {
  const cache = await caches.open(`test-${crypto.randomUUID()}`);
  let calls = 0;
  let clock = 1_000_000;
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException: () => {} } as unknown as ExecutionContext;
  const handler =
    (init: ResponseInit = { headers: { "Content-Type": "text/html", "Cache-Control": "no-cache" } }) =>
    async () => {
      calls++;
      return new Response(`<p>render ${calls}</p>`, init);
    };
  const get = async (url: string, headers: Record<string, string> = {}, make = handler()) => {
    const response = await withEdgeCache(new Request(url, { headers }), ctx, make, { cache, now: () => clock });
    const body = await response.text();
    await Promise.all(pending.splice(0));
    return { response, body };
  };
  return { cache, get, handler, advance: (seconds: number) => (clock += seconds * 1000), calls: () => calls };
}

describe("edge cache of public reads", () => {
  it("serves anonymous repeats from the cache: fresh, then stale while one refresh runs, then anew", async () => {
    const t = await setup();
    const first = await t.get("https://shop.test/products?page=2&tag=3D");
    expect(first.response.headers.get("X-Cache")).toBe("MISS");
    const second = await t.get("https://shop.test/products?tag=3D&page=2");
    expect(second.response.headers.get("X-Cache")).toBe("HIT");
    expect(second.body).toBe(first.body);
    // The browser gets the page's own caching rules, not the edge's.
    expect(second.response.headers.get("Cache-Control")).toBe("no-cache");
    expect(second.response.headers.has("X-Edge-Stored-At")).toBe(false);
    expect(t.calls()).toBe(1);

    t.advance(FRESH_SECONDS + 1);
    const stale = await t.get("https://shop.test/products?page=2&tag=3D");
    expect(stale.response.headers.get("X-Cache")).toBe("STALE");
    expect(stale.body).toBe("<p>render 1</p>");
    expect(t.calls()).toBe(2);
    const refreshed = await t.get("https://shop.test/products?page=2&tag=3D");
    expect(refreshed.response.headers.get("X-Cache")).toBe("HIT");
    expect(refreshed.body).toBe("<p>render 2</p>");

    t.advance(FRESH_SECONDS + STALE_SECONDS + 1);
    const expired = await t.get("https://shop.test/products?page=2&tag=3D");
    expect(expired.response.headers.get("X-Cache")).toBe("MISS");
    expect(expired.body).toBe("<p>render 3</p>");
  });

  it("never caches signed-in requests, tokens, writes, private pages or responses that set cookies", async () => {
    const t = await setup();
    expect(isCacheable(new Request("https://shop.test/products", { headers: { Cookie: "theme=dark; sid=abc" } }))).toBe(false);
    expect(isCacheable(new Request("https://shop.test/products/1", { headers: { Cookie: "admin_sid=abc" } }))).toBe(false);
    expect(isCacheable(new Request("https://shop.test/api/v1/products", { headers: { Authorization: "Bearer x" } }))).toBe(false);
    expect(isCacheable(new Request("https://shop.test/products", { method: "POST" }))).toBe(false);
    for (const path of ["/profile", "/profile/orders", "/admin/products", "/api/v1/orders", "/products/1/checkout", "/login"]) {
      expect(isCacheable(new Request(`https://shop.test${path}`)), path).toBe(false);
    }
    expect(isCacheable(new Request("https://shop.test/products", { headers: { Cookie: "theme=dark" } }))).toBe(true);

    await t.get("https://shop.test/products", { Cookie: "sid=abc" });
    await t.get("https://shop.test/products", { Cookie: "sid=abc" });
    expect(t.calls()).toBe(2);
    const cookie = t.handler({ headers: { "Set-Cookie": "a=b" } });
    await t.get("https://shop.test/home", {}, cookie);
    expect((await t.get("https://shop.test/home", {}, cookie)).response.headers.get("X-Cache")).toBe("MISS");
    const notFound = t.handler({ status: 404 });
    await t.get("https://shop.test/products/999", {}, notFound);
    expect((await t.get("https://shop.test/products/999", {}, notFound)).response.headers.get("X-Cache")).toBe("MISS");
  });

  it("a catalogue change makes every cached catalogue URL fresh at once, whatever its query", async () => {
    const t = await setup();
    const urls = [
      "https://shop.test/products",
      "https://shop.test/products?tag=Brand%20Film&page=2",
      "https://shop.test/products/7",
      "https://shop.test/api/v1/products?limit=5&pageNumber=1",
      "https://shop.test/api/v1/products/7",
      "https://shop.test/home",
    ];
    for (const url of urls) await t.get(url);
    for (const url of urls) expect((await t.get(url)).response.headers.get("X-Cache"), url).toBe("HIT");
    await catalogueChanged({ cache: t.cache, now: () => 42 });
    for (const url of urls) expect((await t.get(url)).response.headers.get("X-Cache"), url).toBe("MISS");
    for (const url of urls) expect((await t.get(url)).response.headers.get("X-Cache"), url).toBe("HIT");
  });
});
