import { adminLogIn, expect, hydrated, test } from "./fixtures";

/**
 * The studio's tax settings (/admin/settings/tax). A new VAT number shows on every invoice, so this
 * spec runs after the others (playwright.config.ts, the catalogue-writes project); the rule it adds
 * is for a country no other test buys from, and is deleted again.
 */
test.describe("tax settings without JavaScript", () => {
  // A refused form is a 422 answer, which the browser logs.
  test.use({ javaScriptEnabled: false, allowedConsole: [/status of 4(00|22)/] });

  test("an admin edits the VAT number and adds a rule; refusals keep what was typed", async ({ page }) => {
    await adminLogIn(page, "/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Tax settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/tax$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tax settings" })).toBeVisible();
    await expect(page.getByText("not tax advice")).toBeVisible();

    const seller = page.locator("form#tax-settings");
    const vat = seller.getByLabel("VAT number (optional)");
    await vat.fill("GB 246 813 550");
    await seller.getByRole("button", { name: "Save seller details" }).click();
    await expect(vat).toHaveAttribute("aria-invalid", "true");
    await expect(vat).toHaveAccessibleDescription(/Tax ID is not a valid VAT number for United Kingdom/);
    await expect(vat).toHaveValue("GB 246 813 550");
    await expect(seller.getByLabel("Seller name")).toHaveValue("Reelcraft Studio Ltd");

    await vat.fill("gb 246 813 551");
    await seller.getByRole("button", { name: "Save seller details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller details saved." })).toBeVisible();
    await expect(vat).toHaveValue("GB246813551");

    const rule = page.locator("form#tax-rule");
    await rule.getByLabel("Country").selectOption("NZ");
    await rule.getByLabel("Consumers (no VAT or tax number)").check();
    await rule.getByLabel("Rate (%)").fill("15.555");
    await rule.getByRole("button", { name: "Save rule" }).click();
    const rate = rule.getByLabel("Rate (%)");
    await expect(rate).toHaveAccessibleDescription(/Rate must be a percentage between 0 and 100, with at most two decimals/);
    await expect(rate).toHaveValue("15.555");
    await expect(rule.getByLabel("Country")).toHaveValue("NZ");
    await expect(rule.getByLabel("Consumers (no VAT or tax number)")).toBeChecked();

    await rate.fill("15");
    await rule.getByLabel("Invoice note (optional)").fill("GST charged at the New Zealand rate");
    // The words checkout shows a buyer this rule applies to.
    await rule.getByLabel("Told to buyers (optional)").fill("GST at 15%: the studio charges New Zealand's rate to consumers there.");
    await rule.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rule added: New Zealand, consumers, 15%." })).toBeVisible();
    const row = page.getByRole("region", { name: "Rule table" }).getByRole("row").filter({ hasText: "New Zealand" });
    await expect(row.getByRole("cell")).toHaveText([
      "Consumers",
      "15%",
      "GST charged at the New Zealand rate",
      "GST at 15%: the studio charges New Zealand's rate to consumers there.",
      "Delete",
    ]);
    // What buyers pay: a New Zealand consumer by the country's own rule, a business by "Any other country".
    const effect = page.getByRole("region", { name: "What buyers pay with these rules" }).getByRole("row").filter({ hasText: "New Zealand" });
    await expect(effect.getByRole("cell").first()).toContainText("15%");
    await expect(effect.getByRole("cell").nth(1)).toContainText("0%");

    await row.getByRole("button", { name: "Delete the rule for New Zealand, consumers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rule deleted: New Zealand, consumers, 15%." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Rule table" }).getByRole("row").filter({ hasText: "New Zealand" })).toHaveCount(0);
  });
});

test.describe("at a phone's width", () => {
  // The project is a desktop one: a Pixel 7's screen, as the mobile project has it.
  test.use({ viewport: { width: 412, height: 839 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });

  test("the screen fits: no sideways scrolling but inside the tables", async ({ page }) => {
    await adminLogIn(page, "/admin/settings/tax");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Tax settings" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const width = page.viewportSize()!.width;
    for (const button of ["Save seller details", "Save rule"]) {
      const box = (await page.getByRole("button", { name: button }).boundingBox())!;
      expect(box.x + box.width, button).toBeLessThanOrEqual(width);
    }
  });
});
