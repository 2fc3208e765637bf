import type { Page } from "@playwright/test";
import { expect, hydrated, linkFromOutbox, test, uniqueEmail } from "./fixtures";

/**
 * Forgot password → the email, read in the admin outbox (/admin/emails) → the reset link →
 * a new password → sign in, with JavaScript on and off.
 */
test.use({ allowedConsole: [/status of 40[01]/] });

const OLD = "Str0ng!Pass";
const NEW = "N3w!Password";

async function newCustomer(page: Page) {
  const email = uniqueEmail("reset");
  const response = await page.request.post("/api/v1/sign_up", { data: { user: { name: "Reset Person", email, password: OLD } } });
  expect(response.status()).toBe(201);
  return email;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`password reset, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("forgot password → email in the outbox → new password → sign in", async ({ page, browser }) => {
      const email = await newCustomer(page);
      await page.goto("/login");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "If an account uses that email, a link to choose a new password is on its way. It works once, for 30 minutes.",
      );

      const link = await linkFromOutbox(browser, {
        to: email,
        subject: "Reset your Reelcraft password",
        path: "/reset-password",
        linkName: "Choose a new password",
        javaScriptEnabled,
      });
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      if (javaScriptEnabled) {
        await hydrated(page);
        await page.getByLabel("New password").fill("short");
        await expect(
          page.getByRole("list", { name: "Password requirements" }).getByRole("listitem").filter({ hasText: "At least 8 characters" }),
        ).toHaveAttribute("data-met", "false");
      }
      await page.getByLabel("New password").fill(NEW);
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
      await expect(page.getByRole("status")).toHaveText("Your password has been changed. Please log in with the new one.");

      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(NEW);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/products$/);

      // The link was spent.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("alert")).toHaveText("This reset link is invalid, used or expired. Ask for a new one.");
    });
  });
}

test("the admin sign-in offers its own 'Forgot password?'", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?for=admin$/);
  await expect(page.getByRole("link", { name: "Back to admin sign in" })).toHaveAttribute("href", "/admin/login");
});
