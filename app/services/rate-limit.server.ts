/**
 * Throttles credential endpoints with the Workers rate-limiting binding (10 a minute per client
 * address and account; wrangler.toml). Keyed by account too, so that people behind one address
 * (an office, a test runner) do not lock each other out, while guessing one account's password stays slow.
 */
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export async function allowAttempt(env: Env, request: Request, scope: string, account: string): Promise<boolean> {
  const address = request.headers.get("CF-Connecting-IP") ?? "local";
  const { success } = await env.AUTH_LIMITER.limit({ key: `${scope}:${address}:${account.toLowerCase().slice(0, 254)}` });
  return success;
}
