import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { createDb } from "../../db/client";
import { catalogueChanged } from "~/domain/catalogue/catalogue-version.server";
import { consumerTaxReads } from "~/domain/money/tax.server";
import { get } from "./helpers";

/**
 * The product page's price panel: the SPEC's amount and "Price excludes taxes", and under the amount
 * what a consumer in the visitor's country pays, tax included, when the rule table has a row of that
 * country's own. The seed's table has one for GB (20%) and a `*` fallback for everyone else.
 * Locally an `X-Test-Country` header stands in for the edge's country.
 */
const LINE = /<p[^>]*data-testid="price-with-tax"[^>]*>([^<]*)<\/p>/;

async function pageAs(country: string | null, path = "/products/1") {
  const response = await get(path, { headers: country ? { "X-Test-Country": country } : {} });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, line: LINE.exec(html)?.[1] ?? null };
}

/** The built Worker with another environment, the request carrying the edge's `cf` object as Cloudflare's does. */
async function viaWorker(
  url: string,
  { headers = {}, cf, vars = {} }: { headers?: Record<string, string>; cf?: { country: string }; vars?: Record<string, string> } = {},
) {
  const ctx = createExecutionContext();
  // workerd hands a request's `cf` init back as `request.cf`, as the edge's own would be.
  const init = { headers, ...(cf ? { cf: cf as unknown as IncomingRequestCfProperties } : {}) };
  const request = new Request(url, init) as unknown as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...vars } as Env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, line: LINE.exec(html)?.[1] ?? null, cache: response.headers.get("X-Cache") };
}

describe("the price panel's tax line", () => {
  it("shows a GB visitor what a UK consumer pays for the selected package, under the SPEC's amount", async () => {
    const { html, line } = await pageAs("GB");
    expect(line).toBe("£598.80 incl. 20% VAT in the United Kingdom");
    // The SPEC's amount and text stay; the line comes right after the amount.
    expect(html).toContain(">£499.00</p>");
    expect(html).toContain("Price excludes taxes");
    expect(html.indexOf('data-testid="price-with-tax"')).toBeGreaterThan(html.indexOf('data-testid="package-price"'));
    expect(html.indexOf('data-testid="price-with-tax"')).toBeLessThan(html.indexOf("Price excludes taxes"));

    // Without JavaScript a package is a link with ?package=: the server renders its line.
    expect((await pageAs("GB", "/products/1?package=1")).line).toBe("£1,198.80 incl. 20% VAT in the United Kingdom");
    expect((await pageAs("gb", "/products/1?package=2")).line).toBe("£2,278.80 incl. 20% VAT in the United Kingdom");
    // The seed's customer stories: 399 and 999 pounds.
    const listed = await get("/api/v1/products?limit=50").then((r) => r.json<{ data: { id: number; packages: { currency: string; amount: string }[] }[] }>());
    const stories = listed.data.find((p) => p.packages.map((pkg) => `${pkg.currency} ${pkg.amount}`).join() === "GBP 399.00,GBP 999.00")!;
    expect((await pageAs("GB", `/products/${stories.id}?package=1`)).line).toBe("£1,198.80 incl. 20% VAT in the United Kingdom");
  });

  it("sends every package's total, so the line follows a package picked in the browser", async () => {
    // What a navigation in the browser loads (Remix's single fetch), with the stand-in header as the browser sends it.
    const response = await get("/products/1.data?_routes=routes%2F_site.products.%24id", { headers: { "X-Test-Country": "GB" } });
    expect(response.status).toBe(200);
    const data = await response.text();
    expect(data).toMatch(/"totalsMinor",\[[^\]]*\],59880,119880,227880,"includes","incl\. 20% VAT in the United Kingdom"/);
    const elsewhere = await get("/products/1.data?_routes=routes%2F_site.products.%24id", { headers: { "X-Test-Country": "US" } }).then((r) => r.text());
    expect(elsewhere).toContain("Launch film for your site");
    expect(elsewhere).not.toContain("incl. ");
  });

  it("shows no line to visitors whose country only the fallback covers, nor when the country is unknown", async () => {
    for (const country of ["DE", "US", null]) {
      const { html, line } = await pageAs(country);
      expect(line, String(country)).toBeNull();
      expect(html, String(country)).not.toContain("incl. ");
      expect(html, String(country)).toContain("Price excludes taxes");
    }
  });

  it("in production takes the edge's country and ignores the header", async () => {
    const production = { ENVIRONMENT: "production", TAX_ID_VERIFIER: "local", EDGE_CACHE: "off" };
    const header = await viaWorker("http://localhost/products/1", { headers: { "X-Test-Country": "GB" }, cf: { country: "US" }, vars: production });
    expect(header.response.status).toBe(200);
    expect(header.line).toBeNull();
    const noCountry = await viaWorker("http://localhost/products/1", { headers: { "X-Test-Country": "GB" }, vars: production });
    expect(noCountry.line).toBeNull();
    const fromEdge = await viaWorker("http://localhost/products/1", { cf: { country: "GB" }, vars: production });
    expect(fromEdge.line).toBe("£598.80 incl. 20% VAT in the United Kingdom");
    // Locally the header wins over the edge's (Miniflare's) country.
    const local = await viaWorker("http://localhost/products/1", { headers: { "X-Test-Country": "GB" }, cf: { country: "US" } });
    expect(local.line).toBe("£598.80 incl. 20% VAT in the United Kingdom");
  });

  it("reads only the visitor's country's own rules, however long the table", async () => {
    const others = ["FR", "IT", "ES", "NL", "BE", "AT", "PL", "SE", "DK", "FI", "IE", "PT"];
    await env.DB.batch(others.map((c) => env.DB.prepare("INSERT INTO tax_rules (country, customer_kind, rate_bp) VALUES (?, 'business', 0)").bind(c)));
    const reads = consumerTaxReads(createDb(env.DB), "GB");
    const results = await env.DB.batch([...reads.statements]);
    expect(results.reduce((rows, r) => rows + r.meta.rows_read, 0)).toBeLessThanOrEqual(3);
    expect(reads.read(results)).toEqual({ country: "GB", rateBasisPoints: 2000, taxName: "VAT" });
    // A row for businesses alone gives consumers no rate of their own.
    const france = consumerTaxReads(createDb(env.DB), "FR");
    expect(france.read(await env.DB.batch([...france.statements]))).toBeNull();
    await env.DB.prepare("DELETE FROM tax_rules WHERE customer_kind = 'business' AND country <> '*'").run();
  });
});

describe("the edge cache of product pages, by tax class", () => {
  const cached = { EDGE_CACHE: "on" };
  let run = 0;
  const unique = (path = "/products/1") => `http://localhost${path}?probe=${Date.now()}-${++run}`;
  const as = (url: string, country: string) => viaWorker(url, { headers: { "X-Test-Country": country }, vars: cached });

  it("keeps a GB copy with the line apart from the one every fallback country shares", async () => {
    // A version of our own: no class remembered from another file's visitors.
    await catalogueChanged();
    const url = unique();
    const gb = await as(url, "GB");
    expect([gb.cache, gb.line]).toEqual(["MISS", "£598.80 incl. 20% VAT in the United Kingdom"]);
    const gbAgain = await as(url, "GB");
    expect([gbAgain.cache, gbAgain.line]).toEqual(["HIT", "£598.80 incl. 20% VAT in the United Kingdom"]);

    const us = await as(url, "US");
    expect([us.cache, us.line]).toEqual(["MISS", null]);
    const usAgain = await as(url, "US");
    expect([usAgain.cache, usAgain.line]).toEqual(["HIT", null]);
    expect((await as(url, "GB")).line).toBe("£598.80 incl. 20% VAT in the United Kingdom");

    // Germany has no row of its own either: once its class is known, Germans share the US copy.
    const de = await as(url, "DE");
    expect(de.line).toBeNull();
    const other = unique();
    expect((await as(other, "US")).cache).toBe("MISS");
    const shared = await as(other, "DE");
    expect([shared.cache, shared.line]).toEqual(["HIT", null]);
    // The key never reaches the visitor.
    expect(shared.html).not.toContain("__tax");
  });

  it("a tax settings change, which ends with catalogueChanged, makes every cached product page fresh at once", async () => {
    await catalogueChanged();
    const url = unique();
    await as(url, "GB");
    await as(url, "DE");
    expect((await as(url, "GB")).cache).toBe("HIT");
    expect((await as(url, "DE")).cache).toBe("HIT");

    await env.DB.batch([
      env.DB.prepare("UPDATE tax_rules SET rate_bp = 2500 WHERE country = 'GB'"),
      env.DB.prepare("INSERT INTO tax_rules (country, customer_kind, rate_bp) VALUES ('DE', 'consumer', 1900)"),
      env.DB.prepare("UPDATE shop_settings SET tax_name = 'sales tax' WHERE id = 1"),
    ]);
    // Until the settings screen says so, the cached copies stand (for at most a minute).
    expect((await as(url, "GB")).line).toBe("£598.80 incl. 20% VAT in the United Kingdom");
    await catalogueChanged();
    const gb = await as(url, "GB");
    expect([gb.cache, gb.line]).toEqual(["MISS", "£623.75 incl. 25% sales tax in the United Kingdom"]);
    const de = await as(url, "DE");
    expect([de.cache, de.line]).toEqual(["MISS", "£593.81 incl. 19% sales tax in Germany"]);
    const us = await as(url, "US");
    expect([us.cache, us.line]).toEqual(["MISS", null]);
    expect((await as(url, "DE")).cache).toBe("HIT");

    await env.DB.batch([
      env.DB.prepare("UPDATE tax_rules SET rate_bp = 2000 WHERE country = 'GB'"),
      env.DB.prepare("DELETE FROM tax_rules WHERE country = 'DE'"),
      env.DB.prepare("UPDATE shop_settings SET tax_name = 'VAT' WHERE id = 1"),
    ]);
    await catalogueChanged();
  });
});
