import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { API_OPERATIONS } from "~/http/api/contract";
import { adminCookie, adminSignIn, cookieFrom, dispatch, get, newCustomer, postForm } from "../helpers";

/**
 * Bad input, generated: at least 200 malformed requests per action and API call. None
 * may answer 500, none may write a row, and every JSON refusal carries a message.
 */
const RUNS = 200;
const TABLES = [
  "users",
  "admins",
  "sessions",
  "refresh_tokens",
  "products",
  "product_media",
  "packages",
  "tags",
  "product_tags",
  "billing_addresses",
  "orders",
  "payment_events",
  "demo_requests",
  "local_payment_intents",
  "newsletter_subscriptions",
  "emails",
  "email_links",
  "order_events",
  "order_briefs",
  "order_deliveries",
  "delivery_files",
  "revision_requests",
  "review_comments",
  "order_messages",
  "order_attachments",
  "order_refunds",
  "local_refunds",
  "document_counters",
  "reviews",
  "product_ratings",
  "creators",
  "creator_media",
  "product_creators",
  "creator_offers",
  "offer_settings",
  "ledger_entries",
  "payouts",
  "payout_accounts",
  "local_connect_accounts",
  "local_connect_links",
  "local_connect_transfers",
];

async function rowCounts() {
  const rows = await env.DB.batch(TABLES.map((t) => env.DB.prepare(`SELECT '${t}' AS t, count(*) AS n FROM ${t}`)));
  return Object.fromEntries(rows.map((r) => [(r.results[0] as { t: string }).t, (r.results[0] as { n: number }).n]));
}

// ---- generators ------------------------------------------------------------------------------
const huge = fc.constantFrom("x".repeat(70_000), "é".repeat(20_000), "💥".repeat(10_000));
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: huge },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "-1",
      "-0.01",
      "0",
      "NaN",
      "1e309",
      "12.345",
      "abc",
      "null",
      "[]",
      "{}",
      "<script>",
      "'; DROP TABLE users;--",
      "\u0000",
      "../../etc",
    ),
  },
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(-1, -99.5, 0, 2 ** 53, Number.MAX_SAFE_INTEGER));
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

/** Known field names (each maybe missing, maybe of the wrong type) plus unknown extras. */
function fields(names: string[]) {
  return fc
    .tuple(fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** A JSON body: the right wrapper with bad fields, no wrapper, any JSON at all, or not JSON. */
/** A creator's tax details, as the API and the form name them. */
const TAX_DETAIL_FIELDS = [
  "entity",
  "legal_name",
  "date_of_birth",
  "company_number",
  "taxpayer_id",
  "vat_number",
  "street",
  "city",
  "state",
  "zip_code",
  "country",
];

function jsonBody(wrapper: string | null, names: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fields(names).map((f) => JSON.stringify(wrapper ? { [wrapper]: f } : f)) },
    { weight: 1, arbitrary: fields(names).map((f) => JSON.stringify(f)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{"a":', "[1,2", "\u0000", "{}}", "")) },
  );
}

/** Form fields as strings (forms only carry text), with the same mix of bad values. */
function formFields(names: string[]) {
  return fields(names).map((f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")])));
}

const queryValue = fc.oneof(
  fc.constantFrom("", "0", "-1", "1.5", "abc", "9999999999999", "1e3", "%", "2;DROP", " 1"),
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
);

// ---- senders ---------------------------------------------------------------------------------
/** A small pool of client addresses: enough to get past the sign-in limiter mostly, without a new limiter key per request. */
let nextAddress = 0;
const poolAddress = () => `198.51.100.${(nextAddress++ % 40) + 1}`;
let customerToken = "";
let adminToken = "";
let customerCookieValue = "";
let creatorToken = "";
let creatorCookieValue = "";
let adminCookieValue = "";

function sendJson(method: string, path: string, token: () => string) {
  return (body: string) =>
    dispatch(`http://localhost/api/v1${path}`, {
      method,
      body,
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": poolAddress(), ...(token() ? { Authorization: `Bearer ${token()}` } : {}) },
    });
}

function sendForm(path: string, cookie: () => string) {
  return (body: Record<string, string>) => postForm(path, body, { "CF-Connecting-IP": poolAddress(), ...(cookie() ? { Cookie: cookie() } : {}) });
}

function sendMultipart(path: string, cookie: () => string, method = "POST") {
  return ([body, files]: [Record<string, string>, [string, Uint8Array][]]) => {
    const form = new FormData();
    // workerd's FormData refuses names ending in a backslash; that is the client's limit, not ours.
    for (const [k, v] of Object.entries(body)) form.append(k.replace(/\\$/, "_"), v);
    for (const [name, bytes] of files) form.append(name, new File([bytes as Uint8Array<ArrayBuffer>], `${name}.bin`));
    return dispatch(`http://localhost${path}`, { method, body: form, headers: { Host: "localhost", Origin: "http://localhost", Cookie: cookie() } });
  };
}

const fileParts = fc.array(fc.tuple(fc.constantFrom("images", "videos", "video_thumbnail", "images[]", "other"), fc.uint8Array({ maxLength: 64 })), {
  maxLength: 3,
});

const none = () => "";
const customer = () => customerToken;
const admin = () => adminToken;
const customerCookie = () => customerCookieValue;
const adminCookieFn = () => adminCookieValue;
const creator = () => creatorToken;
const creatorCookie = () => creatorCookieValue;
const CREATOR_PROFILE_FIELDS = ["name", "headline", "bio", "country", "languages", "skills", "capacity", "away_until"];

const PRODUCT_FIELDS = ["title", "description_heading", "description", "services_offered", "tags", "packages"];
const FORM_PRODUCT_FIELDS = [
  "title",
  "description_heading",
  "description",
  "services_offered",
  "tags",
  "packages[0].amount",
  "packages[0].currency",
  "packages[0].short_description",
  "packages[0].items_included",
  "__intent__",
  "intent",
  "media_id",
  "direction",
];
const ADDRESS_FIELDS = ["street", "street_2", "city", "state", "zip_code", "country", "is_default", "company_name", "tax_id"];

/**
 * A fuzz target. `writes` marks targets whose inputs may legitimately succeed (a sign-up, a sign-in):
 * their row counts are not compared, and `check` says what every answer must still satisfy.
 */
type Target = {
  name: string;
  input: fc.Arbitrary<unknown>;
  send: (input: never) => Promise<Response>;
  writes?: boolean;
  /** Tables a valid request may change anyway (a logout ends the session it came with, whatever its body). */
  mayChange?: string[];
  check?: (response: Response, body: string) => void;
};

/** Redirect targets a browser would follow off-site, or that break a Location header. */
const hostileRedirect = fc.oneof(
  fc.constantFrom(
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\nSet-Cookie: a=b",
    "\u0000",
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "/..//evil.com",
    "/%09/evil.com",
    "/%2F/evil.com",
    " /products",
    "/\u3000/x",
    "javascript:alert(1)",
  ),
  fc.string({ unit: "binary", maxLength: 24 }).map((s) => `/${s}`),
  fc.string({ unit: "binary", maxLength: 24 }),
);

/** Text with a control character inside it (not at an end, where trimming would remove a line break). */
const withControl = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/),
    fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\r", "\n", "\t"),
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$/),
  )
  .map(([a, control, b]) => `${a}${control}${b}`);

/** A redirect that stays on our origin, as a path. */
function expectOwnPath(response: Response) {
  if (response.status < 300 || response.status >= 400) return;
  const location = response.headers.get("Location") ?? "";
  expect(location, location).toMatch(/^\/(?!\/)/);
  expect(new URL(location, "http://localhost").origin, location).toBe("http://localhost");
}

let fuzzSignups = 0;

/** Every screen form: its action, who sends it, and the names of its real fields. */
const SCREEN_FORMS: [path: string, cookie: () => string, fields: string[]][] = [
  ["/login", none, ["email", "password"]],
  ["/signup", none, ["name", "email", "password"]],
  ["/admin/login", none, ["email", "password"]],
  ["/home", none, ["name", "email", "company", "message"]],
  ["/subscribe", none, ["email"]],
  ["/forgot-password", none, ["email"]],
  ["/reset-password?token=x", none, ["token", "password"]],
  ["/unsubscribe?email=fan%40example.com", none, ["email", "token"]],
  ["/profile?index", customerCookie, ["intent", "name", "current_password", "password"]],
  ["/profile/privacy", customerCookie, ["confirm", "current_password"]],
  ["/products/1/checkout?package=0", customerCookie, ["intent", "street", "city", "state", "zip_code", "country"]],
  ["/profile/saved-addresses", customerCookie, ["intent", "street", "street_2", "city", "state", "zip_code", "country"]],
  ["/profile/saved-cards", customerCookie, ["card_id"]],
  ["/profile/orders/999999/payments/999999", customerCookie, ["attempt_key"]],
  ["/profile/orders/999999", customerCookie, ["intent", "body", "note", "comments[0].text"]],
  ["/profile/orders/999999/brief", customerCookie, ["purpose", "references"]],
  ["/verify-email", customerCookie, ["intent"]],
  ["/admin/account", adminCookieFn, ["current_password", "new_password"]],
  ["/admin/products", adminCookieFn, ["intent", "product_id"]],
  ["/admin/products/new", adminCookieFn, ["title", "packages[0].amount", "tags"]],
  ["/admin/products/create", adminCookieFn, ["title", "packages[0].amount", "tags"]],
  ["/admin/products/3/edit", adminCookieFn, ["title", "packages[0].amount", "tags"]],
  ["/admin/orders/999999", adminCookieFn, ["intent", "body", "reason"]],
  ["/admin/settings/tax", adminCookieFn, ["intent", "seller_name", "country", "rate"]],
  ["/admin/settings/self-billing", adminCookieFn, ["intent", "agreement", "country", "supplier_kind", "rate"]],
  ["/admin/promotions", adminCookieFn, ["intent", "code", "percent_off", "product_ids"]],
];

/** Every API write (on records nobody has where a valid body could change something) and every screen action. */
const MALFORMED_TARGETS: [string, string][] = [
  ...API_OPERATIONS.filter((op) => op.method !== "GET" && !op.path.startsWith("/payments") && op.path !== "/webhooks/stripe").map(
    (op) => [op.method, `/api/v1${op.path.replace("{id}", op.path.startsWith("/products") ? "2" : "999999")}`] as [string, string],
  ),
  ["POST", "/api/v1/orders/1/messages"],
  ...SCREEN_FORMS.map(([path]) => ["POST", path] as [string, string]),
  ["POST", "/admin/orders/999999/deliveries"],
  ["POST", "/logout"],
];

/** Field names that would make a form parser allocate, nest or repeat: huge or sparse indexes, deep paths, duplicates. */
const hostileName = (real: string[]) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...real, "x", "comments", "packages"), fc.constantFrom(100, 1_000_000, 4_294_967_294, 2 ** 53))
      .map(([name, index]) => `${name.replace(/\[.*$/, "")}[${index}]`),
    fc.tuple(fc.constantFrom(...real, "a"), fc.integer({ min: 6, max: 40 })).map(([name, depth]) => `${name}${".b".repeat(depth)}`),
    fc.tuple(fc.constantFrom(...real, "a"), fc.integer({ min: 6, max: 40 })).map(([name, depth]) => `${name}${"[0]".repeat(depth)}`),
    fc.constantFrom(...real),
  );

/** A hostile form: a real form's fields, one of them repeated (or a hostile name), url-encoded or multipart. */
const hostileForms = fc
  .tuple(fc.integer({ min: 0, max: SCREEN_FORMS.length - 1 }), fc.boolean(), fc.integer({ min: 1, max: 30 }))
  .chain(([form, multipart, copies]) => hostileName(SCREEN_FORMS[form]![2]).map((name) => ({ form, multipart, copies, name })));

async function sendHostileForm({ form, multipart, copies, name }: { form: number; multipart: boolean; copies: number; name: string }) {
  const [path, cookie, real] = SCREEN_FORMS[form]!;
  const headers: Record<string, string> = {
    Host: "localhost",
    Origin: "http://localhost",
    "CF-Connecting-IP": poolAddress(),
    ...(cookie() ? { Cookie: cookie() } : {}),
  };
  if (multipart) {
    const body = new FormData();
    for (const field of real) body.append(field, "x");
    for (let i = 0; i < copies; i++) body.append(name, "1");
    return dispatch(`http://localhost${path}`, { method: "POST", redirect: "manual", body, headers });
  }
  const body = new URLSearchParams(real.map((field) => [field, "x"]));
  for (let i = 0; i < copies; i++) body.append(name, "1");
  return dispatch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const TARGETS: Target[] = [
  { name: "POST /api/v1/sign_up", input: jsonBody("user", ["name", "email", "password"]), send: sendJson("POST", "/sign_up", none) },
  { name: "POST /api/v1/sign_in", input: jsonBody("session", ["email", "password"]), send: sendJson("POST", "/sign_in", none) },
  { name: "POST /api/v1/admin/sign_in", input: jsonBody("session", ["email", "password"]), send: sendJson("POST", "/admin/sign_in", none) },
  { name: "POST /api/v1/refresh_token", input: jsonBody(null, ["refresh_token"]), send: sendJson("POST", "/refresh_token", none) },
  { name: "PUT /api/v1/users/update_profile", input: jsonBody("user", ["name", "email"]), send: sendJson("PUT", "/users/update_profile", customer) },
  {
    name: "PUT /api/v1/users/change_password",
    input: jsonBody("user", ["current_password", "password", "password_confirmation"]),
    send: sendJson("PUT", "/users/change_password", customer),
  },
  {
    name: "PUT /api/v1/admin/change_password",
    input: jsonBody("admin", ["current_password", "password"]),
    send: sendJson("PUT", "/admin/change_password", admin),
  },
  { name: "POST /api/v1/billing_addresses", input: jsonBody("billing_address", ADDRESS_FIELDS), send: sendJson("POST", "/billing_addresses", customer) },
  {
    name: "POST /api/v1/orders",
    input: jsonBody("order", ["product_id", "billing_address_id", "order_amount", "currency", "package_index"]),
    send: sendJson("POST", "/orders", customer),
  },
  { name: "POST /api/v1/products", input: jsonBody("product", PRODUCT_FIELDS), send: sendJson("POST", "/products", admin) },
  {
    name: "PUT /api/v1/products/{id}",
    input: fc.tuple(formFields(["product[title]", "product[video_thumbnail]"]), fileParts),
    send: ([body, files]: [Record<string, string>, [string, Uint8Array][]]) => {
      const form = new FormData();
      // workerd's FormData refuses names ending in a backslash; that is the client's limit, not ours.
      for (const [k, v] of Object.entries(body)) form.append(k.replace(/\\$/, "_"), v);
      for (const [name, bytes] of files) form.append(name, new File([bytes as Uint8Array<ArrayBuffer>], "f.bin"));
      return dispatch("http://localhost/api/v1/products/2", { method: "PUT", body: form, headers: { Authorization: `Bearer ${adminToken}` } });
    },
  },
  {
    name: "GET /api/v1 lists with bad pagination",
    input: fc.tuple(
      fc.constantFrom("/products", "/orders", "/users", "/autosuggest/tags", "/autosuggest/products"),
      fc.dictionary(fc.constantFrom("limit", "pageNumber", "tag", "q", "page"), queryValue),
    ),
    send: ([path, query]: [string, Record<string, string>]) =>
      dispatch(`http://localhost/api/v1${path}?${new URLSearchParams(query)}`, {
        headers: { Authorization: `Bearer ${path === "/users" ? adminToken : customerToken}` },
      }),
  },
  {
    name: "GET screens with bad query strings",
    input: fc.tuple(
      fc.constantFrom(
        "/products",
        "/profile/orders",
        "/admin/orders",
        "/admin/users",
        "/admin/products",
        "/products/1/checkout",
        "/admin/reports",
        "/admin/reports.csv",
      ),
      fc.dictionary(fc.constantFrom("page", "tag", "q", "package", "redirectTo", "address", "from", "to", "kind"), queryValue),
    ),
    send: ([path, query]: [string, Record<string, string>]) =>
      dispatch(`http://localhost${path}?${new URLSearchParams(query)}`, {
        redirect: "manual",
        headers: { Cookie: `${customerCookieValue}; ${adminCookieValue}` },
      }),
  },
  { name: "POST /login", input: formFields(["email", "password", "redirectTo"]), send: sendForm("/login", none) },
  { name: "POST /signup", input: formFields(["name", "email", "password", "redirectTo"]), send: sendForm("/signup", none) },
  { name: "POST /admin/login", input: formFields(["email", "password"]), send: sendForm("/admin/login", none) },
  { name: "POST /home (book a demo)", input: formFields(["name", "email", "company", "message", "intent"]), send: sendForm("/home", none) },
  {
    name: "POST /subscribe (footer newsletter)",
    // A space inside keeps every address invalid (a valid one is a legitimate write, not a partial one).
    input: formFields(["email", "redirectTo", "_js"]).map((f) => (f.email === undefined ? f : { ...f, email: `${f.email} x` })),
    send: sendForm("/subscribe", none),
  },
  {
    name: "POST /profile",
    // Never a valid current password, so the session survives the run.
    input: formFields(["intent", "name", "current_password", "password"]).map((f) => ({
      ...f,
      intent: f.intent ?? "update-name",
      current_password: `x${f.current_password ?? ""}`,
    })),
    send: sendForm("/profile?index", customerCookie),
  },
  {
    name: "POST /products/1/checkout",
    input: formFields(["intent", "billing_address_id", "card_number", "expiry", "cvc", ...ADDRESS_FIELDS]),
    send: sendForm("/products/1/checkout?package=0", customerCookie),
  },
  {
    name: "POST /admin/products/new (multipart)",
    input: fc.tuple(formFields(FORM_PRODUCT_FIELDS), fileParts),
    send: sendMultipart("/admin/products/new", adminCookieFn),
  },
  {
    name: "POST /admin/products/create (step 1)",
    input: fc.tuple(formFields([...FORM_PRODUCT_FIELDS, "image_count", "video_count", "has_thumbnail"]), fileParts),
    send: sendMultipart("/admin/products/create", adminCookieFn),
  },
  {
    name: "POST /admin/products/{id}/edit",
    input: fc.tuple(formFields(FORM_PRODUCT_FIELDS), fileParts),
    send: sendMultipart("/admin/products/3/edit", adminCookieFn),
  },
  {
    name: "PUT /admin/products/{id}/media",
    input: fc.tuple(fc.dictionary(fc.constantFrom("kind", "name"), queryValue), fc.uint8Array({ maxLength: 64 })),
    send: ([query, bytes]: [Record<string, string>, Uint8Array]) =>
      dispatch(`http://localhost/admin/products/3/media?${new URLSearchParams(query)}`, {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { Host: "localhost", Origin: "http://localhost", Cookie: adminCookieValue },
      }),
  },
  {
    name: "POST /signup with hostile redirectTo (a valid account each time)",
    input: hostileRedirect,
    send: (redirectTo: string) =>
      sendForm("/signup", none)({ name: "Fuzz Person", email: `fuzz.${Date.now()}.${++fuzzSignups}@example.com`, password: "Str0ng!Pass", redirectTo }),
    writes: true,
    check: (response) => {
      expect(response.status).toBe(302);
      expectOwnPath(response);
    },
  },
  {
    name: "POST /login and GET /login signed in, with hostile redirectTo",
    input: fc.tuple(hostileRedirect, fc.boolean()),
    send: ([redirectTo, signedIn]: [string, boolean]) =>
      signedIn
        ? dispatch(`http://localhost/login?${new URLSearchParams({ redirectTo })}`, { redirect: "manual", headers: { Cookie: customerCookieValue } })
        : sendForm("/login", none)({ email: "customer@example.com", password: "Customer#2026", redirectTo }),
    writes: true,
    check: (response) => {
      expect([302, 429]).toContain(response.status);
      expectOwnPath(response);
    },
  },
  {
    name: "control characters in every text field (API and screens)",
    input: fc.tuple(fc.constantFrom(...ADDRESS_FIELDS.filter((f) => f !== "is_default" && f !== "country"), "name"), withControl),
    send: ([field, bad]: [string, string]) => {
      if (field === "name") return sendJson("PUT", "/users/update_profile", customer)(JSON.stringify({ user: { name: bad } }));
      const address: Record<string, string> = {
        street: "1 Fuzz Road",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 1AA",
        country: "GB",
        [field]: bad,
      };
      return sendJson("POST", "/billing_addresses", customer)(JSON.stringify(address));
    },
    check: (response) => expect(response.status).toBe(422),
  },
  {
    name: "POST /api/v1/payments/local/confirm",
    // Never a real client secret of the fuzz customer, so nothing is ever paid.
    input: jsonBody(null, ["client_secret", "card", "result"]),
    send: sendJson("POST", "/payments/local/confirm", customer),
  },
  { name: "POST /forgot-password", input: formFields(["email", "for"]), send: sendForm("/forgot-password", none) },
  { name: "POST /reset-password", input: formFields(["token", "password"]), send: sendForm("/reset-password?token=x", none) },
  { name: "POST /api/v1/password_resets", input: jsonBody(null, ["email"]), send: sendJson("POST", "/password_resets", none) },
  { name: "PUT /api/v1/password_resets", input: jsonBody(null, ["token", "password"]), send: sendJson("PUT", "/password_resets", none) },
  {
    name: "PUT /api/v1/orders/{id}/brief",
    input: jsonBody("brief", ["purpose", "audience", "style", "references", "must_haves", "deadline_wish"]),
    send: sendJson("PUT", "/orders/1/brief", customer),
  },
  {
    name: "POST /api/v1/orders/{id}/revisions",
    input: jsonBody("revision", ["note", "comments", "comment_ids"]),
    send: sendJson("POST", "/orders/1/revisions", customer),
  },
  {
    name: "POST /api/v1/orders/{id}/stages/{n}/request_changes",
    input: jsonBody("revision", ["note", "comment_ids", "comments"]),
    send: sendJson("POST", "/orders/1/stages/1/request_changes", customer),
  },
  {
    name: "POST /api/v1/orders/{id}/change_offers",
    input: jsonBody("change_offer", ["description", "amount", "extra_days", "comment_id", "message_id"]),
    send: sendJson("POST", "/orders/999999/change_offers", admin),
  },
  {
    name: "POST /api/v1/orders/{id}/change_offers/{offer_id}/decline",
    input: jsonBody("decline", ["reason"]),
    send: sendJson("POST", "/orders/1/change_offers/999999/decline", customer),
  },
  {
    name: "POST /api/v1/orders/{id}/change_offers/{offer_id}/accept",
    input: jsonBody("accept", ["method"]),
    send: sendJson("POST", "/orders/1/change_offers/999999/accept", customer),
  },
  {
    name: "PUT /api/v1/orders/{id}/approvers",
    input: jsonBody("approvers", ["guest_ids", "required"]),
    send: sendJson("PUT", "/orders/1/approvers", customer),
  },
  { name: "POST /api/v1/orders/{id}/messages", input: jsonBody("message", ["body"]), send: sendJson("POST", "/orders/1/messages", customer) },
  { name: "POST /verify-email", input: formFields(["intent", "token"]), send: sendForm("/verify-email", customerCookie) },
  // Refunds and the order pages' forms: on an order nobody has, so a valid body can refund nothing.
  { name: "POST /api/v1/orders/{id}/refund", input: jsonBody("refund", ["reason", "amount"]), send: sendJson("POST", "/orders/999999/refund", admin) },
  {
    name: "POST /admin/orders/{id}",
    input: formFields(["intent", "reason", "amount", "refund_key", "body", "note"]),
    send: sendForm("/admin/orders/999999", adminCookieFn),
  },
  {
    name: "POST /profile/orders/{id}",
    input: formFields(["intent", "body", "note", "comments[0].at_seconds"]),
    send: sendForm("/profile/orders/999999", customerCookie),
  },
  { name: "POST /unsubscribe", input: formFields(["email", "token", "List-Unsubscribe"]), send: sendForm("/unsubscribe?email=fan%40example.com", none) },
  // Reviews: on an order nobody has, and a review of a product that has none, so a valid body writes nothing.
  {
    name: "POST /api/v1/orders/{id}/review",
    input: jsonBody("review", ["rating", "title", "body"]),
    send: sendJson("POST", "/orders/999999/review", customer),
  },
  {
    name: "POST /api/v1/products/{id}/reviews/{review_id}/hide",
    input: jsonBody(null, ["reason"]),
    send: sendJson("POST", "/products/5/reviews/999999/hide", admin),
  },
  // Cancelling: an order nobody has, so whatever the body nothing is refunded or requested.
  { name: "POST /api/v1/orders/{id}/cancel", input: jsonBody(null, ["reason"]), send: sendJson("POST", "/orders/999999/cancel", customer) },
  {
    name: "POST /api/v1/orders/{id}/cancellation/answer",
    input: jsonBody("cancellation", ["amount", "note"]),
    send: sendJson("POST", "/orders/999999/cancellation/answer", admin),
  },
  // Deleting the account: never the fuzz customer's password, so the account survives the run.
  {
    name: "DELETE /api/v1/users/me",
    input: fc.oneof(
      fields(["current_password"]).map((f) => JSON.stringify({ user: { ...f, current_password: `x${JSON.stringify(f.current_password) ?? ""}` } })),
      jsonBody(null, ["current_password"]),
    ),
    send: sendJson("DELETE", "/users/me", customer),
  },
  {
    name: "POST /profile/privacy (delete my account)",
    input: formFields(["confirm", "current_password"]).map((f) => ({ ...f, current_password: `x${f.current_password ?? ""}` })),
    send: sendForm("/profile/privacy", customerCookie),
  },
  {
    name: "every screen form with sparse indexes, deep nesting and repeated names",
    input: hostileForms,
    send: sendHostileForm,
    check: (response, body) => {
      // Nothing is built (or echoed) from what a name claims: a refusal is a short text, any page an ordinary one.
      const plain = (response.headers.get("Content-Type") ?? "").startsWith("text/plain");
      expect(body.length, body.slice(0, 200)).toBeLessThan(plain ? 10 * 1024 : 100 * 1024);
    },
  },
  // Uploads in parts: opening one (a valid body may open an upload, nothing else), parts of uploads nobody has.
  {
    name: "POST /api/v1/uploads",
    input: jsonBody("upload", ["purpose", "order_id", "product_id", "name", "size", "content_type"]),
    send: sendJson("POST", "/uploads", customer),
    mayChange: ["uploads"],
  },
  {
    name: "PUT /api/v1/uploads/{id}/parts/{n} (raw bytes, hostile ids, numbers and lengths)",
    input: fc.tuple(
      fc.oneof(fc.uuid(), fc.constantFrom("x", "..", "%00", "00000000-0000-4000-8000-000000000000"), fc.string({ maxLength: 40 })),
      fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), fc.constantFrom("1e3", "0x1", "", "99999999999")),
      fc.uint8Array({ maxLength: 200 }),
      fc.constantFrom<string | null>(null, "0", "5", "-1", "99999999999", "abc"),
    ),
    send: ([id, n, bytes, length]: [string, string, Uint8Array, string | null]) =>
      dispatch(`http://localhost/api/v1/uploads/${encodeURIComponent(id)}/parts/${encodeURIComponent(n)}`, {
        method: "PUT",
        body: bytes as BodyInit,
        headers: { Authorization: `Bearer ${customerToken}`, "CF-Connecting-IP": poolAddress(), ...(length ? { "Content-Length": length } : {}) },
      }),
  },
  {
    name: "POST /uploads (the screens' uploader)",
    input: jsonBody("upload", ["purpose", "order_id", "product_id", "name", "size", "content_type"]),
    send: (body: string) =>
      dispatch("http://localhost/uploads", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", Origin: "http://localhost", Cookie: customerCookieValue, "CF-Connecting-IP": poolAddress() },
      }),
    mayChange: ["uploads"],
  },
  // The review: comments on a version of an order nobody has, the order page's review forms, a guest link nobody holds.
  {
    name: "POST /api/v1/orders/{id}/deliveries/{delivery_id}/comments",
    input: jsonBody("comment", ["at_frame", "end_frame", "text", "drawing"]),
    send: sendJson("POST", "/orders/999999/deliveries/1/comments", customer),
  },
  {
    name: "POST /profile/orders/{id} (review comments, replies, guests)",
    input: formFields(["intent", "delivery_id", "comment_id", "time", "until", "at_frame", "end_frame", "text", "drawing", "email", "guest_id"]),
    send: sendForm("/profile/orders/999999", customerCookie),
  },
  {
    name: "POST /review/{token} (a guest's link)",
    input: formFields(["intent", "name", "delivery_id", "time", "at_frame", "text", "drawing"]),
    send: sendForm("/review/fuzz-not-a-token-0000000000000", none),
  },
  {
    name: "malformed multipart, JSON and url-encoded bodies to every action and API write",
    mayChange: ["sessions"],
    input: fc.tuple(
      fc.constantFrom(...MALFORMED_TARGETS),
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom("--x\r\nContent-Disposition: form-data\r\n\r\nno end", "a=%E0%A4%A&b", '{"a":'),
      ),
      fc.constantFrom("multipart/form-data; boundary=x", "multipart/form-data", "application/json", "application/x-www-form-urlencoded", "text/plain"),
    ),
    send: ([[method, path], body, type]: [[string, string], string | Uint8Array, string]) =>
      dispatch(`http://localhost${path}`, {
        method,
        body: body as BodyInit,
        redirect: "manual",
        headers: {
          "Content-Type": type,
          Host: "localhost",
          Origin: "http://localhost",
          Cookie: path.startsWith("/admin") ? adminCookieValue : customerCookieValue,
          Authorization: `Bearer ${path.startsWith("/api/v1/products") || path.includes("/deliveries") ? adminToken : customerToken}`,
          "CF-Connecting-IP": poolAddress(),
        },
      }),
  },
  // The creators' calls and forms (the demo creator's account; the admins' calls about creators).
  { name: "PUT /api/v1/creator/me", input: jsonBody("creator", CREATOR_PROFILE_FIELDS), send: sendJson("PUT", "/creator/me", creator) },
  {
    name: "POST /api/v1/creator/portfolio",
    input: jsonBody("portfolio_item", ["kind", "upload_id", "title"]),
    send: sendJson("POST", "/creator/portfolio", creator),
  },
  { name: "DELETE /api/v1/creator/me", input: jsonBody("creator", ["current_password"]), send: sendJson("DELETE", "/creator/me", creator) },
  {
    name: "POST /api/v1/admin/creators/invitations",
    input: jsonBody("invitation", ["email", "name"]),
    send: sendJson("POST", "/admin/creators/invitations", admin),
    mayChange: ["creators", "emails", "email_links"],
  },
  {
    name: "POST /api/v1/admin/orders/{id}/assignment",
    input: jsonBody("assignment", ["creator_id", "reason"]),
    send: sendJson("POST", "/admin/orders/1/assignment", admin),
    writes: true,
  },
  { name: "POST /studio/profile", input: formFields(["name", ...CREATOR_PROFILE_FIELDS.slice(1)]), send: sendForm("/studio/profile", creatorCookie) },
  {
    name: "POST /studio/portfolio (multipart)",
    input: fc.tuple(
      formFields(["kind", "title", "upload_id", "intent", "id"]),
      fc.array(fc.tuple(fc.constantFrom("file", "files", "other"), fc.uint8Array({ maxLength: 64 })), { maxLength: 2 }),
    ),
    send: sendMultipart("/studio/portfolio", creatorCookie),
  },
  // Offers: answers to an offer (the API's and the studio's forms) and the admins' settings of offers.
  { name: "POST /api/v1/creator/offers/{id}/decline", input: jsonBody("decline", ["reason"]), send: sendJson("POST", "/creator/offers/1/decline", creator) },
  { name: "POST /studio (an offer's answer)", input: formFields(["intent", "offer_id", "reason"]), send: sendForm("/studio?index", creatorCookie) },
  {
    name: "POST /admin/creators (offer settings)",
    input: formFields(["intent", "window_hours", "automatic"]),
    send: sendForm("/admin/creators", adminCookieFn),
    mayChange: ["offer_settings", "creators", "emails", "email_links"],
  },
  // Creators' money: the ledger's keyset, setting up a payout account, the admins' holds and retries.
  {
    name: "GET /api/v1/creator/payouts with bad keysets",
    input: fc.dictionary(fc.constantFrom("after", "limit", "page"), queryValue),
    send: (query: Record<string, string>) =>
      dispatch(`http://localhost/api/v1/creator/payouts?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${creatorToken}` } }),
  },
  {
    name: "GET /api/v1/creator/statements/{month} and its PDF with hostile months",
    input: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("2026-00", "2026-13", "1999-12", "9999-12", "2026-1", "2026-11/../..", "%00", "2026-11.pdf")),
    send: async (month: string) => {
      const api = await dispatch(`http://localhost/api/v1/creator/statements/${encodeURIComponent(month)}`, {
        headers: { Authorization: `Bearer ${creatorToken}` },
      });
      if (api.status >= 500) return api;
      await api.body?.cancel();
      return get(`/studio/payouts/statements/${encodeURIComponent(month)}/statement.pdf`, {
        headers: { Cookie: creatorCookie(), "CF-Connecting-IP": poolAddress() },
      });
    },
  },
  {
    name: "PUT /api/v1/creator/tax_details",
    input: jsonBody("tax_details", TAX_DETAIL_FIELDS),
    send: sendJson("PUT", "/creator/tax_details", creator),
    // A well-formed set is the demo creator's own details, saved.
    mayChange: ["creator_tax_details"],
  },
  {
    name: "POST /studio/tax",
    input: formFields(TAX_DETAIL_FIELDS),
    send: sendForm("/studio/tax", creatorCookie),
    mayChange: ["creator_tax_details"],
  },
  {
    name: "POST /studio/payouts",
    input: formFields(["intent"]),
    send: sendForm("/studio/payouts", creatorCookie),
    // "onboard" opens the demo creator's account once and a new onboarding link each time.
    mayChange: ["payout_accounts", "local_connect_accounts", "local_connect_links"],
  },
  {
    name: "POST /admin/payouts (holds, releases, retries of no record)",
    input: formFields(["intent", "payout_id", "reason"]),
    send: (body: Record<string, string>) => sendForm("/admin/payouts", adminCookieFn)({ ...body, creator_id: "999999" }),
  },
  { name: "POST /api/v1/admin/payouts/{id}/retry", input: jsonBody(null, []), send: sendJson("POST", "/admin/payouts/999999/retry", admin) },
  {
    name: "POST /api/v1/admin/payouts/adjustments (of no creator)",
    input: jsonBody("adjustment", ["amount", "currency", "reason", "key"]),
    // Whatever else the body holds, the creator is none: a well-formed adjustment answers 404 and writes nothing.
    send: (body: string) => sendJson("POST", "/admin/payouts/adjustments", admin)(withNoCreator(body)),
  },
  {
    name: "POST /admin/payouts (adjustments of no creator)",
    input: formFields(["amount", "currency", "reason", "key"]),
    send: (body: Record<string, string>) => sendForm("/admin/payouts", adminCookieFn)({ ...body, intent: "adjust", creator_id: "999999" }),
  },
  {
    name: "POST /api/v1/creator/self_billing_agreement",
    input: jsonBody("self_billing_agreement", ["accept"]),
    send: sendJson("POST", "/creator/self_billing_agreement", creator),
    // `accept: true` is the demo creator accepting the agreement (again: the text they accepted is the one offered).
    mayChange: ["self_billing_agreements"],
  },
  {
    name: "POST /admin/settings/self-billing",
    input: formFields(["intent", "agreement", "country", "supplier_kind", "rate", "note", "id"]),
    send: sendForm("/admin/settings/self-billing", adminCookieFn),
    // A well-formed form saves the agreement's text, or adds, replaces or deletes a rule.
    mayChange: ["shop_settings", "self_billing_rules"],
  },
];

/** A fuzzed body whose `adjustment` (when it is an object) names a creator that does not exist. */
function withNoCreator(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "adjustment" in parsed && parsed.adjustment && typeof parsed.adjustment === "object") {
      return JSON.stringify({ ...parsed, adjustment: { ...parsed.adjustment, creator_id: 999999 } });
    }
  } catch {
    // Not JSON: sent as it is.
  }
  return body;
}

export function signInFuzzAccounts() {
  beforeAll(async () => {
    const c = await newCustomer();
    customerToken = c.access_token;
    adminToken = (await adminSignIn()).access_token;
    customerCookieValue = cookieFrom(await postForm("/login", { email: c.email, password: c.password }), "sid");
    adminCookieValue = await adminCookie();
    const signedIn = await dispatch("http://localhost/api/v1/creator/sign_in", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ session: { email: "creator@example.com", password: "Creator#2026" } }),
    });
    creatorToken = ((await signedIn.json()) as { data: { access_token: string } }).data.access_token;
    creatorCookieValue = cookieFrom(await postForm("/creator/login", { email: "creator@example.com", password: "Creator#2026" }), "creator_sid");
  });
}

/**
 * Defines the fuzz test for `TARGETS[from..to)`. The targets are split over four files so that the
 * suite's two workers share them evenly.
 */
export function fuzzTargets(from: number, to: number) {
  describe("fuzzing every action and API call", () => {
    it.each(TARGETS.slice(from, to).map((t) => [t.name, t] as const))(
      `%s: ${RUNS} inputs, no 500, no partial write, clear errors`,
      async (_name, target) => {
        const before = await rowCounts();
        await fc.assert(
          fc.asyncProperty(target.input, async (input) => {
            const response = await target.send(input as never);
            const body = await response.text();
            expect(response.status, body.slice(0, 300)).toBeLessThan(500);
            target.check?.(response, body);
            if (response.status >= 400 && (response.headers.get("Content-Type") ?? "").includes("application/json")) {
              const json = JSON.parse(body) as { message?: unknown; result?: unknown };
              // JSON refusals say why: a message, or the form's field errors.
              expect(typeof json.message === "string" ? json.message.length : json.result ? 1 : 0, body.slice(0, 300)).toBeGreaterThan(0);
            }
          }),
          { numRuns: RUNS, seed: 20261122, endOnFailure: true },
        );
        if (!target.writes) {
          const without = (counts: Record<string, number>) =>
            Object.fromEntries(Object.entries(counts).filter(([table]) => !target.mayChange?.includes(table)));
          expect(without(await rowCounts())).toEqual(without(before));
        }
      },
      120_000,
    );
  });
}

export const TARGET_COUNT = TARGETS.length;
