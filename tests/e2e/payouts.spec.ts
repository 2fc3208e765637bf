import { adminLogIn, creatorLogIn, expect, test } from "./fixtures";

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

test("a signed-out visitor is sent to the creators' sign-in", async ({ page }) => {
  await page.goto("/studio/payouts");
  await expect(page).toHaveURL(/\/creator\/login/);
});
