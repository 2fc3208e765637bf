import { adminLogIn, creatorLogIn, expect, hydrated, invitedCreator, test, walkthroughMonth } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * A creator gives their tax details, with JavaScript on and off: a refusal says why beside the field
 * and keeps what was typed; saved, the page shows them. Each run invites a new creator.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`tax details, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 422/] });

    test("a creator gives their tax details: refused with the reason, then saved", async ({ page, browser, request }) => {
      await invitedCreator(browser, page, request, javaScriptEnabled ? "Tilde Tax" : "Tobias Tax", javaScriptEnabled);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Tax details" }).click();
      await expect(page).toHaveURL(/\/studio\/tax$/);
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Tax details" })).toBeVisible();

      await page.getByLabel("Legal name").fill("Tilda Tax");
      await page.getByLabel("Date of birth (a person)").fill("1991-02-03");
      await page.getByLabel("Street").fill("1 Studio Lane");
      await page.getByLabel("City").fill("Leeds");
      await page.getByLabel("Zip code").fill("LS1 1AA");
      await page.getByLabel("Country").selectOption("GB");
      await page.getByRole("button", { name: "Save tax details" }).click();
      await expect(page.getByText("Taxpayer ID is required: your tax number where you live, in letters, digits, spaces, dots or dashes")).toBeVisible();
      await expect(page.getByLabel("Legal name")).toHaveValue("Tilda Tax");

      await page.getByLabel("Taxpayer ID").fill("QQ 12 34 56 C");
      await page.getByRole("button", { name: "Save tax details" }).click();
      await expect(page.getByRole("status")).toHaveText("Tax details saved.");
      await expect(page.getByLabel("Taxpayer ID")).toHaveValue("QQ 12 34 56 C");
      await expect(page.getByLabel("Country")).toHaveValue("GB");
      // Their own row of the yearly figures, as a CSV.
      const year = String(new Date().getUTCFullYear());
      const figures = page.getByRole("region", { name: "Your yearly figures" });
      await expect(figures.getByLabel("Year")).toHaveValue(year);
      const download = page.waitForEvent("download");
      await figures.getByRole("button", { name: "Download CSV" }).click();
      expect((await download).suggestedFilename()).toBe(`my-figures-${year}.csv`);
      // axe needs the page's own script runner: checked with JavaScript on (the markup is the same without).
      if (javaScriptEnabled) await expectNoViolations(page, "tax details saved");

      // Self-billing: the operator's agreement, accepted once the box is ticked, then ended.
      const selfBilling = page.getByRole("region", { name: "Self-billing", exact: true });
      await expect(selfBilling.getByRole("region", { name: "The self-billing agreement" })).toContainText(
        "Self-billing agreement between Reelcraft Studio Ltd",
      );
      await selfBilling.getByRole("button", { name: "Accept the agreement" }).click();
      await expect(selfBilling.getByText("Please confirm that you accept the agreement")).toBeVisible();
      await selfBilling.getByLabel(/I have read the agreement and accept it/).check();
      await selfBilling.getByRole("button", { name: "Accept the agreement" }).click();
      await expect(page.getByText("Self-billing agreement accepted: the studio issues your invoice for each month from this month on.")).toBeVisible();
      await expect(selfBilling.getByRole("status")).toContainText("You accepted the self-billing agreement on");
      await selfBilling.getByRole("button", { name: "End the agreement" }).click();
      await expect(page.getByText("Self-billing agreement ended: from this month on you invoice the studio yourself.")).toBeVisible();
      await expect(selfBilling).toContainText("You ended the agreement on");
      await expect(selfBilling.getByRole("button", { name: "Accept the agreement" })).toBeVisible();
    });
  });
}

test("the demo creator's statement carries their self-billed invoice, and its PDF", async ({ page }) => {
  await creatorLogIn(page, "/studio/payouts");
  const { label } = await walkthroughMonth(page);
  await page.getByRole("region", { name: "Monthly statements" }).getByRole("link", { name: label }).click();
  const invoice = page.getByRole("region", { name: /^Self-billed invoice SB-\d+-0001$/ });
  await expect(invoice).toContainText("Mara Lind");
  await expect(invoice).toContainText("VAT number: SE556012070001");
  await expect(invoice.getByRole("row").filter({ hasText: "Architectural Walkthrough" })).toContainText("£840.00");
  await expect(invoice.getByRole("row", { name: "Total" })).toContainText("£840.00");
  await expect(invoice).toContainText("Reverse charge: the customer accounts for the VAT due on this supply.");
  await expectNoViolations(page, "statement with a self-billed invoice");
  const download = page.waitForEvent("download");
  await invoice.getByRole("link", { name: "Download invoice PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^SB-\d+-0001\.pdf$/);
});

for (const javaScriptEnabled of [true, false]) {
  test(`the admins keep the self-billing rules and see the invoices issued, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
    const page = await context.newPage();
    await adminLogIn(page, "/admin/settings/self-billing");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Self-billing" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Invoices issued" }).getByRole("row").filter({ hasText: "Mara Lind" }).first()).toContainText("£");
    const form = page.getByRole("region", { name: "Add or replace a rule" });
    const [country, name] = javaScriptEnabled ? ["IE", "Ireland"] : ["PT", "Portugal"];
    await form.getByLabel("Creator’s country").selectOption(country);
    await form.getByRole("button", { name: "Save rule" }).click();
    await expect(form.getByText("Rate is required")).toBeVisible();
    await form.getByLabel("Rate (%)").fill("23");
    await form.getByLabel("Registered for VAT").check();
    await form.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByText(new RegExp(`^Rule (added|replaced): ${name}, registered for VAT, 23%`))).toBeVisible();
    const row = page.getByRole("region", { name: "Tax on creators’ supplies" }).getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("23%");
    if (javaScriptEnabled) await expectNoViolations(page, "self-billing settings");
    await row.getByRole("button", { name: `Delete the rule for ${name}, registered for VAT` }).click();
    await expect(page.getByText(`Rule deleted: ${name}, registered for VAT, 23%.`)).toBeVisible();
    await context.close();
  });
}

test("the admins download every creator's yearly figures from the reports page", async ({ page }) => {
  await adminLogIn(page, "/admin/reports");
  const section = page.getByRole("region", { name: "Creators' yearly figures" });
  const year = String(new Date().getUTCFullYear());
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`creators-${year}.csv`);
  const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(text.split("\r\n")[0]).toContain("creator_id,display_name,legal_name");
});
