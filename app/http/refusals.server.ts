/**
 * Requests refused as malformed (a body too large for its route, of a type the route does not
 * take, that cannot be parsed, or a form its page cannot have sent) are counted per client
 * address: past REFUSALS_PER_MINUTE in a minute, the next refusal is a 429 with `Retry-After`
 * (REFUSAL_LIMITER in wrangler.toml). Anyone probing the parsers is slowed; nobody who uses the
 * shop's own pages is ever refused this way.
 *
 * Wherever a refusal is decided (the request guard, a body reader, `parseSubmission` deep inside
 * an action), it calls `noteRefusal()`; the request's scope, opened by server.ts around the whole
 * request with `withRefusalScope`, remembers it, and server.ts answers it (`refusalAnswer`: short,
 * whatever the route had begun to render) and counts it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { clientAddress } from "../auth/index.server";
import { refuse } from "~/domain/refusal";
import { apiRefusal, refusalInit } from "./refusal-answer.server";

/** What REFUSAL_LIMITER allows (wrangler.toml must say the same). */
export const REFUSALS_PER_MINUTE = 30;

/** A refusal of malformed input: its status (400, 413, 415) and a short message. */
export type Refused = { status: number; message: string; screenMessage: string };
type Scope = { refused: Refused | null };
// One store for the Worker: server.ts and the Remix build (bundled apart, each with its own copy of
// this module) must see the same scope, so it is kept on the global object under a registered symbol.
const STORE = Symbol.for("reelcraft.refusal-scopes");
const scopes: AsyncLocalStorage<Scope> =
  ((globalThis as Record<symbol, unknown>)[STORE] as AsyncLocalStorage<Scope> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[STORE] = new AsyncLocalStorage<Scope>());

/** Runs one request's handling in its own scope; says whether anything in it was refused as malformed. */
export async function withRefusalScope<T>(run: () => Promise<T>): Promise<{ value: T; refused: Refused | null }> {
  const scope: Scope = { refused: null };
  const value = await scopes.run(scope, run);
  return { value, refused: scope.refused };
}

/** Records that this request was refused as malformed (no effect outside a request's scope); the first refusal stands. */
export function noteRefusal(status: number, message: string, screenMessage = message): void {
  const scope = scopes.getStore();
  if (scope && !scope.refused) scope.refused = { status, message, screenMessage };
}

/**
 * The answer to a refusal of malformed input, whatever the route had begun to render: short, never
 * an echo of what was sent, the API's JSON shape under `/api`, plain text elsewhere.
 */
export function refusalAnswer(refused: Refused, api: boolean): Response {
  const headers = { "Cache-Control": "no-store" };
  return api
    ? Response.json({ success: false, message: refused.message }, { status: refused.status, headers })
    : new Response(refused.screenMessage, { status: refused.status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Counts a refusal against the client's address: null while the address is within its share, else
 * the 429 to answer instead (the API's JSON shape for `/api` paths).
 */
export async function throttleRefusal(env: Pick<Env, "REFUSAL_LIMITER">, request: Request, api: boolean): Promise<Response | null> {
  const { success } = await env.REFUSAL_LIMITER.limit({ key: `refused:${clientAddress(request)}` });
  if (success) return null;
  const throttled = refuse.throttled();
  if (api) return apiRefusal(throttled);
  const { status, headers } = refusalInit(throttled);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(throttled.message, { status, headers });
}
