import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ALREADY_CONFIRMED, RESEND_TOO_SOON, verificationResent, verifyBanner } from "~/lib/email-verification";
import { EMAIL_CONFIRMED, VERIFY_LINK_INVALID } from "~/lib/email-verification-results";
import { RESET_LINK_INVALID } from "~/lib/password-recovery";
import { cookieFrom, customerCookie, get, newCustomer, postForm } from "./helpers";

type EmailRow = { id: number; subject: string; kind: string; text: string; html: string };

async function emailsTo(recipient: string) {
  const { results } = await env.DB.prepare("SELECT id, subject, kind, text, html FROM emails WHERE recipient = ? ORDER BY id").bind(recipient).all<EmailRow>();
  return results;
}

/** The confirmation link in the newest welcome or confirmation email to `recipient`. */
async function verifyLink(recipient: string) {
  const email = (await emailsTo(recipient)).filter((e) => e.kind === "welcome" || e.kind === "verify_email").at(-1);
  expect(email, `a confirmation email to ${recipient}`).toBeDefined();
  const url = email!.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
  expect(url, email!.text).toBeDefined();
  expect(email!.html).toContain(url!);
  const parsed = new URL(url!);
  return { path: `${parsed.pathname}${parsed.search}`, token: parsed.searchParams.get("token")! };
}

const verifiedAt = (email: string) => env.DB.prepare("SELECT email_verified_at AS at FROM users WHERE email = ?").bind(email).first<number | null>("at");

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function signUpOnScreen() {
  const email = `verify.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "Str0ng!Pass";
  const response = await postForm("/signup", { name: "Vera Fied", email, password });
  expect(response.status).toBe(302);
  return { email, password, cookie: cookieFrom(response, "sid") };
}

describe("welcome and email confirmation", () => {
  it("signup sends a welcome with a single-use link; confirming it marks the address and ends the banner", async () => {
    const person = await signUpOnScreen();
    const [welcome, ...others] = await emailsTo(person.email);
    expect(others).toEqual([]);
    expect(welcome).toMatchObject({ kind: "welcome", subject: "Welcome to Reelcraft: please confirm your email" });
    expect(welcome!.text).toContain("Reelcraft Studio Ltd, 1 Canal Street");
    expect(welcome!.text).toContain("24 hours");
    expect(decode(await (await get("/products", { headers: { Cookie: person.cookie } })).text())).toContain(verifyBanner(person.email));

    const { path, token } = await verifyLink(person.email);
    // Opening the link (a mail scanner would too) confirms nothing: the page asks first.
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(decode(await page.text())).toContain(`Confirm ${person.email} as the address of your Reelcraft account.`);
    expect(await verifiedAt(person.email)).toBeNull();

    const confirmed = await postForm("/verify-email", { intent: "confirm", token });
    expect(confirmed.status).toBe(200);
    expect(decode(await confirmed.text())).toContain(EMAIL_CONFIRMED);
    expect(await verifiedAt(person.email)).toBeGreaterThan(0);
    expect(decode(await (await get("/products", { headers: { Cookie: person.cookie } })).text())).not.toContain(verifyBanner(person.email));

    // The link works once; a signed-in owner opening it again is just told the address is confirmed.
    const again = await postForm("/verify-email", { intent: "confirm", token });
    expect(again.status).toBe(400);
    expect(decode(await again.text())).toContain(VERIFY_LINK_INVALID);
    expect((await get(path)).status).toBe(400);
    const owner = await get(path, { headers: { Cookie: person.cookie } });
    expect(owner.status).toBe(200);
    expect(decode(await owner.text())).toContain(EMAIL_CONFIRMED);

    // A confirmation token is not a password reset token.
    expect((await get(`/reset-password?token=${token}`)).status).toBe(400);
    expect(decode(await (await postForm("/reset-password", { token, password: "N3w!Password" })).text())).toContain(RESET_LINK_INVALID);
  });

  it("the API's sign_up sends the same welcome; an expired link is refused", async () => {
    const person = await newCustomer();
    const [welcome] = await emailsTo(person.email);
    expect(welcome!.kind).toBe("welcome");
    const { path, token } = await verifyLink(person.email);
    await env.DB.prepare("UPDATE email_links SET expires_at = ? WHERE purpose = 'verify_email' AND used_at IS NULL AND subject_id = ?")
      .bind(Date.now() - 1, person.user!.id)
      .run();
    expect((await get(path)).status).toBe(400);
    expect((await postForm("/verify-email", { intent: "confirm", token })).status).toBe(400);
    expect(await verifiedAt(person.email)).toBeNull();
  });

  it("Resend sends a new link (spending the old one), at most once a minute, for signed-in customers only", async () => {
    const person = await signUpOnScreen();
    const first = await verifyLink(person.email);
    // Right after the welcome, Resend waits: the welcome's link is a minute old here.
    expect((await postForm("/verify-email", { intent: "resend" }, { Cookie: person.cookie })).status).toBe(429);
    await env.DB.prepare("UPDATE email_links SET created_at = created_at - 60000 WHERE subject_id = (SELECT id FROM users WHERE email = ?)")
      .bind(person.email)
      .run();

    const resent = await postForm("/verify-email", { intent: "resend" }, { Cookie: person.cookie });
    expect(resent.status).toBe(200);
    expect(decode(await resent.text())).toContain(verificationResent(person.email));
    const kinds = (await emailsTo(person.email)).map((e) => e.kind);
    expect(kinds).toEqual(["welcome", "verify_email"]);
    const second = await verifyLink(person.email);
    expect(second.token).not.toBe(first.token);
    expect((await get(first.path)).status).toBe(400);

    const tooSoon = await postForm("/verify-email", { intent: "resend" }, { Cookie: person.cookie });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(decode(await tooSoon.text())).toContain(RESEND_TOO_SOON);
    expect(await emailsTo(person.email)).toHaveLength(2);

    const visitor = await postForm("/verify-email", { intent: "resend" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    expect((await postForm("/verify-email", { intent: "confirm", token: second.token })).status).toBe(200);
    await env.DB.prepare("UPDATE email_links SET created_at = created_at - 120000 WHERE subject_id = (SELECT id FROM users WHERE email = ?)")
      .bind(person.email)
      .run();
    const already = await postForm("/verify-email", { intent: "resend" }, { Cookie: person.cookie });
    expect(decode(await already.text())).toContain(ALREADY_CONFIRMED);
    expect(await emailsTo(person.email)).toHaveLength(2);
  });

  it("the page without a link shows where a signed-in customer stands; visitors are pointed to the login", async () => {
    const person = await signUpOnScreen();
    const pending = await get("/verify-email", { headers: { Cookie: person.cookie } });
    expect(pending.status).toBe(200);
    expect(decode(await pending.text())).toContain(verifyBanner(person.email));
    const visitor = await get("/verify-email");
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('href="/login?redirectTo=%2Fverify-email"');
    // The seeded demo customer's address counts as confirmed.
    const demo = await get("/products", { headers: { Cookie: await customerCookie() } });
    expect(decode(await demo.text())).not.toContain("Please confirm your email address");
  });

  it("a forged action is refused without writing", async () => {
    const person = await signUpOnScreen();
    const response = await postForm("/verify-email", { intent: "delete-everything" }, { Cookie: person.cookie });
    expect(response.status).toBe(400);
    expect(await emailsTo(person.email)).toHaveLength(1);
  });
});
