/**
 * What every `/api/v1` answer gets at the Worker's edge, in one place (`server.ts`):
 * - CORS: the SPEC's client calls the API from another origin. Origins listed in `CORS_ORIGINS`
 *   (comma-separated; a `:*` port matches any port) may call it, and locally, when nothing is
 *   configured, `http://localhost:*` and `http://127.0.0.1:*`. Preflights are answered here. No
 *   credentials are ever allowed (the API uses Bearer tokens, not cookies), so an origin is echoed,
 *   never `*` with credentials; other origins get no CORS headers at all.
 * - A method a call does not take answers the API's own 405 shape with an `Allow` header, from the
 *   contract (http/api/contract/), before Remix sees it: routes never check methods themselves
 *   (and Remix would answer its own 405 and log a server error for a call that only reads).
 *   `OPTIONS` answers the path's own `Allow` (with OPTIONS), or the JSON 404 where no call is.
 */
import { allowedMethods } from "../http/api/contract";
import { isLocalEnvironment } from "../domain/environment.server";

const LOCAL_DEFAULT = ["http://localhost:*", "http://127.0.0.1:*"];
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-D1-Bookmark";

/** The JSON API's URL space: `/api/v1` and everything under it. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api/v1" || pathname.startsWith("/api/v1/");
}

export function isApiRequest(request: Request) {
  return isApiPath(new URL(request.url).pathname);
}

function allowedOrigins(env: Pick<Env, "CORS_ORIGINS" | "ENVIRONMENT">): string[] {
  const configured = (env.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  if (configured.length) return configured;
  return isLocalEnvironment(env) ? LOCAL_DEFAULT : [];
}

/** The request's Origin when it may call the API, else null. */
export function allowedOrigin(request: Request, env: Pick<Env, "CORS_ORIGINS" | "ENVIRONMENT">): string | null {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return null;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  for (const pattern of allowedOrigins(env)) {
    if (pattern === origin) return origin;
    if (pattern.endsWith(":*") && `${parsed.protocol}//${parsed.hostname}` === pattern.slice(0, -2)) return origin;
  }
  return null;
}

/**
 * The answer to `OPTIONS` on an API path: 204 with the path's own `Allow` from the contract (OPTIONS
 * included), and for a CORS preflight (`Access-Control-Request-Method`) from an allowed origin the
 * CORS headers; a path that is no call answers the API's JSON 404, as any other method there does.
 * Null for any other request.
 */
export function corsPreflight(request: Request, env: Env): Response | null {
  if (request.method !== "OPTIONS" || !isApiRequest(request)) return null;
  const methods = allowedMethods(new URL(request.url).pathname);
  if (!methods) return Response.json({ success: false, message: "Not found" }, { status: 404, headers: { Vary: "Origin", "Cache-Control": "no-store" } });
  const allow = [...methods, "OPTIONS"].join(", ");
  const headers = new Headers({ Allow: allow, Vary: "Origin", "Cache-Control": "no-store" });
  const origin = allowedOrigin(request, env);
  if (origin && request.headers.has("Access-Control-Request-Method")) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", allow);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}

/**
 * The API's 405 for a method the contract does not list for the path (with `Allow` from the
 * contract); null when the method may go on, or when the path is not a contract call (the
 * catch-all answers 404).
 */
export function methodRefusal(request: Request): Response | null {
  if (request.method === "OPTIONS") return null;
  const allowed = allowedMethods(new URL(request.url).pathname);
  if (!allowed || allowed.includes(request.method)) return null;
  const listed = allowed.join(", ");
  // `Allow` names every method the path answers, OPTIONS too (as OPTIONS's own answer does).
  return Response.json(
    { success: false, message: `Method not allowed; use ${listed}` },
    { status: 405, headers: { Allow: [...allowed, "OPTIONS"].join(", "), "Cache-Control": "no-store" } },
  );
}

/** An API answer as clients receive it: CORS headers for allowed origins. */
export function finishApiResponse(request: Request, response: Response, env: Env): Response {
  const answer = response;
  const origin = allowedOrigin(request, env);
  const headers = new Headers(answer.headers);
  headers.append("Vary", "Origin");
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Expose-Headers", "Retry-After, X-Cache, X-D1-Bookmark");
  }
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
