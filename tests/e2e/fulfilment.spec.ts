import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, logIn, test, uniqueEmail } from "./fixtures";

/** After payment: My Orders → the order's page → the brief → production has started, with JavaScript on and off. */
const PASSWORD = "Str0ng!Pass";

/** A customer with one paid order, made through the API the way any client would. */
async function customerWithPaidOrder(request: APIRequestContext) {
  const email = uniqueEmail("brief");
  const signUp = await request.post("/api/v1/sign_up", { data: { user: { name: "Brief Writer", email, password: PASSWORD } } });
  expect(signUp.status()).toBe(201);
  const auth = { Authorization: `Bearer ${(await signUp.json()).data.access_token}` };
  const address = await request.post("/api/v1/billing_addresses", {
    headers: auth,
    data: { street: "1 Studio Lane", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" },
  });
  const order = await request.post("/api/v1/orders", {
    headers: auth,
    data: { order: { product_id: 1, billing_address_id: (await address.json()).data.id, package_index: 0 } },
  });
  const { id, client_secret } = (await order.json()).data;
  const paid = await request.post("/api/v1/payments/local/confirm", {
    headers: auth,
    data: { client_secret, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } },
  });
  expect(paid.status()).toBe(200);
  return { email, id: id as number };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the brief, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 400/] });

    test("My Orders → the order → write the brief (a refused try keeps the input) → in production", async ({ page }) => {
      const { email, id } = await customerWithPaidOrder(page.request);
      await logIn(page, email, PASSWORD);
      await page.goto("/profile/orders");
      const card = page.getByRole("listitem").filter({ hasText: "Awaiting brief" });
      await card.getByRole("link", { name: `View order #${id}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
      await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("Paid");
      await page.getByRole("link", { name: "Write your brief" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your brief" })).toBeVisible();
      if (javaScriptEnabled) await hydrated(page);

      await page.getByLabel("What is the video for?").fill("Too short");
      await page.getByLabel("Audience").fill("Home baristas");
      await page.getByLabel("Reference 1").fill("https://example.com/film");
      await page.getByRole("button", { name: "Submit brief and start production" }).click();
      await expect(page.getByText("What the video is for must be at least 20 characters")).toBeVisible();
      await expect(page.getByLabel("Audience")).toHaveValue("Home baristas");

      await page.getByLabel("What is the video for?").fill("A 60-second launch film for our espresso machine.");
      await page.getByRole("button", { name: "Submit brief and start production" }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=brief-submitted$`));
      await expect(page.getByRole("status")).toHaveText("Thank you! Your brief is with the studio and production has started.");
      await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("In production");
      await expect(page.getByText("A 60-second launch film for our espresso machine.")).toBeVisible();
      await expect(page.getByRole("link", { name: "https://example.com/film" })).toBeVisible();
      await expect(page.getByText(/days left/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Write your brief" })).toHaveCount(0);
    });
  });
}
