import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { adminLogIn, expect, hydrated, logIn, paidOrderThroughApi, test } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * Change offers in the browser: the studio prices new scope on the customer's frame comment (the
 * admin's order page); the customer sees it at the top of the order and beside the comment, accepts
 * one (paid with a new card on the payment's step: invoiced, the due date moved on the timeline, the
 * comment marked new scope accepted) and declines another with a reason. With JavaScript on and off.
 */
const PASSWORD = "Str0ng!Pass";
const film = () => ({ name: "cut.mp4", mimeType: "video/mp4", buffer: readFileSync(fileURLToPath(new URL("./files/video-01.mp4", import.meta.url))) });

async function adminToken(request: APIRequestContext) {
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  return ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
}

/** A paid order with its brief, a first delivery, and the customer's frame comment on it (through the API, as any client). */
async function orderWithComment(request: APIRequestContext, name: string) {
  const order = await paidOrderThroughApi(request, { name, brief: true });
  const token = await adminToken(request);
  const delivered = await request.post(`/api/v1/orders/${order.id}/deliveries`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { note: "First cut", "files[]": film() },
  });
  expect(delivered.status()).toBe(201);
  const deliveries = await request.get(`/api/v1/orders/${order.id}/deliveries`, { headers: order.auth });
  const deliveryId = ((await deliveries.json()) as { data: { id: number }[] }).data[0]!.id;
  const comment = await request.post(`/api/v1/orders/${order.id}/deliveries/${deliveryId}/comments`, {
    headers: order.auth,
    data: { comment: { at_frame: 50, text: "Could the logo also come in blue?" } },
  });
  expect(comment.status()).toBe(201);
  return { ...order, token, commentId: ((await comment.json()) as { data: { id: number } }).data.id };
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`change offers, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the studio prices a comment's new scope; the customer accepts and pays it with a new card, and declines another", async ({ page, browser }) => {
      const order = await orderWithComment(page.request, `Offer Buyer ${javaScriptEnabled ? "js" : "nojs"}`);

      // The studio: on the admin's order page, beside the customer's comment.
      await adminLogIn(page, null);
      await page.goto(`/admin/orders/${order.id}`);
      const due = page.getByRole("region", { name: "Work" }).getByText(/^Due .* UTC · /);
      const dueBefore = await due.textContent();
      const comment = page.locator(`#comment-${order.commentId}`);
      await comment.getByText("Offer a priced change").click();
      await comment.getByLabel("What changes").fill("The logo in blue as a second version");
      await comment.getByLabel("Price before tax (GBP)").fill("240.00");
      await comment.getByLabel("Days it adds").fill("2");
      await comment.getByRole("button", { name: "Send the offer" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Change offered" })).toHaveText(
        "Change offered: the customer is told by email and answers on their order page.",
      );
      await expect(page.locator(`#comment-${order.commentId}`)).toContainText(
        "Offered to the customer: The logo in blue as a second version · £240.00 before tax",
      );
      // A second, declined below, raised through the API on the same order.
      const second = await page.request.post(`/api/v1/orders/${order.id}/change_offers`, {
        headers: { Authorization: `Bearer ${order.token}` },
        data: { change_offer: { description: "A vertical cut for social", amount: "150.00", extra_days: 1 } },
      });
      expect(second.status()).toBe(201);

      // The customer, in a session of their own.
      const customer = await browser.newContext({ javaScriptEnabled });
      const mine = await customer.newPage();
      await logIn(mine, order.email, PASSWORD);
      await mine.goto(`/profile/orders/${order.id}`);
      const offers = mine.getByRole("region", { name: "Change offers" });
      await expect(offers.getByText("Change offered: The logo in blue as a second version")).toBeVisible();
      await expect(offers).toContainText("£288.00 (£240.00 + £48.00 VAT), adding 2 days to the due date");
      await expect(mine.locator(`#comment-${order.commentId}`)).toContainText("Change offered: The logo in blue as a second version");
      if (javaScriptEnabled) {
        await hydrated(mine);
        await expectNoViolations(mine, "change offers");
      }

      // Declined with a reason.
      const vertical = offers.locator("div", { hasText: "Change offered: A vertical cut for social" }).last();
      await vertical.getByText("Decline").first().click();
      await vertical.getByLabel("Why not? (optional, the studio sees it)").fill("Not this time");
      await vertical.getByRole("button", { name: "Decline the change" }).click();
      await expect(mine.getByRole("main").getByRole("status")).toHaveText("You declined the change. The studio is told; nothing else changes.");
      await expect(offers.getByRole("list", { name: "Earlier change offers" })).toContainText(
        "A vertical cut for social · £180.00 · 1 day · Declined: Not this time",
      );

      // Accepted: no card is saved for this order, so the payment's step asks for one.
      await offers.getByRole("button", { name: /^Accept and pay £288\.00 by card/ }).click();
      await expect(mine).toHaveURL(new RegExp(`/profile/orders/${order.id}/payments/\\d+$`));
      await expect(mine.getByRole("heading", { name: "Pay for added work" })).toBeVisible();
      await expect(mine.getByText("Change: The logo in blue as a second version")).toBeVisible();
      await expect(mine.getByText("Paying accepts the change: the due date moves by 2 days.")).toBeVisible();
      await expect(mine.getByText("No card is saved for this order: pay with a card below.")).toBeVisible();
      await mine.getByLabel("Card number").fill("4242 4242 4242 4242");
      await mine.getByLabel("Expiry").fill("12 / 34");
      await mine.getByLabel("CVC").fill("123");
      await mine.getByRole("button", { name: "Pay £288.00" }).click();
      const paid = mine.getByRole("status").filter({ hasText: "Paid, thank you." });
      await expect(paid).toBeVisible();
      const invoice = paid.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ });
      await invoice.click();
      await expect(mine.getByText("Change: The logo in blue as a second version")).toBeVisible();

      await mine.goto(`/profile/orders/${order.id}`);
      await expect(offers.getByRole("list", { name: "Earlier change offers" })).toContainText(
        "The logo in blue as a second version · £288.00 · 2 days · New scope — accepted",
      );
      await expect(mine.locator(`#comment-${order.commentId}`)).toContainText("New scope — accepted: The logo in blue as a second version");
      await expect(mine.getByText(/Change accepted and paid: The logo in blue as a second version \(2 days added to the due date\)/)).toBeVisible();
      await customer.close();

      // The studio sees how both ended.
      await page.reload();
      const list = page.locator("#change-offers-title").locator("..");
      await expect(list).toContainText("New scope — accepted");
      await expect(list).toContainText("Declined: Not this time");
      // The due date moved by the change's 2 days.
      const moved = (text: string | null) => Date.parse(`${/^Due (.*) UTC/.exec(text ?? "")![1]!.replace(",", "")} UTC`);
      expect(moved(await due.textContent()) - moved(dueBefore)).toBe(2 * 86_400_000);
    });
  });
}
