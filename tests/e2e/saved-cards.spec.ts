import { expect, logIn, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * Cards saved with consent. Checkout asks, unticked, to save the card for changes to the order; a
 * saved card is listed on the profile with its brand, last four digits, expiry and order, and
 * removed there. A later payment of the order (work added to it) is paid with it in one press,
 * without JavaScript: the demo customer's logo reveal has a white end card waiting to be paid.
 */
for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("checkout asks before saving the card; the saved card is listed with its order and removed", async ({ page }) => {
      await signUp(page, { email: uniqueEmail(`cards${javaScriptEnabled ? "js" : ""}`) });
      await page.goto("/profile/saved-cards");
      await expect(page.getByRole("heading", { name: "My Saved Cards", level: 1 })).toBeVisible();
      await expect(page.getByText("No saved cards.")).toBeVisible();

      await page.goto("/products/2/checkout?package=0");
      await page.getByRole("link", { name: "Add New" }).click();
      await saveCheckoutAddress(page, { street: "221B Baker Street", city: "London", state: "Greater London", zip: "NW1 6XE" });
      const consent = page.getByRole("checkbox", { name: "Save this card for changes to this order" });
      await expect(consent).not.toBeChecked();
      await consent.check();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry").fill("12 / 34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: PAY_BUTTON }).click();
      await expect(page.getByRole("status").getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      const orderId = new URL(page.url()).searchParams.get("order");
      expect(orderId).toMatch(/^\d+$/);

      await page.goto("/profile/saved-cards");
      const card = page.getByRole("listitem").filter({ hasText: "Visa •••• 4242" });
      await expect(card).toContainText("Expires 12/2034 · for changes to order #" + orderId);
      await expect(card.getByRole("link", { name: `order #${orderId}` })).toHaveAttribute("href", `/profile/orders/${orderId}`);
      if (javaScriptEnabled) await expectNoViolations(page, "saved cards");
      await card.getByRole("button", { name: "Remove Visa •••• 4242" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Card removed." })).toHaveText("Card removed.");
      await expect(page.getByText("No saved cards.")).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("added work is paid with the card saved for its order, in one press; then its invoice is the order's", async ({ page }) => {
    await logIn(page);
    await page.goto("/profile/saved-cards");
    const saved = page.getByRole("listitem").filter({ hasText: "Visa •••• 4242" });
    await expect(saved).toHaveCount(1);
    await saved.getByRole("link", { name: /^order #\d+$/ }).click();
    await expect(page).toHaveURL(/\/profile\/orders\/\d+$/);
    const orderPath = new URL(page.url()).pathname;

    await expect(page.getByText("To pay: A white end card in three aspect ratios (16:9, 9:16 and 1:1), £144.00")).toBeVisible();
    await page.getByRole("link", { name: "Pay £144.00" }).click();
    await expect(page.getByRole("heading", { name: "Pay for added work", level: 1 })).toBeVisible();
    await expect(page.getByText("A white end card in three aspect ratios (16:9, 9:16 and 1:1)")).toBeVisible();
    await page.getByRole("button", { name: "Pay £144.00 with Visa •••• 4242" }).click();
    const paid = page.getByRole("status");
    await expect(paid).toContainText("Paid, thank you.");
    await paid.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ }).click();
    await expect(page.getByRole("article").getByText("3D Logo Reveal: A white end card in three aspect ratios (16:9, 9:16 and 1:1)")).toBeVisible();
    await expect(page.getByRole("article").getByText("£144.00 GBP")).toBeVisible();

    // Paid: the order asks for nothing more, and lists the new invoice.
    await page.goto(orderPath);
    await expect(page.getByRole("link", { name: "Pay £144.00" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ })).toHaveCount(2);
  });
});
