/** JSON error body of the API (SPEC §7 clients read `success` and `message`). */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  // A 401 names the scheme that would succeed (RFC 9110): API clients authenticate with Bearer tokens.
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="api"';
  return Response.json({ success: false, message, ...extra }, { status, headers });
}

/**
 * JSON success response; public reads may be cached briefly by browsers and the edge. (The paths it
 * names become absolute URLs in the call's answer: app/http/api/call.server.ts.)
 */
export function apiJson(body: unknown, { status = 200, cache = "no-store" }: { status?: number; cache?: string } = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": cache } });
}

export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

/** The object under `key` of a body such as `{ user: { … } }` (SPEC §7 wraps payloads). */
export function wrapped(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const inner = body[key];
  return inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
}

export function methodNotAllowed(allowed: string): Response {
  return Response.json({ success: false, message: `Method not allowed; use ${allowed}` }, { status: 405, headers: { Allow: allowed } });
}
