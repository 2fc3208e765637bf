import { expect, hydrated, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/**
 * A promotion code at checkout, with JavaScript on and off: LAUNCH20 (the seed's 20% off three 3D
 * services) shows its discount in the summary before paying, the card is charged the discounted
 * total and My Orders shows it; a refused code says why under the field and keeps the address.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`promotion codes at checkout, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    // A refused code answers 422 when it is refused as the order is made (the browser logs it).
    test.use({ javaScriptEnabled, allowedConsole: [/status of 422/] });

    test("a refused code says why; LAUNCH20 takes 20% off before tax, is paid for and shows in My Orders", async ({ page }) => {
      await signUp(page, { email: uniqueEmail(`promo-${javaScriptEnabled ? "js" : "nojs"}`) });
      // 3D Logo Reveal, Basic: £149.00 for a UK consumer (20% VAT).
      await page.goto("/products/3/checkout?package=0");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("link", { name: "Add New" }).click();
      await saveCheckoutAddress(page, { street: "12 Promo Road" });
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.getByTestId("summary-total")).toHaveText("£178.80");

      const field = summary.getByLabel("Promo code");
      await field.fill("nope-code");
      await summary.getByRole("button", { name: "Apply" }).click();
      await expect(summary.getByRole("alert")).toHaveText("This code does not exist");
      await expect(summary.getByLabel("Promo code")).toHaveAttribute("aria-describedby", "promo-error");
      await expect(summary.getByLabel("Promo code")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("selected-address")).toContainText("12 Promo Road");
      await expect(summary.getByTestId("summary-discount")).toHaveCount(0);

      await summary.getByLabel("Promo code").fill("launch20");
      await summary.getByRole("button", { name: "Apply" }).click();
      await expect(summary.getByRole("status")).toHaveText("Code LAUNCH20 applied: −£29.80");
      // £149.00 − £29.80 = £119.20; VAT 20% of that = £23.84; total £143.04.
      await expect(summary.getByTestId("summary-subtotal")).toHaveText("£149.00");
      await expect(summary.getByTestId("summary-discount")).toHaveText("−£29.80");
      await expect(summary.getByTestId("summary-tax")).toHaveText("£23.84");
      await expect(summary.getByTestId("summary-total")).toHaveText("£143.04");
      await expect(page.getByTestId("selected-address")).toContainText("12 Promo Road");

      // Remove, then apply again: the summary follows.
      await summary.getByRole("link", { name: "Remove code LAUNCH20" }).click();
      await expect(summary.getByTestId("summary-total")).toHaveText("£178.80");
      await summary.getByLabel("Promo code").fill("LAUNCH20");
      await summary.getByRole("button", { name: "Apply" }).click();
      await expect(summary.getByTestId("summary-total")).toHaveText("£143.04");

      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry").fill("12 / 34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: PAY_BUTTON }).click();
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

      await page.goto("/profile/orders");
      const card = page.getByRole("listitem").filter({ hasText: "3D Logo Reveal" });
      await expect(card).toHaveCount(1);
      await expect(card.getByText("£143.04")).toBeVisible();
    });

    test("a code that takes the whole price off asks for no card: Place Order pays the order", async ({ page, request }) => {
      // The studio makes a 100% code through the API (the admin screen is tested on its own).
      const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
      const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
      const code = `GIFT-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now().toString(36).toUpperCase()}`;
      const created = await request.post("/api/v1/promotions", {
        headers: { Authorization: `Bearer ${token}` },
        data: { promotion: { code, percent_off: 100 } },
      });
      expect(created.status()).toBe(201);

      await signUp(page, { email: uniqueEmail(`promo-free-${javaScriptEnabled ? "js" : "nojs"}`) });
      await page.goto(`/products/3/checkout?package=0&promo=${code}`);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("link", { name: "Add New" }).click();
      await saveCheckoutAddress(page, { street: "1 Gift Lane" });
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.getByTestId("summary-total")).toHaveText("£0.00");
      await expect(page.getByTestId("nothing-to-pay")).toHaveText("Nothing to pay: your promo code covers the whole price. No card is needed.");
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await page.goto("/profile/orders");
      await expect(page.getByRole("listitem").filter({ hasText: "3D Logo Reveal" }).getByText("£0.00")).toBeVisible();
    });

    test("a code for other services is refused on them", async ({ page }) => {
      await signUp(page, { email: uniqueEmail(`promo-other-${javaScriptEnabled ? "js" : "nojs"}`) });
      await page.goto("/products/2/checkout?package=1&promo=LAUNCH20");
      if (javaScriptEnabled) await hydrated(page);
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.getByRole("alert")).toHaveText("This code does not apply to this service");
      await expect(summary.getByLabel("Promo code")).toHaveValue("LAUNCH20");
      await expect(summary.getByTestId("package-label")).toBeVisible();
    });
  });
}
