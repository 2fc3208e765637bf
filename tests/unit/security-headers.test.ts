import { describe, expect, it } from "vitest";
import { applySecurityHeaders } from "~/services/security.server";
import { isCrossSiteRequest } from "~/services/csrf.server";

describe("security headers", () => {
  it("sets CSP with frame-ancestors 'none', nosniff and a strict referrer policy; no HSTS locally", () => {
    const headers = new Headers();
    applySecurityHeaders(headers);
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("Content-Security-Policy")).not.toContain("stripe.com");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("adds HSTS in production and Stripe's hosts only in Stripe mode", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { production: true, stripe: true });
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains; preload");
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'self' 'unsafe-inline' https://js.stripe.com");
    expect(headers.get("Content-Security-Policy")).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  });
});

describe("CSRF check", () => {
  const post = (headers: Record<string, string>, path = "/login") => new Request(`https://shop.example${path}`, { method: "POST", headers });
  it.each([
    [{}, false],
    [{ "Sec-Fetch-Site": "same-origin" }, false],
    [{ "Sec-Fetch-Site": "none" }, false],
    [{ "Sec-Fetch-Site": "cross-site" }, true],
    [{ "Sec-Fetch-Site": "same-site" }, true],
    [{ Origin: "https://shop.example" }, false],
    [{ Origin: "https://evil.example" }, true],
  ])("%j → cross-site %s", (headers, expected) => {
    expect(isCrossSiteRequest(post(headers))).toBe(expected);
  });

  it("leaves GET and the bearer-token API alone", () => {
    expect(isCrossSiteRequest(new Request("https://shop.example/login", { headers: { Origin: "https://evil.example" } }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }, "/api/v1/sign_in"))).toBe(false);
  });
});
