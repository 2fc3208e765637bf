/**
 * Throttles what strangers can do without an account, with the Workers rate-limiting bindings
 * (wrangler.toml; both count per minute):
 * - AUTH_LIMITER, 10 a minute per client address and account: sign-in and sign-up attempts. Keyed
 *   by account too, so that people behind one address (an office, a test runner) do not lock each
 *   other out, while guessing one account's password stays slow;
 * - ADDRESS_LIMITER, 10 a minute per client address and kind of write: sign-ups, demo requests and
 *   newsletter sign-ups, so one address cannot flood them with many different emails.
 * Every 429 carries `Retry-After` (server.ts).
 */
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/** Seconds until a throttled client may try again (the limiters' period). */
export const RETRY_AFTER_SECONDS = 60;

/** Writes anyone may make without signing in, each throttled per client address. */
export type AnonymousWrite = "signup" | "demo-request" | "newsletter";

function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** One more anonymous write of this kind from this address, or false when it has had its share. */
export async function allowAnonymousWrite(env: Env, request: Request, kind: AnonymousWrite): Promise<boolean> {
  const { success } = await env.ADDRESS_LIMITER.limit({ key: `${kind}:${clientAddress(request)}` });
  return success;
}

/** One more credential attempt for `account` from this address; sign-ups also count against the address alone. */
export async function allowAttempt(env: Env, request: Request, scope: string, account: string): Promise<boolean> {
  const { success } = await env.AUTH_LIMITER.limit({ key: `${scope}:${clientAddress(request)}:${account.toLowerCase().slice(0, 254)}` });
  if (!success) return false;
  return scope === "signup" ? allowAnonymousWrite(env, request, "signup") : true;
}
