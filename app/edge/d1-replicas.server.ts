/**
 * D1 read replication through the Sessions API (ADR 015). Each request's queries run in one D1
 * session: an anonymous page (the catalogue) may read any replica ("first-unconstrained"); a
 * signed-in request or a write starts from the primary, or from the bookmark its browser (cookie)
 * or API client (`X-D1-Bookmark` header) brought back, so a person always reads their own writes.
 * Only those answers carry the new bookmark: anonymous pages set no cookie and stay cacheable.
 * Local runs and tests use Miniflare's D1, which implements the same API.
 */
import { isAnonymousRequest, isSecureRequest } from "../auth/index.server";

export const BOOKMARK_HEADER = "X-D1-Bookmark";
const COOKIE = "d1_bookmark";
/** Bookmarks are opaque; this only keeps a forged value from reaching D1 (which refuses junk anyway). */
const BOOKMARK = /^[A-Za-z0-9-]{1,200}$/;
const READ = new Set(["GET", "HEAD"]);

export interface RequestD1 {
  session: D1DatabaseSession;
  /**
   * Whether this request reads its own writes (signed-in requests and writes): it starts from the
   * primary or its bookmark, and its answer hands the session's new bookmark back.
   */
  readsOwnWrites: boolean;
}

function cookieName(request: Request) {
  return isSecureRequest(request) ? `__Host-${COOKIE}` : COOKIE;
}

function bookmarkFrom(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  if (header && BOOKMARK.test(header)) return header;
  const name = cookieName(request);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key = "", value = ""] = part.trim().split("=");
    if (key === name && BOOKMARK.test(value)) return value;
  }
  return null;
}

/** The D1 session (Sessions API: a replica or the primary) a request's queries run in. */
export function openReplicaSession(db: D1Database, request: Request): RequestD1 {
  const readsOwnWrites = !READ.has(request.method) || !isAnonymousRequest(request);
  if (!readsOwnWrites) return { session: db.withSession("first-unconstrained"), readsOwnWrites };
  const bookmark = bookmarkFrom(request);
  try {
    return { session: db.withSession(bookmark ?? "first-primary"), readsOwnWrites };
  } catch {
    // A bookmark D1 does not know (another database, an old deployment): start from the primary.
    return { session: db.withSession("first-primary"), readsOwnWrites };
  }
}

/** The answer with the session's bookmark: a header for API clients, a short-lived cookie for browsers. */
export function withBookmark(response: Response, request: Request, d1: RequestD1, api: boolean): Response {
  if (!d1.readsOwnWrites) return response;
  const bookmark = d1.session.getBookmark();
  if (!bookmark || !BOOKMARK.test(bookmark)) return response;
  const headers = new Headers(response.headers);
  if (api) headers.set(BOOKMARK_HEADER, bookmark);
  else {
    const secure = isSecureRequest(request) ? "; Secure" : "";
    headers.append("Set-Cookie", `${cookieName(request)}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600${secure}`);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
