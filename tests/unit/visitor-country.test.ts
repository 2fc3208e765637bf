import { describe, expect, it } from "vitest";
import { TEST_COUNTRY_HEADER, visitorCountry } from "~/http/visitor-country.server";

const request = (headers: Record<string, string> = {}) => new Request("https://shop.test/products/1", { headers });

describe("visitorCountry: the edge's country, or a local stand-in for it", () => {
  it("in production is the edge's cf.country alone: the header and DEV_COUNTRY are ignored", () => {
    const env = { ENVIRONMENT: "production", DEV_COUNTRY: "DE" };
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "GB" }), env, { country: "US" })).toBe("US");
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "GB" }), env, undefined)).toBeNull();
    expect(visitorCountry(request(), env, { country: "GB" })).toBe("GB");
  });

  it("counts an unset or misspelt ENVIRONMENT as production", () => {
    for (const ENVIRONMENT of [undefined, "", "Development", "staging"]) {
      expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "GB" }), { ENVIRONMENT, DEV_COUNTRY: "DE" }, { country: "US" }), String(ENVIRONMENT)).toBe("US");
    }
  });

  it("in development takes the header first, then DEV_COUNTRY, then cf.country", () => {
    const env = { ENVIRONMENT: "development", DEV_COUNTRY: "DE" };
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "GB" }), env, { country: "US" })).toBe("GB");
    expect(visitorCountry(request(), env, { country: "US" })).toBe("DE");
    expect(visitorCountry(request(), { ENVIRONMENT: "development" }, { country: "US" })).toBe("US");
    expect(visitorCountry(request(), { ENVIRONMENT: "development" }, undefined)).toBeNull();
  });

  it("honours the stand-ins in the test environment too", () => {
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "GB" }), { ENVIRONMENT: "test" }, { country: "US" })).toBe("GB");
  });

  it("reads codes in any case and skips what is not a country (a bad stand-in falls through to the next)", () => {
    const env = { ENVIRONMENT: "development", DEV_COUNTRY: " de " };
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "gb" }), env)).toBe("GB");
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "United Kingdom" }), env)).toBe("DE");
    expect(visitorCountry(request({ [TEST_COUNTRY_HEADER]: "ZZ" }), { ENVIRONMENT: "development", DEV_COUNTRY: "*" }, { country: "FR" })).toBe("FR");
    // Cloudflare's own values for an unknown country and for Tor.
    expect(visitorCountry(request(), { ENVIRONMENT: "production" }, { country: "XX" })).toBeNull();
    expect(visitorCountry(request(), { ENVIRONMENT: "production" }, { country: "T1" })).toBeNull();
    expect(visitorCountry(request(), { ENVIRONMENT: "production" }, { country: 826 })).toBeNull();
  });

  it("reads the request's own cf when not given one", () => {
    const withCf = Object.assign(request(), { cf: { country: "GB" } });
    expect(visitorCountry(withCf, { ENVIRONMENT: "production" })).toBe("GB");
  });
});
