import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, get } from "./helpers";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

async function rowsFor(email: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?").bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("footer newsletter box (/subscribe)", () => {
  it("without JavaScript stores the address once and sends the browser back to the footer", async () => {
    const first = await get("/subscribe", form({ email: "  Fan@Example.com ", redirectTo: "/products?tag=Brand%20Film&subscribe=invalid" }));
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/products?tag=Brand+Film&subscribe=done#subscribe");
    const again = await get("/subscribe", form({ email: "fan@example.com", redirectTo: "/home" }));
    expect(again.headers.get("location")).toBe("/home?subscribe=done#subscribe");
    expect(await rowsFor("fan@example.com")).toBe(1);

    const page = await get("/products?subscribe=done");
    expect(await page.text()).toContain("Thanks! You&#x27;re on the list for new services.");
  });

  it("refuses bad addresses with the spec's messages, as codes in the URL and never free text", async () => {
    const cases: [string, string, string][] = [
      ["", "required", "Email is required"],
      ["not-an-email", "invalid", "Please enter a valid email address"],
      [`${"a".repeat(250)}@example.com`, "long", "Email must be at most 254 characters"],
    ];
    for (const [email, code, message] of cases) {
      const response = await get("/subscribe", form({ email, redirectTo: "/home" }));
      expect(response.headers.get("location")).toBe(`/home?subscribe=${code}#subscribe`);
      const page = await (await get(`/home?subscribe=${code}`)).text();
      expect(page).toContain(message);
    }
    const crafted = await (await get(`/home?subscribe=${encodeURIComponent("Call 555 to unlock your account")}`)).text();
    expect(crafted).not.toContain("Call 555");
    expect(await rowsFor("not-an-email")).toBe(0);
  });

  it("never redirects off the site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const response = await get("/subscribe", form({ email: "safe@example.com", redirectTo }));
      expect(response.headers.get("location")).toBe("/home?subscribe=done#subscribe");
    }
  });

  it("with JavaScript answers in place (single fetch), 422 for a bad address", async () => {
    const ok = await get("/subscribe.data", form({ email: "script@example.com", _js: "1" }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Thanks! You're on the list for new services.");
    const bad = await get("/subscribe.data", form({ email: "nope", _js: "1" }));
    expect(bad.status).toBe(422);
    const refused = await bad.text();
    // The screens' one refusal shape: `{ refused: message }`.
    expect(refused).toContain('"refused"');
    expect(refused).toContain("Please enter a valid email address");
    expect(await rowsFor("script@example.com")).toBe(1);
  });

  it("the admin dashboard counts the subscribers", async () => {
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscriptions").first<{ n: number }>())!;
    const page = await (await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } })).text();
    expect(page).toMatch(new RegExp(`data-testid="newsletter-subscribers">${n}<`));
  });

  it("a GET goes to the landing page", async () => {
    const response = await get("/subscribe");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/home");
  });
});

describe("newsletter welcome and unsubscribe", () => {
  async function welcomeTo(email: string) {
    const { results } = await env.DB.prepare("SELECT text, headers FROM emails WHERE recipient = ? AND kind = 'newsletter_welcome'").bind(email).all<{
      text: string;
      headers: string;
    }>();
    return results;
  }

  it("welcomes a new address once, with a signed one-click unsubscribe link that needs no sign-in", async () => {
    const email = `reader.${Date.now()}@example.com`;
    await get("/subscribe", form({ email, redirectTo: "/home" }));
    await get("/subscribe", form({ email, redirectTo: "/home" }));
    const sent = await welcomeTo(email);
    expect(sent).toHaveLength(1);
    const headers = JSON.parse(sent[0]!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = headers["List-Unsubscribe"]!.slice(1, -1);
    expect(sent[0]!.text).toContain(link);
    const { pathname, search } = new URL(link);
    expect(pathname).toBe("/unsubscribe");

    // Opening the link asks first and removes nothing.
    const page = await get(`${pathname}${search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${email} will get no more newsletters from Reelcraft.`);
    expect(await rowsFor(email)).toBe(1);

    // The same token for another address, or a changed token, is refused.
    const token = new URL(link).searchParams.get("token")!;
    expect((await get(`/unsubscribe?${new URLSearchParams({ email: "fan@example.com", token })}`)).status).toBe(400);
    const forged = await get(`/unsubscribe?${new URLSearchParams({ email: "fan@example.com", token })}`, form({ "List-Unsubscribe": "One-Click" }));
    expect(forged.status).toBe(400);
    expect(await rowsFor("fan@example.com")).toBe(1);

    // A mail app's one-click POST (a server's request: no Origin, no cookies) takes the address off.
    const oneClick = await get(`${pathname}${search}`, form({ "List-Unsubscribe": "One-Click" }));
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are off the list");
    expect(await rowsFor(email)).toBe(0);

    // Subscribing again later welcomes the address again.
    await get("/subscribe", form({ email, redirectTo: "/home" }));
    expect(await welcomeTo(email)).toHaveLength(2);
  });
});
