import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/**
 * The price panel's line with what a consumer in the visitor's country pays, tax included, as a UK
 * visitor (the local stand-in for the edge's country: X-Test-Country; the seed's rules have a row
 * for GB) and as a US one (only the fallback covers them: no line), with JavaScript on and off.
 * The server runs the edge cache, so the two visitors' copies of the page must stay apart.
 */
const UK = "incl. 20% VAT in the United Kingdom";

async function open(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/products/1");
  if (javaScriptEnabled) await hydrated(page);
  return page.getByTestId("price-panel");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test.describe("a UK visitor", () => {
      test.use({ extraHTTPHeaders: { "X-Test-Country": "GB" } });

      test("sees what a UK consumer pays under the package's price, and the line follows the package", async ({ page }) => {
        const panel = await open(page, javaScriptEnabled);
        const price = panel.getByTestId("package-price");
        const line = panel.getByTestId("price-with-tax");
        await expect(price).toHaveText("£499.00");
        await expect(line).toHaveText(`£598.80 ${UK}`);
        await expect(panel.getByText("Price excludes taxes", { exact: true })).toBeVisible();

        // Right under the SPEC's amount, its right edge with the amount's.
        const [amountBox, lineBox] = [await price.boundingBox(), await line.boundingBox()];
        expect(lineBox!.y).toBeGreaterThanOrEqual(amountBox!.y + amountBox!.height - 1);
        expect(lineBox!.y).toBeLessThan(amountBox!.y + amountBox!.height + 16);
        expect(Math.abs(lineBox!.x + lineBox!.width - (amountBox!.x + amountBox!.width))).toBeLessThan(2);
        // Readable: axe's contrast check on the panel (WCAG AA; axe runs in the page, so with JavaScript on).
        if (javaScriptEnabled) {
          const contrast = await new AxeBuilder({ page }).include('[data-testid="price-panel"]').withRules(["color-contrast"]).setLegacyMode(true).analyze();
          expect(contrast.violations).toEqual([]);
        }

        const packages = page.getByRole("navigation", { name: "Packages" });
        await packages.getByRole("link", { name: "Standard" }).click();
        await expect(price).toHaveText("£999.00");
        await expect(line).toHaveText(`£1,198.80 ${UK}`);
        await expect(page).toHaveURL(/package=1/);
        await packages.getByRole("link", { name: "Premium" }).click();
        await expect(price).toHaveText("£1,899.00");
        await expect(line).toHaveText(`£2,278.80 ${UK}`);
        await packages.getByRole("link", { name: "Basic" }).click();
        await expect(line).toHaveText(`£598.80 ${UK}`);
      });
    });

    test.describe("a US visitor", () => {
      test.use({ extraHTTPHeaders: { "X-Test-Country": "US" } });

      test("sees the SPEC's amount and text, and no line", async ({ page }) => {
        const panel = await open(page, javaScriptEnabled);
        await expect(panel.getByTestId("package-price")).toHaveText("£499.00");
        await expect(panel.getByText("Price excludes taxes", { exact: true })).toBeVisible();
        await expect(panel.getByTestId("price-with-tax")).toHaveCount(0);
        await page.getByRole("navigation", { name: "Packages" }).getByRole("link", { name: "Standard" }).click();
        await expect(panel.getByTestId("package-price")).toHaveText("£999.00");
        await expect(panel.getByTestId("price-with-tax")).toHaveCount(0);
      });
    });
  });
}
