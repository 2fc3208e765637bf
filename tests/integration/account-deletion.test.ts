import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, cookieFrom, customerCookie, dispatch, fakeMedia, freshAddress, get, postForm } from "./helpers";
import { BRIEF } from "./order-fixtures";

/**
 * "Delete my account" (GDPR art. 17) through DELETE /api/v1/users/me and the Privacy page: after it,
 * no table holds the customer's email, name, address or words outside the invoice's own record (and
 * the confirmation email, the one record of the erasure); other customers' rows are untouched; the
 * account cannot sign in and its sessions and tokens are dead; reviews stay as "Former customer".
 * A wrong password (422) and open work (409) change nothing.
 */
const PASSWORD = "Str0ng!Pass";
const DELETED = "Your account has been deleted.";
let adminToken = "";
let counter = 0;

beforeAll(async () => {
  adminToken = (await adminSignIn()).access_token;
});

type Person = { name: string; email: string; street: string; access_token: string; refresh_token: string; id: number; addressId: number };

/**
 * A customer with a distinctive name, email and street (so that any trace of them can be searched for), and a saved
 * address: a business's (with a VAT number), whose work starts as soon as its brief is in.
 */
async function person(name: string, street: string): Promise<Person> {
  counter++;
  const email = `${name.split(" ")[0]!.toLowerCase()}.${counter}.${Date.now()}@example.com`;
  const signedUp = await api<{ data: { access_token: string; refresh_token: string; user: { id: number } } }>("POST", "/sign_up", {
    body: { user: { name, email, password: PASSWORD } },
  });
  expect(signedUp.status).toBe(201);
  const token = signedUp.body.data.access_token;
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token,
    body: {
      street,
      city: "Leeds",
      state: "West Yorkshire",
      zip_code: "LS1 1AA",
      country: "GB",
      company_name: `${name.split(" ")[1]} Films Ltd`,
      tax_id: "GB246813551",
    },
  });
  expect(address.status).toBe(201);
  return { name, email, street, ...signedUp.body.data, id: signedUp.body.data.user.id, addressId: address.body.data.id };
}

async function order(p: Person, { pay = true, product = 1 } = {}) {
  const placed = await api<{ data: { id: number; client_secret: string } }>("POST", "/orders", {
    token: p.access_token,
    body: { order: { product_id: product, billing_address_id: p.addressId, package_index: 1 } },
  });
  expect(placed.status).toBe(201);
  if (pay) {
    const paid = await api("POST", "/payments/local/confirm", {
      token: p.access_token,
      body: { client_secret: placed.body.data.client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
    });
    expect(paid.status).toBe(200);
  }
  return placed.body.data.id;
}

function multipart(path: string, token: string, fields: Record<string, string>, files: [string, Uint8Array<ArrayBuffer>][]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [name, bytes] of files) form.append("files[]", new File([bytes], name));
  return dispatch(`http://localhost/api/v1${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
}

const deleteAccount = (token: string | undefined, body: unknown) =>
  api<{ success: boolean; message: string; errors?: string[] }>("DELETE", "/users/me", { token, body });

// ----- every row of every table that mentions someone -----

const VOLATILE = new Set(["status", "attempts", "sent_at", "last_error", "failed_password_attempts", "password_locked_until", "last_seen_at"]);

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<{ name: string; sql: string | null }>();
  // A full-text index is read through its virtual table (its shadow tables hold only the index's
  // pages, as blobs; the erasure's batch rebuilds them without the erased words).
  const virtual = results.filter((r) => r.sql?.startsWith("CREATE VIRTUAL TABLE")).map((r) => r.name);
  return results
    .map((r) => r.name)
    .filter((name) => !name.startsWith("_cf") && !name.startsWith("sqlite_") && name !== "d1_migrations")
    .filter((name) => !virtual.some((v) => name.startsWith(`${v}_`)));
}

/** `table#id` → the row (without columns a queue or a sign-in attempt moves on), for every row whose text contains one of `needles`. */
async function rowsMentioning(needles: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const lower = needles.map((n) => n.toLowerCase());
  for (const table of await tables()) {
    const { results } = await env.DB.prepare(`SELECT rowid AS _rowid, * FROM "${table}"`).all<Record<string, unknown>>();
    for (const row of results) {
      const text = JSON.stringify(row).toLowerCase();
      if (!lower.some((needle) => text.includes(needle))) continue;
      const stable = Object.fromEntries(Object.entries(row).filter(([column]) => !VOLATILE.has(column)));
      found.set(`${table}#${String(row.id ?? row.order_id ?? row._rowid)}`, stable);
    }
  }
  return found;
}

const objects = async (orderId: number) => (await env.MEDIA.list({ prefix: `orders/${orderId}/` })).objects.length;

describe("DELETE /api/v1/users/me", () => {
  let quilla: Person;
  let other: Person;
  let completed: number;
  let unpaid: number;
  let otherOrder: number;
  let reviewId: number;
  let cookie: string;
  let guestLink: string;
  const guestEmail = `gwendolyn.${Date.now()}@example.com`;
  const texts = {
    purpose: "Quilla's launch film for the Vandermeer espresso bar",
    message: "Secret from Quilla: the logo must be bigger",
    studio: "Hi Quilla, the first cut is on its way",
    revision: "Quilla wants warmer colours in the opening",
    comment: "Quilla: slow this shot down",
    delivery: "Cut one for Quilla",
    guest: "Guestworth likes the ending",
  };
  const needles = () => [quilla.email, "Quilla", "Vandermeer", quilla.street, guestEmail, "Guestworth", ...Object.values(texts)];
  const otherNeedles = () => [other.email, "Ottoline", "Bystander", other.street];

  beforeAll(async () => {
    quilla = await person("Quilla Vandermeer", "42 Erasure Row");
    other = await person("Ottoline Bystander", "7 Untouched Lane");

    // A completed order with the whole work: brief, thread with an attachment, deliveries, a revision, approval, a review.
    completed = await order(quilla);
    const t = quilla.access_token;
    expect((await api("PUT", `/orders/${completed}/brief`, { token: t, body: { brief: { ...BRIEF, purpose: texts.purpose } } })).status).toBe(200);
    expect((await multipart(`/orders/${completed}/messages`, t, { "message[body]": texts.message }, [["logo.jpg", fakeMedia("logo.jpg", 1024)]])).status).toBe(
      201,
    );
    expect((await api("POST", `/orders/${completed}/messages`, { token: adminToken, body: { message: { body: texts.studio } } })).status).toBe(201);
    const cut = (note: string) => multipart(`/orders/${completed}/deliveries`, adminToken, { note }, [["cut.mp4", fakeMedia("product.mp4", 4096)]]);
    expect((await cut(texts.delivery)).status).toBe(201);
    // A colleague invited to the review, named, who comments through their link.
    const owner = await customerCookie(quilla.email, PASSWORD);
    expect((await postForm(`/profile/orders/${completed}`, { intent: "invite-guest", email: guestEmail }, { Cookie: owner })).status).toBe(302);
    const invitation = await env.DB.prepare("SELECT text FROM emails WHERE recipient = ? AND kind = 'review_invitation'")
      .bind(guestEmail)
      .first<string>("text");
    guestLink = /\/review\/[\w-]+/.exec(invitation ?? "")![0];
    expect((await postForm(guestLink, { intent: "name", name: "Gwendolyn Guestworth" })).status).toBe(302);
    const firstCut = await env.DB.prepare("SELECT id FROM order_deliveries WHERE order_id = ?").bind(completed).first<number>("id");
    expect((await postForm(guestLink, { intent: "comment", delivery_id: String(firstCut), time: "0:01", text: texts.guest })).status).toBe(302);
    const revision = await api("POST", `/orders/${completed}/revisions`, {
      token: t,
      body: { revision: { note: texts.revision, comments: [{ at_seconds: 2, text: texts.comment }] } },
    });
    expect(revision.status).toBe(201);
    expect((await cut("Second cut")).status).toBe(201);
    // Completed as the reviews' tests complete an order (the approval itself is fulfilment's tests' business).
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET work_status = 'completed', work_version = work_version + 1 WHERE id = ?").bind(completed),
      env.DB.prepare(
        "INSERT INTO order_events (order_id, version, actor_kind, from_status, to_status, note) SELECT id, work_version, 'customer', 'delivered', 'completed', 'Approved' FROM orders WHERE id = ?",
      ).bind(completed),
    ]);
    const review = await api<{ data: { id: number; reviewer: string } }>("POST", `/orders/${completed}/review`, {
      token: t,
      body: { review: { rating: 5, title: "Lovely work", body: "A clear process, quick changes and a film our customers still mention." } },
    });
    expect(review.status).toBe(201);
    expect(review.body.data.reviewer).toBe("Quilla V.");
    reviewId = review.body.data.id;
    // An unpaid order (its buyer's copy is not an invoice), the newsletter, a demo request, a reset link, a browser session.
    unpaid = await order(quilla, { pay: false, product: 2 });
    expect((await postForm("/subscribe", { email: quilla.email, redirectTo: "/home" })).status).toBe(303);
    expect((await postForm("/home", { name: quilla.name, email: quilla.email, company: "Vandermeer Films Ltd", message: "Call me" })).status).toBe(302);
    expect((await api("POST", "/password_resets", { body: { email: quilla.email } })).status).toBe(200);
    cookie = cookieFrom(await postForm("/login", { email: quilla.email, password: PASSWORD }), "sid");

    otherOrder = await order(other);
    expect(
      (await api("POST", `/orders/${otherOrder}/messages`, { token: other.access_token, body: { message: { body: "Ottoline's own note" } } })).status,
    ).toBe(201);
  });

  it("refuses a missing or wrong password (422, the field's error) and changes nothing", async () => {
    const before = await rowsMentioning(needles());
    const missing = await deleteAccount(quilla.access_token, { user: {} });
    expect([missing.status, missing.body]).toEqual([422, { success: false, message: "Account deletion failed", errors: ["Current password is required"] }]);
    const wrong = await deleteAccount(quilla.access_token, { user: { current_password: "Not!MyPassw0rd" } });
    expect([wrong.status, wrong.body]).toEqual([422, { success: false, message: "Current password is incorrect", errors: ["Current password is incorrect"] }]);
    expect(await rowsMentioning(needles())).toEqual(before);
    expect((await api("GET", "/users/me", { token: quilla.access_token })).status).toBe(200);
  });

  it("refuses while an order's work is open (409, naming it) and changes nothing", async () => {
    const ines = await person("Ines Openwork", "9 Pending Street");
    const open = await order(ines);
    const before = await rowsMentioning([ines.email, "Openwork", ines.street]);
    const refused = await deleteAccount(ines.access_token, { user: { current_password: PASSWORD } });
    expect([refused.status, refused.body]).toEqual([
      409,
      { success: false, message: `Orders still in progress must be completed or cancelled before your account can be deleted (order #${open}).` },
    ]);
    expect(await rowsMentioning([ines.email, "Openwork", ines.street])).toEqual(before);
    expect((await api("POST", "/sign_in", { body: { session: { email: ines.email, password: PASSWORD } } })).status).toBe(200);
  });

  it("erases the customer: no table holds their data outside the invoice's record; others untouched; no sign-in; reviews as 'Former customer'", async () => {
    const othersBefore = await rowsMentioning(otherNeedles());
    expect(await objects(completed)).toBeGreaterThan(0);
    const mentioned = await rowsMentioning(needles());
    for (const table of ["users", "billing_addresses", "orders", "order_briefs", "order_messages", "revision_requests", "review_comments", "reviews"]) {
      expect(
        [...mentioned.keys()].some((key) => key.startsWith(`${table}#`)),
        `${table} held the customer's data before`,
      ).toBe(true);
    }
    for (const table of ["emails", "newsletter_subscriptions", "demo_requests", "order_deliveries", "order_events", "order_guests", "delivery_comments"]) {
      expect(
        [...mentioned.keys()].some((key) => key.startsWith(`${table}#`)),
        `${table} held the customer's data before`,
      ).toBe(true);
    }

    const deleted = await deleteAccount(quilla.access_token, { user: { current_password: PASSWORD } });
    expect([deleted.status, deleted.body]).toEqual([200, { success: true, message: DELETED }]);

    // Only the invoice's copy of the buyer (the law's record) and the confirmation email are left.
    const left = await rowsMentioning(needles());
    expect([...left.keys()].sort()).toEqual([`orders#${completed}`, ...[...left.keys()].filter((k) => k.startsWith("emails#"))].sort());
    const invoiced = left.get(`orders#${completed}`)!;
    expect(invoiced.invoice_number).toMatch(/^INV-/);
    expect(JSON.parse(invoiced.billing_snapshot as string)).toMatchObject({ name: quilla.name, lines: [quilla.street, "Leeds", "LS1 1AA"] });
    const confirmations = [...left.entries()].filter(([k]) => k.startsWith("emails#")).map(([, row]) => row);
    expect(confirmations).toEqual([
      expect.objectContaining({ recipient: quilla.email, kind: "account_deleted", subject: "Your Reelcraft account has been deleted" }),
    ]);
    expect(String(confirmations[0]!.text)).not.toContain("Quilla");

    // The rows that stay, anonymised.
    const user = await env.DB.prepare("SELECT name, email, password_hash, email_verified_at FROM users WHERE id = ?").bind(quilla.id).first();
    expect(user).toEqual({
      name: "Former customer",
      email: expect.stringMatching(/^erased-\d+-[\w-]+@erased\.invalid$/),
      password_hash: "erased",
      email_verified_at: null,
    });
    const unpaidRow = await env.DB.prepare("SELECT payment_status, billing_snapshot, billing_address_id FROM orders WHERE id = ?").bind(unpaid).first();
    expect(unpaidRow).toEqual({ payment_status: "canceled", billing_snapshot: null, billing_address_id: null });
    for (const [table, where] of [
      ["sessions", "kind = 'customer' AND subject_id = ?"],
      ["refresh_tokens", "kind = 'customer' AND subject_id = ?"],
      ["email_links", "kind = 'customer' AND subject_id = ?"],
      ["billing_addresses", "user_id = ?"],
      ["reviews", "user_id = ?"],
      ["saved_cards", "user_id = ?"],
      ["payment_customers", "user_id = ?"],
    ] as const) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).bind(quilla.id).first<number>("n"), table).toBe(0);
    }
    for (const table of ["order_briefs", "order_messages", "order_attachments", "order_deliveries", "delivery_files", "revision_requests"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE order_id IN (?, ?)`).bind(completed, unpaid).first<number>("n"), table).toBe(0);
    }
    expect(await objects(completed)).toBe(0);
    // The colleague's row and link are gone with the account: the link opens nothing.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM order_guests WHERE order_id = ?").bind(completed).first<number>("n")).toBe(0);
    expect((await get(guestLink)).status).toBe(404);

    // Another customer's rows, files and messages are as they were.
    expect(await rowsMentioning(otherNeedles())).toEqual(othersBefore);
    expect((await api<{ data: unknown[] }>("GET", `/orders/${otherOrder}/messages`, { token: other.access_token })).body.data).toHaveLength(1);

    // The review stays, as "Former customer", with its words.
    const reviews = await api<{ data: { id: number; reviewer: string; body: string }[] }>("GET", "/products/1/reviews?sort=newest");
    expect(reviews.body.data.find((r) => r.id === reviewId)).toMatchObject({
      reviewer: "Former customer",
      reviewer_country: null,
      reviewer_company: null,
      reviewer_from: null,
      body: "A clear process, quick changes and a film our customers still mention.",
    });

    // The invoice is still there for the studio, as issued.
    const invoice = await get(`/admin/orders/${completed}/invoice`, { headers: { Cookie: await adminCookie() } });
    expect(invoice.status).toBe(200);
    expect(await invoice.text()).toContain(quilla.street);
  });

  it("afterwards the customer cannot sign in, and their old sessions and tokens no longer work; the address can sign up anew", async () => {
    expect((await api("POST", "/sign_in", { body: { session: { email: quilla.email, password: PASSWORD } } })).status).toBe(401);
    const screen = await postForm("/login", { email: quilla.email, password: PASSWORD });
    expect(screen.status).toBe(401);
    expect(screen.headers.getSetCookie().filter((c) => c.startsWith("sid=") && !/^sid=;/.test(c))).toEqual([]);
    expect((await api("GET", "/users/me", { token: quilla.access_token })).status).toBe(401);
    expect((await api("POST", "/refresh_token", { body: { refresh_token: quilla.refresh_token } })).status).toBe(401);
    const profile = await get("/profile", { headers: { Cookie: cookie }, redirect: "manual" });
    expect([profile.status, profile.headers.get("location")]).toEqual([302, "/login?redirectTo=%2Fprofile"]);
    expect((await deleteAccount(quilla.access_token, { user: { current_password: PASSWORD } })).status).toBe(401);
    const again = await api("POST", "/sign_up", { body: { user: { name: "Quilla Again", email: quilla.email, password: PASSWORD } } });
    expect(again.status).toBe(201);
  });
});

describe("'Delete my account' on the Privacy page (without JavaScript)", () => {
  const post = (cookie: string, fields: Record<string, string>) => postForm("/profile/privacy", fields, { Cookie: cookie });

  it("asks for the password and the confirmation, keeps the other input on an error, then signs out to the home page", async () => {
    const dora = await person("Dora Screenleaver", "3 Form Street");
    const cookie = cookieFrom(await postForm("/login", { email: dora.email, password: PASSWORD }), "sid");
    const page = await (await get("/profile/privacy", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Delete my account");
    expect(page).toContain("Orders still in progress must be completed or cancelled first.");

    const wrong = await post(cookie, { confirm: "on", current_password: "Not!MyPassw0rd" });
    expect(wrong.status).toBe(422);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("Current password is incorrect");
    expect(wrongPage).toMatch(/<input type="checkbox"[^>]*name="confirm"[^>]*checked=""/);
    expect(wrongPage).not.toContain("Not!MyPassw0rd");

    const unconfirmed = await post(cookie, { current_password: PASSWORD });
    expect(unconfirmed.status).toBe(422);
    expect(await unconfirmed.text()).toContain("Please confirm that you want to delete your account");
    expect((await api("GET", "/users/me", { token: dora.access_token })).status).toBe(200);

    const done = await post(cookie, { confirm: "on", current_password: PASSWORD });
    expect([done.status, done.headers.get("location")]).toEqual([302, "/home?account=deleted"]);
    expect(done.headers.getSetCookie().some((c) => /^sid=;/.test(c) || /^sid=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await (await get("/home?account=deleted")).text()).toContain("Your account has been deleted. A confirmation is on its way to your email.");
    const profile = await get("/profile/privacy", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(profile.status).toBe(302);
    expect((await api("GET", "/users/me", { token: dora.access_token })).status).toBe(401);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(dora.email).first<number>("n")).toBe(0);
  });

  it("says which orders are still open, shows no form, and refuses a post (409)", async () => {
    const olaf = await person("Olaf Busyorder", "5 Queue Road");
    const open = await order(olaf);
    const cookie = cookieFrom(await postForm("/login", { email: olaf.email, password: PASSWORD }), "sid");
    const message = `Orders still in progress must be completed or cancelled before your account can be deleted (order #${open}).`;
    const page = await (await get("/profile/privacy", { headers: { Cookie: cookie } })).text();
    expect(page).toContain(message);
    expect(page).toContain(`href="/profile/orders/${open}"`);
    expect(page).not.toContain('name="current_password"');
    const refused = await post(cookie, { confirm: "on", current_password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(message);
    expect((await api("GET", "/users/me", { token: olaf.access_token })).status).toBe(200);
  });
});
