/**
 * Who is asking, and may they? Guards for screens (throw redirects) and for the JSON API (throw
 * `unauthenticated`/`forbidden` refusals, answered by the API's adapter). Every loader and action calls one of these; hiding UI is never the guard.
 */
import { CREATOR_SUSPENDED } from "~/lib/rules/creators";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { PRODUCT_CREATE_MESSAGES } from "~/lib/schemas/product";
import { accountView, getAccountForToken, type AccountView, type AdminView, type CreatorAccountView, type UserView } from "./accounts.server";
import { getSessionSubject, presentsSessionCookie, touchSession, type SessionKind } from "./sessions.server";
import { bearerToken, verifyAccessToken } from "./tokens.server";
import { isRefusal, refuse } from "~/domain/refusal";

/** A signed-in customer as the screens know them: the API's view plus whether their email is confirmed. */
export type SignedInCustomer = UserView & { emailVerified: boolean };
type Identity = { customer: SignedInCustomer; admin: AdminView; creator: CreatorAccountView };
const memo = new WeakMap<AppLoadContext, Map<SessionKind, Promise<unknown>>>();

/** The signed-in customer or admin of this request's cookie, looked up once per request. */
function sessionIdentity<K extends SessionKind>(context: AppLoadContext, request: Request, kind: K): Promise<Identity[K] | null> {
  let perRequest = memo.get(context);
  if (!perRequest) memo.set(context, (perRequest = new Map()));
  let found = perRequest.get(kind) as Promise<Identity[K] | null> | undefined;
  if (!found) {
    // An answer made with a session in hand is for one person (see `privacy` in load-context.ts).
    if (presentsSessionCookie(request, kind)) context.privacy.personal = true;
    found = (async () => {
      const session = await getSessionSubject(context.db, request, kind);
      if (!session) return null;
      context.cloudflare.ctx.waitUntil(touchSession(context.db, session.sessionId, session.lastSeenAt).catch((e) => console.error("touchSession", e)));
      const { account } = session;
      const view = accountView(kind, { ...account, status: account.creatorStatus });
      return (kind === "customer" ? { ...view, emailVerified: account.emailVerifiedAt !== null } : view) as unknown as Identity[K];
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

export function getSignedInCreator(context: AppLoadContext, request: Request) {
  return sessionIdentity(context, request, "creator");
}

function loginRedirect(request: Request, login = "/login") {
  const url = new URL(request.url);
  return redirect(`${login}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/**
 * Screens for creators: anyone else goes to /creator/login and comes back afterwards. A suspended
 * creator is signed in (they read why on /studio) but every other studio screen sends them there.
 */
export async function requireCreator(context: AppLoadContext, request: Request, { allowSuspended = false } = {}): Promise<CreatorAccountView> {
  const creator = await getSignedInCreator(context, request);
  if (!creator) throw loginRedirect(request, "/creator/login");
  if (creator.status === "suspended" && !allowSuspended) throw redirect("/studio");
  return creator;
}

/** Screens for customers only: visitors go to /login and come back afterwards (SPEC §2). */
export async function requireCustomer(context: AppLoadContext, request: Request): Promise<SignedInCustomer> {
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
  if (!admin) throw refuse.unauthenticated(PRODUCT_CREATE_MESSAGES.signedOut);
  return admin;
}

const ACCESS_REQUIRED: Record<SessionKind, string> = {
  customer: "Customer access required",
  admin: "Admin access required",
  creator: "Creator access required",
};

/** For the creator's screens' own fetch endpoints: a signed-out (or suspended) creator gets a 401 in JSON, not a redirect. */
export async function requireCreatorForFetch(context: AppLoadContext, request: Request): Promise<CreatorAccountView> {
  const creator = await getSignedInCreator(context, request);
  if (!creator || creator.status === "suspended") throw refuse.unauthenticated(PRODUCT_CREATE_MESSAGES.signedOut);
  return creator;
}

/**
 * The API caller's account id for a token of `kind`. Missing or bad token: 401; expired: 401 with
 * `error_code: TOKEN_EXPIRED` (the spec's client refreshes on it); the other kind's token: 403.
 */
async function verifiedToken(context: AppLoadContext, request: Request) {
  const result = await verifyAccessToken(context.env.TOKEN_SECRET, bearerToken(request));
  if (result.ok) return result;
  if (result.reason === "expired") throw refuse.unauthenticated("Access token expired", "TOKEN_EXPIRED");
  throw refuse.unauthenticated(result.reason === "missing" ? "Authentication required" : "Invalid access token");
}

/** The API caller's verified token of `kind` (no account lookup): the account id and when the token was issued. */
export async function requireApiToken(context: AppLoadContext, request: Request, kind: SessionKind): Promise<{ id: number; issuedAt: number }> {
  const result = await verifiedToken(context, request);
  if (result.kind !== kind) throw refuse.forbidden(ACCESS_REQUIRED[kind]);
  return { id: result.subjectId, issuedAt: result.issuedAt };
}

/** The account behind a token, if the token is still honoured (not issued before a sign-out or password change). */
async function honouredAccount(context: AppLoadContext, kind: SessionKind, id: number, issuedAt: number) {
  const found = await getAccountForToken(context.db, kind, id, issuedAt);
  if (!found) throw refuse.unauthenticated("Invalid access token");
  return found.view;
}

/**
 * A customer's or an admin's token: for calls that both make (orders, invoices). A creator's token
 * is answered as if the record were not there (`creatorRefusal`): these calls carry the buyer's
 * money and details, which creators never see.
 */
export async function requireApiAnyAccount(
  context: AppLoadContext,
  request: Request,
  creatorRefusal: () => Error = () => refuse.forbidden(ACCESS_REQUIRED.customer),
): Promise<{ kind: "customer" | "admin"; id: number }> {
  const result = await verifiedToken(context, request);
  if (result.kind === "creator") throw creatorRefusal();
  await honouredAccount(context, result.kind, result.subjectId, result.issuedAt);
  return { kind: result.kind, id: result.subjectId };
}

/**
 * Any party to an order's work: its customer, an admin, or a creator (whose access to each order is
 * its assignment, checked by the domain). A suspended creator's token is refused here.
 */
export async function requireApiOrderParty(context: AppLoadContext, request: Request): Promise<{ kind: SessionKind; id: number }> {
  const result = await verifiedToken(context, request);
  const view = await honouredAccount(context, result.kind, result.subjectId, result.issuedAt);
  if (result.kind === "creator") workingCreator(view as CreatorAccountView);
  return { kind: result.kind, id: result.subjectId };
}

export { CREATOR_SUSPENDED };

/** A creator who may work (403 for a suspended one, who may still read their profile and its statement of reasons). */
export function workingCreator(view: CreatorAccountView): CreatorAccountView {
  if (view.status === "suspended") throw refuse.forbidden(CREATOR_SUSPENDED);
  return view;
}

/** The account behind a token already verified (`requireApiToken`), if the token is still honoured: no second verification. */
export async function apiTokenAccount<K extends SessionKind>(
  context: AppLoadContext,
  kind: K,
  token: { id: number; issuedAt: number },
): Promise<AccountView<K>> {
  return (await honouredAccount(context, kind, token.id, token.issuedAt)) as AccountView<K>;
}

export async function requireApiCustomer(context: AppLoadContext, request: Request): Promise<UserView> {
  const token = await requireApiToken(context, request, "customer");
  return (await honouredAccount(context, "customer", token.id, token.issuedAt)) as UserView;
}

export async function requireApiAdmin(context: AppLoadContext, request: Request): Promise<AdminView> {
  const token = await requireApiToken(context, request, "admin");
  return (await honouredAccount(context, "admin", token.id, token.issuedAt)) as AdminView;
}

/**
 * Who fetches an order's private file (a delivery or an attachment): the signed-in admin, customer
 * or creator of this browser, or an API token's holder; null for nobody. Whether they may see that order is the
 * fulfilment service's to say.
 */
export async function orderFileViewer(context: AppLoadContext, request: Request): Promise<{ kind: SessionKind; id: number } | null> {
  const admin = await getSignedInAdmin(context, request);
  if (admin) return { kind: "admin", id: admin.id };
  const customer = await getCustomer(context, request);
  if (customer) return { kind: "customer", id: customer.id };
  const creator = await getSignedInCreator(context, request);
  if (creator && creator.status !== "suspended") return { kind: "creator", id: creator.id };
  if (!request.headers.get("Authorization")) return null;
  try {
    return await requireApiOrderParty(context, request);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}
