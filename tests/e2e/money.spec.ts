import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { adminLogIn, expect, hydrated, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/**
 * Money a business can account for, in the browser: an EU business pays with reverse charge, a
 * UK consumer pays incl. VAT, the studio refunds part of an order and both sides get the credit note.
 */
test.use({ allowedConsole: [/status of (40[02]|422)/] });

async function payWithoutScript(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
}

async function expectAxeClean(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  expect(results.violations.map((v) => ({ state, rule: v.id, help: v.help, where: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an EU business with a VAT number sees the reverse charge before paying, pays the net price, and its invoice says so", async ({ page }) => {
    await signUp(page, { name: "Grace Business", email: uniqueEmail("eu-business") });
    await page.goto("/products/1/checkout?package=0");
    await page.getByRole("link", { name: "Add New" }).click();
    const form = page.locator("form#add-address");
    await form.getByLabel("Company name (optional)").fill("Analytical Engines GmbH");
    await form.getByLabel("VAT or tax number (optional)").fill("DE206600480");
    await saveCheckoutAddress(page, { street: "Unter den Linden 1", city: "Berlin", state: "Berlin", zip: "10117", country: "DE" });

    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByTestId("summary-subtotal")).toHaveText("£499.00");
    await expect(summary.getByText("VAT (0%)")).toBeVisible();
    await expect(summary.getByTestId("summary-tax")).toHaveText("£0.00");
    await expect(summary.getByTestId("summary-tax-note")).toHaveText("Reverse charge: customer to account for VAT");
    await expect(summary.getByTestId("summary-total")).toHaveText("£499.00");
    // A business has no cancellation period: no box, and the page says why.
    await expect(page.getByLabel(/^Start work now/)).toHaveCount(0);
    await expect(page.getByTestId("business-start")).toHaveText(
      /^You are buying as a business \(a company name and a VAT or tax number\), so there is no 14-day cancellation period: work starts as soon as your brief is in, delivered by \w{3} \d{1,2} \w{3} if you send it today\.$/,
    );
    await payWithoutScript(page);

    await page.goto("/profile/orders");
    await page
      .getByRole("link", { name: /^View order #\d+$/ })
      .first()
      .click();
    await expect(page.getByTestId("order-money")).toContainText("Reverse charge: customer to account for VAT");
    await page.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ }).click();
    const invoice = page.getByRole("article");
    await expect(invoice.getByText("Analytical Engines GmbH")).toBeVisible();
    await expect(invoice.getByText("VAT/tax number: DE206600480")).toBeVisible();
    await expect(invoice.getByText("VAT number: GB246813551")).toBeVisible();
    await expect(invoice.getByText("Reverse charge: customer to account for VAT")).toBeVisible();
    await expect(
      invoice.getByText(/^VAT number DE206600480 confirmed by the local test list on \d{1,2} \w+ \d{4} \(reference LOCAL-DE206600480\)\.$/),
    ).toBeVisible();
    await expect(invoice.getByText("£499.00 GBP").first()).toBeVisible();
  });

  test("a business whose VAT number the service does not know pays VAT, and checkout says why before the payment", async ({ page }) => {
    await signUp(page, { name: "Ida Invented", email: uniqueEmail("eu-invented") });
    await page.goto("/products/1/checkout?package=0");
    await page.getByRole("link", { name: "Add New" }).click();
    const form = page.locator("form#add-address");
    await form.getByLabel("Company name (optional)").fill("Invented Trading GmbH");
    // Right check digits, but nobody's number: not on the local verifier's test list.
    await form.getByLabel("VAT or tax number (optional)").fill("DE123456788");
    await saveCheckoutAddress(page, { street: "Unter den Linden 1", city: "Berlin", state: "Berlin", zip: "10117", country: "DE" });

    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("VAT (20%)")).toBeVisible();
    await expect(summary.getByTestId("summary-tax-note")).toHaveCount(0);
    await expect(summary.getByTestId("vat-notice")).toHaveText(
      "The test list does not know the VAT number DE123456788, so VAT is charged as for a consumer. Check the number in your billing address.",
    );
    await expect(summary.getByTestId("summary-total")).toHaveText("£598.80");
  });

  test("a UK consumer pays incl. 20% VAT; the studio refunds part of it; both sides get the credit note and its PDF", async ({ page, browser }) => {
    await signUp(page, { name: "Ada Consumer", email: uniqueEmail("uk-consumer") });
    await page.goto("/products/1/checkout?package=0");
    await page.getByRole("link", { name: "Add New" }).click();
    await saveCheckoutAddress(page, { street: "1 Studio Lane" });
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("VAT (20%)")).toBeVisible();
    await expect(summary.getByTestId("summary-total")).toHaveText("£598.80");
    // Why this rate, in the rule's own words (the tax settings), and the currency.
    await expect(summary.getByTestId("tax-explanation")).toHaveText(
      "UK VAT at 20%: the studio is in the UK, and every buyer in the UK pays it, business or not. Prices are in GBP; a card in another currency is converted by its bank.",
    );
    await payWithoutScript(page);
    await page.goto("/profile/orders");
    await page
      .getByRole("link", { name: /^View order #\d+$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/profile\/orders\/\d+$/);
    const orderUrl = page.url();
    const id = /orders\/(\d+)/.exec(orderUrl)![1]!;

    const studio = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const admin = await studio.newPage();
    await adminLogIn(admin, `/admin/orders/${id}`);
    const refund = admin.getByRole("region", { name: "Refund" });
    await expect(refund.getByText("£598.80 is left to refund")).toBeVisible();
    await refund.getByRole("radio", { name: "Part of it, the work goes on" }).check();
    await refund.getByLabel("Amount of the part (GBP)").fill("100.00");
    await refund.getByLabel("Reason for the refund").fill("One scene dropped");
    // Without JavaScript the button cannot follow the choice: the next step names what is refunded.
    await refund.getByRole("button", { name: "Cancel and refund £598.80" }).click();
    await expect(refund.getByTestId("confirm-refund")).toHaveText("Refund £100.00 to the customer?");
    await refund.getByRole("button", { name: "Confirm refund of £100.00" }).click();
    await expect(admin.getByText("£498.80 is left to refund")).toBeVisible();
    await admin.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ }).click();
    await expect(admin.getByRole("heading", { level: 1, name: /^Credit note CN-\d{4}-\d{6}$/ })).toBeVisible();
    await expect(admin.getByText("£16.67 GBP")).toBeVisible();
    await studio.close();

    await page.goto(orderUrl);
    const refunded = page.getByRole("region", { name: "Partly refunded" });
    await expect(refunded).toContainText("£100.00 went back to your card");
    await refunded.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Credit note CN-/ })).toBeVisible();
    await expect(page.getByText("One scene dropped")).toBeVisible();
    await expect(page.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^credit-note-CN-\d{4}-\d{6}\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

test("the new screens pass axe: checkout with tax, the order's figures, invoice, credit note, reports", async ({ page }) => {
  await signUp(page, { name: "Axe Money", email: uniqueEmail("axe-money") });
  await page.goto("/products/1/checkout?package=0");
  await page.getByRole("link", { name: "Add New" }).click();
  await saveCheckoutAddress(page, { street: "1 Studio Lane" });
  await expectAxeClean(page, "checkout summary with tax");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await page.goto("/profile/orders");
  await page
    .getByRole("link", { name: /^View order #\d+$/ })
    .first()
    .click();
  // The checks run on the page arrived at, styled (its stylesheet loaded), not on the one left.
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await page.waitForLoadState("load");
  await expectAxeClean(page, "order page with figures");
  await page.getByRole("link", { name: /^View invoice/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
  await page.waitForLoadState("load");
  await expectAxeClean(page, "invoice");
  const orderId = /orders\/(\d+)/.exec(page.url())![1]!;
  await adminLogIn(page, `/admin/orders/${orderId}`);
  await hydrated(page);
  const refund = page.getByRole("region", { name: "Refund" });
  // All that is left first; then typing an amount chooses a part, and the button says the amount typed.
  await refund.getByRole("radio", { name: /^All that is left/ }).check();
  await refund.getByLabel("Amount of the part (GBP)").fill("10");
  await expect(refund.getByRole("radio", { name: "Part of it, the work goes on" })).toBeChecked();
  await refund.getByLabel("Reason for the refund").fill("Goodwill");
  // The button names what the choice refunds.
  await refund.getByRole("button", { name: "Refund £10.00" }).click();
  await expect(refund.getByTestId("confirm-refund")).toHaveText("Refund £10.00 to the customer?");
  // The form is put away while the amount is confirmed (and the page has settled).
  await expect(refund.getByLabel("Reason for the refund")).toBeHidden();
  await page.waitForLoadState("networkidle");
  await expectAxeClean(page, "refund confirmation");
  await refund.getByRole("button", { name: "Confirm refund of £10.00" }).click();
  await page.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Credit note/ })).toBeVisible();
  await page.waitForLoadState("load");
  await expectAxeClean(page, "credit note");
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expectAxeClean(page, "reports");
});
