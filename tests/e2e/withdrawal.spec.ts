import AxeBuilder from "@axe-core/playwright";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { adminLogIn, expect, hydrated, logIn, paidOrderThroughApi, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/**
 * The consumer's right to cancel, in the browser: checkout asks whether work may start at once; a
 * brief without that waits for the 14-day period; 'Cancel this order' before work starts gives all
 * the money back with a credit note; after work started at the customer's request the studio
 * answers with a part refund.
 */
test.use({ allowedConsole: [/status of (40[09]|422)/] });

const START_NOW =
  "Start work now. I understand that if I cancel within 14 days I pay for the work done, and that I cannot cancel once the work is delivered and approved";

async function expectAxeClean(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  expect(results.violations.map((v) => ({ state, rule: v.id, help: v.help }))).toEqual([]);
}

/** Buys product 2's Basic package (ticking 'Start work now' or not), then writes the brief; returns the order's id. */
async function buyAndBrief(page: Page, javaScriptEnabled: boolean, startNow: boolean) {
  await page.goto("/products/2/checkout?package=0&add=1");
  if (javaScriptEnabled) await hydrated(page);
  await saveCheckoutAddress(page, { street: "1 Withdrawal Way" });
  // The Basic package's own promises.
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("10-day delivery", { exact: true })).toBeVisible();
  await expect(summary.getByText("1 Revision", { exact: true })).toBeVisible();
  const box = page.getByLabel(START_NOW);
  await expect(box).not.toBeChecked();
  // What each choice gives, in dates; and why a consumer anywhere may cancel.
  await expect(page.getByTestId("start-choice")).toHaveText(
    /^Ticked: delivered by \w{3} \d{1,2} \w{3} if you send your brief today\. Unticked: work starts \w{3} \d{1,2} \w{3}, delivered by \w{3} \d{1,2} \w{3}\.$/,
  );
  await expect(page.getByText("As a consumer you may cancel within 14 days of paying, wherever you live:", { exact: false })).toBeVisible();
  if (startNow) await box.check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await page.getByRole("link", { name: "Write your brief" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your brief" })).toBeVisible();
  const id = Number(/\/profile\/orders\/(\d+)\/brief/.exec(page.url())![1]);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("What is the video for?").fill("A short film about our bakery for the website.");
  await page.getByRole("button", { name: startNow ? "Submit brief and start production" : "Submit brief" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
  return id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`cancelling within 14 days, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("without 'Start work now' the brief waits; 'Cancel this order' refunds everything at once, with a credit note", async ({ page }) => {
      await signUp(page, { name: "Wanda Withdraw", email: uniqueEmail("withdraw") });
      const id = await buyAndBrief(page, javaScriptEnabled, false);
      await expect(page.getByRole("main").getByRole("status")).toHaveText(
        "Thank you! Your brief is with the studio. Production starts when your cancellation period ends.",
      );
      await expect(page.getByTestId("work-starts")).toContainText("when your 14-day cancellation period ends.");
      const cancel = page.getByRole("region", { name: "Cancel this order" });
      await expect(cancel).toContainText("Work has not started, so you get all your money back at once.");
      if (javaScriptEnabled) await expectAxeClean(page, "order page with the cancel panel");
      await cancel.getByRole("link", { name: "Cancel this order" }).click();
      // A step of its own says what comes back before anything happens; 'Keep my order' leaves it as it was.
      const confirm = page.getByRole("region", { name: "Cancel this order?" });
      await expect(confirm.getByTestId("cancel-refund")).toHaveText(
        /^You get £[\d,]+\.\d{2} back now, to the card you paid with, and the order ends\. This cannot be undone\.$/,
      );
      await confirm.getByRole("link", { name: "Keep my order" }).click();
      await expect(page.getByRole("region", { name: "Cancel this order?" })).toHaveCount(0);
      await page.getByRole("region", { name: "Cancel this order" }).getByRole("link", { name: "Cancel this order" }).click();
      await page
        .getByRole("region", { name: "Cancel this order?" })
        .getByRole("button", { name: /^Yes, cancel and refund £[\d,]+\.\d{2}$/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=cancel-refunded$`));
      await expect(page.getByRole("main").getByRole("status").first()).toHaveText("Your order is cancelled and your money is on its way back in full.");
      await expect(page.getByRole("region", { name: "Cancel this order" })).toHaveCount(0);
      await page.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Credit note/ })).toBeVisible();
    });

    test("the first order's money-back guarantee comes after the next step and names its refund on a step of its own", async ({ page }) => {
      const { email, id } = await paidOrderThroughApi(page.request, { name: "Gina Guarantee" });
      await logIn(page, email, "Str0ng!Pass");
      await page.goto(`/profile/orders/${id}`);
      if (javaScriptEnabled) await hydrated(page);
      const guarantee = page.getByRole("region", { name: "30-day money-back guarantee" });
      const [brief, offer] = await Promise.all([page.getByRole("link", { name: "Write your brief" }).boundingBox(), guarantee.boundingBox()]);
      expect(brief!.y).toBeLessThan(offer!.y);
      await guarantee.getByRole("link", { name: "Refund my first order" }).click();
      const confirm = page.getByRole("region", { name: "Refund your first order?" });
      await expect(confirm.getByTestId("guarantee-refund")).toHaveText(
        /^You get £[\d,]+\.\d{2} back now, to the card you paid with, and the order is cancelled\. This cannot be undone\.$/,
      );
      await confirm.getByRole("link", { name: "Keep my order" }).click();
      await expect(page.getByRole("region", { name: "Refund your first order?" })).toHaveCount(0);
      await expect(page.getByText("refunded", { exact: true })).toHaveCount(0);
      await page.getByRole("region", { name: "30-day money-back guarantee" }).getByRole("link", { name: "Refund my first order" }).click();
      await page
        .getByRole("region", { name: "Refund your first order?" })
        .getByRole("button", { name: /^Yes, refund £[\d,]+\.\d{2}$/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=guarantee-refunded$`));
      await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
        "Your money is on its way back under the money-back guarantee. The order is cancelled.",
      );
      await expect(page.getByRole("region", { name: "30-day money-back guarantee" })).toHaveCount(0);
    });

    test("after work started at the customer's request, cancelling asks the studio, which refunds the work not done", async ({ page, browser, baseURL }) => {
      await signUp(page, { name: "Sam Started", email: uniqueEmail("started") });
      const id = await buyAndBrief(page, javaScriptEnabled, true);
      const cancel = page.getByRole("region", { name: "Cancel this order" });
      await expect(cancel).toContainText("Work started at your request, so the studio refunds what was not yet done, within 3 days.");
      await cancel.getByRole("link", { name: "Cancel this order" }).click();
      const confirm = page.getByRole("region", { name: "Cancel this order?" });
      await expect(confirm.getByTestId("cancel-refund")).toHaveText(
        /^The studio answers within 3 days with what it keeps for the work already done, and refunds the rest; if it does not answer, you get everything back \(£[\d,]+\.\d{2}\)\.$/,
      );
      await confirm.getByRole("button", { name: "Yes, ask to cancel" }).click();
      await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
        "Your cancellation request is with the studio. They will answer within 3 days with a refund for the work not yet done.",
      );
      await expect(page.getByRole("region", { name: "Cancellation requested" })).toBeVisible();

      const admin = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
      await adminLogIn(admin, `/admin/orders/${id}`);
      const answer = admin.getByRole("region", { name: "Cancellation to answer" });
      await answer.getByRole("button", { name: "Refund and cancel the order" }).click();
      await expect(answer.getByText("Describe the work done so far")).toBeVisible();
      await admin.waitForLoadState("load");
      if (javaScriptEnabled) await expectAxeClean(admin, "admin cancellation answer with errors");
      await answer.getByLabel(/^Refund for the work not done/).fill("100.00");
      await answer.getByLabel("Work done so far").fill("The script was written; nothing was animated.");
      await answer.getByRole("button", { name: "Refund and cancel the order" }).click();
      await expect(admin.getByRole("status").filter({ hasText: "Refunded. The customer has been told by email." })).toBeVisible();
      await expect(admin.getByRole("region", { name: "Cancellation to answer" })).toHaveCount(0);
      await admin.context().close();

      await page.reload();
      await expect(page.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ })).toBeVisible();
      await expect(page.getByRole("region", { name: "Cancellation requested" })).toHaveCount(0);
    });

    test("a delivery approved while the cancellation is open withdraws it: completed, nothing refunded, the studio has nothing to answer", async ({
      page,
      browser,
      baseURL,
    }) => {
      await signUp(page, { name: "Wendy Withdrawn", email: uniqueEmail("withdrawn") });
      const id = await buyAndBrief(page, javaScriptEnabled, true);
      await page.getByRole("region", { name: "Cancel this order" }).getByRole("link", { name: "Cancel this order" }).click();
      await page.getByRole("region", { name: "Cancel this order?" }).getByRole("button", { name: "Yes, ask to cancel" }).click();
      await expect(page.getByRole("region", { name: "Cancellation requested" })).toBeVisible();

      const studio = await browser.newContext({ baseURL, javaScriptEnabled });
      const admin = await studio.newPage();
      await adminLogIn(admin, `/admin/orders/${id}`);
      if (javaScriptEnabled) await hydrated(admin);
      await admin.getByLabel("Files to deliver").setInputFiles(fileURLToPath(new URL("./files/video-01.mp4", import.meta.url)));
      await admin.getByLabel("Note to the customer").fill("The film");
      await admin.getByRole("button", { name: "Deliver", exact: true }).click();
      await expect(admin.getByRole("status")).toHaveText("Delivered. The customer can review it now.");

      await page.reload();
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByText("Approving completes the order and withdraws your cancellation request: nothing is refunded.")).toBeVisible();
      await page.getByRole("button", { name: "Approve delivery" }).click();
      await expect(page.getByText("Approved. Cancellation withdrawn by approval")).toBeVisible();
      await expect(page.getByRole("region", { name: "Cancellation requested" })).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText("went back to your card");

      await admin.reload();
      await expect(admin.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
      await expect(admin.getByRole("region", { name: "Cancellation to answer" })).toHaveCount(0);
      await expect(admin.getByText("Approved. Cancellation withdrawn by approval")).toBeVisible();
      await studio.close();
    });
  });
}
