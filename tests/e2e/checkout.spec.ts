import type { Page } from "@playwright/test";
import { expect, hydrated, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

// Declined cards and rejected forms answer 4xx, which the browser logs.
test.use({ allowedConsole: [/status of (40[02]|422)/] });

/** Opens the checkout's 'Add New' form and saves an address (a London one unless told otherwise). */
async function addAddress(page: Page, address: Partial<Parameters<typeof saveCheckoutAddress>[1]> = {}) {
  await page.getByRole("link", { name: "Add New" }).click();
  await saveCheckoutAddress(page, { street: "221B Baker Street", city: "London", state: "Greater London", zip: "NW1 6XE", ...address });
}

async function pay(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
}

async function startCheckout(page: Page, productId = 1, packageName = "Standard") {
  await page.goto(`/products/${productId}`);
  await hydrated(page);
  const index = ["Basic", "Standard", "Premium"].indexOf(packageName);
  if (index > 0) await page.getByRole("navigation", { name: "Packages" }).getByRole("link", { name: packageName }).click();
  await expect(page.getByTestId("price-panel").getByRole("link", { name: "Continue" })).toHaveAttribute(
    "href",
    `/products/${productId}/checkout?package=${index}`,
  );
  await page.getByTestId("price-panel").getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await hydrated(page);
}

test.describe("checkout (local gateway)", () => {
  test("visitors log in first; without a package the checkout goes back to the product", async ({ page }) => {
    await page.goto("/products/1/checkout?package=1");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2F1%2Fcheckout%3Fpackage%3D1$/);
    await signUp(page, { email: uniqueEmail("nopkg") });
    await page.goto("/products/1/checkout");
    await expect(page).toHaveURL(/\/products\/1$/);
    await page.goto("/products/1/checkout?package=7");
    await expect(page).toHaveURL(/\/products\/1$/);
  });

  test("full purchase with 4242: summary, address, success panel, and the order in My Orders", async ({ page }) => {
    await signUp(page, { name: "Buyer One", email: uniqueEmail("buyer") });
    await startCheckout(page, 1, "Standard");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText("3D Product Launch Animation")).toBeVisible();
    // The package's name with its short description beside it (not the SPEC's first five letters).
    await expect(summary.getByTestId("package-label")).toHaveText("Standard");
    await expect(summary.getByTestId("package-description")).toHaveText(/^.{6,}$/);
    await expect(summary.getByTestId("summary-price")).toHaveText("£999.00");
    await expect(summary.getByText("7-day delivery")).toBeVisible();
    // The Standard package's own promises, the same as its product page shows.
    await expect(summary.getByText("2 Revisions", { exact: true })).toBeVisible();
    await expect(summary.getByText("Licensed music")).toBeVisible();
    await expect(page.getByText("Complete your purchase securely using your card details.")).toBeVisible();
    await expect(page.getByText("No billing addresses found.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay now", exact: true })).toBeDisabled();
    await expect(page.getByRole("list", { name: "Checkout progress" }).getByRole("listitem").first()).toHaveAttribute("aria-current", "step");

    await page.getByRole("link", { name: "Add New" }).click();
    const form = page.locator("form#add-address");
    await form.getByRole("button", { name: "Save Address" }).click();
    for (const message of ["Street is required", "City is required", "State is required", "Zip code is required", "Country is required"]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel("Street").fill("1 Main St");
    await expect(form.getByText("Street is required")).toBeHidden();
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(form).toHaveCount(0);
    await addAddress(page);
    await expect(page.getByTestId("selected-address")).toContainText("221B Baker Street, London, NW1 6XE, United Kingdom");
    // What the card will be charged for a UK consumer, before paying.
    await expect(summary.getByTestId("summary-subtotal")).toHaveText("£999.00");
    await expect(summary.getByText("VAT (20%)")).toBeVisible();
    await expect(summary.getByTestId("summary-tax")).toHaveText("£199.80");
    await expect(summary.getByTestId("summary-total")).toHaveText("£1,198.80");
    // The amount sits under the pay button, and the button names it to a screen reader.
    await expect(page.getByTestId("charge-notice")).toHaveText("You will be charged £1,198.80 now");
    await expect(page.getByRole("button", { name: "Pay £1,198.80", exact: true })).toHaveAccessibleDescription("You will be charged £1,198.80 now");

    await pay(page, "4242 4242 4242 4242");
    const success = page.getByRole("status");
    await expect(success.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(success.getByText("Thank you for your purchase. Your payment has been processed successfully.")).toBeVisible();
    await expect(success.getByText(/^Transaction ID: \d+$/)).toBeVisible();
    // What was paid, its invoice, when the work starts and is due (the choice was not ticked: after the 14 days).
    await expect(success.getByTestId("paid-amount")).toHaveText(/^Paid £1,198\.80 · Invoice INV-\d{4}-\d{6}$/);
    await expect(success.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ })).toHaveAttribute("href", /^\/profile\/orders\/\d+\/invoice$/);
    const promised =
      /^Next: tell the studio what the video is for\. Work starts on (\w{3} \d{1,2} \w{3}), when your 14-day cancellation period ends, and is due (\w{3} \d{1,2} \w{3}), if your brief is in by then\.$/;
    await expect(success.getByTestId("work-dates")).toHaveText(promised);
    const [, starts, due] = promised.exec((await success.getByTestId("work-dates").textContent()) ?? "")!;
    await expect(success.getByRole("link", { name: "Write your brief" })).toHaveAttribute("href", /^\/profile\/orders\/\d+\/brief$/);

    await success.getByRole("link", { name: "View my orders" }).click();
    await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: "3D Product Launch Animation" });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("£1,198.80")).toBeVisible();
    await expect(card.getByText("succeeded")).toHaveAttribute("data-colour", "green");
    // The invoice number, never the payment provider's id.
    await expect(card.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
    await expect(card.getByText(/^pi_local_/)).toHaveCount(0);
    await expect(card.getByText("Awaiting brief")).toBeVisible();
    // The same dates as the confirmation promised.
    await expect(card.getByTestId("order-dates")).toHaveText(`Starts ${starts} if your brief is in, due ${due}`);
  });

  test("a declined card shows the provider's message; a retry pays the same order", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("decline") });
    await startCheckout(page, 3, "Basic");
    await addAddress(page);
    await pay(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await pay(page, "4242424242424242");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.goto("/profile/orders");
    await expect(page.getByRole("listitem").filter({ hasText: "3D Logo Reveal" })).toHaveCount(1);
    await expect(page.getByText("£178.80")).toBeVisible();
  });

  test("card authentication can fail, then succeed", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("3ds") });
    await startCheckout(page, 4, "Premium");
    await addAddress(page, { country: "FR", city: "Paris", state: "Île-de-France", zip: "75001", street: "1 Rue de Rivoli" });
    await pay(page, "4000 0025 0000 3155");
    await expect(page.getByRole("heading", { name: "Authenticate your payment" })).toBeVisible();
    await expect(page.getByText("£5,040.00")).toBeVisible();
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    );
    await hydrated(page);
    await pay(page, "4000 0025 0000 3155");
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  });

  test("Add New and View All are exclusive; the address just saved is selected; radios choose the address; the default is marked", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("addr") });
    await startCheckout(page, 2, "Basic");
    await addAddress(page, { street: "1 First Road" });
    await addAddress(page, { street: "2 Second Road" });
    // The address just saved is the one the order is billed to, default or not (the buyer means to pay with it).
    await expect(page.getByTestId("selected-address")).toContainText("2 Second Road");
    await expect(page.getByTestId("address-added")).toHaveText("Address saved and selected: the order is billed to it.");
    await addAddress(page, { street: "3 Third Road", makeDefault: true });
    await expect(page.getByTestId("selected-address")).toContainText("3 Third Road");

    await page.getByRole("link", { name: "View All" }).click();
    const list = page.getByRole("group", { name: "Choose a billing address" });
    await expect(list.getByRole("radio")).toHaveCount(3);
    await expect(list.getByRole("listitem").filter({ hasText: "3 Third Road" }).getByText("Default", { exact: true })).toBeVisible();
    await expect(list.getByRole("listitem").filter({ hasText: "1 First Road" }).getByText("Default", { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Add New" }).click();
    await expect(list).toHaveCount(0);
    await page.getByRole("link", { name: "View All" }).click();
    await expect(page.locator("form#add-address")).toHaveCount(0);
    await list.getByLabel(/2 Second Road/).check();
    await expect(page.getByTestId("selected-address")).toContainText("2 Second Road");

    await page.goto("/profile/saved-addresses");
    await expect(page.getByRole("heading", { name: "My Saved Addresses" })).toBeVisible();
    const saved = page.getByRole("region", { name: "My Saved Addresses" }).getByRole("listitem");
    await expect(saved).toHaveCount(3);
    await expect(saved.filter({ hasText: "3 Third Road" }).getByText("Default")).toBeVisible();
  });

  test("empty states: no orders and no saved addresses", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("empty") });
    await page.goto("/profile/orders");
    await expect(page.getByText("No orders found.")).toBeVisible();
    await page.goto("/profile/saved-addresses");
    await expect(page.getByText("No saved addresses found.")).toBeVisible();
  });
});

test.describe("checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole purchase works as plain forms, including a decline and an address choice", async ({ page }) => {
    await page.goto("/signup");
    const email = uniqueEmail("nojs-buyer");
    await page.getByLabel("Name").fill("Plain Buyer");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Str0ng!Pass");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/products$/);

    await page.goto("/products/5");
    await page.getByRole("navigation", { name: "Packages" }).getByRole("link", { name: "Standard" }).click();
    await page.getByTestId("price-panel").getByRole("link", { name: "Continue" }).click();
    await expect(page.getByTestId("summary-price")).toHaveText("£899.00");
    await page.getByRole("link", { name: "Add New" }).click();
    const form = page.locator("form#add-address");
    await form.getByLabel("Street", { exact: true }).fill("5 Plain Lane");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByText("City is required")).toBeVisible();
    await expect(form.getByLabel("Street", { exact: true })).toHaveValue("5 Plain Lane");
    await form.getByLabel("Country").selectOption("GB");
    await form.getByLabel("City").fill("Leeds");
    await form.getByLabel("State").fill("West Yorkshire");
    await form.getByLabel("Zip Code").fill("LS1 1AA");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByTestId("selected-address")).toContainText("5 Plain Lane");

    await page.getByLabel("Card number").fill("4000000000000002");
    await page.getByLabel("Expiry").fill("01/40");
    await page.getByLabel("CVC").fill("999");
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByLabel("Expiry").fill("01/40");
    await page.getByLabel("CVC").fill("999");
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.goto("/profile/orders");
    await expect(page.getByRole("listitem").filter({ hasText: "Motion Graphics Ad Pack" })).toHaveCount(1);
  });
});

test("My Orders and Saved Addresses show their loading states on client navigation", async ({ page }) => {
  await signUp(page, { email: uniqueEmail("loading") });
  await page.goto("/profile");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Profile" });
  for (const [link, pattern, loading, settled] of [
    ["My Orders", /\/profile\/orders\.data/, page.getByTestId("order-skeleton"), page.getByText("No orders found.")],
    ["Saved Addresses", /\/profile\/saved-addresses\.data/, page.getByText("Loading addresses..."), page.getByText("No saved addresses found.")],
  ] as const) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    await nav.getByRole("link", { name: link }).last().click();
    await expect(loading.first()).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    release();
    await expect(settled).toBeVisible();
    await page.unroute(pattern);
  }
});

test("@mobile on a phone the summary (package, total) comes before the card box, and the amount sits under the button", async ({ page }) => {
  await signUp(page, { email: uniqueEmail("phone-pay") });
  await page.goto("/products/1/checkout?package=0");
  await addAddress(page);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByTestId("package-label")).toHaveText("Basic");
  const total = summary.getByTestId("summary-total");
  const cardNumber = page.getByLabel("Card number");
  const button = page.getByRole("button", { name: PAY_BUTTON });
  const notice = page.getByTestId("charge-notice");
  await expect(notice).toHaveText(`You will be charged ${await total.innerText()} now`);
  const [totalBox, cardBox, buttonBox, noticeBox] = await Promise.all([total, cardNumber, button, notice].map((l) => l.boundingBox()));
  expect(totalBox!.y).toBeLessThan(cardBox!.y);
  expect(noticeBox!.y).toBeGreaterThan(buttonBox!.y);
  // The amount is on the same screen as the button once the button is in view.
  await button.scrollIntoViewIfNeeded();
  await expect(notice).toBeInViewport();
});

test("a payment that failed offers 'Try again' in My Orders, back to checkout with the same package", async ({ page }) => {
  await signUp(page, { email: uniqueEmail("try-again") });
  await startCheckout(page, 3, "Standard");
  await addAddress(page);
  await pay(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.goto("/profile/orders");
  const card = page.getByRole("listitem").filter({ hasText: "3D Logo Reveal" });
  await expect(card.getByText("failed")).toBeVisible();
  const retry = card.getByRole("link", { name: "Try again: 3D Logo Reveal" });
  await expect(retry).toHaveAttribute("href", "/products/3/checkout?package=1");
  await retry.click();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByTestId("package-label")).toHaveText("Standard");
});
