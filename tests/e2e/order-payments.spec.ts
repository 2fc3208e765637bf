import { adminLogIn, expect, logIn, test } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * An order with a change paid on its own (the demo kettle renders: two more lifestyle shots, £180.00
 * + 20% VAT): its owner and the studio see both invoices on the order page, each with its own page
 * and PDF, the change's invoice carrying its own line and total.
 */
const CHANGE_LINE = "Photoreal Product Render: Two more lifestyle shots: breakfast table and office kitchen";

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the customer's order lists an invoice per payment; the change's shows its line, its tax and its PDF", async ({ page }) => {
      await logIn(page);
      await page.goto("/profile/orders");
      const order = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Photoreal Product Render" }) })
        .filter({ hasText: "Revision requested" });
      await order.getByRole("link", { name: /^View order/ }).click();
      await expect(page).toHaveURL(/\/profile\/orders\/\d+$/);
      // With JavaScript the page marks its new messages read by itself and reloads its data: a click while that
      // reload is under way can be lost (Remix's route discovery racing the revalidation), so let it settle first.
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      const orderPath = new URL(page.url()).pathname;
      const invoices = page.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ });
      await expect(invoices).toHaveCount(2);
      const [first, second] = [await invoices.nth(0).textContent(), await invoices.nth(1).textContent()];
      expect(Number(second!.slice(-6))).toBeGreaterThan(Number(first!.slice(-6)));
      await invoices.nth(1).click();
      const invoice = page.getByRole("article");
      await expect(invoice.getByText(CHANGE_LINE)).toBeVisible();
      await expect(invoice.getByText("£180.00 GBP")).toBeVisible();
      await expect(invoice.getByText("£36.00 GBP")).toBeVisible();
      await expect(invoice.getByText("£216.00 GBP")).toBeVisible();
      const number = second!.replace("View invoice ", "");
      await expect(page.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/invoices/${number}$`));
      const download = await page.request.get(`${new URL(page.url()).pathname}.pdf`);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      if (javaScriptEnabled) await expectNoViolations(page, "a change's invoice");

      // The studio's page of the same order links both invoices too.
      await adminLogIn(page, orderPath.replace("/profile/orders/", "/admin/orders/"));
      await expect(page.getByRole("link", { name: first!.replace("View invoice ", ""), exact: true })).toBeVisible();
      await page.getByRole("link", { name: number, exact: true }).click();
      await expect(page.getByRole("article").getByText(CHANGE_LINE)).toBeVisible();
    });
  });
}
