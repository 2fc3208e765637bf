import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { REFRESH_GRACE_MS } from "~/auth/tokens.server";
import { adminSignIn, api, newCustomer, signIn } from "./helpers";

/**
 * The API as the SPEC's own client uses it: it refreshes on every TOKEN_EXPIRED (several at once
 * when requests run in parallel), always sends `limit` and `pageNumber`, clears its tag filter to an
 * empty string, shows server messages to people, and runs on another host than the API.
 */
type Pair = { data: { access_token: string; refresh_token: string } };

async function ageRotation(token: string, ms: number) {
  const { sha256 } = await import("~/domain/crypto.server");
  await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = revoked_at - ? WHERE token_hash = ?")
    .bind(ms, await sha256(token))
    .run();
}

describe.each([
  ["customer", "/refresh_token", async () => (await newCustomer()).refresh_token],
  ["admin", "/admin/refresh_token", async () => (await adminSignIn()).refresh_token],
] as const)("parallel refreshes (%s)", (_kind, path, start) => {
  it("two simultaneous refreshes with one token both get the same new pair, which keeps working", async () => {
    const token = await start();
    const [a, b] = await Promise.all([
      api<Pair>("POST", path, { body: { refresh_token: token } }),
      api<Pair>("POST", path, { body: { refresh_token: token } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.refresh_token).toBe(b.body.data.refresh_token);
    expect(a.body.data.access_token).toBe(b.body.data.access_token);
    const next = await api<Pair>("POST", path, { body: { refresh_token: a.body.data.refresh_token } });
    expect(next.status).toBe(200);
  });

  it("after the grace window, reusing a rotated token still revokes the whole family", async () => {
    const token = await start();
    const first = await api<Pair>("POST", path, { body: { refresh_token: token } });
    await ageRotation(token, REFRESH_GRACE_MS + 1000);
    expect((await api("POST", path, { body: { refresh_token: token } })).status).toBe(401);
    expect((await api("POST", path, { body: { refresh_token: first.body.data.refresh_token } })).status).toBe(401);
  });

  it("within the window a token whose successor was already used is refused, and revokes the family", async () => {
    const token = await start();
    const first = await api<Pair>("POST", path, { body: { refresh_token: token } });
    const second = await api<Pair>("POST", path, { body: { refresh_token: first.body.data.refresh_token } });
    expect(second.status).toBe(200);
    expect((await api("POST", path, { body: { refresh_token: token } })).status).toBe(401);
    expect((await api("POST", path, { body: { refresh_token: second.body.data.refresh_token } })).status).toBe(401);
  });
});

describe("catalogue writes make every cached catalogue URL fresh", () => {
  const cachedEnv = { ...env, EDGE_CACHE: "on" } as Env;
  async function viaEdge(path: string, init: RequestInit = {}) {
    const ctx = createExecutionContext();
    const request = new Request(`http://localhost${path}`, init) as unknown as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, cachedEnv, ctx);
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { status: response.status, cache: response.headers.get("X-Cache"), body };
  }

  it("the client's own first-page URL shows a new product at once", async () => {
    const url = `/api/v1/products?limit=5&pageNumber=1&client=${Date.now()}`;
    await viaEdge(url);
    expect((await viaEdge(url)).cache).toBe("HIT");
    const { access_token } = await adminSignIn();
    const title = `Fresh Film ${Date.now()}`;
    const created = await viaEdge("/api/v1/products", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access_token}` },
      body: JSON.stringify({
        product: {
          title,
          description_heading: "New",
          description: "Made just now.",
          services_offered: ["Editing"],
          tags: ["Fresh", "Brand Film", "Social Media"],
          packages: [{ short_description: "One", items_included: "One clip", amount: "100", currency: "USD" }],
        },
      }),
    });
    expect(created.status).toBe(201);
    const after = await viaEdge(url);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain(title);
  });
});

describe("API details clients rely on", () => {
  it("an empty tag means no filter", async () => {
    const all = await api<{ data: { id: number }[] }>("GET", "/products?limit=5&pageNumber=1");
    const cleared = await api<{ data: { id: number }[] }>("GET", "/products?limit=5&pageNumber=1&tag=");
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.map((p) => p.id)).toEqual(all.body.data.map((p) => p.id));
  });

  it("validation messages name the field and the rule", async () => {
    const signup = await api<{ errors: string[] }>("POST", "/sign_up", {
      body: { user: { name: "Num Pass", email: `num.${Date.now()}@example.com`, password: 12345678 } },
    });
    expect(signup.status).toBe(422);
    expect(signup.body.errors).toEqual(["Password must be text"]);

    const { access_token } = await newCustomer();
    const address = { street: "1 Field St", city: "Bath", state: "Somerset", zip_code: "BA1 1AA", country: "GB" };
    const yes = await api<{ errors: string[] }>("POST", "/billing_addresses", { token: access_token, body: { ...address, is_default: "yes" } });
    expect(yes.status).toBe(422);
    expect(yes.body.errors).toEqual(["is_default must be true or false"]);
    const zip = await api<{ errors: string[] }>("POST", "/billing_addresses", { token: access_token, body: { ...address, zip_code: "1".repeat(21) } });
    expect(zip.body.errors).toEqual(["Zip code must be at most 20 characters"]);

    const empty = await api<{ message: string }>("POST", "/orders", { token: access_token, body: { order: {} } });
    expect(empty).toEqual({ status: 422, body: { success: false, message: "product_id is required" } });
    const wrong = await api<{ message: string }>("POST", "/orders", { token: access_token, body: { order: { product_id: "abc", billing_address_id: 1 } } });
    expect(wrong.body.message).toBe("product_id must be a number");
  });

  it("media URLs in API responses are absolute, on the request's own origin", async () => {
    const product = await api<{ data: { images: string[]; videos: string[]; video_thumbnail: string | null } }>("GET", "/products/1");
    expect(product.body.data.images[0]).toMatch(/^http:\/\/localhost\/media\/products\/1\//);
    for (const url of [...product.body.data.images, ...product.body.data.videos, product.body.data.video_thumbnail ?? "http://localhost/"])
      expect(url).toMatch(/^http:\/\/localhost\//);
    const list = await api<{ data: { images: string[] }[] }>("GET", "/products?limit=5&pageNumber=1");
    for (const item of list.body.data) for (const url of item.images) expect(url).toMatch(/^http:\/\/localhost\/media\//);

    const { access_token } = await signIn();
    const orders = await api<{ data: { product: { image: string | null } }[] }>("GET", "/orders?limit=5&pageNumber=1", { token: access_token });
    for (const order of orders.body.data) if (order.product.image) expect(order.product.image).toMatch(/^http:\/\/localhost\/media\//);
  });
});
