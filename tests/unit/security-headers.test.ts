import { describe, expect, it } from "vitest";
import { applySecurityHeaders, securityHeaderOptions } from "~/edge/security.server";
import { paymentsMode } from "~/domain/payments/mode.server";
import { isCrossSiteRequest } from "~/edge/csrf.server";

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
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'self' https://js.stripe.com;");
    expect(headers.get("Content-Security-Policy")).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  });
});

describe("scripts need the response's nonce", () => {
  it("allows the nonce with 'strict-dynamic', never 'unsafe-inline' for scripts", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { stripe: true, nonce: "abc123==" });
    const policy = headers.get("Content-Security-Policy")!;
    expect(policy).toContain("script-src 'nonce-abc123==' 'strict-dynamic' 'self' https://js.stripe.com;");
    expect(policy.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
  });
});

describe("the policy follows the payment mode, in every documented configuration", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };
  it.each([
    ["no keys, PAYMENTS unset", {}, "local"],
    ["keys set, PAYMENTS unset", keys, "stripe"],
    ["keys set, PAYMENTS=stripe", { ...keys, PAYMENTS: "stripe" }, "stripe"],
    ["keys set, PAYMENTS=local", { ...keys, PAYMENTS: "local" }, "local"],
  ] as const)("%s → %s", (_label, vars, mode) => {
    const env = { ENVIRONMENT: "development", ...vars } as unknown as Env;
    expect(paymentsMode(env)).toBe(mode);
    const headers = new Headers();
    applySecurityHeaders(headers, securityHeaderOptions(env));
    expect(headers.get("Content-Security-Policy")!.includes("https://js.stripe.com")).toBe(mode === "stripe");
  });

  it("HSTS is on unless the environment says it is local (an unset ENVIRONMENT is production)", () => {
    for (const [environment, hsts] of [
      ["development", false],
      ["test", false],
      ["production", true],
      [undefined, true],
      ["prod", true],
    ] as const) {
      const headers = new Headers();
      applySecurityHeaders(headers, securityHeaderOptions({ ENVIRONMENT: environment } as unknown as Env));
      expect(headers.has("Strict-Transport-Security"), String(environment)).toBe(hsts);
    }
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
    [{ "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" }, true],
    [{ "Sec-Fetch-Site": "same-origin", Origin: "https://shop.example" }, false],
    [{ Origin: "null" }, true],
  ])("%j → cross-site %s", (headers, expected) => {
    expect(isCrossSiteRequest(post(headers))).toBe(expected);
  });

  it("leaves GET and the bearer-token API alone", () => {
    expect(isCrossSiteRequest(new Request("https://shop.example/login", { headers: { Origin: "https://evil.example" } }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }, "/api/v1/sign_in"))).toBe(false);
  });
});
