import { adminLogIn, creatorLogIn, expect, hydrated, invitedCreator, test, walkthroughMonth } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * The creator's payouts page: their balances and the ledger's movements, among them the demo
 * order they completed (Architectural Walkthrough, £1,200.00 net at the shop's 70%: £840.00,
 * cleared). Read-only.
 */
test("the creator sees what they earned: balances per currency and each earning with its state; the admins see it on the order", async ({ page, browser }) => {
  await creatorLogIn(page, "/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/studio\/payouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByText("Ready to pay (GBP)")).toBeVisible();
  const ledger = page.getByRole("region", { name: "Your earnings and payments" });
  const row = ledger.getByRole("row").filter({ hasText: "Architectural Walkthrough" });
  await expect(row).toContainText("Earning");
  await expect(row).toContainText("£840.00");
  await expect(row).toContainText("Ready to pay");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/studio\/orders\/\d+$/);
  await expect(page.getByTestId("creator-earns")).toHaveText("You earn £840.00");
  const orderId = /\/studio\/orders\/(\d+)$/.exec(page.url())![1];

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await adminLogIn(admin, `/admin/orders/${orderId}`);
  const ledgerPanel = admin.getByRole("region", { name: "Creator's ledger" });
  await expect(ledgerPanel.getByTestId("ledger-row")).toContainText(["Earning · Mara Lind · £840.00"]);
  await expect(ledgerPanel).toContainText(`key earning-${orderId}`);
  await adminContext.close();
});

test("the creator's monthly statement: opening balance, the month's movements, closing balance; printable, and a PDF", async ({ page }) => {
  await creatorLogIn(page, "/studio/payouts");
  const { month, label } = await walkthroughMonth(page);
  await page.getByRole("region", { name: "Monthly statements" }).getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/payouts/statements/${month}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Statement for ${label}` })).toBeVisible();
  const gbp = page.getByRole("region", { name: "GBP" });
  await expect(gbp.getByRole("row").nth(1)).toContainText("Opening balance");
  await expect(gbp.getByRole("row").filter({ hasText: "Architectural Walkthrough" })).toContainText("£840.00");
  await expect(gbp.getByRole("row").last()).toContainText("Closing balance");
  await expectNoViolations(page, "monthly statement");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  expect((await download).suggestedFilename()).toBe(`statement-${month}.pdf`);
});

test("a signed-out visitor is sent to the creators' sign-in", async ({ page }) => {
  await page.goto("/studio/payouts");
  await expect(page).toHaveURL(/\/creator\/login/);
});

/**
 * Setting up a payout account with the local Connect, a new creator each run: refused without a
 * country (and told why), then the onboarding page (verification failed, then resumed and
 * completed), back on the payouts page each time with where the account stands.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`a creator sets up payouts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 422/] });

    test("no country: told what to do; then onboarding fails, is resumed and completed", async ({ page, browser, request }) => {
      await invitedCreator(browser, page, request, javaScriptEnabled ? "Paula Payee" : "Pedro Payee", javaScriptEnabled);
      await page.goto("/studio/payouts");
      if (javaScriptEnabled) await hydrated(page);
      const account = page.getByRole("region", { name: "Payout account" });
      await expect(account).toContainText("Your earnings wait because you have no payout account yet.");
      await account.getByRole("button", { name: "Set up payouts" }).click();
      await expect(account.getByRole("alert")).toHaveText("Add the country you live in to your profile first: your payout account is opened there.");

      await page.goto("/studio/profile");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Country").selectOption("GB");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Profile saved.")).toBeVisible();

      await page.goto("/studio/payouts");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("region", { name: "Payout account" }).getByRole("button", { name: "Set up payouts" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Set up payouts" })).toBeVisible();
      await page.getByRole("button", { name: "Fail verification" }).click();
      await expect(page).toHaveURL(/\/studio\/payouts\?account=updated$/);
      await expect(account).toContainText("Stripe needs more information from you before it can pay you.");
      await expect(account).toContainText("Still needed: 1 detail.");

      await account.getByRole("button", { name: "Continue setting up payouts" }).click();
      await page.getByRole("button", { name: "Complete onboarding" }).click();
      await expect(page).toHaveURL(/\/studio\/payouts\?account=updated$/);
      await expect(account.getByRole("status")).toHaveText("Your payout account is set up.");
      await expect(account).toContainText("Your payout account is ready: each earning is paid to it when its clearance ends.");
      await expect(account.getByRole("button")).toHaveCount(0);
    });
  });
}
