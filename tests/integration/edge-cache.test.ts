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
  return { cache, get, handler, advance: (seconds: number) => (clock += seconds * 1000), now: () => clock, calls: () => calls };
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
    // The legal texts are public pages too (their seller details change only with a settings write, which bumps the version).
    for (const path of ["/terms", "/privacy"]) expect(isCacheable(new Request(`https://shop.test${path}`)), path).toBe(true);
    // Delivered work is catalogue too (a publish or an archive bumps the version).
    expect(isCacheable(new Request("https://shop.test/examples"))).toBe(true);
    expect(isCacheable(new Request("https://shop.test/privacy", { headers: { Cookie: "sid=abc" } }))).toBe(false);

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

describe("edge cache of product pages, by the visitor's tax class", () => {
  /**
   * A product page stand-in: it shows a tax line to visitors from a country in `ownRows` (the rule
   * table's countries with a row of their own) and says which class it was made for, as the real
   * page does through the load context.
   */
  async function taxSetup(ownRows = new Set(["GB"])) {
    const t = await setup();
    let renders = 0;
    const visit = async (url: string, country: string | null) => {
      let made: string | undefined;
      const handler = async () => {
        renders++;
        made = country && ownRows.has(country) ? country : "*";
        return new Response(`<p>render ${renders} for ${made}</p>`, { headers: { "Content-Type": "text/html" } });
      };
      const pending: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException: () => {} } as unknown as ExecutionContext;
      const response = await withEdgeCache(new Request(url), ctx, handler, { cache: t.cache, now: () => t.now(), tax: { country, madeFor: () => made } });
      const body = await response.text();
      await Promise.all(pending.splice(0));
      return { cache: response.headers.get("X-Cache"), body };
    };
    return { ...t, visit, ownRows, renders: () => renders };
  }

  it("keeps a copy per country with a row of its own and one shared by every other, learning each country's class from its page", async () => {
    const t = await taxSetup();
    const url = "https://shop.test/products/7";
    expect(await t.visit(url, "GB")).toEqual({ cache: "MISS", body: "<p>render 1 for GB</p>" });
    expect(await t.visit(url, "GB")).toEqual({ cache: "HIT", body: "<p>render 1 for GB</p>" });
    expect(await t.visit(url, "US")).toEqual({ cache: "MISS", body: "<p>render 2 for *</p>" });
    expect(await t.visit(url, "US")).toEqual({ cache: "HIT", body: "<p>render 2 for *</p>" });
    // A visitor without a known country gets the shared copy straight away.
    expect(await t.visit(url, null)).toEqual({ cache: "HIT", body: "<p>render 2 for *</p>" });
    // Brazil's class is not known yet: its first visitor gets a page made for them, which teaches it.
    expect(await t.visit(url, "BR")).toEqual({ cache: "MISS", body: "<p>render 3 for *</p>" });
    const other = "https://shop.test/products/8";
    await t.visit(other, "US");
    expect(await t.visit(other, "BR")).toEqual({ cache: "HIT", body: "<p>render 4 for *</p>" });
    expect(await t.visit(other, "DE")).toEqual({ cache: "MISS", body: "<p>render 5 for *</p>" });
    expect(t.renders()).toBe(5);
    // Pages without a tax line are kept once, whatever the country.
    await t.visit("https://shop.test/products?tag=3D", "GB");
    expect((await t.visit("https://shop.test/products?tag=3D", "US")).cache).toBe("HIT");
  });

  it("never keeps one country's line for another's visitors while a rule change is on its way, and learns it within a minute", async () => {
    const t = await taxSetup(new Set());
    const url = "https://shop.test/products/7";
    expect((await t.visit(url, "FR")).body).toBe("<p>render 1 for *</p>");
    // France gets a row of its own in another data centre: this one's catalogue version stays.
    t.ownRows.add("FR");
    t.advance(FRESH_SECONDS + 1);
    // The stale shared copy is served while the page is made again: this time for France.
    expect(await t.visit(url, "FR")).toEqual({ cache: "STALE", body: "<p>render 1 for *</p>" });
    expect(await t.visit(url, "FR")).toEqual({ cache: "HIT", body: "<p>render 2 for FR</p>" });
    expect(await t.visit(url, null)).toEqual({ cache: "STALE", body: "<p>render 1 for *</p>" });
    expect(await t.visit(url, "US")).toEqual({ cache: "MISS", body: "<p>render 4 for *</p>" });

    // A class is remembered no longer than a page is kept.
    const t2 = await taxSetup(new Set());
    await t2.visit(url, "FR");
    t2.ownRows.add("FR");
    t2.advance(FRESH_SECONDS + 1);
    await t2.visit(url, null); // refreshes the shared copy, not France's class
    t2.advance(STALE_SECONDS);
    expect(await t2.visit(url, "FR")).toEqual({ cache: "MISS", body: "<p>render 3 for FR</p>" });
  });

  it("a catalogue change (as after a tax settings change) forgets every class and copy at once", async () => {
    const t = await taxSetup();
    const url = "https://shop.test/products/7";
    await t.visit(url, "GB");
    await t.visit(url, "US");
    t.ownRows.add("US");
    expect((await t.visit(url, "US")).body).toBe("<p>render 2 for *</p>");
    await catalogueChanged({ cache: t.cache, now: () => 43 });
    expect(await t.visit(url, "US")).toEqual({ cache: "MISS", body: "<p>render 3 for US</p>" });
    expect(await t.visit(url, "GB")).toEqual({ cache: "MISS", body: "<p>render 4 for GB</p>" });
    expect(await t.visit(url, null)).toEqual({ cache: "MISS", body: "<p>render 5 for *</p>" });
  });
});
