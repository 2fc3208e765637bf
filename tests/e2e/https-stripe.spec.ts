import { readFileSync } from "node:fs";
import { expect, hydrated, PAY_BUTTON, saveCheckoutAddress, signUp, test } from "./fixtures";

/**
 * The server of the `https-stripe` project runs as production does: HTTPS (session cookies named
 * `__Host-…`), the edge cache on, and Stripe's keys set with PAYMENTS unset, the configuration the
 * README describes. Stripe.js is served here from tests/e2e/support/fake-stripe.js.
 */
const fakeStripeJs = readFileSync(new URL("./support/fake-stripe.js", import.meta.url), "utf8");

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: fakeStripeJs }));
});

test("over HTTPS the session cookie is __Host-sid, Secure and HttpOnly", async ({ page, context }) => {
  await signUp(page, { name: "Sec Ure" });
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "__Host-sid");
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });
  expect(cookies.some((c) => c.name === "sid")).toBe(false);
});

test("with no social profiles configured, the footer links to none (not to the networks' home pages)", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Social media" })).toHaveCount(0);
  await expect(page.locator('footer a[href*="instagram.com"], footer a[href*="youtube.com"]')).toHaveCount(0);
});

test("a signed-in page is private and never reaches a stranger through the edge cache", async ({ page, browser }) => {
  const { name } = await signUp(page, { name: "Private Person" });
  const url = `/products/2?probe=${Date.now()}`;
  const mine = await page.goto(url);
  expect(mine?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("link", { name: `Your account: ${name}` })).toBeVisible();

  const stranger = await browser.newContext({ ignoreHTTPSErrors: true });
  const response = await stranger.request.get(url);
  expect(await response.text()).not.toContain(name);
  await stranger.close();
});

test("with Stripe's keys set and PAYMENTS unset, checkout loads Stripe.js and the card form is ready", async ({ page }) => {
  await signUp(page, { name: "Stripe Keys" });
  const response = await page.goto("/products/1/checkout?package=0");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic' 'self' https:\/\/js\.stripe\.com;/);
  expect(policy).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  await hydrated(page);

  await page.getByRole("link", { name: "Add New" }).click();
  await saveCheckoutAddress(page, { street: "1 Secure Street", city: "Bristol", state: "Bristol", zip: "BS1 1AA" });

  await expect(page.getByLabel("Card details (test Stripe.js)")).toBeVisible();
  await expect(page.getByRole("button", { name: PAY_BUTTON })).toBeEnabled();
  await expect(page.getByText("The payment form could not load")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Stripe mode offers Stripe's hosted page", async ({ page }) => {
    await signUp(page, { name: "No Script" });
    await page.goto("/products/1/checkout?package=0&add=1");
    const form = page.locator("form#add-address");
    // Without JavaScript the form keeps the SPEC's fields; the server drops the state a UK address has none of.
    await form.getByLabel("Country").selectOption("GB");
    await form.getByLabel("Street", { exact: true }).fill("2 Plain Road");
    await form.getByLabel("City").fill("Leeds");
    await form.getByLabel("State").fill("West Yorkshire");
    await form.getByLabel("Zip Code").fill("LS1 1AA");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByText("You will enter your card on Stripe’s secure page and come back here.")).toBeVisible();
    await expect(page.getByRole("button", { name: PAY_BUTTON })).toBeEnabled();
  });
});
