import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { adminLogIn, expect, hydrated, linkFromOutbox, logIn, paidOrderThroughApi, test, uniqueEmail } from "./fixtures";

/**
 * Work offered to a creator in their studio: a new service made only by a new creator, so the
 * rotation has one choice. The creator sees the offer (what, when due, until when to answer) and
 * accepts or declines it; the customer reads "Finding your creator" until one accepts, then who
 * makes it. The admins' settings of offers: a refused window keeps what was typed; a save says so.
 * With JavaScript on and off.
 */
async function adminToken(request: APIRequestContext) {
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  return { Authorization: `Bearer ${((await signIn.json()) as { data: { access_token: string } }).data.access_token}` };
}

/** A service on sale made by one new creator, who has accepted their invitation in `page` (signed in to the studio). */
async function serviceWithOwnCreator(request: APIRequestContext, browser: Browser, page: Page, name: string, javaScriptEnabled: boolean) {
  const admin = await adminToken(request);
  const created = await request.post("/api/v1/products", {
    headers: admin,
    data: {
      product: {
        title: `Offer Reel ${Date.now()} ${javaScriptEnabled ? "JS" : "NOJS"}`,
        description_heading: "Made for offers",
        description: "A service one creator makes.",
        services_offered: ["Animation"],
        tags: ["3D Animation", "Product Video", "Brand Film"],
        packages: [{ short_description: "Short reel", items_included: "One film", amount: "300", currency: "GBP" }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const invited = await request.post("/api/v1/admin/creators/invitations", { headers: admin, data: { invitation: { email, name } } });
  expect(invited.status()).toBe(201);
  const creatorId = ((await invited.json()) as { data: { id: number } }).data.id;
  const link = await linkFromOutbox(browser, {
    to: email,
    subject: "Join Reelcraft as a creator",
    path: "/creator/invitation",
    linkName: "Accept the invitation",
  });
  await page.goto(`${link.pathname}${link.search}`);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("textbox", { name: "Password" }).fill("Cr3ator!Pass");
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page).toHaveURL(/\/studio\/profile\?welcome=1$/);
  const named = await request.put(`/api/v1/products/${productId}`, { headers: admin, data: { product: { creator_ids: [creatorId] } } });
  expect(named.status()).toBe(200);
  return { productId };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`offers in the studio, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 422/] });

    test("the creator sees the offer and accepts it; the customer reads 'Finding your creator', then who makes it; a second offer is declined", async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const name = javaScriptEnabled ? "Rosa Offerman" : "Theo Offerby";
      const { productId } = await serviceWithOwnCreator(request, browser, page, name, javaScriptEnabled);
      const order = await paidOrderThroughApi(request, { name: "Offer Buyer", brief: true, productId });

      // The customer, while the offer waits.
      const customerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
      const customer = await customerContext.newPage();
      await logIn(customer, order.email, "Str0ng!Pass");
      await customer.goto(`/profile/orders/${order.id}`);
      await expect(customer.getByTestId("order-maker")).toHaveText(
        "Finding your creator: the work is offered to a creator of this service; you will see who once they accept. Your due date does not change.",
      );

      // The creator's studio: the offer, what it is, when due, until when to answer.
      await page.goto("/studio");
      const offers = page.getByRole("region", { name: "Work offered to you (1)" });
      await expect(offers).toBeVisible();
      const card = offers.getByRole("listitem").filter({ hasText: `Order #${order.id}:` });
      await expect(card).toContainText("A 60-second launch film for our espresso machine, for the website.");
      await expect(card).toContainText(/Due \d{1,2} \w{3} \d{4}/);
      await expect(card).toContainText("Answer within 23 hours");
      if (javaScriptEnabled) await hydrated(page);
      await card.getByRole("button", { name: `Accept order #${order.id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/studio/orders/${order.id}$`));
      await expect(page.getByText("Accepted. The order is yours: it is in your queue now.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();

      await customer.reload();
      const maker = customer.getByTestId("order-maker");
      await expect(maker).toContainText(`Made by ${name}`);
      await expect(maker.getByRole("link", { name })).toHaveAttribute("href", new RegExp(`^/creators/${name.toLowerCase().replace(" ", "-")}`));
      await customerContext.close();

      // A second order: declined with a reason; the offer leaves the studio, and nobody else makes this service.
      const second = await paidOrderThroughApi(request, { name: "Second Buyer", brief: true, productId });
      await page.goto("/studio");
      const next = page
        .getByRole("region", { name: "Work offered to you (1)" })
        .getByRole("listitem")
        .filter({ hasText: `Order #${second.id}:` });
      if (javaScriptEnabled) await hydrated(page);
      await next.getByLabel(`Reason for declining order #${second.id} (optional)`).fill("Booked on a launch this week");
      await next.getByRole("button", { name: `Decline order #${second.id}` }).click();
      await expect(page.getByText("Declined. The order is offered to the next creator.")).toBeVisible();
      await expect(page.getByRole("region", { name: /^Work offered to you/ })).toHaveCount(0);
      const admin = await adminToken(request);
      const queue = await request.get(`/api/v1/orders/${second.id}`, { headers: admin });
      expect(queue.status()).toBe(200);
    });

    test("the admins' offer settings: a refused window is explained and kept, a valid one is saved", async ({ page }) => {
      // Without JavaScript the refused form comes back as the page, with its 422.
      await adminLogIn(page, "/admin/creators");
      const settings = page.getByRole("region", { name: "How work is offered" });
      await expect(settings).toContainText("Work is offered to one creator of the service at a time");
      const hours = settings.getByRole("spinbutton", { name: "Hours to answer an offer" });
      const automatic = settings.getByRole("checkbox", { name: "Offer work to creators automatically" });
      // The settings other tests rely on (24 hours, automatic) are what this test saves again.
      await expect(hours).toHaveValue("24");
      await expect(automatic).toBeChecked();
      if (javaScriptEnabled) await hydrated(page);
      // Past the browser's own check (max=168), the server's answer.
      await hours.evaluate((input) => input.removeAttribute("max"));
      await hours.fill("500");
      await settings.getByRole("button", { name: "Save offer settings" }).click();
      await expect(settings.getByText("The offer window must be a whole number of hours from 1 to 168")).toBeVisible();
      await expect(hours).toHaveValue("500");
      await expect(hours).toHaveAttribute("aria-invalid", "true");
      await hours.fill("24");
      await settings.getByRole("button", { name: "Save offer settings" }).click();
      await expect(page).toHaveURL(/\/admin\/creators\?offers=saved$/);
      await expect(page.getByText("Offer settings saved.")).toBeVisible();
      await expect(page.getByRole("region", { name: "How work is offered" }).getByRole("spinbutton", { name: "Hours to answer an offer" })).toHaveValue("24");
      await expect(
        page.getByRole("region", { name: "How work is offered" }).getByRole("checkbox", { name: "Offer work to creators automatically" }),
      ).toBeChecked();
    });
  });
}
