import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";
import { expect, logIn, paidOrderThroughApi, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/**
 * A new buyer's way to paying and after it, on a phone, with full-page screenshots of each step
 * (test-results/phone-walk/, kept for a person to look at): the product page, checkout, the
 * confirmation, the order waiting for its brief, the cancellation's confirmation step and the order
 * in work. Each step also asserts the traps it once had are gone: the pay button names the payment,
 * the confirmation the amount, invoice and dates, and the cancel control sits after the next step
 * and asks before it acts. A second walk takes an order through delivery and approval: the order
 * delivered (the version to review first) and completed (its files to download).
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

test("@mobile an order on a phone after delivery: delivered, then completed", async ({ page }) => {
  const { email, id, auth } = await paidOrderThroughApi(page.request, { name: "Pia Later", brief: true });
  const signIn = await page.request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  const studio = { Authorization: `Bearer ${(await signIn.json()).data.access_token}` };
  const video = await readFile(fileURLToPath(new URL("./files/video-01.mp4", import.meta.url)));
  const delivered = await page.request.post(`/api/v1/orders/${id}/deliveries`, {
    headers: studio,
    multipart: { note: "First cut", frame_rate: "25", "files[]": { name: "first-cut.mp4", mimeType: "video/mp4", buffer: video } },
  });
  expect(delivered.status()).toBe(201);

  await logIn(page, email, "Str0ng!Pass");
  await page.goto(`/profile/orders/${id}`);
  // Delivered: the version to review and the approval lead; nothing offers to cancel before them.
  const approve = page.getByRole("button", { name: "Approve delivery" });
  await expect(approve).toBeVisible();
  const approveBox = await approve.boundingBox();
  const cancel = page.getByRole("region", { name: "Cancel this order" });
  if (await cancel.count()) expect((await cancel.boundingBox())!.y).toBeGreaterThan(approveBox!.y);
  await page.screenshot(shot("7-order-delivered"));

  expect((await page.request.post(`/api/v1/orders/${id}/approve`, { headers: auth })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("Completed");
  await expect(page.getByRole("button", { name: "Approve delivery" })).toHaveCount(0);
  // Nothing left to cancel once the work is approved.
  await expect(page.getByRole("region", { name: "Cancel this order" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
  await page.screenshot(shot("8-order-completed"));
});
