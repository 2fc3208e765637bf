import { describe, expect, it } from "vitest";
import { adminSignIn, api, cookieFrom, newCustomer, postForm, signIn } from "./helpers";

/**
 * Signing out and changing a password take effect at once for access tokens too, not only when
 * they expire: each account has a "tokens valid after" moment that the call's own account query
 * checks.
 */
type Me = { status: number };

describe("access tokens stop working at once", () => {
  it("after sign-out, on every call; a new sign-in works; the old token cannot sign the new one out", async () => {
    const person = await newCustomer();
    const old = person.access_token;
    expect((await api("GET", "/users/me", { token: old })).status).toBe(200);
    expect((await api("DELETE", "/sign_out", { token: old })).status).toBe(200);
    for (const [method, path, body] of [
      ["GET", "/users/me", undefined],
      ["GET", "/orders", undefined],
      ["GET", "/billing_addresses", undefined],
      ["PUT", "/users/update_profile", { user: { name: "Still Here" } }],
      ["PUT", "/users/change_password", { user: { current_password: person.password, password: "N3w!Password", password_confirmation: "N3w!Password" } }],
    ] as const) {
      const response = await api<Me>(method, path, { token: old, body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const again = await signIn(person.email, person.password);
    expect((await api("DELETE", "/sign_out", { token: old })).status).toBe(401);
    expect((await api("GET", "/users/me", { token: again.access_token })).status).toBe(200);
  });

  it("after a password change through the API, every device's token is refused", async () => {
    const person = await newCustomer();
    const other = await signIn(person.email, person.password);
    const changed = await api("PUT", "/users/change_password", {
      token: person.access_token,
      body: { user: { current_password: person.password, password: "N3w!Password", password_confirmation: "N3w!Password" } },
    });
    expect(changed.status).toBe(200);
    expect((await api("GET", "/users/me", { token: person.access_token })).status).toBe(401);
    expect((await api("GET", "/users/me", { token: other.access_token })).status).toBe(401);
    const fresh = await signIn(person.email, "N3w!Password");
    expect((await api("GET", "/users/me", { token: fresh.access_token })).status).toBe(200);
  });

  it("after a password change on the profile screen, the API token is refused", async () => {
    const person = await newCustomer();
    const cookie = cookieFrom(await postForm("/login", { email: person.email, password: person.password }), "sid");
    const response = await postForm(
      "/profile?index",
      { intent: "change-password", current_password: person.password, password: "N3w!Password", password_confirmation: "N3w!Password" },
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    expect((await api("GET", "/users/me", { token: person.access_token })).status).toBe(401);
  });

  it("an admin's sign-out ends the admin's access tokens", async () => {
    const admin = await adminSignIn();
    expect((await api("GET", "/admin/profile", { token: admin.access_token })).status).toBe(200);
    expect((await api("DELETE", "/admin/sign_out", { token: admin.access_token })).status).toBe(200);
    expect((await api("GET", "/admin/profile", { token: admin.access_token })).status).toBe(401);
    expect((await api("GET", "/users", { token: admin.access_token })).status).toBe(401);
  });
});
