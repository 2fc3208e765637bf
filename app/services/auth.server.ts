/**
 * Who is asking, and may they? Guards for screens (throw redirects) and for the JSON API (throw
 * 401/403 JSON responses). Every loader and action calls one of these; hiding UI is never the guard.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { apiError } from "~/lib/api";
import { PRODUCT_CREATE_MESSAGES } from "~/lib/schemas/product";
import { getAdmin, getUser, toAdminView, toUserView, type AdminView, type UserView } from "./accounts.server";
import { getSessionSubject, readSessionToken, touchSession, type SessionKind } from "./sessions.server";
import { bearerToken, verifyAccessToken } from "./tokens.server";

type Identity = { customer: UserView; admin: AdminView };
const memo = new WeakMap<AppLoadContext, Map<SessionKind, Promise<unknown>>>();

/** The signed-in customer or admin of this request's cookie, looked up once per request. */
function sessionIdentity<K extends SessionKind>(context: AppLoadContext, request: Request, kind: K): Promise<Identity[K] | null> {
  let perRequest = memo.get(context);
  if (!perRequest) memo.set(context, (perRequest = new Map()));
  let found = perRequest.get(kind) as Promise<Identity[K] | null> | undefined;
  if (!found) {
    // An answer made with a session in hand is for one person (see `privacy` in load-context.ts).
    if (readSessionToken(request, kind) !== null) context.privacy.personal = true;
    found = (async () => {
      const session = await getSessionSubject(context.db, request, kind);
      if (!session) return null;
      context.cloudflare.ctx.waitUntil(touchSession(context.db, session.sessionId, session.lastSeenAt).catch((e) => console.error("touchSession", e)));
      return (kind === "customer" ? toUserView(session.account) : toAdminView(session.account)) as Identity[K];
    })();
    perRequest.set(kind, found);
  }
  return found;
}

export function getCustomer(context: AppLoadContext, request: Request) {
  return sessionIdentity(context, request, "customer");
}

export function getSignedInAdmin(context: AppLoadContext, request: Request) {
  return sessionIdentity(context, request, "admin");
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/** Screens for customers only: visitors go to /login and come back afterwards (SPEC §2). */
export async function requireCustomer(context: AppLoadContext, request: Request): Promise<UserView> {
  const customer = await getCustomer(context, request);
  if (!customer) throw loginRedirect(request);
  return customer;
}

/** Screens for admins only: anyone else goes to /admin/login (SPEC §2). */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<AdminView> {
  const admin = await getSignedInAdmin(context, request);
  if (!admin) throw redirect("/admin/login");
  return admin;
}

/** For the admin screens' own fetch endpoints: a signed-out admin gets a 401 in JSON, not a redirect. */
export async function requireAdminForFetch(context: AppLoadContext, request: Request): Promise<AdminView> {
  const admin = await getSignedInAdmin(context, request);
  if (!admin) throw apiError(401, PRODUCT_CREATE_MESSAGES.signedOut);
  return admin;
}

/**
 * The API caller's account id for a token of `kind`. Missing or bad token: 401; expired: 401 with
 * `error_code: TOKEN_EXPIRED` (the spec's client refreshes on it); the other kind's token: 403.
 */
async function verifiedToken(context: AppLoadContext, request: Request) {
  const result = await verifyAccessToken(context.env.TOKEN_SECRET, bearerToken(request));
  if (result.ok) return result;
  if (result.reason === "expired") throw apiError(401, "Access token expired", { error_code: "TOKEN_EXPIRED" });
  throw apiError(401, result.reason === "missing" ? "Authentication required" : "Invalid access token");
}

export async function requireApiAccount(context: AppLoadContext, request: Request, kind: SessionKind): Promise<number> {
  const result = await verifiedToken(context, request);
  if (result.kind !== kind) throw apiError(403, kind === "admin" ? "Admin access required" : "Customer access required");
  return result.subjectId;
}

/** Either kind of token: for calls that customers and admins both make (orders). */
export async function requireApiAnyAccount(context: AppLoadContext, request: Request): Promise<{ kind: SessionKind; id: number }> {
  const result = await verifiedToken(context, request);
  const person = result.kind === "customer" ? await getUser(context.db, result.subjectId) : await getAdmin(context.db, result.subjectId);
  if (!person) throw apiError(401, "Invalid access token");
  return { kind: result.kind, id: result.subjectId };
}

export async function requireApiCustomer(context: AppLoadContext, request: Request): Promise<UserView> {
  const user = await getUser(context.db, await requireApiAccount(context, request, "customer"));
  if (!user) throw apiError(401, "Invalid access token");
  return user;
}

export async function requireApiAdmin(context: AppLoadContext, request: Request): Promise<AdminView> {
  const admin = await getAdmin(context.db, await requireApiAccount(context, request, "admin"));
  if (!admin) throw apiError(401, "Invalid access token");
  return admin;
}
