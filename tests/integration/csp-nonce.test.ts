import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { selfFetch } from "./helpers";
import { describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/platform/after-first-paint";
import worker from "../../server";

/**
 * Content-Security-Policy with a nonce per response: no inline script runs without it, every script
 * the page itself writes carries it, and a page served from the edge cache gets the nonce of the
 * request it is served to, in both the policy and the page.
 */
function policyNonce(response: Response) {
  const match = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(response.headers.get("Content-Security-Policy") ?? "");
  return match?.[1] ?? null;
}

/** The page's scripts that run: JSON-LD blocks (`application/ld+json`) are data, which the policy does not govern. */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
}

function expectEveryScriptCarries(html: string, nonce: string) {
  const scripts = scriptTags(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="(?:x-)?modulepreload[^"]*"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length).toBeGreaterThan(0);
  for (const tag of preloads) expect(tag).toContain(`nonce="${nonce}"`);
}

/** The page's modules wait for its first paint (app/platform/after-first-paint.tsx): nothing in the HTML fetches or runs them. */
function expectModulesHeldUntilPaint(html: string) {
  expect(html).not.toMatch(/<link\b[^>]*rel="modulepreload"/);
  expect(html).not.toMatch(/<script\b[^>]*type="module"/);
  expect(html).toMatch(new RegExp(`<link rel="${INERT_PRELOAD_REL}" href="/assets/entry\\.client-[\\w-]+\\.js"`));
  expect(html).toContain(`type="${INERT_MODULE_TYPE}"`);
  expect(html).toContain("requestAnimationFrame(function(){setTimeout(start,0)})");
}

describe("script nonces", () => {
  it.each(["/home", "/products", "/products/1", "/login", "/no-such-page"])(
    "%s: every script carries this response's nonce, and each response has its own",
    async (path) => {
      const first = await selfFetch(`http://localhost${path}`);
      const second = await selfFetch(`http://localhost${path}`);
      const [a, b] = [policyNonce(first), policyNonce(second)];
      expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b).not.toBe(a);
      const html = await first.text();
      expectEveryScriptCarries(html, a!);
      expectModulesHeldUntilPaint(html);
      expect(first.headers.get("Content-Security-Policy")).not.toMatch(/script-src[^;]*unsafe-inline/);
    },
  );

  it("a page from the edge cache is given the nonce of the request it is served to", async () => {
    const cachedEnv = { ...env, EDGE_CACHE: "on" } as Env;
    const url = `http://localhost/products?nonce-probe=${Date.now()}`;
    const fetchOnce = async () => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(url) as unknown as Request<unknown, IncomingRequestCfProperties>, cachedEnv, ctx);
      const html = await response.text();
      await waitOnExecutionContext(ctx);
      return { response, html };
    };
    const miss = await fetchOnce();
    const hit = await fetchOnce();
    expect(miss.response.headers.get("X-Cache")).toBe("MISS");
    expect(hit.response.headers.get("X-Cache")).toBe("HIT");
    const [missNonce, hitNonce] = [policyNonce(miss.response), policyNonce(hit.response)];
    expect(hitNonce).not.toBe(missNonce);
    expectEveryScriptCarries(hit.html, hitNonce!);
    expectModulesHeldUntilPaint(hit.html);
    expect(hit.html).not.toContain(missNonce!);
  });
});
