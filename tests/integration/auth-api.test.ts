import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { sha256 } from "~/domain/crypto.server";
import { createAccessToken, REFRESH_GRACE_MS } from "~/auth/tokens.server";
import { adminSignIn, api, newCustomer, signIn } from "./helpers";
import { passwordCost } from "~/auth/password.server";

const SECRET = env.TOKEN_SECRET;
type Err = { success: false; message: string; errors?: string[]; error_code?: string };

describe("POST /sign_up", () => {
  it("creates a customer and returns the SPEC §7 shape, trimming the name and lowercasing the email", async () => {
    const email = `New.Person.${Date.now()}@Example.com`;
    const { status, body } = await api<{ success: boolean; message: string; data: Record<string, unknown> }>("POST", "/sign_up", {
      body: { user: { name: "  Nova Person ", email: `  ${email} `, password: "Str0ng!Pass" } },
    });
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Signed up successfully");
    expect(Object.keys(body.data).sort()).toEqual(["access_token", "refresh_token", "user"]);
    const user = body.data.user as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(["created_at", "email", "id", "name"]);
    expect(user).toMatchObject({ name: "Nova Person", email: email.toLowerCase() });
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind(email.toLowerCase()).first<{ password_hash: string }>();
    // Hashed with this Worker's cost (this suite asks for the cheap test cost; unit tests pin production's).
    const cost = passwordCost(env);
    expect(row?.password_hash).toMatch(new RegExp(`^scrypt\\$${cost.N}\\$${cost.r}\\$${cost.p}\\$`));
    expect(row?.password_hash).not.toContain("Str0ng");
  });

  it.each([
    [{ name: "", email: "a@b.co", password: "Str0ng!Pass" }, ["Name is required"]],
    [{ name: "A", email: "a@b.co", password: "Str0ng!Pass" }, ["Name must be at least 2 characters"]],
    [{ name: "Ann", email: "", password: "Str0ng!Pass" }, ["Email is required"]],
    [{ name: "Ann", email: "nope", password: "Str0ng!Pass" }, ["Please enter a valid email address"]],
    [{ name: "Ann", email: "a@b.co", password: "" }, ["Password is required"]],
    [{ name: "Ann", email: "a@b.co", password: "Sh0rt!" }, ["Password must be at least 8 characters long"]],
    [{ name: "Ann", email: "a@b.co", password: "lower0!case" }, ["Password must contain at least one uppercase letter"]],
    [{ name: "Ann", email: "a@b.co", password: "UPPER0!CASE" }, ["Password must contain at least one lowercase letter"]],
    [{ name: "Ann", email: "a@b.co", password: "NoNumber!!" }, ["Password must contain at least one number"]],
    [{ name: "Ann", email: "a@b.co", password: "NoSpecial12" }, ["Password must contain at least one special character"]],
    [{ name: "Ann", email: "a@b.co", password: `Aa1!${"x".repeat(125)}` }, ["Password must be at most 128 characters"]],
    [{}, ["Name is required", "Email is required", "Password is required"]],
  ])("rejects %j with 422 and %j", async (user, errors) => {
    const { status, body } = await api<Err>("POST", "/sign_up", { body: { user } });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: "Signup failed", errors });
  });

  it("refuses a taken email with a clear message", async () => {
    const { status, body } = await api<Err>("POST", "/sign_up", { body: { user: { name: "Again", email: "CUSTOMER@example.com", password: "Str0ng!Pass" } } });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: "Email has already been taken", errors: ["Email has already been taken"] });
  });

  it("rejects malformed bodies clearly", async () => {
    expect((await api<Err>("POST", "/sign_up", { body: "{not json" })).body.message).toBe("Request body is not valid JSON");
    expect((await api<Err>("POST", "/sign_up", { body: "[]" })).status).toBe(400);
    const wrongType = await api<Err>("POST", "/sign_up", { headers: { "Content-Type": "text/plain" } });
    expect(wrongType).toEqual({ status: 415, body: { success: false, message: "Content-Type must be application/json" } });
    expect((await api<Err>("GET", "/sign_up")).status).toBe(405);
  });
});

describe("POST /sign_in", () => {
  it("returns the user and a token pair", async () => {
    const { status, body } = await api<{ data: Record<string, unknown> }>("POST", "/sign_in", {
      body: { session: { email: "Customer@Example.com", password: "Customer#2026" } },
    });
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ email: "customer@example.com", name: "Demo Customer" });
    expect(body.data.access_token).toMatch(/^eyJ/);
    expect(body.data).not.toHaveProperty("user.password_hash");
  });

  it("says the same thing for a wrong password and an unknown email", async () => {
    const wrong = await api<Err>("POST", "/sign_in", { body: { session: { email: "customer@example.com", password: "Wrong#2026" } } });
    const unknown = await api<Err>("POST", "/sign_in", { body: { session: { email: "nobody@example.com", password: "Wrong#2026" } } });
    expect(wrong).toEqual({ status: 401, body: { success: false, message: "Invalid email or password" } });
    expect(unknown).toEqual(wrong);
  });

  it("validates like the login screen", async () => {
    const { status, body } = await api<Err>("POST", "/sign_in", { body: { session: { email: "customer@example.com", password: "12345" } } });
    expect(status).toBe(422);
    expect(body.errors).toEqual(["Password must be at least 6 characters"]);
  });
});

describe("access tokens", () => {
  it("GET /users/me needs a valid, unexpired customer token", async () => {
    const { access_token } = await signIn();
    expect((await api("GET", "/users/me", { token: access_token })).body).toMatchObject({ success: true, data: { email: "customer@example.com" } });
    expect(await api("GET", "/users/me")).toEqual({ status: 401, body: { success: false, message: "Authentication required" } });
    expect(await api("GET", "/users/me", { token: "abc.def.ghi" })).toEqual({ status: 401, body: { success: false, message: "Invalid access token" } });
    const tampered = access_token.slice(0, -2) + (access_token.endsWith("A") ? "BB" : "AA");
    expect((await api("GET", "/users/me", { token: tampered })).status).toBe(401);
  });

  it("rejects a token signed with another algorithm or key", async () => {
    const header = btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "");
    const payload = btoa(JSON.stringify({ sub: "1", kind: "customer", exp: 9999999999 })).replace(/=+$/, "");
    expect((await api<Err>("GET", "/users/me", { token: `${header}.${payload}.` })).body.message).toBe("Invalid access token");
    const foreign = await createAccessToken("another-secret-another-secret-1234", "customer", 1);
    expect((await api<Err>("GET", "/users/me", { token: foreign })).status).toBe(401);
    // The right key under another HMAC algorithm: the algorithm is pinned, not read from the token.
    const otherAlgorithm = await new SignJWT({ kind: "customer", iat_ms: Date.now() })
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setSubject("1")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SECRET));
    expect(await api<Err>("GET", "/users/me", { token: otherAlgorithm })).toEqual({ status: 401, body: { success: false, message: "Invalid access token" } });
  });

  it("an expired token gives TOKEN_EXPIRED; refresh, then replay, works", async () => {
    const { refresh_token } = await signIn();
    const expired = await createAccessToken(SECRET, "customer", 1, Date.now() - 16 * 60_000);
    const first = await api<Err>("GET", "/users/me", { token: expired });
    expect(first).toEqual({ status: 401, body: { success: false, message: "Access token expired", error_code: "TOKEN_EXPIRED" } });
    const refreshed = await api<{ data: { user: { email: string }; access_token: string; refresh_token: string } }>("POST", "/refresh_token", {
      body: { refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.user.email).toBe("customer@example.com");
    expect(refreshed.body.data.refresh_token).not.toBe(refresh_token);
    const replay = await api("GET", "/users/me", { token: refreshed.body.data.access_token });
    expect(replay.status).toBe(200);
  });

  it("refresh tokens rotate: past the grace window a used one stops working, and reusing it revokes its successor", async () => {
    const { refresh_token } = await signIn();
    const next = await api<{ data: { refresh_token: string } }>("POST", "/refresh_token", { body: { refresh_token } });
    expect(next.status).toBe(200);
    expect(next.body.data.refresh_token).not.toBe(refresh_token);
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = revoked_at - ? WHERE token_hash = ?")
      .bind(REFRESH_GRACE_MS + 1000, await sha256(refresh_token))
      .run();
    expect(await api("POST", "/refresh_token", { body: { refresh_token } })).toEqual({
      status: 401,
      body: { success: false, message: "Invalid or expired refresh token" },
    });
    expect((await api("POST", "/refresh_token", { body: { refresh_token: next.body.data.refresh_token } })).status).toBe(401);
    expect((await api<Err>("POST", "/refresh_token", { body: {} })).body.message).toBe("refresh_token is required");
  });

  it("DELETE /sign_out revokes the refresh tokens", async () => {
    const { access_token, refresh_token } = await signIn();
    expect(await api("DELETE", "/sign_out", { token: access_token })).toEqual({ status: 200, body: { success: true, message: "Signed out successfully" } });
    expect((await api("POST", "/refresh_token", { body: { refresh_token } })).status).toBe(401);
    expect((await api("DELETE", "/sign_out")).status).toBe(401);
  });
});

describe("profile and password", () => {
  it("PUT /users/update_profile changes the name, with validation", async () => {
    const { access_token } = await newCustomer();
    const ok = await api<{ data: { name: string } }>("PUT", "/users/update_profile", { token: access_token, body: { user: { name: "  Renamed Person " } } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe("Renamed Person");
    const bad = await api<Err>("PUT", "/users/update_profile", { token: access_token, body: { user: { name: "x" } } });
    expect(bad).toEqual({ status: 422, body: { success: false, message: "Profile update failed", errors: ["Name must be at least 2 characters"] } });
  });

  it("PUT /users/change_password checks the current password and confirmation, then revokes every token", async () => {
    const customer = await newCustomer();
    const token = customer.access_token;
    const wrong = await api<Err>("PUT", "/users/change_password", {
      token,
      body: { user: { current_password: "Nope!1234", password: "N3w!Password", password_confirmation: "N3w!Password" } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe("Current password is incorrect");
    const mismatch = await api<Err>("PUT", "/users/change_password", {
      token,
      body: { user: { current_password: customer.password, password: "N3w!Password", password_confirmation: "Other!1234" } },
    });
    expect(mismatch.body.errors).toEqual(["Passwords do not match"]);
    const weak = await api<Err>("PUT", "/users/change_password", {
      token,
      body: { user: { current_password: customer.password, password: "weak", password_confirmation: "weak" } },
    });
    expect(weak.body.errors).toEqual(["Password must be at least 8 characters long"]);

    const changed = await api("PUT", "/users/change_password", {
      token,
      body: { user: { current_password: customer.password, password: "N3w!Password", password_confirmation: "N3w!Password" } },
    });
    expect(changed).toEqual({ status: 200, body: { success: true, message: "Password changed successfully. Please login again." } });
    expect((await api("POST", "/refresh_token", { body: { refresh_token: customer.refresh_token } })).status).toBe(401);
    expect((await api("POST", "/sign_in", { body: { session: { email: customer.email, password: customer.password } } })).status).toBe(401);
    expect((await api("POST", "/sign_in", { body: { session: { email: customer.email, password: "N3w!Password" } } })).status).toBe(200);
  });
});

describe("admin tokens", () => {
  it("POST /admin/sign_in returns the admin and a pair; /admin/refresh_token returns a pair", async () => {
    const { status, body } = await api<{ data: Record<string, unknown> }>("POST", "/admin/sign_in", {
      body: { session: { email: "admin@example.com", password: "AdminPass#2026" } },
    });
    expect(status).toBe(200);
    expect(body.data.admin).toEqual({ id: 1, name: "Demo Admin", email: "admin@example.com" });
    const refreshed = await api<{ data: Record<string, unknown> }>("POST", "/admin/refresh_token", { body: { refresh_token: body.data.refresh_token } });
    expect(Object.keys(refreshed.body.data).sort()).toEqual(["access_token", "refresh_token"]);
    const wrong = await api<Err>("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "WrongPass#1" } } });
    expect(wrong).toEqual({ status: 401, body: { success: false, message: "Invalid email or password" } });
    const short = await api<Err>("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "1234567" } } });
    expect(short.body.errors).toEqual(["Password must be at least 8 characters"]);
  });

  it("a customer password does not open the admin door, nor a customer refresh token", async () => {
    expect((await api("POST", "/admin/sign_in", { body: { session: { email: "customer@example.com", password: "Customer#2026" } } })).status).toBe(401);
    const { refresh_token } = await signIn();
    expect((await api("POST", "/admin/refresh_token", { body: { refresh_token } })).status).toBe(401);
  });

  it("tokens only work for their own kind: 403 across", async () => {
    const customer = await signIn();
    const admin = await adminSignIn();
    expect(await api("GET", "/admin/profile", { token: customer.access_token })).toEqual({
      status: 403,
      body: { success: false, message: "Admin access required" },
    });
    expect(await api("GET", "/users/me", { token: admin.access_token })).toEqual({
      status: 403,
      body: { success: false, message: "Customer access required" },
    });
    expect((await api("GET", "/users/1", { token: customer.access_token })).status).toBe(403);
    expect((await api("GET", "/users", { token: customer.access_token })).status).toBe(403);
    expect((await api("DELETE", "/admin/sign_out", { token: customer.access_token })).status).toBe(403);
  });

  it("admins read their profile, update it, list users and read one", async () => {
    const { access_token } = await adminSignIn();
    expect((await api("GET", "/admin/profile", { token: access_token })).body).toEqual({
      success: true,
      data: { id: 1, name: "Demo Admin", email: "admin@example.com" },
    });
    const updated = await api<{ data: { name: string } }>("PUT", "/admin/profile", { token: access_token, body: { admin: { name: "Chief Admin" } } });
    expect(updated.body.data.name).toBe("Chief Admin");
    await api("PUT", "/admin/profile", { token: access_token, body: { admin: { name: "Demo Admin" } } });
    const list = await api<{ data: { email: string }[]; meta: { totalPages: number } }>("GET", "/users?limit=1&pageNumber=1", { token: access_token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.meta.totalPages).toBeGreaterThanOrEqual(1);
    expect((await api<{ data: { email: string } }>("GET", "/users/1", { token: access_token })).body.data.email).toBe("customer@example.com");
    expect((await api("GET", "/users/99999", { token: access_token })).status).toBe(404);
    expect((await api("GET", "/users?limit=0", { token: access_token })).status).toBe(400);
  });

  it("PUT /admin/change_password ends the admin's tokens and asks to sign in again", async () => {
    const { access_token, refresh_token } = await adminSignIn();
    const changed = await api("PUT", "/admin/change_password", {
      token: access_token,
      body: { admin: { current_password: "AdminPass#2026", password: "AdminPass#2027", password_confirmation: "AdminPass#2027" } },
    });
    expect(changed).toEqual({ status: 200, body: { success: true, message: "Password changed successfully. Please sign in again." } });
    expect((await api("POST", "/admin/refresh_token", { body: { refresh_token } })).status).toBe(401);
    const again = await api<{ data: { access_token: string } }>("POST", "/admin/sign_in", {
      body: { session: { email: "admin@example.com", password: "AdminPass#2027" } },
    });
    expect(again.status).toBe(200);
    await api("PUT", "/admin/change_password", {
      token: again.body.data.access_token,
      body: { current_password: "AdminPass#2027", password: "AdminPass#2026", password_confirmation: "AdminPass#2026" },
    });
    expect((await api("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "AdminPass#2026" } } })).status).toBe(200);
  });
});
