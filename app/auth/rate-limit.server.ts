/**
 * Throttles what strangers can do, per client address, with the Workers rate-limiting bindings
 * (wrangler.toml; both count per minute):
 * - AUTH_LIMITER, 20 a minute per client address: sign-in attempts of either kind, on screens and
 *   through the API, whichever accounts they name, so one address cannot try many accounts;
 * - ADDRESS_LIMITER, 10 a minute per client address and kind of write: sign-ups, demo requests and
 *   newsletter sign-ups, so one address cannot flood them with many different emails.
 * Each account has its own limit apart from these, whatever the addresses: the growing wait after
 * repeated wrong passwords (accounts.server.ts). A throttle is a `throttled` refusal (app/domain/refusal.ts),
 * whose wait every adapter sends as `Retry-After`.
 */
export { RETRY_AFTER_SECONDS, TOO_MANY_ATTEMPTS } from "~/domain/refusal";
import { refuse } from "~/domain/refusal";

/** Writes anyone may make without signing in, each throttled per client address. */
export type AnonymousWrite = "signup" | "demo-request" | "newsletter";

/** The client's address as Cloudflare saw it ("local" when there is none, as under Miniflare without a proxy). */
export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** One more anonymous write of this kind from this address, or false when it has had its share. */
export async function allowAnonymousWrite(env: Env, request: Request, kind: AnonymousWrite): Promise<boolean> {
  const { success } = await env.ADDRESS_LIMITER.limit({ key: `${kind}:${clientAddress(request)}` });
  return success;
}

/** One more anonymous write of this kind from this address, or a `throttled` refusal. */
export async function requireAnonymousWrite(env: Env, request: Request, kind: AnonymousWrite): Promise<void> {
  if (!(await allowAnonymousWrite(env, request, kind))) throw refuse.throttled();
}

/** One more sign-in attempt from this address (any account, either kind), or false when it has had its share. */
export async function allowSignInAttempt(env: Env, request: Request): Promise<boolean> {
  const { success } = await env.AUTH_LIMITER.limit({ key: `sign-in:${clientAddress(request)}` });
  return success;
}
