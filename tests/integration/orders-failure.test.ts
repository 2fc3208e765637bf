import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { customerCookie, get } from "./helpers";

// The orders table is taken away for one request and put back (the files a worker runs share storage).
describe("My Orders when the database fails", () => {
  it("shows the spec's error text instead of a crash", async () => {
    const cookie = await customerCookie();
    await env.DB.exec("ALTER TABLE orders RENAME TO orders_gone");
    try {
      const response = await get("/profile/orders", { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Failed to fetch orders. Please try again later.");
    } finally {
      await env.DB.exec("ALTER TABLE orders_gone RENAME TO orders");
    }
  });
});
