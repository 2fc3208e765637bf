/** JSON error body of the API (SPEC §7 clients read `success` and `message`). */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, message, ...extra }, { status, headers: { "Cache-Control": "no-store" } });
}

/** JSON success response; public reads may be cached briefly by browsers and the edge. */
export function apiJson(body: unknown, { status = 200, cache = "no-store" }: { status?: number; cache?: string } = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": cache } });
}

export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
