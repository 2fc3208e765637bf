import type { Browser } from "@playwright/test";
import { adminLogIn, expect, hydrated, linkFromOutbox, signUp, test, uniqueEmail } from "./fixtures";

/**
 * The links the shop sends by email. Signup → the welcome email, read in the admin outbox → its confirmation link → Confirm → the
 * banner is gone, with JavaScript on and off; the admin users list says who has confirmed. The
 * newsletter's welcome → its unsubscribe link, without signing in.
 */
test.use({ allowedConsole: [/status of 429/] });

const WELCOME = "Welcome to Reelcraft: please confirm your email";

/** The "Email confirmed" cell of a customer's row in /admin/users (newest first; other tests sign up too, so it may be past page 1). */
async function confirmedCell(browser: Browser, email: string) {
  const admin = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await adminLogIn(admin, null);
  let cell = "";
  for (let page = 1; page <= 20 && !cell; page++) {
    await admin.goto(`/admin/users?page=${page}`);
    await expect(admin.getByRole("columnheader", { name: "Email confirmed" })).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: email });
    if ((await row.count()) === 1) cell = (await row.getByRole("cell").nth(4).textContent()) ?? "";
  }
  await admin.context().close();
  return cell;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`email confirmation, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signup → banner with Resend → welcome email → confirm → banner gone", async ({ page, browser }) => {
      const { email } = await signUp(page, { name: "Vera Fied", email: uniqueEmail("verify") });
      const banner = page.getByRole("region", { name: "Confirm your email" });
      await expect(banner).toContainText(`Please confirm your email address: we sent a link to ${email}.`);

      // The welcome's link was sent a moment ago, so Resend asks to wait: in place with JavaScript,
      // on the confirmation page without it.
      if (javaScriptEnabled) await hydrated(page);
      await banner.getByRole("button", { name: "Resend" }).click();
      const wait = "We sent a link a moment ago. Check your inbox, or try again in a minute.";
      if (javaScriptEnabled) {
        await expect(banner.getByRole("status")).toHaveText(wait);
        await expect(page).toHaveURL(/\/products$/);
      } else {
        await expect(page).toHaveURL(/\/verify-email$/);
        await expect(page.getByRole("status")).toHaveText(wait);
      }

      if (javaScriptEnabled) expect(await confirmedCell(browser, email)).toBe("Not yet");
      const link = await linkFromOutbox(browser, { to: email, subject: WELCOME, path: "/verify-email", linkName: "Confirm my email", javaScriptEnabled });
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
      await expect(page.getByText(`Confirm ${email} as the address of your Reelcraft account.`)).toBeVisible();
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Confirm email" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText("Thank you: your email address is confirmed.");

      await page.getByRole("link", { name: "Browse services" }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Confirm your email" })).toHaveCount(0);

      if (javaScriptEnabled) expect(await confirmedCell(browser, email)).toBe("Yes");

      // The link was spent; its owner is simply told the address is confirmed.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
    });
  });
}

test.describe("newsletter unsubscribe, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer's sign-up is welcomed by email; its link unsubscribes without signing in", async ({ page, browser }) => {
    const email = uniqueEmail("newsletter");
    await page.goto("/home");
    const box = page.locator("form#subscribe");
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.locator("#subscribe-message")).toHaveText("Thanks! You're on the list for new services.");

    const link = await linkFromOutbox(browser, {
      to: email,
      subject: "You are on the Reelcraft newsletter",
      path: "/unsubscribe",
      linkName: "Unsubscribe",
      javaScriptEnabled: false,
    });
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter?" })).toBeVisible();
    await expect(page.getByText(`${email} will get no more newsletters from Reelcraft.`)).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("You are off the list: no more newsletters will be sent to this address.");
  });
});
