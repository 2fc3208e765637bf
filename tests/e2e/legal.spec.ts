import type { Page } from "@playwright/test";
import { expect, hydrated, signUp, test, uniqueEmail } from "./fixtures";

/** The shop's terms and privacy notice (app/content/legal.ts): what they say, and the links that lead to them. */

async function expectTerms(page: Page) {
  await expect(page).toHaveURL(/\/terms(#[a-z-]+)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of service");
  for (const name of [
    "What a package includes",
    "Delivery, revisions and approval",
    "Who owns the work",
    "Cancelling an order",
    "First-order money-back guarantee",
    "Reviews",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
}

async function expectPrivacy(page: Page) {
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  for (const name of ["What we keep", "How long we keep it", "Who processes it for us", "Cookies", "Your rights"]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
}

test.describe("terms and privacy notice", () => {
  test("the terms say what the shop does, with a contents list that jumps to each section", async ({ page }) => {
    await page.goto("/terms");
    await hydrated(page);
    await expectTerms(page);
    await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(page.getByText("The shop is run by Reelcraft Studio Ltd, 1 Canal Street, Manchester M1 3HE, United Kingdom")).toBeVisible();
    await expect(page.getByText("Once you have paid for an order in full, you own its final delivery")).toBeVisible();
    await expect(page.getByText("within 3 days of it, the order completes on its own")).toBeVisible();
    await expect(page.getByText("Before work has started: cancel on your order’s page and you are refunded in full at once.")).toBeVisible();
    await expect(page.getByText("Within 30 days of paying for your first order")).toBeVisible();
    await expect(page.getByText("within 60 days of its completion: from 1 to 5 stars")).toBeVisible();

    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Cancelling an order" }).click();
    await expect(page).toHaveURL(/\/terms#cancellation$/);
    await expect(page.getByRole("heading", { level: 2, name: "Cancelling an order" })).toBeInViewport();

    await page.getByRole("link", { name: "How reviews work" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "How reviews work" })).toBeVisible();
  });

  test("the privacy notice says what is kept, for how long, by whom, and links the customer's Privacy page", async ({ page }) => {
    await page.goto("/privacy");
    await hydrated(page);
    await expectPrivacy(page);
    await expect(page.getByText("typically 10 years")).toBeVisible();
    await expect(page.getByText("30 days after completion an order takes no more files")).toBeVisible();
    for (const processor of [/^Cloudflare: hosts the shop/, /^Stripe: takes card payments/, /^Resend \(resend\.com\): delivers our emails/]) {
      await expect(page.getByRole("listitem").filter({ hasText: processor })).toBeVisible();
    }
    await expect(page.getByRole("listitem").filter({ hasText: /^__Host-sid: keeps you signed in/ })).toBeVisible();

    await signUp(page, { email: uniqueEmail("legal-rights") });
    await page.goto("/privacy");
    await page.getByRole("link", { name: "Privacy page" }).click();
    await expect(page).toHaveURL(/\/profile\/privacy$/);
    await expect(page.getByRole("link", { name: "Download my data" })).toBeVisible();
  });

  test("the footer leads to both", async ({ page }) => {
    await page.goto("/home");
    await hydrated(page);
    const footer = page.getByRole("navigation", { name: "Footer" });
    await footer.getByRole("link", { name: "Terms", exact: true }).click();
    await expectTerms(page);
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Privacy notice" }).click();
    await expectPrivacy(page);
  });

  test("signing up names both beside the button", async ({ page }) => {
    await page.goto("/signup");
    await hydrated(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign up" }) });
    await expect(form.getByText("By creating an account you agree to our Terms and Privacy notice.")).toBeVisible();
    await form.getByRole("link", { name: "Privacy notice" }).click();
    await expectPrivacy(page);
    await page.goBack();
    await page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Sign up" }) })
      .getByRole("link", { name: "Terms" })
      .click();
    await expectTerms(page);
  });

  test("the checkout names both beside the payment, and links the cancellation terms", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("legal-checkout") });
    await page.goto("/products/1/checkout?package=1");
    await hydrated(page);
    const payment = page.getByRole("region", { name: "Payment" });
    await expect(payment.getByText(/^By paying you agree to our Terms, including cancellation and refunds\./)).toBeVisible();
    await expect(payment.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
    await payment.getByRole("link", { name: "cancellation and refunds" }).click();
    await expectTerms(page);
    await expect(page).toHaveURL(/\/terms#cancellation$/);
    await expect(page.getByRole("heading", { level: 2, name: "Cancelling an order" })).toBeInViewport();
  });

  test("both read on a phone without sideways scrolling @mobile", async ({ page }) => {
    for (const path of ["/terms", "/privacy"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
