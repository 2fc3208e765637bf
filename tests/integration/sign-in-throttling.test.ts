import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FREE_PASSWORD_ATTEMPTS } from "~/auth/accounts.server";
import { cookieFrom, freshAddress, newCustomer, postForm, selfFetch } from "./helpers";

/**
 * Password guessing is slowed per account and per address, each on its own: an account makes the
 * next check wait after repeated wrong passwords (sign-in or a password change's current password,
 * from any address), growing from 1 s to at most a minute; one address may try 20 sign-ins a minute
 * whichever accounts they name. Every refusal is a 429 with `Retry-After` and the same message.
 */
const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await selfFetch(`http://localhost/api/v1${path}`, {
    method,
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshAddress(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as { message?: string } };
}

const signIn = (email: string, password: string, headers?: Record<string, string>) => call("POST", "/sign_in", { session: { email, password } }, headers);

/** The moment the account's wait ends, as the service keeps it. */
async function waitState(table: "users" | "admins", email: string) {
  return env.DB.prepare(`SELECT failed_password_attempts AS failures, password_locked_until AS lockedUntil FROM ${table} WHERE email = ?`)
    .bind(email)
    .first<{ failures: number; lockedUntil: number }>();
}

/** Lets the account's current wait run out (instead of sleeping through it). */
async function endWait(table: "users" | "admins", email: string) {
  await env.DB.prepare(`UPDATE ${table} SET password_locked_until = 0 WHERE email = ?`).bind(email).run();
}

/**
 * Runs `attempt` (a wrong password) and checks the wait it started: `seconds` from the moment the
 * service judged it, which lies between the clock readings before and after the attempt.
 */
async function expectWaitFrom(table: "users" | "admins", email: string, seconds: number, attempt: () => Promise<unknown>) {
  const before = Date.now();
  await attempt();
  const after = Date.now();
  const { lockedUntil } = (await waitState(table, email))!;
  expect(lockedUntil).toBeGreaterThanOrEqual(before + seconds * 1000);
  expect(lockedUntil).toBeLessThanOrEqual(after + seconds * 1000);
}

/**
 * Stretches the account's current wait to a minute from now, so that the next request meets it
 * however slowly a busy machine runs this file: a 1-second wait can end between two requests. The
 * length the service chose is checked on the row (`expectWaitFrom`); the answer then says how long
 * is left, at most the minute.
 */
async function holdWait(table: "users" | "admins", email: string) {
  await env.DB.prepare(`UPDATE ${table} SET password_locked_until = ? WHERE email = ? AND password_locked_until > 0`)
    .bind(Date.now() + 60_000, email)
    .run();
}

/** A Retry-After for a wait `holdWait` stretched: whole seconds, at most the minute. */
function expectHeldRetryAfter(value: string | null) {
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThan(50);
  expect(Number(value)).toBeLessThanOrEqual(60);
}

describe("per account: a short, growing wait after wrong passwords, whatever the address", () => {
  it("waits 1 s after the free attempts, then 2 s, never more than a minute; the right password afterwards clears it", async () => {
    const person = await newCustomer();
    // Each guess from a new address: the address limit never sees more than one.
    for (let i = 0; i < FREE_PASSWORD_ATTEMPTS; i++) expect((await signIn(person.email, `Guess#${i}xx`)).status, `guess ${i + 1}`).toBe(401);
    expect(await waitState("users", person.email)).toEqual({ failures: FREE_PASSWORD_ATTEMPTS, lockedUntil: 0 });
    await expectWaitFrom("users", person.email, 1, async () => expect((await signIn(person.email, "Guess#lastxx")).status).toBe(401));
    // Even the right password is not checked during the wait.
    await holdWait("users", person.email);
    const waiting = await signIn(person.email, person.password);
    expect(waiting).toMatchObject({ status: 429, body: { success: false, message: TOO_MANY } });
    expectHeldRetryAfter(waiting.retryAfter);

    await endWait("users", person.email);
    await expectWaitFrom("users", person.email, 2, async () => expect((await signIn(person.email, "Guess#againx")).status).toBe(401));
    await holdWait("users", person.email);
    expect((await signIn(person.email, person.password)).status).toBe(429);

    // However many guesses came before, the wait stays at a minute.
    await env.DB.prepare("UPDATE users SET failed_password_attempts = 500, password_locked_until = 0 WHERE email = ?").bind(person.email).run();
    const guessed = Date.now();
    expect((await signIn(person.email, "Guess#manyxx")).status).toBe(401);
    const state = await waitState("users", person.email);
    expect(state!.lockedUntil - Date.now()).toBeLessThanOrEqual(60_000);
    // A minute from the guess (less the seconds a busy machine took to ask again), never more.
    const retryAfter = Number((await signIn(person.email, person.password)).retryAfter);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - guessed) / 1000));

    await endWait("users", person.email);
    expect((await signIn(person.email, person.password)).status).toBe(200);
    expect(await waitState("users", person.email)).toEqual({ failures: 0, lockedUntil: 0 });
    expect((await signIn(person.email, "Guess#fresh1")).status).toBe(401);
    expect((await signIn(person.email, "Guess#fresh2")).status).toBe(401);
  });

  it("guesses sent at once are all counted", async () => {
    const person = await newCustomer();
    const guesses = await Promise.all(Array.from({ length: FREE_PASSWORD_ATTEMPTS + 1 }, (_, i) => signIn(person.email, `Burst#${i}xx`)));
    expect(guesses.map((g) => g.status)).toEqual(Array(FREE_PASSWORD_ATTEMPTS + 1).fill(401));
    expect((await waitState("users", person.email))!.failures).toBe(FREE_PASSWORD_ATTEMPTS + 1);
    await holdWait("users", person.email);
    expect((await signIn(person.email, person.password)).status).toBe(429);
  });

  it("the login screen answers the wait with 429, Retry-After and the message, keeping the email", async () => {
    const person = await newCustomer();
    for (let i = 0; i <= FREE_PASSWORD_ATTEMPTS; i++) expect((await postForm("/login", { email: person.email, password: `Guess#${i}xx` })).status).toBe(401);
    await holdWait("users", person.email);
    const refused = await postForm("/login", { email: person.email, password: person.password });
    expect(refused.status).toBe(429);
    expectHeldRetryAfter(refused.headers.get("Retry-After"));
    const page = await refused.text();
    expect(page).toContain(TOO_MANY);
    expect(page).toContain(`value="${person.email}"`);
  });

  it("the admin sign-in screen and the admin API share the admin's wait", async () => {
    for (let i = 0; i < FREE_PASSWORD_ATTEMPTS; i++) {
      expect((await postForm("/admin/login", { email: "admin@example.com", password: `Guess#${i}xxx` })).status).toBe(401);
    }
    await expectWaitFrom("admins", "admin@example.com", 1, async () =>
      expect((await postForm("/admin/login", { email: "admin@example.com", password: "Guess#lastxxx" })).status).toBe(401),
    );
    await holdWait("admins", "admin@example.com");
    const refused = await call("POST", "/admin/sign_in", { session: { email: "admin@example.com", password: "AdminPass#2026" } });
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: TOO_MANY } });
    expectHeldRetryAfter(refused.retryAfter);
    const screen = await postForm("/admin/login", { email: "admin@example.com", password: "AdminPass#2026" });
    expect(screen.status).toBe(429);
    expectHeldRetryAfter(screen.headers.get("Retry-After"));
    await endWait("admins", "admin@example.com");
    expect((await postForm("/admin/login", { email: "admin@example.com", password: "AdminPass#2026" })).status).toBe(302);
  });

  it("wrong current passwords on a password change count against the same wait (API and profile screen)", async () => {
    const person = await newCustomer();
    const change = (current: string) =>
      call(
        "PUT",
        "/users/change_password",
        { user: { current_password: current, password: "N3w!Password", password_confirmation: "N3w!Password" } },
        {
          Authorization: `Bearer ${person.access_token}`,
        },
      );
    for (let i = 0; i < FREE_PASSWORD_ATTEMPTS; i++) expect((await change(`Guess#${i}xx`)).status).toBe(422);
    await expectWaitFrom("users", person.email, 1, async () => expect((await change("Guess#lastxx")).status).toBe(422));
    await holdWait("users", person.email);
    const refusedChange = await change(person.password);
    expect(refusedChange).toMatchObject({ status: 429, body: { success: false, message: TOO_MANY } });
    expectHeldRetryAfter(refusedChange.retryAfter);
    // The same account's sign-in waits too.
    expect((await signIn(person.email, person.password)).status).toBe(429);

    await endWait("users", person.email);
    const cookie = cookieFrom(await postForm("/login", { email: person.email, password: person.password }), "sid");
    const onScreen = (current: string) =>
      postForm(
        "/profile?index",
        { intent: "change-password", current_password: current, password: "N3w!Password", password_confirmation: "N3w!Password" },
        { Cookie: cookie },
      );
    // A wrong current password is an invalid value (422), on the screen as in the API.
    for (let i = 0; i < FREE_PASSWORD_ATTEMPTS; i++) expect((await onScreen(`Guess#${i}xx`)).status).toBe(422);
    await expectWaitFrom("users", person.email, 1, async () => expect((await onScreen("Guess#lastxx")).status).toBe(422));
    await holdWait("users", person.email);
    const refused = await onScreen(person.password);
    expect(refused.status).toBe(429);
    expectHeldRetryAfter(refused.headers.get("Retry-After"));
    expect(await refused.text()).toContain(TOO_MANY);
  });
});

describe("per address: sign-ins from one address, whichever accounts they name", () => {
  // Up to 41 sign-ins, each hashing a password at production's cost: seconds alone, over a minute on a 2-core
  // machine running the browser suite beside it, so its budget is three minutes.
  it("one address trying many accounts gets 429 with Retry-After; the same accounts work from elsewhere", { timeout: 180_000 }, async () => {
    const headers = { "CF-Connecting-IP": `spread-${freshAddress()}` };
    // The limiter counts 20 in fixed one-minute windows: the first 20 always pass, and a refusal
    // must come within 41 attempts (they cannot all fit in two windows).
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 41 && !refused; i++) {
      const attempt = await signIn(`stranger${i}@example.com`, `Guess#${i}xx`, headers);
      statuses.push(attempt.status);
      if (attempt.status === 429) refused = attempt;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(refused).toEqual({ status: 429, retryAfter: "60", body: { success: false, message: TOO_MANY } });
    // Screens and both kinds of account share the address's budget.
    const screen = await postForm("/admin/login", { email: "admin@example.com", password: "AdminPass#2026" }, headers);
    expect(screen.status).toBe(429);
    expect(screen.headers.get("Retry-After")).toBe("60");
    // No account was made to wait: the demo customer signs in from another address.
    expect((await signIn("customer@example.com", "Customer#2026")).status).toBe(200);
  });
});
