import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { listUsersWithVerification } from "~/auth/index.server";
import { customerSearch } from "~/lib/customer-search";
import { adminCookie, api, customerCookie, get } from "./helpers";

/**
 * The studio's customer search (/admin/users?q=): email prefixes through the unique email index, the
 * words of names through the FTS5 index the triggers keep, never a scan of every customer.
 */
const stamp = Date.now();
const email = (local: string) => `${local}.${stamp}@search.example`;

async function signUp(name: string, local: string) {
  const { status, body } = await api<{ data: { access_token: string } }>("POST", "/sign_up", {
    body: { user: { name, email: email(local), password: "Str0ng!Pass" } },
  });
  expect(status).toBe(201);
  return body.data.access_token;
}

const names = async (q: string) => (await listUsersWithVerification(createDb(env.DB), 1, 50, customerSearch(q))).data.map((u) => u.name).sort();

describe("the customers list's search", () => {
  it("finds customers by the start of their email, and by the start of each word of their name, accents or not", async () => {
    await signUp("Zoë Quintessa Fairweather", `zq-${stamp}`);
    const ingrid = await signUp("Ingrid Quintessa", `iq-${stamp}`);
    await signUp("Bartholomew Nightingale", `bn-${stamp}`);

    expect(await names(`zq-${stamp}`)).toEqual(["Zoë Quintessa Fairweather"]);
    expect(await names(`ZQ-${stamp}`)).toEqual(["Zoë Quintessa Fairweather"]);
    expect(await names("quintess")).toEqual(["Ingrid Quintessa", "Zoë Quintessa Fairweather"]);
    expect(await names("zoe quint")).toEqual(["Zoë Quintessa Fairweather"]);
    expect(await names("fair zoë")).toEqual(["Zoë Quintessa Fairweather"]);
    expect(await names("nightingale bartholomew")).toEqual(["Bartholomew Nightingale"]);
    expect(await names("quintessa nightingale")).toEqual([]);

    // A new name is found by its words at once (the trigger keeps the index in the same statement).
    expect((await api("PUT", "/users/update_profile", { token: ingrid, body: { user: { name: "Ingrid Marchbanks" } } })).status).toBe(200);
    expect(await names("quintessa")).toEqual(["Zoë Quintessa Fairweather"]);
    expect(await names("marchbank")).toEqual(["Ingrid Marchbanks"]);
  });

  it("an erased customer is found by neither their old name nor their old email", async () => {
    const token = await signUp("Ottoline Erasable", `oe-${stamp}`);
    expect(await names("ottoline")).toEqual(["Ottoline Erasable"]);
    const erased = await api("DELETE", "/users/me", { token, body: { user: { current_password: "Str0ng!Pass" } } });
    expect(erased.status).toBe(200);
    expect(await names("ottoline")).toEqual([]);
    expect(await names(`oe-${stamp}`)).toEqual([]);
  });

  it("reads by index: the email range and the name index, not every customer", async () => {
    const db = env.DB;
    const plan = async (sql: string, ...binds: unknown[]) =>
      (
        (
          await db
            .prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...binds)
            .all()
        ).results as { detail: string }[]
      )
        .map((r) => r.detail)
        .join(" | ");
    expect(await plan("SELECT id FROM users WHERE email >= ? AND email < ? || char(1114111)", "ada", "ada")).toMatch(
      /SEARCH users USING COVERING INDEX users_email_unique \(email>\? AND email<\?\)/,
    );
    expect(await plan("SELECT rowid FROM users_fts WHERE users_fts MATCH ?", '"ada"*')).toMatch(/VIRTUAL TABLE INDEX/);
  });

  it("ignores what is not a word, and bounds what it reads", () => {
    expect(customerSearch("")).toBeNull();
    expect(customerSearch("   ")).toBeNull();
    expect(customerSearch('ada" OR *')).toEqual({ emailPrefix: null, nameMatch: '"ada"* "or"*' });
    expect(customerSearch("Ada@Example")).toEqual({ emailPrefix: "ada@example", nameMatch: '"ada"* "example"*' });
    expect(customerSearch("a b c d e f g h")?.nameMatch).toBe('"a"* "b"* "c"* "d"* "e"*');
    expect(customerSearch("x".repeat(500))?.emailPrefix).toHaveLength(100);
    expect(customerSearch("***")).toEqual({ emailPrefix: "***", nameMatch: null });
  });

  it("is the admin screen's GET form, without JavaScript; customers are refused", async () => {
    await signUp("Wilhelmina Search-Screen", `ws-${stamp}`);
    const admin = await adminCookie();
    const page = await (await get(`/admin/users?q=${encodeURIComponent("wilhelmina")}`, { headers: { Cookie: admin } })).text();
    expect(page).toContain("Wilhelmina Search-Screen");
    expect(page).toContain("1 customer matches “wilhelmina”.");
    expect(page).not.toContain("Demo Customer");
    const none = await (await get("/admin/users?q=nobody-is-called-this", { headers: { Cookie: admin } })).text();
    expect(none).toContain("No customers match “nobody-is-called-this”.");
    const customer = await get("/admin/users?q=a", { headers: { Cookie: await customerCookie() }, redirect: "manual" });
    expect(customer.status).toBe(302);
    expect(customer.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});
