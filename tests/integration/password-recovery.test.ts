import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { retryDelaySeconds } from "~/domain/mail/mail.server";
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT } from "~/lib/password-recovery";
import { newCreator } from "./creator-fixtures";
import { adminCookie, adminSignIn, api, cookieFrom, customerCookie, get, newCustomer, pageAfterRedirect, postForm, signIn } from "./helpers";

type EmailRow = { id: number; recipient: string; subject: string; kind: string; status: string; html: string; text: string };

/** Messages to `recipient` other than the welcome every new customer gets (email-verification.test.ts). */
async function emailsTo(recipient: string) {
  const { results } = await env.DB.prepare("SELECT * FROM emails WHERE recipient = ? AND kind != 'welcome' ORDER BY id").bind(recipient).all<EmailRow>();
  return results;
}

/** The reset link in the newest reset email to `recipient`, as a path. */
async function resetLink(recipient: string) {
  const reset = (await emailsTo(recipient)).filter((e) => e.kind === "password_reset").at(-1);
  expect(reset, `a reset email to ${recipient}`).toBeDefined();
  const url = reset!.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  expect(url, reset!.text).toBeDefined();
  expect(reset!.html).toContain(url!.replace(/&/g, "&amp;"));
  const { pathname, search } = new URL(url!);
  return { path: `${pathname}${search}`, token: new URL(url!).searchParams.get("token")! };
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("forgot password → email → reset → sign in (screens)", () => {
  it("emails a single-use link that sets a new password and signs the account out everywhere", async () => {
    const person = await newCustomer();
    const session = await customerCookie(person.email, person.password);
    const asked = await postForm("/forgot-password", { email: person.email });
    expect(asked.status).toBe(200);
    expect(decode(await asked.text())).toContain(RESET_LINK_SENT);

    const [email] = await emailsTo(person.email);
    expect(email).toMatchObject({ kind: "password_reset", subject: "Reset your Reelcraft password" });
    expect(email!.text).toContain("Reelcraft Studio Ltd");
    const { path, token } = await resetLink(person.email);

    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password");

    // The signup rules apply, and the link survives a refused try.
    const weak = await postForm(path, { token, password: "short" });
    expect(weak.status).toBe(422);
    expect(decode(await weak.text())).toContain("Password must be at least 8 characters");

    const done = await postForm(path, { token, password: "N3w!Password" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?notice=password-reset");
    expect(decode(await pageAfterRedirect(done, ""))).toContain(PASSWORD_RESET_DONE);

    // The old session and refresh token are gone; the old password no longer signs in, the new one does.
    expect((await get("/profile", { headers: { Cookie: session } })).status).toBe(302);
    expect((await api("POST", "/refresh_token", { body: { refresh_token: person.refresh_token } })).status).toBe(401);
    expect((await api("POST", "/sign_in", { body: { session: { email: person.email, password: person.password } } })).status).toBe(401);
    await signIn(person.email, "N3w!Password");

    // The link works once.
    const again = await postForm(path, { token, password: "An0ther!Pass" });
    expect(again.status).toBe(422);
    expect(decode(await again.text())).toContain(RESET_LINK_INVALID);
    expect((await get(path)).status).toBe(400);

    // The change is confirmed by email.
    expect((await emailsTo(person.email)).map((e) => e.kind)).toEqual(["password_reset", "password_changed"]);
  });

  it("answers an unknown email exactly as a known one, and sends nothing", async () => {
    const unknown = `nobody.${Date.now()}@example.com`;
    const known = await newCustomer();
    const a = await postForm("/forgot-password", { email: unknown });
    const b = await postForm("/forgot-password", { email: known.email });
    expect([a.status, b.status]).toEqual([200, 200]);
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/[\w.+-]+@example\.com/g, "EMAIL");
    expect(strip(await a.text())).toBe(strip(await b.text()));
    expect(await emailsTo(unknown)).toEqual([]);
    expect(await emailsTo(known.email)).toHaveLength(1);
  });

  it("an expired link is refused, and a new request spends nothing else", async () => {
    const person = await newCustomer();
    await postForm("/forgot-password", { email: person.email });
    const { path, token } = await resetLink(person.email);
    await env.DB.prepare("UPDATE email_links SET expires_at = ? WHERE used_at IS NULL")
      .bind(Date.now() - 1)
      .run();
    expect((await get(path)).status).toBe(400);
    expect((await postForm(path, { token, password: "N3w!Password" })).status).toBe(422);
    await signIn(person.email, person.password);
  });

  it("admins reset through /forgot-password?for=admin and land on the admin sign-in", async () => {
    const asked = await postForm("/forgot-password?for=admin", { email: "admin@example.com", for: "admin" });
    expect(asked.status).toBe(200);
    const { path, token } = await resetLink("admin@example.com");
    const done = await postForm(path, { token, password: "AdminPass#2026" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/login?notice=password-reset");
    await adminCookie();
  });

  it("creators reset through /forgot-password?for=creator: the new password signs them in, the old one no longer does", async () => {
    const creator = await newCreator(await adminSignIn());
    const asked = await postForm("/forgot-password?for=creator", { email: creator.email, for: "creator" });
    expect(asked.status).toBe(200);
    const { path, token } = await resetLink(creator.email);
    const done = await postForm(path, { token, password: "N3w!Creator#Pass" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/creator/login?notice=password-reset");
    const signIn = (password: string) => api("POST", "/creator/sign_in", { body: { session: { email: creator.email, password } } });
    expect((await signIn("Cr3ator!Pass")).status).toBe(401);
    expect((await signIn("N3w!Creator#Pass")).status).toBe(200);
    // A customer's reset form cannot reach a creator's account by its address.
    const customers = await postForm("/forgot-password", { email: creator.email });
    expect(customers.status).toBe(200);
    expect((await emailsTo(creator.email)).filter((e) => e.kind === "password_reset")).toHaveLength(1);
  });

  it("asking is throttled per address like a sign-in", async () => {
    const address = `203.0.113.77-${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await postForm("/forgot-password", { email: "x@example.com" }, { "CF-Connecting-IP": address })).status);
    expect(statuses).toContain(429);
  });
});

describe("password resets through the API", () => {
  it("POST answers the same for any email; PUT sets the password once and ends every token", async () => {
    const person = await newCustomer();
    const unknown = await api("POST", "/password_resets", { body: { email: `ghost.${Date.now()}@example.com` } });
    const known = await api("POST", "/password_resets", { body: { email: person.email } });
    expect(unknown).toEqual({ status: 200, body: { success: true, message: RESET_LINK_SENT } });
    expect(known).toEqual(unknown);
    const { token } = await resetLink(person.email);

    const invalid = await api("PUT", "/password_resets", { body: { token, password: "weak" } });
    expect(invalid.status).toBe(422);
    const changed = await api("PUT", "/password_resets", { body: { token, password: "N3w!Password" } });
    expect(changed).toEqual({ status: 200, body: { success: true, message: PASSWORD_RESET_DONE } });
    expect((await api("GET", "/users/me", { token: person.access_token })).status).toBe(401);
    const reused = await api("PUT", "/password_resets", { body: { token, password: "An0ther!Pass" } });
    expect(reused.status).toBe(410);
    expect(reused.body).toMatchObject({ success: false, message: RESET_LINK_INVALID });
  });

  it("a password change through the API is confirmed by email", async () => {
    const person = await newCustomer();
    const { status } = await api("PUT", "/users/change_password", {
      token: person.access_token,
      body: { user: { current_password: person.password, password: "N3w!Password", password_confirmation: "N3w!Password" } },
    });
    expect(status).toBe(200);
    expect((await emailsTo(person.email)).map((e) => e.subject)).toEqual(["Your Reelcraft password was changed"]);
  });
});

describe("the mail queue", () => {
  async function consume(queue: string, emailId: number, attempts = 1) {
    const batch = createMessageBatch(queue, [{ id: `job-${emailId}-${attempts}`, timestamp: new Date(), attempts, body: { emailId } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as never, env);
    return getQueueResult(batch, ctx);
  }

  it("sends a message once however often its job arrives, retries a failing transport later, and marks dead letters failed", async () => {
    const person = await newCustomer();
    await postForm("/forgot-password", { email: person.email });
    const [email] = await emailsTo(person.email);
    expect(email!.status).toBe("queued");

    const first = await consume("reelcraft-mail", email!.id);
    expect(first.explicitAcks).toEqual([`job-${email!.id}-1`]);
    const sent = await env.DB.prepare("SELECT status, attempts, sent_at FROM emails WHERE id = ?")
      .bind(email!.id)
      .first<{ status: string; attempts: number; sent_at: number }>();
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    // A duplicate or retried job acknowledges without sending again.
    const duplicate = await consume("reelcraft-mail", email!.id, 2);
    expect(duplicate.explicitAcks).toEqual([`job-${email!.id}-2`]);
    expect(await env.DB.prepare("SELECT attempts FROM emails WHERE id = ?").bind(email!.id).first("attempts")).toBe(1);

    // A transport that fails: the job is retried with a delay, the message stays queued with its error.
    await postForm("/forgot-password", { email: person.email });
    const second = (await emailsTo(person.email)).at(-1)!;
    const failing = { ...env, MAIL_TRANSPORT: "unreachable" };
    const batch = createMessageBatch("reelcraft-mail", [{ id: "job-fail", timestamp: new Date(), attempts: 3, body: { emailId: second.id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as never, failing);
    const result = await getQueueResult(batch, ctx);
    // (The harness reports which jobs were retried, not their delay: the delay's rule is checked on its own.)
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["job-fail"]);
    expect(result.explicitAcks).toEqual([]);
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 600]);
    const row = await env.DB.prepare("SELECT status, last_error FROM emails WHERE id = ?").bind(second.id).first<{ status: string; last_error: string }>();
    expect(row!.status).toBe("queued");
    expect(row!.last_error).toContain("unreachable");

    const dead = await consume("reelcraft-mail-dlq", second.id);
    expect(dead.explicitAcks).toHaveLength(1);
    expect(await env.DB.prepare("SELECT status FROM emails WHERE id = ?").bind(second.id).first("status")).toBe("failed");
  });
});

describe("the outbox (/admin/emails)", () => {
  it("lists every message newest first and shows each one's HTML and text, to admins only", async () => {
    const person = await newCustomer();
    await postForm("/forgot-password", { email: person.email });
    const [email] = await emailsTo(person.email);
    const admin = await adminCookie();
    const list = await get("/admin/emails", { headers: { Cookie: admin } });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(person.email);
    expect(html).toContain(`/admin/emails/${email!.id}`);
    const detail = await get(`/admin/emails/${email!.id}`, { headers: { Cookie: admin } });
    expect(detail.status).toBe(200);
    const page = await detail.text();
    expect(page).toContain('sandbox=""');
    expect(page).toContain("Reset your password");
    expect((await get("/admin/emails/999999", { headers: { Cookie: admin } })).status).toBe(404);

    const customer = cookieFrom(await postForm("/login", { email: person.email, password: person.password }), "sid");
    for (const path of ["/admin/emails", `/admin/emails/${email!.id}`]) {
      const refused = await get(path, { headers: { Cookie: customer } });
      expect(refused.status, path).toBe(302);
      expect(refused.headers.get("Location"), path).toMatch(/^\/admin\/login/);
      expect((await get(path)).status, path).toBe(302);
    }
  });
});
