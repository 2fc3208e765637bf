import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { getSessionSubject, SESSION_POLICY } from "~/auth/sessions.server";
import { adminCookie, api, cookieFrom, customerCookie, newCustomer, postForm, selfFetch } from "./helpers";

function visit(path: string, cookie?: string) {
  return selfFetch(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

async function sessionCount(kind: "customer" | "admin", subjectId: number) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE kind = ? AND subject_id = ?").bind(kind, subjectId).first<{ n: number }>();
  return row?.n ?? 0;
}

// The SPEC §2 access table (plus our admin extras).
const CUSTOMER_ROUTES = ["/products/1/checkout", "/profile", "/profile/saved-addresses", "/profile/orders"];
const ADMIN_ROUTES = [
  "/admin",
  "/admin/dashboard",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/1",
  "/admin/orders",
  "/admin/orders/1",
  "/admin/users",
  "/admin/account",
  "/admin/demo-requests",
  "/admin/settings/tax",
  "/admin/promotions",
];

describe("route guards (SPEC §2 access table)", () => {
  it.each(CUSTOMER_ROUTES)("%s sends visitors to /login with a way back", async (path) => {
    const response = await visit(`${path}?x=1`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?x=1`)}`);
  });

  it.each(ADMIN_ROUTES)("%s sends visitors and customers to /admin/login", async (path) => {
    for (const cookie of [undefined, await customerCookie()]) {
      const response = await visit(path, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/login");
    }
  });

  it("an admin is not a customer", async () => {
    const response = await visit("/profile", await adminCookie());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("signed-in people reach their pages; /admin and /admin/login go to /admin/products", async () => {
    const customer = await customerCookie();
    const profile = await visit("/profile", customer);
    expect(profile.status).toBe(200);
    const html = await profile.text();
    for (const text of ["My Account", "Demo Customer", "customer@example.com", "Standard User"]) expect(html).toContain(text);
    // Member Since: the account's creation date, not the SPEC's fixed 'Not available'.
    expect(html).toMatch(/Member Since<\/dt><dd[^>]*>\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}</);

    const admin = await adminCookie();
    for (const path of ADMIN_ROUTES.filter((p) => p !== "/admin")) expect((await visit(path, admin)).status, path).toBe(200);
    for (const path of CUSTOMER_ROUTES) expect((await visit(`${path}?package=0`, customer)).status, path).toBe(200);
    for (const path of ["/admin", "/admin/login"]) {
      const response = await visit(path, admin);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/products");
    }
    expect((await visit("/signup", customer)).headers.get("location")).toBe("/products");
    expect((await visit("/login?redirectTo=/profile", customer)).headers.get("location")).toBe("/profile");
  });
});

describe("login, signup and logout screens", () => {
  it("logs in, sets an httpOnly SameSite cookie and honours a safe redirectTo only", async () => {
    const ok = await postForm("/login", { email: "customer@example.com", password: "Customer#2026", redirectTo: "/profile" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/profile");
    // The session cookie (a sign-in also hands back the D1 bookmark cookie, ADR 015).
    const cookie = ok.headers.getSetCookie().findLast((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9%]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    // Remix's cookie encoding around a 256-bit random token.
    expect(JSON.parse(atob(decodeURIComponent(cookie.split(";")[0]!.slice("sid=".length))))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await postForm("/login", { email: "customer@example.com", password: "Customer#2026", redirectTo: evil });
      expect(response.headers.get("location")).toBe("/products");
    }
  });

  it("shows errors without echoing the password, and keeps the email", async () => {
    const response = await postForm("/login", { email: "customer@example.com", password: "Wrong#Password" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Invalid email or password");
    expect(html).toContain('value="customer@example.com"');
    expect(html).not.toContain("Wrong#Password");
    const short = await (await postForm("/login", { email: "x", password: "12345" })).text();
    expect(short).toContain("Please enter a valid email address");
    expect(short).toContain("Password must be at least 6 characters");
  });

  it("signs up from the form, ending any admin session in the browser", async () => {
    const admin = await adminCookie();
    const adminSessionsBefore = await sessionCount("admin", 1);
    const email = `form.${Date.now()}@example.com`;
    const response = await postForm("/signup", { name: "Form Person", email, password: "Str0ng!Pass" }, { Cookie: admin });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("admin_sid=; Max-Age=0"))).toBe(true);
    expect(await sessionCount("admin", 1)).toBe(adminSessionsBefore - 1);
    expect((await visit("/admin/products", admin)).headers.get("location")).toBe("/admin/login");
    const customer = cookieFrom(response, "sid");
    expect((await visit("/profile", customer)).status).toBe(200);

    const again = await postForm("/signup", { name: "Form Person", email, password: "Str0ng!Pass" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Email has already been taken");
  });

  it("logout deletes the session", async () => {
    const cookie = await customerCookie();
    const response = await postForm("/logout", {}, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect((await visit("/profile", cookie)).status).toBe(302);

    const admin = await adminCookie();
    const out = await postForm("/admin/logout", {}, { Cookie: admin });
    expect(out.headers.get("location")).toBe("/admin/login");
    expect((await visit("/admin/products", admin)).status).toBe(302);
  });

  it("a password change on /profile ends every session of that customer", async () => {
    const person = await newCustomer();
    const userId = (person.user as { id: number }).id;
    const first = await customerCookie(person.email, person.password);
    const second = await customerCookie(person.email, person.password);
    expect(await sessionCount("customer", userId)).toBe(2);
    // An index route's forms post to "?index" (Remix adds it).
    const response = await postForm(
      "/profile?index",
      { intent: "change-password", current_password: person.password, password: "N3w!Password", password_confirmation: "N3w!Password" },
      { Cookie: first },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?notice=password-changed");
    expect(await sessionCount("customer", userId)).toBe(0);
    expect((await visit("/profile", second)).status).toBe(302);
    expect(await (await visit("/login?notice=password-changed")).text()).toContain("Password changed successfully. Please login again.");
  });

  it("an admin password change ends the admin session and asks to sign in again", async () => {
    const admin = await adminCookie();
    const response = await postForm(
      "/admin/account",
      { current_password: "AdminPass#2026", password: "AdminPass#2027", password_confirmation: "AdminPass#2027" },
      { Cookie: admin },
    );
    expect(response.headers.get("location")).toBe("/admin/login?notice=password-changed");
    expect(await sessionCount("admin", 1)).toBe(0);
    expect(await (await visit("/admin/login?notice=password-changed")).text()).toContain("Password changed successfully. Please sign in again.");
    const token = (
      await api<{ data: { access_token: string } }>("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "AdminPass#2027" } } })
    ).body.data.access_token;
    await api("PUT", "/admin/change_password", {
      token,
      body: { admin: { current_password: "AdminPass#2027", password: "AdminPass#2026", password_confirmation: "AdminPass#2026" } },
    });
  });
});

describe("CSRF", () => {
  it.each([[{ Origin: "https://evil.example" }], [{ "Sec-Fetch-Site": "cross-site" }], [{ "Sec-Fetch-Site": "same-site", Origin: "https://shop.localhost" }]])(
    "refuses cookie-authenticated posts from elsewhere: %j",
    async (headers) => {
      const cookie = await customerCookie();
      const response = await postForm("/logout", {}, { Cookie: cookie, ...headers });
      expect(response.status).toBe(403);
      expect((await visit("/profile", cookie)).status).toBe(200);
    },
  );

  it("accepts same-origin posts", async () => {
    const response = await postForm("/login", { email: "customer@example.com", password: "Customer#2026" }, { "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(302);
  });
});

describe("session expiry", () => {
  it("ends sessions after the idle and absolute limits", async () => {
    const cookie = await customerCookie();
    const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
    const db = createDb(env.DB);
    const policy = SESSION_POLICY.customer;
    expect(await getSessionSubject(db, request, "customer")).not.toBeNull();
    expect(await getSessionSubject(db, request, "customer", Date.now() + policy.idleMs - 60_000)).not.toBeNull();
    expect(await getSessionSubject(db, request, "customer", Date.now() + policy.idleMs + 60_000)).toBeNull();
    // The expired session was deleted, so it is gone now too.
    expect(await getSessionSubject(db, request, "customer")).toBeNull();
  });
});
