import { describe, expect, it } from "vitest";
import { api, customerCookie, get } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";
import { API_OPERATIONS } from "~/http/api/contract";

/** "Download my data" and GET /users/me/export: every kind of the customer's rows, and nothing of anyone else's. */
describe("a customer's copy of their data", () => {
  it("holds the account, addresses, orders with invoices, briefs and messages; no other customer's rows", async () => {
    const mine = await customerWithOrder();
    const other = await customerWithOrder();
    expect((await api("PUT", `/orders/${mine.id}/brief`, { token: mine.token, body: { brief: BRIEF } })).status).toBe(200);
    await api("POST", `/orders/${mine.id}/messages`, { token: mine.token, body: { message: { body: "Mine: can the logo be bigger?" } } });
    await api("POST", `/orders/${other.id}/messages`, { token: other.token, body: { message: { body: "Someone else's secret message" } } });

    type Export = {
      format_version: number;
      account: { email: string };
      billing_addresses: { street: string }[];
      orders: { order: { id: number }; invoice: { number: string } | null; brief: { purpose: string } | null; messages: { from: string; body: string }[] }[];
      reviews: unknown[];
    };
    const answer = await api<{ data: Export }>("GET", "/users/me/export", { token: mine.token });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.format_version).toBe(1);
    expect(data.account.email).toBe(mine.email);
    expect(data.billing_addresses.map((a) => a.street)).toEqual(["1 Studio Lane"]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      order: { id: mine.id },
      invoice: { number: expect.stringMatching(/^INV-/) },
      brief: { purpose: BRIEF.purpose },
      messages: [{ from: "you", body: "Mine: can the logo be bigger?" }],
    });
    expect(JSON.stringify(data)).not.toContain("Someone else's secret message");
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(data.reviews).toEqual([]);
    // Typed in the contract, field by field (its answers are strict: nothing more, nothing less).
    const declared = API_OPERATIONS.find((op) => op.method === "GET" && op.path === "/users/me/export")!.responses[200]!.schema;
    const checked = declared.safeParse(answer.body);
    expect(checked.success ? "matches" : JSON.stringify(checked.error.issues.slice(0, 3))).toBe("matches");

    // The same as a file from the profile's Privacy page, for the signed-in customer only.
    const cookie = await customerCookie(mine.email, "Str0ng!Pass");
    const page = await get("/profile/privacy", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain('href="/profile/privacy/my-data.json"');
    const file = await get("/profile/privacy/my-data.json", { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="reelcraft-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const saved = (await file.json()) as Export;
    expect(saved.orders.map((o) => o.order.id)).toEqual([mine.id]);
    expect((await get("/profile/privacy/my-data.json")).status).toBe(302);
    expect((await api("GET", "/users/me/export")).status).toBe(401);
  });
});
