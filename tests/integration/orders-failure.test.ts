import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { customerCookie, get } from "./helpers";

// This file's storage is its own: breaking the orders table here affects no other test.
describe("My Orders when the database fails", () => {
  it("shows the spec's error text instead of a crash", async () => {
    const cookie = await customerCookie();
    await env.DB.exec("ALTER TABLE orders RENAME TO orders_gone");
    const response = await get("/profile/orders", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Failed to fetch orders. Please try again later.");
  });
});
