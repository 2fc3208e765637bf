import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export { expect };

/**
 * The button that places a paid order names the payment ('Pay £1,198.80', or 'Pay now' before an
 * address decides the tax): the law's words, in place of the SPEC's 'Continue to Payment' (docs/design.md).
 */
export const PAY_BUTTON = /^Pay (now|£[\d,]+\.\d{2})$/;

/**
 * What Remix logs (single fetch's decoder, before it gives up on the response) when a response is
 * cut off while it streams in because the page is leaving: a test's `goto` while a revalidation or
 * navigation of the page it leaves is still loading. Nothing failed; a visitor would see the next page.
 */
const LEFT_MID_RESPONSE = /^AbortError: BodyStreamBuffer was aborted/;

/**
 * Every test fails if the browser logs an error or throws. `allowedConsole` lists messages a test
 * expects (e.g. the 404 of a page that is meant to be missing).
 */
/**
 * Reads through Playwright's request contexts are retried once on ECONNRESET (Playwright's own
 * `maxRetries`, which retries nothing else). Node's client keeps connections alive and may write a
 * request on one the local workerd server is closing at that moment; a browser retries such a GET
 * itself. Writes are never retried: the server may have acted on them.
 */
function retryReads(context: APIRequestContext): APIRequestContext {
  const get = context.get.bind(context);
  const head = context.head.bind(context);
  context.get = (url, options) => get(url, { maxRetries: 1, ...options });
  context.head = (url, options) => head(url, { maxRetries: 1, ...options });
  return context;
}

export const test = base.extend<{ allowedConsole: RegExp[]; consoleGuard: void }>({
  allowedConsole: [[], { option: true }],
  request: async ({ request }, provide) => {
    await provide(retryReads(request));
  },
  page: async ({ page }, provide) => {
    retryReads(page.request);
    await provide(page);
  },
  /**
   * Each test is its own visitor with its own client address (`CF-Connecting-IP`, which Cloudflare
   * sets in production and the local server passes on), so the per-address limits on sign-ins and
   * sign-ups judge each test alone rather than the whole suite's rate.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, "CF-Connecting-IP": `198.18.${testInfo.workerIndex % 256}.${testInfo.repeatEachIndex}-${testInfo.testId}` });
  },
  consoleGuard: [
    async ({ page, allowedConsole }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !LEFT_MID_RESPONSE.test(text) && !allowedConsole.some((re) => re.test(text))) problems.push(text);
      });
      page.on("pageerror", (error) => problems.push(`Uncaught: ${error.message}`));
      await use();
      expect(problems, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until React has hydrated, so that client-side behaviour is live. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** Product cards on the listing, by title. */
export function cardTitles(page: Page) {
  return page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 });
}

let counter = 0;
/** A unique email for a customer created by this test. */
export function uniqueEmail(prefix = "e2e") {
  counter++;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** Fills and saves the checkout's 'Add New' address form, and waits until the form has closed. */
export async function saveCheckoutAddress(
  page: Page,
  {
    street,
    city = "Leeds",
    state = "West Yorkshire",
    zip = "LS1 1AA",
    country = "GB",
    makeDefault = false,
  }: { street: string; city?: string; state?: string; zip?: string; country?: string; makeDefault?: boolean },
) {
  const form = page.locator("form#add-address");
  // The country first: the fields that follow are the ones its addresses have (with JavaScript; without,
  // the form keeps the SPEC's fields and the server reads them by the country).
  await form.getByLabel("Country").selectOption(country);
  await form.locator('[name="street"]').fill(street);
  for (const [name, value] of [
    ["city", city],
    ["state", state],
    ["zip_code", zip],
  ] as const) {
    const input = form.locator(`[name="${name}"]`);
    if (await input.count()) await input.fill(value);
  }
  if (makeDefault) await form.getByLabel("Set as default address").check();
  await form.getByRole("button", { name: "Save Address" }).click();
  // Saved by a form post before the page hydrates (a new document: the form is gone once it commits,
  // and the callers read it only once it has loaded, stylesheet included) or in place after.
  await expect(form).toHaveCount(0);
  await page.waitForLoadState("load");
}

/**
 * Starts a session the way the sign-up or login form does, without the screen (their own tests
 * cover them): the form is posted from the page's browser context, so the page holds the session
 * cookie; then the page opens where the form would have landed (or `landing`; null opens nothing).
 */
async function submitSessionForm(page: Page, path: string, fields: Record<string, string>, landing: string | null) {
  const origin = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  const post = () => page.request.post(path, { form: fields, headers: { Origin: origin }, maxRedirects: 0 });
  // wrangler's local server answers a POST that met a restart of its workerd runtime with this 503
  // and asks for the request again (it retries only GETs itself), or drops the connection while the
  // runtime restarts (ECONNRESET): the shop never answered it, so it is sent once more.
  let response = await post().catch((error: unknown) => {
    if (error instanceof Error && /ECONNRESET|socket hang up/.test(error.message)) return post();
    throw error;
  });
  if (response.status() === 503 && (await response.text()).includes("Your worker restarted mid-request")) response = await post();
  expect(response.status(), `${path} answered ${await response.text()}`).toBe(302);
  if (landing) await page.goto(landing);
}

/** A new customer, signed in, on /products. */
export async function signUp(page: Page, { name = "Test Person", email = uniqueEmail(), password = "Str0ng!Pass" } = {}) {
  await submitSessionForm(page, "/signup", { name, email, password }, "/products");
  return { name, email, password };
}

export async function logIn(page: Page, email = "customer@example.com", password = "Customer#2026") {
  await submitSessionForm(page, "/login", { email, password }, "/products");
}

export async function adminLogIn(page: Page, landing: string | null = "/admin/products") {
  await submitSessionForm(page, "/admin/login", { email: "admin@example.com", password: "AdminPass#2026" }, landing);
}

export async function creatorLogIn(page: Page, landing: string | null = "/studio", email = "creator@example.com", password = "Creator#2026") {
  await submitSessionForm(page, "/creator/login", { email, password }, landing);
}

/**
 * The link to `path` in the newest email to `to` with `subject`, read the way a person would: in the
 * admin outbox (/admin/emails), once the queue's consumer (the Worker's queue handler, run by
 * Miniflare) has marked it sent. `linkName` is the email's button, checked in its HTML version.
 */
export async function linkFromOutbox(
  browser: Browser,
  { to, subject, path, linkName, javaScriptEnabled = true }: { to: string; subject: string; path: string; linkName: string; javaScriptEnabled?: boolean },
) {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const admin = await context.newPage();
  await adminLogIn(admin, "/admin/emails");
  await expect(admin.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: to }).filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect
    .poll(
      async () => {
        await admin.reload();
        return row.getByText("Sent", { exact: true }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await row.getByRole("link", { name: subject }).click();
  await expect(admin.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(admin.frameLocator("iframe[title='HTML version of the email']").getByRole("link", { name: linkName })).toBeVisible();
  const text = await admin.getByTestId("email-text").textContent();
  const link = text?.match(new RegExp(`https?://[^\\s/]+${path}[\\w.=&%@+/?-]+`))?.[0];
  expect(link, text ?? "").toBeTruthy();
  await context.close();
  return new URL(link!);
}

/**
 * A new customer's paid order, made through the API the way any client would (sign-up, address,
 * order, the local card), optionally briefed so the work is in production. Returns the customer's
 * email (password `Str0ng!Pass`), the order's id and the customer's Authorization header.
 */
export async function paidOrderThroughApi(
  request: APIRequestContext,
  { name, packageIndex = 0, brief = false, productId = 1 }: { name: string; packageIndex?: number; brief?: boolean; productId?: number },
) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const signUp = await request.post("/api/v1/sign_up", { data: { user: { name, email, password: "Str0ng!Pass" } } });
  expect(signUp.status()).toBe(201);
  const auth = { Authorization: `Bearer ${(await signUp.json()).data.access_token}` };
  const address = await request.post("/api/v1/billing_addresses", {
    headers: auth,
    data: { street: "1 Studio Lane", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" },
  });
  const order = await request.post("/api/v1/orders", {
    headers: auth,
    // Work starts at once: the consumer waived waiting out the cancellation period.
    data: { order: { product_id: productId, billing_address_id: (await address.json()).data.id, package_index: packageIndex, start_work_now: true } },
  });
  const { id, client_secret } = (await order.json()).data;
  const paid = await request.post("/api/v1/payments/local/confirm", {
    headers: auth,
    data: { client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
  });
  expect(paid.status()).toBe(200);
  if (brief) {
    const briefed = await request.put(`/api/v1/orders/${id}/brief`, {
      headers: auth,
      data: { brief: { purpose: "A 60-second launch film for our espresso machine, for the website.", audience: "Home baristas" } },
    });
    expect(briefed.status()).toBe(200);
  }
  return { email, id: id as number, auth };
}

/** The password invited creators choose in the tests. */
export const CREATOR_PASSWORD = "Cr3ator!Pass";

/** A new creator: invited through the API, the invitation accepted on its page; signed in on `page`. */
export async function invitedCreator(browser: Browser, page: Page, request: APIRequestContext, name: string, javaScriptEnabled: boolean) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  const invited = await request.post("/api/v1/admin/creators/invitations", {
    headers: { Authorization: `Bearer ${token}` },
    data: { invitation: { email, name } },
  });
  expect(invited.status()).toBe(201);
  const link = await linkFromOutbox(browser, {
    to: email,
    subject: "Join Reelcraft as a creator",
    path: "/creator/invitation",
    linkName: "Accept the invitation",
    javaScriptEnabled,
  });
  await page.goto(`${link.pathname}${link.search}`);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("textbox", { name: "Password" }).fill(CREATOR_PASSWORD);
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page).toHaveURL(/\/studio\/profile\?welcome=1$/);
  return email;
}

/**
 * On /studio/payouts, the month the demo creator's completed walkthrough earned in (the seed dates it
 * in a closed month): its statement lists the earning, and its self-billed invoice bills it.
 */
export async function walkthroughMonth(page: Page): Promise<{ month: string; label: string }> {
  const earnedOn = await page
    .getByRole("region", { name: "Your earnings and payments" })
    .getByRole("row")
    .filter({ hasText: "Architectural Walkthrough" })
    .getByRole("cell")
    .first()
    .textContent();
  const earned = new Date(`${earnedOn!.trim()} 12:00 UTC`);
  return {
    month: earned.toISOString().slice(0, 7),
    label: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(earned),
  };
}
