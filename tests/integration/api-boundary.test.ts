import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { adminSignIn, api, newCustomer, signIn, selfFetch } from "./helpers";

/** The API's contract at its edge: authentication challenges, methods, CORS, shapes and filters. */
function call(path: string, init: RequestInit = {}) {
  return selfFetch(`http://localhost/api/v1${path}`, init);
}

describe("authentication challenges", () => {
  it("401 answers carry WWW-Authenticate: Bearer, and the scheme is matched case-insensitively", async () => {
    const missing = await call("/users/me");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    const { access_token } = await signIn();
    for (const scheme of ["Bearer", "bearer", "BEARER"]) {
      expect((await call("/users/me", { headers: { Authorization: `${scheme} ${access_token}` } })).status, scheme).toBe(200);
    }
  });
});

describe("methods a call does not take", () => {
  it.each(["/users/me/export", "/tags", "/autosuggest/tags", "/users", "/users/1", "/orders/1", "/billing_addresses"])(
    "DELETE %s answers the API's 405 shape with Allow",
    async (path) => {
      const response = await call(path, { method: "DELETE" });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBeTruthy();
      expect(response.headers.has("X-Remix-Error")).toBe(false);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/^Method not allowed; use /);
    },
  );
});

describe("shapes and filters", () => {
  it("PUT /products/{id} with nothing to change says so", async () => {
    const { access_token } = await adminSignIn();
    const response = await call("/products/2", { method: "PUT", body: new FormData(), headers: { Authorization: `Bearer ${access_token}` } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ success: false, message: "Nothing to update: send product[title], images[], videos[] or video_thumbnail" });
  });

  it("an order looks the same whether just created, listed or fetched", async () => {
    const person = await newCustomer();
    const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
      token: person.access_token,
      body: { street: "1 Shape St", city: "Ely", state: "Cambridgeshire", zip_code: "CB7 4AA", country: "GB", is_default: true },
    });
    const created = await api<{ data: Record<string, unknown> }>("POST", "/orders", {
      token: person.access_token,
      body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
    });
    const fetched = await api<{ data: Record<string, unknown> }>("GET", `/orders/${String(created.body.data.id)}`, { token: person.access_token });
    const { client_secret: _secret, ...createdShape } = created.body.data;
    expect(Object.keys(createdShape).sort()).toEqual(Object.keys(fetched.body.data).sort());
    expect(created.body.data).not.toHaveProperty("user_id");
  });

  it("the tag filter ignores case, like the suggestions", async () => {
    const exact = await api<{ data: { id: number }[] }>("GET", "/products?limit=50&tag=3D%20Animation");
    const lower = await api<{ data: { id: number }[] }>("GET", "/products?limit=50&tag=3d%20animation");
    expect(exact.body.data.length).toBeGreaterThan(0);
    expect(lower.body.data.map((p) => p.id)).toEqual(exact.body.data.map((p) => p.id));
  });
});

describe("CORS for /api/v1", () => {
  const preflight = (origin: string, target = "/products") =>
    call(target, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });

  it("locally, a client app on another localhost port may call the API; preflights are answered", async () => {
    const ok = await preflight("http://localhost:5173", "/orders");
    expect(ok.status).toBe(204);
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(ok.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(ok.headers.has("Access-Control-Allow-Credentials")).toBe(false);
    const read = await call("/products", { headers: { Origin: "http://127.0.0.1:3000" } });
    expect(read.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:3000");
    expect(read.headers.get("Vary")).toContain("Origin");
  });

  it("the bare /api/v1 and unknown calls are the API's too: its JSON 404, with CORS", async () => {
    for (const path of ["", "/no-such-call"]) {
      const response = await call(path, { headers: { Origin: "http://localhost:5173" } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toContain("application/json");
      expect(response.headers.get("Access-Control-Allow-Origin"), path).toBe("http://localhost:5173");
      expect(await response.json()).toHaveProperty("message");
    }
  });

  it("other origins get no CORS headers at all, never *", async () => {
    for (const origin of ["https://evil.example", "http://localhost.evil.example:5173", "null"]) {
      expect((await preflight(origin)).headers.has("Access-Control-Allow-Origin"), origin).toBe(false);
      expect((await call("/products", { headers: { Origin: origin } })).headers.has("Access-Control-Allow-Origin"), origin).toBe(false);
    }
  });

  it("in production only the configured origins are allowed", async () => {
    const production = {
      ...env,
      ENVIRONMENT: "production",
      TAX_ID_VERIFIER: "local",
      CORS_ORIGINS: "https://app.example, https://partner.example",
      EDGE_CACHE: "off",
    } as Env;
    const ask = async (origin: string) => {
      const ctx = createExecutionContext();
      const request = new Request("https://shop.example/api/v1/tags", { headers: { Origin: origin } }) as unknown as Request<
        unknown,
        IncomingRequestCfProperties
      >;
      const response = await worker.fetch(request, production, ctx);
      await waitOnExecutionContext(ctx);
      return response.headers.get("Access-Control-Allow-Origin");
    };
    expect(await ask("https://app.example")).toBe("https://app.example");
    expect(await ask("https://partner.example")).toBe("https://partner.example");
    expect(await ask("http://localhost:5173")).toBeNull();
  });
});
