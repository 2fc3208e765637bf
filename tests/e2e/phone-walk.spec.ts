import { expect, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/**
 * A new buyer's way to paying and after it, on a phone, with full-page screenshots of each step
 * (test-results/phone-walk/, kept for a person to look at): the product page, checkout, the
 * confirmation, the order waiting for its brief, the cancellation's confirmation step and the order
 * in work. Each step also asserts the traps it once had are gone: the pay button names the payment,
 * the confirmation the amount, invoice and dates, and the cancel control sits after the next step
 * and asks before it acts.
 */
const shot = (name: string) => ({ path: `test-results/phone-walk/${name}.png`, fullPage: true });

test("@mobile a buyer's walk on a phone: product, checkout, confirmation, order states", async ({ page }) => {
  await signUp(page, { name: "Pia Phone", email: uniqueEmail("phone-walk") });
  await page.goto("/products/2");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot(shot("1-product"));

  await page.goto("/products/2/checkout?package=0&add=1");
  await saveCheckoutAddress(page, { street: "1 Phone Lane" });
  await expect(page.getByTestId("address-added")).toBeVisible();
  await expect(page.getByTestId("start-choice")).toBeVisible();
  const pay = page.getByRole("button", { name: PAY_BUTTON });
  await expect(pay).toHaveText(/^Pay £[\d,]+\.\d{2}$/);
  await page.screenshot(shot("2-checkout"));

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await pay.click();
  const success = page.getByRole("status").filter({ hasText: "Payment Successful!" });
  await expect(success.getByTestId("paid-amount")).toHaveText(/^Paid £[\d,]+\.\d{2} · Invoice INV-\d{4}-\d{6}$/);
  await expect(success.getByTestId("work-dates")).toContainText("Work starts on");
  await page.screenshot(shot("3-confirmation"));

  await success.getByRole("link", { name: "View my orders" }).click();
  await page
    .getByRole("link", { name: /^View order #\d+$/ })
    .first()
    .click();
  await expect(page.getByTestId("work-dates")).toBeVisible();
  // The next step (the brief) comes before the cancel control.
  const brief = await page.getByRole("link", { name: "Write your brief" }).boundingBox();
  const cancel = await page.getByRole("region", { name: "Cancel this order" }).boundingBox();
  expect(brief!.y).toBeLessThan(cancel!.y);
  await page.screenshot(shot("4-order-awaiting-brief"));

  await page.getByRole("region", { name: "Cancel this order" }).getByRole("link", { name: "Cancel this order" }).click();
  await expect(page.getByRole("region", { name: "Cancel this order?" }).getByTestId("cancel-refund")).toContainText("back now");
  await page.screenshot(shot("5-cancel-confirm"));
  await page.getByRole("link", { name: "Keep my order" }).click();

  await page.getByRole("link", { name: "Write your brief" }).click();
  await page.getByLabel("What is the video for?").fill("A short film about our shop for the website.");
  await page.getByRole("button", { name: "Submit brief" }).click();
  await expect(page.getByTestId("work-starts")).toBeVisible();
  await page.screenshot(shot("6-order-scheduled"));
});
