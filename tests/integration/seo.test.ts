import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRIVACY, TERMS } from "~/content/legal";
import { adminCookie, customerCookie, get } from "./helpers";

/** Search engines and link previews: tags, JSON-LD, the sitemap, robots.txt and noindex on private pages. */
const page = async (path: string, init?: RequestInit) => (await (await get(path, init)).text()).replace(/<!-- -->/g, "");
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1] ?? null;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe("public pages for search engines and link previews", () => {
  it("/products/1: unique title, description, canonical URL, Open Graph and Twitter tags with the product's image", async () => {
    const html = await page("/products/1?package=1");
    expect(attr(html, /<title>([^<]+)<\/title>/)).toBe("3D Product Launch Animation · Reelcraft");
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe("http://localhost/products/1");
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe("http://localhost/products/1");
    expect(attr(html, /<meta property="og:type" content="([^"]+)"/)).toBe("product");
    expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^http:\/\/localhost\/media\/products\/1\//);
    expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
  });

  it("/products/1 has Product with an AggregateOffer over its packages, and a BreadcrumbList", async () => {
    const [product, breadcrumbs] = jsonLd(await page("/products/1"));
    const api = (await (await get("/api/v1/products/1")).json()) as { data: { title: string; packages: { amount: string; currency: string }[] } };
    const prices = api.data.packages.map((p) => Number(p.amount));
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: api.data.title,
      url: "http://localhost/products/1",
      offers: {
        "@type": "AggregateOffer",
        priceCurrency: api.data.packages[0]!.currency,
        lowPrice: Math.min(...prices).toFixed(2),
        highPrice: Math.max(...prices).toFixed(2),
        offerCount: api.data.packages.length,
      },
    });
    expect((product!.image as string[])[0]).toMatch(/^http:\/\/localhost\//);
    expect(typeof product!.description).toBe("string");
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: "http://localhost/home" },
        { position: 2, name: "Services", item: "http://localhost/products" },
        { position: 3, name: api.data.title, item: "http://localhost/products/1" },
      ],
    });
  });

  it("/home has Organization and WebSite with a SearchAction that the listing answers", async () => {
    const items = jsonLd(await page("/home"));
    expect(items.map((i) => i["@type"])).toEqual(["Organization", "WebSite"]);
    expect(items[0]).toMatchObject({ name: "Reelcraft", url: "http://localhost/home" });
    const action = (items[1]!.potentialAction ?? {}) as { "@type": string; target: { urlTemplate: string }; "query-input": string };
    expect(action["@type"]).toBe("SearchAction");
    expect(action["query-input"]).toBe("required name=search_term_string");
    const search = await get(new URL(action.target.urlTemplate.replace("{search_term_string}", "logo")).pathname + "?q=logo");
    expect(search.status).toBe(200);
  });

  it("every public page has its own title and canonical; search results are not indexed", async () => {
    const titles = new Map<string, string>();
    for (const path of [
      "/home",
      "/products",
      "/products?tag=3D%20Animation",
      "/products?page=2",
      "/products/1",
      "/products/2",
      "/login",
      "/signup",
      "/terms",
      "/privacy",
    ]) {
      const html = await page(path);
      const title = attr(html, /<title>([^<]+)<\/title>/)!;
      expect(titles.has(title), `${path} repeats the title of ${titles.get(title)}`).toBe(false);
      titles.set(title, path);
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`http://localhost${path.replace("%20", "+")}`);
      expect(html).not.toContain('name="robots"');
    }
    expect(await page("/products?q=logo")).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("the sitemap is an index of the pages' sitemap and the products' by id range; every product on sale is in one; an archived one leaves it", async () => {
    const fetchXml = async (path: string) => {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      return response.text();
    };
    const index = await fetchXml("/sitemap.xml");
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    expect(files).toEqual(["http://localhost/sitemaps/pages.xml", "http://localhost/sitemaps/creators.xml", "http://localhost/sitemaps/products-1.xml"]);

    const pages = await fetchXml("/sitemaps/pages.xml");
    const pageLocs = [...pages.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    expect(pageLocs).toEqual([
      "http://localhost/home",
      "http://localhost/products",
      "http://localhost/how-we-work-with-creators",
      "http://localhost/terms",
      "http://localhost/privacy",
    ]);
    expect(pages).toContain("<url><loc>http://localhost/creators</loc></url>");
    // Every creator the public sees has their profile in the creators' sitemap, and nobody else.
    const creatorLocs = [...(await fetchXml("/sitemaps/creators.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const shown = await env.DB.prepare(
      "SELECT slug FROM creators WHERE status IN ('active', 'away') AND slug IS NOT NULL AND erased_at IS NULL ORDER BY id",
    ).all<{ slug: string }>();
    expect(creatorLocs).toEqual(shown.results.map((r) => `http://localhost/creators/${r.slug}`));
    expect(creatorLocs.length).toBeGreaterThan(0);
    // The legal texts with the day their text last changed (app/content/legal.ts).
    expect(pages).toContain(`<url><loc>http://localhost/terms</loc><lastmod>${TERMS.updated}</lastmod></url>`);
    expect(pages).toContain(`<url><loc>http://localhost/privacy</loc><lastmod>${PRIVACY.updated}</lastmod></url>`);

    const productsXml = async () => fetchXml("/sitemaps/products-1.xml");
    const locs = [...(await productsXml()).matchAll(/<loc>([^<]+)<\/loc><lastmod>[^<]+<\/lastmod>/g)].map((m) => m[1]);
    const onSale = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE archived_at IS NULL AND published_at IS NOT NULL").first<number>("n");
    expect(locs).toHaveLength(onSale!);
    expect(locs).toContain("http://localhost/products/3");
    expect((await get("/sitemaps/products-2.xml")).status).toBe(404);
    expect((await get("/sitemaps/other.xml")).status).toBe(404);

    await env.DB.prepare("UPDATE products SET archived_at = ? WHERE id = 3").bind(Date.now()).run();
    try {
      expect(await productsXml()).not.toContain("<loc>http://localhost/products/3</loc>");
    } finally {
      await env.DB.prepare("UPDATE products SET archived_at = NULL WHERE id = 3").run();
    }
  });

  it("a product past the first 500 ids is in the second products sitemap, which the index lists", async () => {
    await env.DB.prepare(
      "INSERT INTO products (id, title, description_heading, description, services_offered, published_at) VALUES (501, 'Far away', 'H', 'D', '[]', 1)",
    ).run();
    try {
      const index = await (await get("/sitemap.xml")).text();
      expect(index).toContain("<loc>http://localhost/sitemaps/products-2.xml</loc>");
      expect(await (await get("/sitemaps/products-2.xml")).text()).toMatch(/<url><loc>http:\/\/localhost\/products\/501<\/loc><lastmod>/);
      expect(await (await get("/sitemaps/products-1.xml")).text()).not.toContain("/products/501<");
    } finally {
      await env.DB.prepare("DELETE FROM products WHERE id = 501").run();
    }
  });

  it("robots.txt disallows the private areas and names the sitemap", async () => {
    const text = await (await get("/robots.txt")).text();
    for (const line of [
      "Disallow: /admin",
      "Disallow: /profile",
      "Disallow: /products/*/checkout",
      "Disallow: /api/",
      "Sitemap: http://localhost/sitemap.xml",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("private pages say noindex in a header; public ones do not", async () => {
    const customer = await customerCookie();
    for (const [path, cookie] of [
      ["/profile/orders", customer],
      ["/products/1/checkout?package=0", customer],
      ["/admin/dashboard", await adminCookie()],
      ["/admin/login", ""],
      ["/forgot-password", ""],
    ] as const) {
      expect((await get(path, { headers: { Cookie: cookie } })).headers.get("X-Robots-Tag"), path).toBe("noindex");
    }
    for (const path of ["/home", "/products", "/products/1", "/sitemap.xml"]) expect((await get(path)).headers.get("X-Robots-Tag"), path).toBeNull();
  });
});
