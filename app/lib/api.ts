/** The JSON API's success answers (its refusals are answered by app/http/refusal-answer.server.ts). */

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
