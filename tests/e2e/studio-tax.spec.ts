import { adminLogIn, expect, hydrated, invitedCreator, test } from "./fixtures";
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
    });
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
