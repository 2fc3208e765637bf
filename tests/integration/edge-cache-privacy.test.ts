import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { isAnonymousRequest } from "~/auth/sessions.server";
import { freshAddress, selfFetch } from "./helpers";

/**
 * The edge cache as production runs it (the built Worker with EDGE_CACHE on, the runtime's default
 * cache), over HTTPS, where session cookies are called `__Host-sid` / `__Host-admin_sid`, and over
 * HTTP. A page made for a signed-in person must never reach a stranger, and a signed-in person must
 * never get a page cached for strangers.
 */
const cachedEnv = { ...env, EDGE_CACHE: "on" } as Env;

async function viaEdge(url: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(url, { headers }) as unknown as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, cachedEnv, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, cache: response.headers.get("X-Cache") };
}

async function signIn(origin: string, kind: "customer" | "admin") {
  const [path, email, password] =
    kind === "customer" ? ["/login", "customer@example.com", "Customer#2026"] : ["/admin/login", "admin@example.com", "AdminPass#2026"];
  const response = await selfFetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: origin, "CF-Connecting-IP": freshAddress() },
    body: new URLSearchParams({ email, password }),
  });
  expect(response.status).toBe(302);
  const name = `${origin.startsWith("https:") ? "__Host-" : ""}${kind === "customer" ? "sid" : "admin_sid"}`;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  expect(cookie, `${name} cookie`).toBeDefined();
  if (origin.startsWith("https:")) expect(cookie).toContain("Secure");
  return cookie!.split(";")[0]!;
}

let run = 0;
const unique = () => `probe=${Date.now()}-${++run}`;

describe.each(["https://localhost", "http://localhost"])("edge cache and sessions over %s", (origin) => {
  it("never stores a page made for a signed-in customer, and marks it private", async () => {
    const cookie = await signIn(origin, "customer");
    for (const path of ["/products/6", "/products", "/home"]) {
      const url = `${origin}${path}?${unique()}`;
      const mine = await viaEdge(url, { Cookie: cookie });
      expect(mine.response.status, path).toBe(200);
      // The header (or, on /home, the hydration data) carries the customer.
      expect(mine.body, path).toContain("Demo Customer");
      expect(mine.response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(mine.cache, path).not.toBe("HIT");

      const stranger = await viaEdge(url);
      expect(stranger.cache, path).toBe("MISS");
      expect(stranger.body, path).not.toContain("Demo Customer");
      expect(stranger.body, path).not.toContain("customer@example.com");
    }
  });

  it("never serves a customer the page cached for strangers", async () => {
    const cookie = await signIn(origin, "customer");
    const url = `${origin}/products/6?${unique()}`;
    await viaEdge(url);
    expect((await viaEdge(url)).cache).toBe("HIT");
    const mine = await viaEdge(url, { Cookie: cookie });
    expect(mine.cache).not.toBe("HIT");
    expect(mine.body).toContain("Your account: Demo Customer");
  });

  it("keeps admins' requests out of the cache in both directions", async () => {
    const cookie = await signIn(origin, "admin");
    const first = `${origin}/products?${unique()}`;
    const asAdmin = await viaEdge(first, { Cookie: cookie });
    expect(asAdmin.cache).not.toBe("MISS");
    expect((await viaEdge(first)).cache).toBe("MISS");

    const second = `${origin}/home?${unique()}`;
    await viaEdge(second);
    expect((await viaEdge(second)).cache).toBe("HIT");
    expect((await viaEdge(second, { Cookie: cookie })).cache).not.toBe("HIT");

    const adminPage = await viaEdge(`${origin}/admin/products`, { Cookie: cookie });
    expect(adminPage.response.status).toBe(200);
    expect(adminPage.response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("what counts as anonymous", () => {
  it("is decided by the session code's own cookie names, for both kinds and both schemes", () => {
    const request = (cookie: string, url = "https://shop.test/products") => new Request(url, { headers: { Cookie: cookie } });
    for (const name of ["sid", "admin_sid", "__Host-sid", "__Host-admin_sid"]) {
      expect(isAnonymousRequest(request(`theme=dark; ${name}=x`)), name).toBe(false);
      expect(isAnonymousRequest(request(`${name}=x`, "http://shop.test/products")), name).toBe(false);
    }
    expect(isAnonymousRequest(request("theme=dark; xsid=1; sid_hint=2"))).toBe(true);
    expect(isAnonymousRequest(new Request("https://shop.test/products", { headers: { Authorization: "bearer x" } }))).toBe(false);
  });
});
