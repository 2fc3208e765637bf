import { env } from "cloudflare:test";
import { beforeAll, expect } from "vitest";
import { adminCookie, adminSignIn, api, cookieFrom, newCustomer, postForm, selfFetch } from "../helpers";

/**
 * Who may do what: every screen route and every /api/v1 call, as a visitor, customer A
 * (who owns an address and an order), customer B, and an admin. The same table is in
 * docs/quality.md. "→/path" means a redirect there; a number is the status. The tables and the
 * people live here; the matrix runs in three files (screens, API, the creators' routes) so that
 * the suite's two workers share it. Each file calls `setUpMatrix()`: its own people, on its own seed.
 */
export type Who = "visitor" | "a" | "b" | "admin";
export type Outcome = number | `→${string}`;
export type Row = [method: string, path: string, visitor: Outcome, a: Outcome, b: Outcome, admin: Outcome, body?: unknown];

const login = "→/login";
const adminLogin = "→/admin/login";

export const SCREENS: Row[] = [
  ["GET", "/home", 200, 200, 200, 200],
  ["GET", "/products", 200, 200, 200, 200],
  ["GET", "/products/1", 200, 200, 200, 200],
  ["GET", "/sitemap.xml", 200, 200, 200, 200],
  ["GET", "/robots.txt", 200, 200, 200, 200],
  ["GET", "/terms", 200, 200, 200, 200],
  ["GET", "/privacy", 200, 200, 200, 200],
  ["GET", "/reviews-policy", 200, 200, 200, 200],
  ["GET", "/examples", 200, 200, 200, 200],
  ["GET", "/products/1/checkout?package=0", login, 200, 200, login],
  ["GET", "/profile", login, 200, 200, login],
  ["GET", "/profile/orders", login, 200, 200, login],
  ["GET", "/profile/saved-addresses", login, 200, 200, login],
  // The address book's forms: a refused address; making another's address the default is not found.
  ["POST", "/profile/saved-addresses", login, 422, 422, login, { intent: "add-address", street: "" }],
  ["POST", "/profile/saved-addresses", login, "→/profile/saved-addresses", 404, login, { intent: "set-default", address_id: "{addressA}" }],
  ["POST", "/profile/saved-addresses", login, 404, 404, login, { intent: "delete-address", address_id: "999999999" }],
  ["GET", "/profile/saved-cards", login, 200, 200, login],
  ["POST", "/profile/saved-cards", login, 404, 404, login, { card_id: "999999999" }],
  ["GET", "/profile/privacy", login, 200, 200, login],
  ["POST", "/profile/privacy", login, 422, 422, login, { confirm: "on", current_password: "" }],
  ["GET", "/profile/orders/{orderA}", login, 200, 404, login],
  // Order A is unpaid: it has no invoice yet, even for its owner; the old receipt links point to the invoice.
  ["GET", "/profile/orders/{orderA}/invoice", login, 404, 404, login],
  ["GET", "/profile/orders/{orderA}/invoice.pdf", login, 404, 404, login],
  ["GET", "/profile/orders/{orderA}/invoices/INV-2026-000001", login, 404, 404, login],
  ["GET", "/profile/orders/{orderA}/invoices/INV-2026-000001.pdf", login, 404, 404, login],
  ["GET", "/profile/orders/{orderA}/payments/999999999", login, 404, 404, login],
  ["POST", "/profile/orders/{orderA}/payments/999999999", login, 404, 404, login, { attempt_key: "matrix-attempt" }],
  ["GET", "/profile/orders/{orderA}/credit-notes/CN-2026-000001", login, 404, 404, login],
  ["GET", "/profile/orders/{orderA}/credit-notes/CN-2026-000001.pdf", login, 404, 404, login],
  [
    "GET",
    "/profile/orders/{orderA}/receipt",
    "→/profile/orders/{orderA}/invoice",
    "→/profile/orders/{orderA}/invoice",
    "→/profile/orders/{orderA}/invoice",
    "→/profile/orders/{orderA}/invoice",
  ],
  ["POST", "/profile/orders/{orderA}/brief", login, "→/profile/orders/{orderA}", 404, login, { purpose: "" }],
  // Cancelling an unpaid order is refused with the reason; another customer's is not there.
  ["POST", "/profile/orders/{orderA}", login, 409, 404, login, { intent: "cancel", confirmed: "yes" }],
  ["GET", "/login", 200, "→/products", "→/products", 200],
  ["GET", "/signup", 200, "→/products", "→/products", 200],
  ["GET", "/admin/login", 200, 200, 200, "→/admin/products"],
  ["GET", "/admin", adminLogin, adminLogin, adminLogin, "→/admin/products"],
  ["GET", "/admin/dashboard", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/products", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/products/new", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/products/1", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/products/1/edit", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/products/999999/edit", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/orders", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/orders/{orderA}", adminLogin, adminLogin, adminLogin, 200],
  ["POST", "/admin/orders/{orderA}", adminLogin, adminLogin, adminLogin, 409, { intent: "deliver" }],
  ["POST", "/admin/orders/{orderA}", adminLogin, adminLogin, adminLogin, 409, { intent: "refund", scope: "all", reason: "Not wanted" }],
  ["GET", "/orders/{orderA}/files/999999", 401, 404, 404, 404],
  ["GET", "/orders/{orderA}/attachments/999999", 401, 404, 404, 404],
  // A master through a link the page did not sign: refused, whoever asks.
  ["GET", "/orders/{orderA}/masters/999999?by=c1&expires=1&sig=x", 403, 403, 403, 403],
  // A version's review exports (cookie or Bearer), and a guest's review link that does not exist.
  ["GET", "/orders/{orderA}/deliveries/999999/comments.csv", 401, 404, 404, 404],
  ["GET", "/orders/{orderA}/deliveries/999999/markers.edl", 401, 404, 404, 404],
  ["GET", "/review/not-a-real-token-at-all-0000000", 404, 404, 404, 404],
  ["POST", "/review/not-a-real-token-at-all-0000000", 404, 404, 404, 404, { intent: "name", name: "Grace" }],
  // The screens' uploads in parts (JSON calls with the session cookie): signed-out 401, a form 415, someone else's upload 404.
  ["POST", "/uploads", 401, 415, 415, 415, { name: "x" }],
  ["GET", "/uploads/00000000-0000-4000-8000-000000000000", 401, 404, 404, 404],
  ["POST", "/uploads/00000000-0000-4000-8000-000000000000/complete", 401, 404, 404, 404, {}],
  ["GET", "/admin/users", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/users?q=customer", adminLogin, adminLogin, adminLogin, 200],
  ["POST", "/admin/products", adminLogin, adminLogin, adminLogin, 404, { intent: "publish", product_id: "999999999" }],
  ["GET", "/admin/reviews", adminLogin, adminLogin, adminLogin, 200],
  ["POST", "/admin/orders/{orderA}", adminLogin, adminLogin, adminLogin, 409, { intent: "answer-cancellation", amount: "0", note: "Nothing was done" }],
  ["GET", "/admin/orders/{orderA}/invoice", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/orders/{orderA}/invoice.pdf", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/orders/{orderA}/invoices/INV-2026-000001", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/orders/{orderA}/invoices/INV-2026-000001.pdf", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/orders/{orderA}/credit-notes/CN-2026-000001", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/reports", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/reports.csv?kind=tax", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/reports/creators.csv?year=2026", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/account", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/demo-requests", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/emails", adminLogin, adminLogin, adminLogin, 200],
  ["GET", "/admin/emails/999999", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/settings/tax", adminLogin, adminLogin, adminLogin, 200],
  ["POST", "/admin/settings/tax", adminLogin, adminLogin, adminLogin, 422, { intent: "save-rule", country: "DE", customer_kind: "any", rate: "" }],
  ["GET", "/admin/settings/self-billing", adminLogin, adminLogin, adminLogin, 200],
  [
    "POST",
    "/admin/settings/self-billing",
    adminLogin,
    adminLogin,
    adminLogin,
    422,
    { intent: "save-rule", country: "DE", supplier_kind: "registered", rate: "" },
  ],
  ["GET", "/admin/settings/self-billing/invoices/999999/invoice.pdf", adminLogin, adminLogin, adminLogin, 404],
  ["GET", "/admin/promotions", adminLogin, adminLogin, adminLogin, 200],
  ["POST", "/admin/promotions", adminLogin, adminLogin, adminLogin, 422, { intent: "create", code: "", discount_type: "percent", scope: "all" }],
  ["GET", "/forgot-password", 200, 200, 200, 200],
  ["GET", "/reset-password?token=not-a-live-token", 400, 400, 400, 400],
  ["GET", "/verify-email", 200, 200, 200, 200],
  ["GET", "/verify-email?token=not-a-live-token", 400, 400, 400, 400],
  ["POST", "/verify-email", login, 200, 200, login, { intent: "resend" }],
  ["GET", "/unsubscribe?email=fan%40example.com&token=not-its-token", 400, 400, 400, 400],
  ["POST", "/unsubscribe", 400, 400, 400, 400, { email: "fan@example.com", token: "not-its-token" }],
  ["POST", "/admin/products/1/edit", adminLogin, adminLogin, adminLogin, 422, { title: "" }],
  ["POST", "/admin/products/new", adminLogin, adminLogin, adminLogin, 422, { title: "" }],
];

export const API: Row[] = [
  ["GET", "/products", 200, 200, 200, 200],
  ["GET", "/products/1", 200, 200, 200, 200],
  ["GET", "/tags", 200, 200, 200, 200],
  ["GET", "/autosuggest/tags?q=an", 200, 200, 200, 200],
  ["GET", "/autosuggest/products?q=an", 200, 200, 200, 200],
  ["POST", "/products", 401, 403, 403, 422, { product: {} }],
  ["PUT", "/products/1", 401, 403, 403, 200, "multipart"],
  ["POST", "/products/1/publish", 401, 403, 403, 200],
  ["POST", "/password_resets", 422, 422, 422, 422, {}],
  ["PUT", "/password_resets", 422, 422, 422, 422, {}],
  ["GET", "/users/me", 401, 200, 200, 403],
  ["PUT", "/users/update_profile", 401, 422, 422, 403, { user: { name: "" } }],
  ["PUT", "/users/change_password", 401, 422, 422, 403, { user: {} }],
  ["GET", "/users", 401, 403, 403, 200],
  ["GET", "/users/{userA}", 401, 403, 403, 200],
  ["GET", "/admin/profile", 401, 403, 403, 200],
  ["GET", "/billing_addresses", 401, 200, 200, 403],
  ["GET", "/billing_addresses/{addressA}", 401, 200, 404, 403],
  ["POST", "/billing_addresses", 401, 422, 422, 403, { billing_address: {} }],
  ["DELETE", "/billing_addresses/999999999", 401, 404, 404, 403],
  ["GET", "/orders", 401, 200, 200, 200],
  ["GET", "/orders/{orderA}", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/brief", 401, 200, 404, 200],
  ["PUT", "/orders/{orderA}/brief", 401, 409, 404, 403, { brief: { purpose: "A launch film for the new espresso machine." } }],
  ["GET", "/orders/{orderA}/events", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/deliveries", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/deliveries/999999/masters/999999", 401, 404, 404, 404],
  ["GET", "/orders/{orderA}/deliveries/999999/comments", 401, 404, 404, 404],
  ["POST", "/orders/{orderA}/deliveries/999999/comments", 401, 404, 404, 404, { comment: { at_frame: 1, text: "Brighter" } }],
  ["POST", "/orders/{orderA}/deliveries/999999/comments/999999/replies", 401, 404, 404, 404, { reply: { text: "Agreed" } }],
  ["POST", "/orders/{orderA}/deliveries/999999/comments/999999/resolve", 401, 403, 403, 404],
  ["POST", "/uploads", 401, 404, 404, 404, { upload: { purpose: "product_media", product_id: 999999999, name: "a.mp4", size: 10 } }],
  ["GET", "/uploads/00000000-0000-4000-8000-000000000000", 401, 404, 404, 404],
  ["DELETE", "/uploads/00000000-0000-4000-8000-000000000000", 401, 404, 404, 404],
  ["PUT", "/uploads/00000000-0000-4000-8000-000000000000/parts/1", 401, 404, 404, 404],
  ["POST", "/uploads/00000000-0000-4000-8000-000000000000/complete", 401, 404, 404, 404, {}],
  ["GET", "/orders/{orderA}/invoice", 401, 404, 404, 404],
  ["GET", "/orders/{orderA}/invoices", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/payments", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/credit_notes", 401, 200, 404, 200],
  ["POST", "/orders/{orderA}/deliveries", 401, 403, 403, 409, "multipart"],
  ["POST", "/orders/{orderA}/approve", 401, 409, 404, 403, {}],
  ["GET", "/orders/{orderA}/revisions", 401, 200, 404, 200],
  ["GET", "/orders/{orderA}/messages", 401, 200, 404, 200],
  ["POST", "/orders/{orderA}/messages", 401, 409, 404, 409, { message: { body: "Hello studio" } }],
  ["POST", "/orders/{orderA}/revisions", 401, 409, 404, 403, { revision: { note: "Warmer colours" } }],
  ["POST", "/orders/{orderA}/refund", 401, 403, 403, 409, { refund: { reason: "Not wanted" } }],
  // Order A is unpaid: nothing to cancel, guarantee or review yet; the studio has no request to answer.
  ["POST", "/orders/{orderA}/cancel", 401, 409, 404, 403, {}],
  ["POST", "/orders/{orderA}/cancellation/answer", 401, 403, 403, 409, { cancellation: { amount: "0", note: "Nothing was done" } }],
  ["POST", "/orders/{orderA}/guarantee", 401, 409, 404, 403, {}],
  ["POST", "/orders/{orderA}/review", 401, 409, 404, 403, { review: { rating: 5, body: "A clear brief and a film we love." } }],
  ["PUT", "/orders/{orderA}/review", 401, 409, 404, 403, { review: { rating: 5, body: "A clear brief and a film we love." } }],
  ["GET", "/products/1/reviews", 200, 200, 200, 200],
  ["POST", "/products/1/reviews/999999/reply", 401, 403, 403, 404, { reply: { body: "Thank you!" } }],
  ["POST", "/products/1/reviews/999999/hide", 401, 403, 403, 404, { reason: "abuse" }],
  ["PUT", "/orders/{orderA}/update_payment_status", 401, 200, 404, 200, {}],
  ["POST", "/orders", 401, 422, 422, 403, { order: {} }],
  ["GET", "/promotions", 401, 403, 403, 200],
  ["POST", "/promotions", 401, 403, 403, 422, { promotion: {} }],
  ["PUT", "/promotions/1", 401, 403, 403, 422, { promotion: {} }],
  // The kept figures' reconciliation: admins only (a cursor no call returned is refused).
  ["POST", "/admin/reconcile", 401, 403, 403, 422, { reconcile: { cursor: "not a cursor" } }],
  [
    "POST",
    "/payments/local/confirm",
    401,
    404,
    404,
    403,
    { client_secret: "pi_local_none_secret_none", card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
  ],
  ["POST", "/payments/local/authenticate", 401, 404, 404, 403, { client_secret: "pi_local_none_secret_none", result: "approve" }],
  ["DELETE", "/users/me", 401, 422, 422, 403, { user: {} }],
  ["PATCH", "/users/me", 405, 405, 405, 405],
  ["DELETE", "/orders/{orderA}", 405, 405, 405, 405],
  ["GET", "/no-such-call", 404, 404, 404, 404],
];

export const WHO: Who[] = ["visitor", "a", "b", "admin"];
/** Who signs in again before each table of API calls: access tokens live 15 minutes, and the whole matrix can take longer on a busy machine. */
const emails: Partial<Record<Who | "ca" | "cb" | "suspended", string>> = {};
export async function freshTokens() {
  const customer = async (email: string) =>
    (await api<{ data: { access_token: string } }>("POST", "/sign_in", { body: { session: { email, password: "Str0ng!Pass" } } })).body.data.access_token;
  tokens.a = await customer(emails.a!);
  tokens.b = await customer(emails.b!);
  tokens.admin = (await adminSignIn()).access_token;
  for (const who of ["ca", "cb", "suspended"] as const) {
    if (!emails[who]) continue;
    const signedIn = await api<{ data: { access_token: string } }>("POST", "/creator/sign_in", {
      body: { session: { email: emails[who], password: "Cr3ator!Pass" } },
    });
    creatorTokens[who] = signedIn.body.data.access_token;
  }
}
export const ids: Record<string, string> = {};
export const cookies: Partial<Record<Who, string>> = {};
export const tokens: Partial<Record<Who, string>> = {};

export function fill(path: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "missing");
}

export function outcome(response: Response): Outcome {
  if (response.status >= 300 && response.status < 400) return `→${(response.headers.get("location") ?? "").replace(/\?.*$/, "")}`;
  return response.status;
}

async function setUpPeople() {
  const a = await newCustomer();
  const b = await newCustomer();
  const admin = await adminSignIn();
  tokens.a = a.access_token;
  tokens.b = b.access_token;
  tokens.admin = admin.access_token;
  emails.a = a.email;
  emails.b = b.email;
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: a.access_token,
    body: { street: "1 High St", city: "York", state: "North Yorkshire", zip_code: "YO1 1AA", country: "GB" },
  });
  const order = await api<{ data: { id: number } }>("POST", "/orders", {
    token: a.access_token,
    body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
  });
  const me = await api<{ data: { id: number } }>("GET", "/users/me", { token: a.access_token });
  ids.addressA = String(address.body.data.id);
  ids.orderA = String(order.body.data.id);
  ids.userA = String(me.body.data.id);
  const signIn = async (email: string) => cookieFrom(await postForm("/login", { email, password: "Str0ng!Pass" }), "sid");
  cookies.a = await signIn(a.email);
  cookies.b = await signIn(b.email);
  cookies.admin = await adminCookie();
  // Their welcome links are made older than Resend's spacing, so the Resend row shows access, not the wait.
  await env.DB.prepare("UPDATE email_links SET created_at = created_at - 120000 WHERE purpose = 'verify_email'").run();
}

/**
 * The creator role on every route: creator A (active, assigned order C), creator B (active, on the
 * same product, not assigned), an invited creator (no password yet: they cannot sign in, so they ask
 * as nobody) and a suspended one (signed in). On the buyer's and the admins' routes a creator's session
 * is no customer's or admin's: screens answer them as a visitor; the API answers by the call's declared
 * `auth` (the contract): a customer's or an admin's call 403, the buyer's calls that name a record 404,
 * the calls of an order's parties as for someone not on that order (404; a suspended creator 403).
 * The creators' own routes, and those that name order C, are written out in CREATOR_ROWS.
 */
export type CreatorWho = "ca" | "cb" | "invited" | "suspended";
export const CREATOR_WHO: CreatorWho[] = ["ca", "cb", "invited", "suspended"];
export const creatorCookies: Partial<Record<CreatorWho, string>> = {};
export const creatorTokens: Partial<Record<CreatorWho, string>> = {};
type CreatorRow = [method: string, path: string, expected: Record<Who | CreatorWho, Outcome>, body?: unknown];

const studioLogin = "→/creator/login";
const all = (o: Outcome) => ({ visitor: o, a: o, b: o, admin: o, ca: o, cb: o, invited: o, suspended: o });

export const CREATOR_SCREENS: CreatorRow[] = [
  ["GET", "/creator/login", { ...all(200), ca: "→/studio", cb: "→/studio", suspended: "→/studio" }],
  ["GET", "/creator/invitation?token=not-a-live-token", all(400)],
  ["GET", "/studio", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/studio?status=completed", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/studio/profile", { ...all(studioLogin), ca: 200, cb: 200, suspended: "→/studio" }],
  ["POST", "/studio/profile", { ...all(studioLogin), ca: 422, cb: 422, suspended: "→/studio" }, { name: "", capacity: "0" }],
  ["GET", "/studio/portfolio", { ...all(studioLogin), ca: 200, cb: 200, suspended: "→/studio" }],
  ["GET", "/studio/payouts", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["POST", "/studio/payouts", { ...all(studioLogin), ca: 400, cb: 400, suspended: 400 }, { intent: "unknown" }],
  // Back from onboarding, or for a new link: without an account there is nothing to ask the provider.
  ["GET", "/studio/payouts/return", { ...all(studioLogin), ca: "→/studio/payouts", cb: "→/studio/payouts", suspended: "→/studio/payouts" }],
  ["GET", "/studio/payouts/refresh", { ...all(studioLogin), ca: "→/studio/payouts", cb: "→/studio/payouts", suspended: "→/studio/payouts" }],
  // Tax details: each creator's own (a suspended one's too).
  ["GET", "/studio/tax", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/studio/tax/report.csv?year=2026", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["POST", "/studio/tax", { ...all(studioLogin), ca: 422, cb: 422, suspended: 422 }, { entity: "" }],
  ["POST", "/studio/tax", { ...all(studioLogin), ca: 422, cb: 422, suspended: 422 }, { intent: "accept-agreement" }],
  ["GET", "/studio/payouts/invoices/999999/invoice.pdf", { ...all(studioLogin), ca: 404, cb: 404, suspended: 404 }],
  // Monthly statements: each creator's own (a suspended one's too); nobody else's.
  ["GET", "/studio/payouts/statements/2026-11", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/studio/payouts/statements/2026-11/statement.pdf", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  // The local Connect's onboarding page: a creator's own link only.
  ["GET", "/payments/local/connect/not-a-link", { ...all(studioLogin), ca: 404, cb: 404, suspended: 404 }],
  ["POST", "/studio/portfolio", { ...all(studioLogin), ca: 404, cb: 404, suspended: "→/studio" }, { intent: "remove", id: "999999" }],
  // A suspended creator keeps their data rights.
  ["GET", "/studio/privacy", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["POST", "/studio/privacy", { ...all(studioLogin), ca: 422, cb: 422, suspended: 422 }, { current_password: "" }],
  ["GET", "/studio/privacy/my-data.json", { ...all(studioLogin), ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/studio/orders/{orderC}", { ...all(studioLogin), ca: 200, cb: 404, suspended: "→/studio" }],
  ["GET", "/studio/orders/{orderA}", { ...all(studioLogin), ca: 404, cb: 404, suspended: "→/studio" }],
  ["POST", "/studio/orders/{orderC}", { ...all(studioLogin), ca: 422, cb: 404, suspended: "→/studio" }, { intent: "message", body: "" }],
  // The creator's page's delivery with JavaScript (JSON): creators only, on an order assigned to them.
  ["POST", "/studio/orders/{orderA}/deliveries", { ...all(401), ca: 404, cb: 404 }, { note: "x" }],
  ["GET", "/orders/{orderC}/files/999999", { ...all(401), a: 404, b: 404, admin: 404, ca: 404, cb: 404 }],
  ["GET", "/admin/creators", { ...all(adminLogin), admin: 200 }],
  ["POST", "/admin/creators", { ...all(adminLogin), admin: 422 }, { intent: "invite", email: "not-an-email", name: "X" }],
  // Creators' payouts: the admins' only; holding, releasing and retrying name a record the server checks.
  ["GET", "/admin/payouts", { ...all(adminLogin), admin: 200 }],
  ["POST", "/admin/payouts", { ...all(adminLogin), admin: 404 }, { intent: "release", creator_id: "999999" }],
  ["POST", "/admin/payouts", { ...all(adminLogin), admin: 404 }, { intent: "retry", payout_id: "999999" }],
  [
    "POST",
    "/admin/payouts",
    { ...all(adminLogin), admin: 404 },
    { intent: "adjust", creator_id: "999999", amount: "1.00", currency: "GBP", reason: "Matrix check" },
  ],
  ["POST", "/admin/orders/{orderC}", { ...all(adminLogin), admin: 422 }, { intent: "assign", creator_id: "{creatorB}", reason: "" }],
  ["POST", "/creator/logout", all("→/creator/login"), { intent: "logout" }],
];

export const CREATOR_API: CreatorRow[] = [
  ["POST", "/creator/sign_in", all(422), { session: { email: "", password: "" } }],
  ["POST", "/creator/refresh_token", all(401), { refresh_token: "not-a-real-refresh-token-000000" }],
  ["GET", "/creator/me", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["PUT", "/creator/me", { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 }, { creator: { name: "" } }],
  ["PUT", "/creator/change_password", { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 }, { creator: {} }],
  ["GET", "/creator/me/export", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["DELETE", "/creator/me", { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 }, { creator: { current_password: "" } }],
  ["GET", "/creator/portfolio", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  // A creator's money, read-only: their own (a suspended one's too), nobody else's.
  ["GET", "/creator/payouts", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/creator/tax_details", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["PUT", "/creator/tax_details", { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 }, { tax_details: {} }],
  ["GET", "/admin/creators/999999/tax_details", { ...all(403), visitor: 401, invited: 401, admin: 404 }],
  ["GET", "/creator/statements", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/creator/statements/2026-11", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  ["GET", "/creator/self_billing_agreement", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
  [
    "POST",
    "/creator/self_billing_agreement",
    { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 },
    { self_billing_agreement: { accept: false } },
  ],
  ["DELETE", "/creator/self_billing_agreement", { ...all(403), visitor: 401, invited: 401, ca: 409, cb: 409, suspended: 409 }],
  // Setting up a payout account: the creator's own (no country on the profile yet: 422); a suspended one's too (what they earned stays theirs).
  ["POST", "/creator/payout_account", { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 422 }],
  [
    "POST",
    "/creator/portfolio",
    { ...all(403), visitor: 401, invited: 401, ca: 422, cb: 422, suspended: 403 },
    { portfolio_item: { kind: "piece", upload_id: "00000000-0000-0000-0000-000000000000" } },
  ],
  ["DELETE", "/creator/portfolio/999999", { ...all(403), visitor: 401, invited: 401, ca: 404, cb: 404, suspended: 403 }],
  ["GET", "/creator/orders", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200 }],
  ["GET", "/creator/orders/{orderC}", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 404 }],
  ["GET", "/creator/orders/{orderA}", { ...all(403), visitor: 401, invited: 401, ca: 404, cb: 404 }],
  ["POST", "/admin/creators/invitations", { ...all(403), visitor: 401, invited: 401, admin: 422 }, { invitation: { email: "x" } }],
  // Only the admins see and move creators' money.
  ["GET", "/admin/payouts", { ...all(403), visitor: 401, invited: 401, admin: 200 }],
  ["POST", "/admin/payouts/999999/retry", { ...all(403), visitor: 401, invited: 401, admin: 404 }],
  [
    "POST",
    "/admin/payouts/adjustments",
    { ...all(403), visitor: 401, invited: 401, admin: 404 },
    { adjustment: { creator_id: 999999, amount: "1.00", currency: "GBP", reason: "Matrix check" } },
  ],
  ["POST", "/admin/orders/{orderC}/assignment", { ...all(403), visitor: 401, invited: 401, admin: 422 }, { assignment: { creator_id: 999999 } }],
  ["GET", "/orders/{orderC}/messages", { ...all(404), visitor: 401, invited: 401, admin: 200, ca: 200, suspended: 403 }],
  ["POST", "/orders/{orderC}/messages", { ...all(404), visitor: 401, invited: 401, admin: 201, ca: 201, suspended: 403 }, { message: { body: "Hello" } }],
  ["GET", "/orders/{orderC}/events", { ...all(404), visitor: 401, invited: 401, admin: 200, ca: 200, suspended: 403 }],
  ["GET", "/orders/{orderC}/deliveries", { ...all(404), visitor: 401, invited: 401, admin: 200, ca: 200, suspended: 403 }],
  ["GET", "/orders/{orderC}/revisions", { ...all(404), visitor: 401, invited: 401, admin: 200, ca: 200, suspended: 403 }],
  // The buyer's view of order C, its invoice and its brief: never a creator's, even the one making it.
  ["GET", "/orders/{orderC}", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["GET", "/orders/{orderC}/invoice", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["GET", "/orders/{orderC}/invoices", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["GET", "/orders/{orderC}/payments", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["GET", "/orders/{orderC}/credit_notes", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["GET", "/orders/{orderC}/brief", { ...all(404), visitor: 401, invited: 401, admin: 200 }],
  ["DELETE", "/creator/sign_out", { ...all(403), visitor: 401, invited: 401, ca: 200, cb: 200, suspended: 200 }],
];

/** A creator's expected outcome on a route of the customers' and admins' table, from the visitor's and the call's declared auth. */
export function creatorOutcomeOnScreen(row: Row): Outcome {
  const [method, path, visitor] = row;
  if (path.startsWith("/uploads")) return method === "POST" && path === "/uploads" ? 415 : 404;
  if (path.startsWith("/orders/{orderA}/")) return visitor === 401 ? 404 : visitor;
  return visitor;
}

async function setUpCreators() {
  const admin = await adminSignIn();
  const invite = async (name: string) => {
    const email = `${name.toLowerCase()}.${Date.now()}@creators.example`;
    const invited = await api<{ data: { id: number } }>("POST", "/admin/creators/invitations", {
      token: admin.access_token,
      body: { invitation: { email, name } },
    });
    return { id: invited.body.data.id, email };
  };
  const accept = async (email: string, name: string) => {
    const row = await env.DB.prepare("SELECT text FROM emails WHERE recipient = ? AND kind = 'creator_invitation'").bind(email).first<{ text: string }>();
    const token = new URL(/https?:\/\/\S+/.exec(row!.text)![0]).searchParams.get("token")!;
    const accepted = await postForm("/creator/invitation", { token, name, password: "Cr3ator!Pass" });
    const signedIn = await api<{ data: { access_token: string } }>("POST", "/creator/sign_in", { body: { session: { email, password: "Cr3ator!Pass" } } });
    return { cookie: cookieFrom(accepted, "creator_sid"), token: signedIn.body.data.access_token };
  };
  const ca = await invite("Alma");
  const cb = await invite("Bruno");
  const suspended = await invite("Sven");
  await invite("Ivy");
  for (const [who, c, name] of [
    ["ca", ca, "Alma"],
    ["cb", cb, "Bruno"],
    ["suspended", suspended, "Sven"],
  ] as const) {
    const session = await accept(c.email, name);
    creatorCookies[who] = session.cookie;
    creatorTokens[who] = session.token;
    emails[who] = c.email;
  }
  await api("PUT", "/products/1", { token: admin.access_token, body: { product: { creator_ids: [ca.id, cb.id] } } });
  // Order C: paid, briefed, assigned to creator A.
  const c = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: c.access_token,
    body: { street: "2 High St", city: "York", state: "North Yorkshire", zip_code: "YO1 1AB", country: "GB" },
  });
  const order = await api<{ data: { id: number; client_secret: string } }>("POST", "/orders", {
    token: c.access_token,
    body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
  });
  await api("POST", "/payments/local/confirm", {
    token: c.access_token,
    body: { client_secret: order.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
  });
  ids.orderC = String(order.body.data.id);
  ids.creatorB = String(cb.id);
  await api("POST", `/admin/orders/${ids.orderC}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: ca.id } } });
  const adminCookieValue = await adminCookie();
  await postForm(
    "/admin/creators",
    { intent: "suspend", creator_id: String(suspended.id), reason: "A statement of reasons long enough to be sent." },
    { Cookie: adminCookieValue },
  );
}

export async function screenOutcome(method: string, path: string, cookie: string | undefined, body: unknown) {
  const headers: Record<string, string> = { Host: "localhost", Origin: "http://localhost" };
  if (cookie) headers.Cookie = cookie;
  let init: RequestInit = { method, redirect: "manual", headers };
  if (body !== undefined)
    init = { ...init, body: new URLSearchParams(Object.entries(body as Record<string, string>).map(([key, value]) => [key, fill(value)])) };
  return outcome(await selfFetch(`http://localhost${fill(path)}`, init));
}

export async function apiStatus(method: string, path: string, token: string | undefined, body: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await selfFetch(`http://localhost/api/v1${fill(path)}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as { data?: unknown; message?: string };
  if (response.status >= 400) expect(json.data).toBeUndefined();
  return response.status;
}

/** The matrix's people and records (customers A and B, order A, creators A and B, an invited and a suspended one, order C), made before a file's tests. */
export function setUpMatrix() {
  beforeAll(async () => {
    await setUpPeople();
    await setUpCreators();
  });
}
