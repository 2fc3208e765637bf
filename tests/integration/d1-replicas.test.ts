import { describe, expect, it } from "vitest";
import { api, customerCookie, dispatch, get, newCustomer } from "./helpers";

/**
 * D1 read replication (ADR 015): anonymous pages read any replica and carry no bookmark (they stay
 * cacheable); signed-in requests and writes hand their session's bookmark back, and a request that
 * brings one reads at least that fresh.
 */
const bookmarkCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("d1_bookmark="));

describe("D1 sessions and bookmarks", () => {
  it("anonymous pages set no bookmark; a signed-in page does, as an HttpOnly cookie", async () => {
    for (const path of ["/home", "/products", "/products/1", "/api/v1/products?limit=2"]) {
      const response = await get(path);
      expect(bookmarkCookie(response), path).toBeUndefined();
      expect(response.headers.get("X-D1-Bookmark"), path).toBeNull();
    }
    const signedIn = await get("/profile/orders", { headers: { Cookie: await customerCookie() } });
    expect(signedIn.status).toBe(200);
    expect(bookmarkCookie(signedIn)).toMatch(/^d1_bookmark=[A-Za-z0-9-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
  });

  it("API clients get the bookmark in X-D1-Bookmark and read their own write with it; a bookmark D1 does not know still answers", async () => {
    const person = await newCustomer();
    const created = await dispatch("http://localhost/api/v1/billing_addresses", {
      method: "POST",
      headers: { Authorization: `Bearer ${person.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ billing_address: { street: "1 Replica Row", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" } }),
    });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("X-D1-Bookmark");
    expect(bookmark).toMatch(/^[A-Za-z0-9-]+$/);
    const read = await dispatch("http://localhost/api/v1/billing_addresses", {
      headers: { Authorization: `Bearer ${person.access_token}`, "X-D1-Bookmark": bookmark! },
    });
    expect(((await read.json()) as { data: { street: string }[] }).data.map((a) => a.street)).toContain("1 Replica Row");

    for (const forged of ["ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff", "not a bookmark", "x".repeat(500)]) {
      const answer = await dispatch("http://localhost/api/v1/users/me", {
        headers: { Authorization: `Bearer ${person.access_token}`, "X-D1-Bookmark": forged },
      });
      expect(answer.status, forged.slice(0, 20)).toBe(200);
    }
    expect((await api("GET", "/users/me", { token: person.access_token })).status).toBe(200);
  });
});
