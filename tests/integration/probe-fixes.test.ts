import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SCREEN_FORM_MAX_BYTES, SCREEN_FORM_MAX_FIELDS } from "~/edge/request-guard.server";
import { api, customerCookie, freshAddress, postForm, selfFetch } from "./helpers";

/**
 * What the security probes found at the HTTP boundary: bodies too large or with too many fields,
 * redirects to elsewhere, header injection through `redirectTo`, control characters stored in
 * names, requests that claimed one origin and named another, and headers missing off HTML pages.
 */
function rawPost(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return selfFetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Host: "localhost",
      Origin: "http://localhost",
      "CF-Connecting-IP": freshAddress(),
      ...headers,
    },
    body,
  });
}

async function accountsNamed(email: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;
}

describe("screen form bodies are bounded before any parser sees them", () => {
  // That the count comes before any parser (parsing 40,000 fields took 3.5 s) is tests/unit/request-guard.test.ts.
  it.each(["/login", "/signup", "/admin/login", "/home", "/subscribe"])("%s: 40,000 fields are refused (400 by count, 413 by size)", async (path) => {
    // 40,000 one-letter fields fit under the byte cap: refused for their number.
    const many = await rawPost(path, Array.from({ length: 40_000 }, () => "a").join("&"));
    expect(many.status).toBe(400);
    expect(await many.text()).toBe("This form has more fields than the shop accepts.");
    // The probe's 40,000 `email=x` pairs (160 KB) are over the byte cap.
    const probe = await rawPost(path, Array.from({ length: 40_000 }, () => "email=x").join("&"));
    expect(probe.status).toBe(413);
  });

  it("a form with as many fields as allowed passes the count, then is held to its schema", async () => {
    const fields = new URLSearchParams({ email: "customer@example.com", password: "Customer#2026" });
    for (let i = 0; fields.size < SCREEN_FORM_MAX_FIELDS; i++) fields.append("padding", String(i));
    // Not refused for its number of fields: for fields the sign-in form does not have.
    const response = await rawPost("/login", fields.toString());
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The form could not be understood. Please reload the page and try again.");
  });

  it("an oversized body is refused with 413 and never echoed back", async () => {
    const email = `${"a".repeat(5 * 1024 * 1024)}@example.com`;
    const response = await rawPost("/login", new URLSearchParams({ email, password: "whatever" }).toString());
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text.length).toBeLessThan(500);

    const justOver = await rawPost("/signup", `name=${"b".repeat(SCREEN_FORM_MAX_BYTES)}`);
    expect(justOver.status).toBe(413);
    const multipart = new FormData();
    multipart.set("email", "x".repeat(SCREEN_FORM_MAX_BYTES));
    const overMultipart = await selfFetch("http://localhost/login", {
      method: "POST",
      redirect: "manual",
      // An address of its own: refusals from other test files must not spend this one's allowance.
      headers: { Origin: "http://localhost", Host: "localhost", "CF-Connecting-IP": freshAddress() },
      body: multipart,
    });
    expect(overMultipart.status).toBe(413);
  });

  it("a form's reply echoes no field past its limit", async () => {
    const long = "x".repeat(100_000);
    const login = await rawPost("/login", new URLSearchParams({ email: long, password: "whatever" }).toString());
    expect(login.status).toBe(422);
    const page = await login.text();
    expect(page).toContain("Email must be at most 254 characters");
    expect(page).not.toContain("x".repeat(255));
    const demo = await rawPost("/home", new URLSearchParams({ name: "Demo Person", email: "demo@example.com", message: long }).toString());
    expect(demo.status).toBe(422);
    expect(await demo.text()).not.toContain("x".repeat(2001));
  });

  it("the same-origin claim must agree with Origin: a foreign Origin is refused with 403, not a 500", async () => {
    const response = await rawPost("/login", "email=a%40b.co&password=whatever", { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await rawPost("/login", "email=a%40b.co&password=whatever", { Origin: "null" })).status).toBe(403);
  });
});

describe("redirect targets", () => {
  it("a signed-in visit to /login never leaves the site or answers 500", async () => {
    const cookie = await customerCookie();
    for (const target of ["/%09/evil.com", "/%0d%0aSet-Cookie:%20a=b", "/%00/evil.com", "/%5C/evil.com", "//evil.com", "https://evil.com", "/..//evil.com"]) {
      const response = await selfFetch(`http://localhost/login?redirectTo=${target}`, { redirect: "manual", headers: { Cookie: cookie } });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("Location"), target).toBe("/products");
    }
  });

  it("signing in with a hostile redirectTo lands on /products", async () => {
    const response = await postForm("/login", { email: "customer@example.com", password: "Customer#2026", redirectTo: "/\t/evil.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products");
  });

  it("a signup whose redirectTo holds CR/LF creates one account, signs it in and goes to /products", async () => {
    const email = `crlf.${Date.now()}@example.com`;
    const response = await postForm("/signup", { name: "Line Break", email, password: "Str0ng!Pass", redirectTo: "/profile\r\nSet-Cookie: evil=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(true);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("evil="))).toBe(false);
    expect(await accountsNamed(email)).toBe(1);
  });

  it("the local payment page's return_to is held to our own paths", async () => {
    const cookie = await customerCookie();
    const response = await selfFetch("http://localhost/payments/local/pi_local_unknown?return_to=/%09/evil.com", {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(404);
  });
});

describe("control characters in text fields", () => {
  it("are refused with a message naming the field, on the API and on screens", async () => {
    const email = `nul.${Date.now()}@example.com`;
    const signup = await api("POST", "/sign_up", { body: { user: { name: "nul\u0000name", email, password: "Str0ng!Pass" } } });
    expect(signup.status).toBe(422);
    expect(JSON.stringify(signup.body)).toContain("Name must not contain control characters");
    expect(await accountsNamed(email)).toBe(0);

    const screen = await postForm("/signup", { name: "bell\u0007name", email, password: "Str0ng!Pass" });
    expect(screen.status).toBe(422);
    expect(await screen.text()).toContain("Name must not contain control characters");
    expect(await accountsNamed(email)).toBe(0);
  });
});

describe("security headers on every response", () => {
  it("JSON, redirects, refusals and 404s carry nosniff and the policy", async () => {
    const responses = [
      await selfFetch("http://localhost/api/v1/autosuggest/tags?query=a"),
      await selfFetch("http://localhost/api/v1/products"),
      await selfFetch("http://localhost/", { redirect: "manual" }),
      await selfFetch("http://localhost/profile", { redirect: "manual" }),
      await rawPost("/login", "{}", { "Content-Type": "application/json" }),
      await rawPost("/login", "a=b", { "Sec-Fetch-Site": "cross-site" }),
      await selfFetch("http://localhost/healthz"),
      await selfFetch("http://localhost/media/products/1/nothing-here.jpg"),
    ];
    for (const response of responses) {
      expect(response.headers.get("X-Content-Type-Options"), response.url).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy"), response.url).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Referrer-Policy"), response.url).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("anonymous writes are limited per address", () => {
  /**
   * Sends until the limiter refuses. The limiter counts in fixed one-minute windows, so the first ten
   * always pass, and a refusal must come within eleven more (21 requests cannot all fit in two
   * windows of ten).
   */
  async function untilRefused(send: (n: number) => Promise<Response>) {
    for (let n = 0; n < 10; n++) expect((await send(n)).status, `request ${n + 1}`).toBeLessThan(400);
    for (let n = 10; n < 21; n++) {
      const response = await send(n);
      if (response.status === 429) return response;
      expect(response.status).toBeLessThan(400);
    }
    throw new Error("never refused");
  }

  it("demo requests, newsletter sign-ups and sign-ups from one address get 429 with Retry-After and a clear message", async () => {
    const from = { "CF-Connecting-IP": freshAddress() };
    const stamp = Date.now();
    const demo = await untilRefused((n) => postForm("/home", { name: "Demo Person", email: `demo${n}.${stamp}@example.com` }, from));
    expect(demo.headers.get("Retry-After")).toBe("60");
    expect(await demo.text()).toContain("Too many attempts. Please wait a minute and try again.");

    const news = await untilRefused((n) => postForm("/subscribe", { email: `news${n}.${stamp}@example.com`, _js: "1" }, from));
    expect(news.headers.get("Retry-After")).toBe("60");
    expect(await news.text()).toContain("Too many sign-ups from your network. Please wait a minute and try again.");

    const signup = await untilRefused((n) =>
      selfFetch("http://localhost/api/v1/sign_up", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...from },
        body: JSON.stringify({ user: { name: "Many Signups", email: `many${n}.${stamp}@example.com`, password: "Str0ng!Pass" } }),
      }),
    );
    expect(signup.headers.get("Retry-After")).toBe("60");
    expect(await signup.json()).toEqual({ success: false, message: "Too many attempts. Please wait a minute and try again." });
    // Another address is not affected.
    expect(
      (await api("POST", "/sign_up", { body: { user: { name: "Other Place", email: `other.${stamp}@example.com`, password: "Str0ng!Pass" } } })).status,
    ).toBe(201);
  });
});
