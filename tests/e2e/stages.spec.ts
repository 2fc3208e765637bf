import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { adminLogIn, expect, hydrated, linkFromOutbox, logIn, paidOrderThroughApi, test, uniqueEmail } from "./fixtures";

/** An order of product 1's Premium package, made in five stages: paid, its brief in. */
const PASSWORD = "Str0ng!Pass";
const film = () => ({ name: "script.mp4", mimeType: "video/mp4", buffer: readFileSync(fileURLToPath(new URL("./files/video-01.mp4", import.meta.url))) });

/** The studio delivers the stage in hand through the API, as any client would. */
async function studioDelivers(request: APIRequestContext, id: number, note: string) {
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  const delivered = await request.post(`/api/v1/orders/${id}/deliveries`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { note, "files[]": film() },
  });
  expect(delivered.status()).toBe(201);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an order made in stages, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the order page shows the stages as steps; the customer approves the first and the next starts", async ({ page }) => {
      const { email, id } = await paidOrderThroughApi(page.request, { name: "Stage Buyer", packageIndex: 2, brief: true });
      await studioDelivers(page.request, id, "Script, first draft");
      await logIn(page, email, PASSWORD);
      await page.goto(`/profile/orders/${id}`);
      const stages = page.getByRole("list", { name: "Stages" });
      await expect(stages.getByRole("listitem")).toHaveCount(5);
      await expect(stages.getByRole("listitem").nth(0)).toContainText("1. Script · 10%Delivered");
      await expect(stages.locator('[aria-current="step"]')).toContainText("Script");
      await expect(stages.getByRole("listitem").nth(4)).toContainText("5. Final · 30%Waiting5 days once the stage before is approved");
      await expect(page.getByTestId("estimated-finish")).toHaveText(
        /^Estimated finish: \d{1,2} \w{3} \d{4}, if each stage is approved the day it is delivered$/,
      );
      await expect(page.getByText(/without an answer, Script is approved automatically then and Storyboard starts\./)).toBeVisible();
      await expect(page.getByText("Approving locks Script as it is and starts Storyboard.")).toBeVisible();
      if (javaScriptEnabled) {
        await hydrated(page);
        const scan = await new AxeBuilder({ page })
          .include("#stages-title")
          .include('[aria-label="Stages"]')
          .withTags(["wcag2a", "wcag2aa", "wcag22aa"])
          .analyze();
        expect(scan.violations).toEqual([]);
      }

      await page.getByRole("button", { name: "Approve Script and continue" }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=stage-approved$`));
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! The stage is approved and locked, and the next stage has started.");
      await expect(stages.getByRole("listitem").nth(0)).toContainText(/Approved and lockedApproved \d{1,2} \w{3} \d{4}/);
      await expect(stages.locator('[aria-current="step"]')).toContainText("2. Storyboard · 20%In progressDue");
      await expect(page.getByRole("button", { name: /^Approve/ })).toHaveCount(0);

      // Right after the approval, before Storyboard is delivered, the customer may still stop there.
      await expect(page.getByRole("heading", { name: "Stop after Script?" })).toBeVisible();
      await page.getByRole("button", { name: "Stop here and refund £2,050.92" }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=stopped$`));
      await expect(stages.getByRole("listitem").nth(1)).toContainText("Not made: stopped before it");
      await expect(page.getByRole("heading", { name: "Stop after Script?" })).toHaveCount(0);
    });
  });
}

test.describe("stopping after a stage, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("'Approve Script and stop here' approves the stage, refunds the stages not started with a credit note, and completes the order", async ({ page }) => {
    const { email, id } = await paidOrderThroughApi(page.request, { name: "Stage Stopper", packageIndex: 2, brief: true });
    await studioDelivers(page.request, id, "Script, final draft");
    await logIn(page, email, PASSWORD);
    // Checkout said what a staged package's days are: an estimate.
    await page.goto("/products/1/checkout?package=2");
    await expect(page.getByText("17-day delivery (estimate)", { exact: true })).toBeVisible();
    await expect(page.getByTestId("stages-estimate")).toHaveText(
      "In 5 stages, each approved before the next: Script, Storyboard, Styleframes, Animatic, Final. Each stage starts when you approve the one before, so the 17 days count as if each is approved the day it is delivered. You can stop after any approval and get the stages not started back.",
    );
    await page.goto(`/profile/orders/${id}`);
    await expect(page.getByText("Or stop after Script: the stages not started are refunded, and the approved stages' files are yours.")).toBeVisible();
    await page.getByRole("button", { name: "Approve Script and stop here" }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=stopped$`));
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "The order is stopped after your approved stage. The stages not started are refunded; the approved stages' files are yours.",
    );
    const stages = page.getByRole("list", { name: "Stages" });
    await expect(stages.getByRole("listitem").nth(0)).toContainText("Approved and locked");
    await expect(stages.getByRole("listitem").nth(1)).toContainText("Not made: stopped before it");
    // £1,899 + VAT paid; Script's 10% kept with its VAT (£227.88): £2,050.92 back, with its credit note.
    const refund = page.getByRole("region", { name: "Partly refunded" });
    await expect(refund).toContainText("£2,050.92 went back to your card.");
    await expect(refund.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("Completed");
  });
});

test("the studio's order page shows the stages too", async ({ page }) => {
  const { id } = await paidOrderThroughApi(page.request, { name: "Stage Studio", packageIndex: 2, brief: true });
  await adminLogIn(page, `/admin/orders/${id}`);
  const stages = page.getByRole("list", { name: "Stages" });
  await expect(stages.getByRole("listitem")).toHaveCount(5);
  await expect(stages.locator('[aria-current="step"]')).toContainText("1. Script · 10%In progressDue");
});

test.describe("the first-order guarantee on an order in stages, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("after Script is approved it offers what is not approved back, keeps Script, and cancels the order", async ({ page }) => {
    const { email, id } = await paidOrderThroughApi(page.request, { name: "Stage Guarantee", packageIndex: 2, brief: true });
    await studioDelivers(page.request, id, "Script");
    await logIn(page, email, PASSWORD);
    await page.goto(`/profile/orders/${id}`);
    await page.getByRole("button", { name: "Approve Script and continue" }).click();
    const guarantee = page.getByRole("region", { name: "30-day money-back guarantee" });
    await expect(guarantee).toContainText("you can have what is not approved back at once (£2,050.92). The order is then cancelled.");
    await guarantee.getByRole("link", { name: "Refund my first order" }).click();
    const confirm = page.getByRole("region", { name: "Refund your first order?" });
    await expect(confirm.getByTestId("guarantee-refund")).toHaveText(
      "You get £2,050.92 back now, to the card you paid with, and the order is cancelled. The stages you approved (Script) are kept: their files are yours. This cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Yes, refund £2,050.92" }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${id}\\?notice=guarantee-refunded$`));
    await expect(page.getByRole("list", { name: "Stages" }).getByRole("listitem").nth(0)).toContainText("Approved and locked");
    await expect(page.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ })).toHaveCount(1);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sign-off with a named approver, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the customer names a colleague as approver; Script waits for them after the customer's approval, and their approval locks it", async ({
      page,
      browser,
    }) => {
      const { email, id } = await paidOrderThroughApi(page.request, { name: "Sign Buyer", packageIndex: 2, brief: true });
      await logIn(page, email, PASSWORD);
      await page.goto(`/profile/orders/${id}`);
      const colleague = uniqueEmail("approver");
      const guests = page.getByRole("region", { name: "Review with colleagues" });
      await guests.getByLabel("Colleague's email").fill(colleague);
      await guests.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText("Invitation sent. Your colleague can now watch and comment.")).toBeVisible();
      const link = await linkFromOutbox(browser, {
        to: colleague,
        subject: `Sign Buyer invited you to review "3D Product Launch Animation", order #${id}`,
        path: "/review/",
        linkName: "Review the video",
        javaScriptEnabled,
      });
      const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
      const guest = await guestContext.newPage();
      await guest.goto(link.pathname);
      await guest.getByLabel("Your name, as your comments show it").fill("Ann Approver");
      await guest.getByRole("button", { name: "Continue" }).click();
      await expect(guest.getByText("You are reviewing as Ann Approver")).toBeVisible();

      // Named: told up front what happens when nobody answers.
      await page.reload();
      const approvers = page.getByRole("form", { name: "Required approvers" });
      await expect(approvers).toContainText("it is approved for everyone and who did not answer is recorded");
      await approvers.getByLabel(`Ann Approver (${colleague})`).check();
      await approvers.getByRole("button", { name: "Save approvers" }).click();
      await expect(page.getByText("Your approvers are saved.")).toBeVisible();
      await expect(page.getByRole("list", { name: "Invited colleagues" })).toContainText("approver: link works while the order is open");
      await expect(page.getByRole("form", { name: "Required approvers" }).getByLabel(`Ann Approver (${colleague})`)).toBeChecked();

      await studioDelivers(page.request, id, "Script, first draft");
      await page.reload();
      await expect(page.getByText("You and your approver approve each delivery. Awaited besides you: Ann Approver.")).toBeVisible();
      await page.getByRole("button", { name: "Approve Script and continue" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Your approval is recorded. It takes effect once your approvers have approved too.");
      await expect(page.getByTestId("sign-off-waiting")).toContainText("Still awaited: Ann Approver.");
      await expect(page.getByRole("list", { name: "Stages" }).getByRole("listitem").nth(0)).toContainText("Delivered");

      await guest.reload();
      const signOff = guest.getByRole("region", { name: "Your sign-off" });
      await expect(signOff).toContainText("Script (v1) awaits your sign-off. The customer and your approver approve each delivery.");
      if (javaScriptEnabled) {
        await hydrated(guest);
        const scan = await new AxeBuilder({ page: guest }).include("#sign-off-title").withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze();
        expect(scan.violations).toEqual([]);
      }
      await signOff.getByRole("button", { name: "Approve Script" }).click();
      await expect(guest.getByText("Your approval is recorded. Thank you!")).toBeVisible();
      await expect(guest.getByRole("region", { name: "Your sign-off" })).toContainText("Nothing awaits your sign-off now.");
      await guestContext.close();

      await page.reload();
      const script = page.getByRole("list", { name: "Stages" }).getByRole("listitem").nth(0);
      await expect(script).toContainText("Approved and locked");
      await script.getByText("History").click();
      await expect(script.getByRole("list", { name: "Script: history" })).toContainText("Customer approved v1");
      await expect(script.getByRole("list", { name: "Script: history" })).toContainText("Ann Approver (approver) approved: locked");
    });
  });
}
