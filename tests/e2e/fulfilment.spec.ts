import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser } from "@playwright/test";
import { adminLogIn, expect, hydrated, logIn, paidOrderThroughApi, PAY_BUTTON, saveCheckoutAddress, signUp, test, uniqueEmail } from "./fixtures";

/** After payment: My Orders → the order's page → the brief → production has started, with JavaScript on and off. */
const PASSWORD = "Str0ng!Pass";

/** A customer with one paid order, made through the API the way any client would. */
async function customerWithPaidOrder(request: APIRequestContext) {
  return paidOrderThroughApi(request, { name: "Brief Writer" });
}

const media = (file: string) => fileURLToPath(new URL(`./files/${file}`, import.meta.url));

/** The studio uploads a delivery from the admin order page, in its own browser context. */
async function studioDelivers(browser: Browser, id: number, note: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
  const admin = await context.newPage();
  await adminLogIn(admin, `/admin/orders/${id}`);
  if (javaScriptEnabled) await hydrated(admin);
  await admin.getByLabel("Files to deliver").setInputFiles(media("video-01.mp4"));
  // With JavaScript each chosen file is listed with its role: the first MP4 is the film to review.
  if (javaScriptEnabled)
    await expect(admin.getByRole("list", { name: "Files to upload" }).getByRole("combobox", { name: "Role of video-01.mp4" })).toHaveValue("preview");
  await admin.getByLabel("Note to the customer").fill(note);
  await admin.getByRole("button", { name: "Deliver", exact: true }).click();
  await expect(admin.getByRole("status")).toHaveText("Delivered. The customer can review it now.");
  // At the top of the page it came back to, in view.
  await expect(admin.getByRole("status")).toBeInViewport();
  await context.close();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the brief, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 4(00|22)/] });

    test("My Orders → the order → write the brief (a refused try keeps the input) → in production", async ({ page }) => {
      const { email, id } = await customerWithPaidOrder(page.request);
      await logIn(page, email, PASSWORD);
      await page.goto("/profile/orders");
      const card = page.getByRole("listitem").filter({ hasText: "Awaiting brief" });
      // Work started at once was asked for (the API's default): it starts with the brief.
      await expect(card.getByTestId("order-dates")).toHaveText(/^Starts with your brief, due \d+ days later \(\w{3} \d{1,2} \w{3} if sent today\)$/);
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
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! Your brief is with the studio and production has started.");
      await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("In production");
      await expect(page.getByText("A 60-second launch film for our espresso machine.")).toBeVisible();
      await expect(page.getByRole("link", { name: "https://example.com/film" })).toBeVisible();
      await expect(page.getByText(/days left/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Write your brief" })).toHaveCount(0);

      // Changes now go through the order's messages.
      await page.getByLabel("Write to the studio").fill("One more idea: https://example.com/idea");
      await page.getByRole("button", { name: "Send message" }).click();
      const thread = page.getByRole("region", { name: "Messages" });
      await expect(thread.getByRole("listitem")).toHaveCount(1);
      await expect(thread.getByRole("link", { name: "https://example.com/idea" })).toHaveAttribute("rel", "nofollow noopener noreferrer ugc");
      // The sent text leaves the box, so it is not sent twice.
      await expect(page.getByLabel("Write to the studio")).toHaveValue("");

      // My Orders shows the dates the studio now holds to.
      await page.goto("/profile/orders");
      const today = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());
      await expect(page.getByRole("listitem").filter({ hasText: "In production" }).getByTestId("order-dates")).toHaveText(
        new RegExp(`^Started ${today}, due \\w{3} \\d{1,2} \\w{3}$`),
      );
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`delivery and review, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 4(00|22)/] });

    test("pay → brief → the studio delivers a video → a revision with a pinned comment → redelivery → approval → invoice", async ({ page, browser }) => {
      // The whole life of an order in one flow (about 20 s alone): three times the usual budget.
      test.slow();
      // Pay on the checkout and write the brief from the success panel, as a customer would.
      await signUp(page, { name: "Launch Buyer", email: uniqueEmail("journey") });
      await page.goto("/products/1/checkout?package=0&add=1");
      if (javaScriptEnabled) await hydrated(page);
      await saveCheckoutAddress(page, { street: "1 Studio Lane" });
      await expect(page.getByTestId("selected-address")).toContainText("1 Studio Lane");
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByLabel("Expiry").fill("12/34");
      await page.getByLabel("CVC").fill("123");
      // A consumer asks for work to start at once (else the brief waits out the 14-day cancellation period).
      await page.getByLabel(/^Start work now\. I understand that if I cancel within 14 days I pay for the work done/).check();
      await page.getByRole("button", { name: PAY_BUTTON }).click();
      await expect(page.getByText("Payment Successful!")).toBeVisible();
      await page.getByRole("link", { name: "Write your brief" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your brief" })).toBeVisible();
      const id = Number(/\/profile\/orders\/(\d+)\/brief/.exec(page.url())![1]);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("What is the video for?").fill("A 60-second launch film for our espresso machine.");
      await page.getByRole("button", { name: "Submit brief and start production" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! Your brief is with the studio and production has started.");

      await studioDelivers(browser, id, "First cut", javaScriptEnabled);
      await page.goto(`/profile/orders/${id}`);
      const latest = page.getByRole("article", { name: /^Delivery of / }).first();
      await expect(latest.getByText("First cut", { exact: true })).toBeVisible();
      await expect(latest.locator("video")).toHaveAttribute("src", new RegExp(`^/orders/${id}/files/\\d+$`));
      // The Basic package: one revision, as its product page promised.
      await expect(page.getByText("1 of your revisions left.")).toBeVisible();

      // A comment on the video is the request: made in the room (at the frame on screen, or typed without JavaScript) …
      const room = page.getByRole("form", { name: "Add a comment" });
      if (javaScriptEnabled) await hydrated(page);
      else await room.getByLabel("Time (m:ss, h:mm:ss or hh:mm:ss:ff)").fill("0:03");
      await room.getByLabel("Comment").fill("Logo too small here");
      await room.getByRole("button", { name: "Add comment" }).click();
      // … the comment box is empty again, ready for the next one …
      await expect(page.getByRole("form", { name: "Add a comment" }).getByLabel("Comment")).toHaveValue("");
      // … and "Ask for changes" lists it, ticked; the note is optional.
      const include = page.getByRole("group", { name: "Comments to include" });
      await expect(include.getByRole("checkbox", { name: /Logo too small here$/ })).toBeChecked();
      await page.getByLabel("Anything else? (optional)").fill("Warmer colours, please");
      await page.getByRole("button", { name: "Request revision" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Your revision request is with the studio.");
      // The round of changes is where the order stands, due the package's revision days from now (3 for Basic).
      await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("Revision 1");
      await expect(page.getByText("3 days left")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Logo too small here" }).getByText("In a revision", { exact: true })).toBeVisible();
      await expect(page.getByText("Warmer colours, please").first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Approve delivery" })).toHaveCount(0);

      await studioDelivers(browser, id, "Second cut, warmer", javaScriptEnabled);
      await page.goto(`/profile/orders/${id}`);
      await expect(
        page
          .getByRole("article", { name: /^Delivery of / })
          .first()
          .getByText("Second cut, warmer"),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ask for changes" })).toHaveCount(0);
      await page.getByRole("button", { name: "Approve delivery" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! The order is complete.");
      await expect(page.getByRole("list", { name: "Order progress" }).locator('[aria-current="step"]')).toContainText("Completed");

      // A completed order can be reviewed: a too-short text is refused and kept; the review shows on the product's page.
      const reviewForm = page.getByRole("region", { name: "Your review" });
      // Billed to no company, so there is none to name.
      await expect(reviewForm.getByLabel(/^Name my company/)).toHaveCount(0);
      await reviewForm.getByLabel("4 stars").check();
      await reviewForm.getByLabel("Your review").fill("Too short");
      await reviewForm.getByRole("button", { name: "Publish review" }).click();
      await expect(page.getByText("Write at least 20 characters")).toBeVisible();
      await expect(page.getByRole("region", { name: "Your review" }).getByLabel("Your review")).toHaveValue("Too short");
      const words = `Warm colours and a sharp logo after one round of changes (${javaScriptEnabled ? "with" : "without"} JavaScript).`;
      await page.getByRole("region", { name: "Your review" }).getByLabel("4 stars").check();
      await page.getByRole("region", { name: "Your review" }).getByLabel("Your review").fill(words);
      await page.getByRole("region", { name: "Your review" }).getByRole("button", { name: "Publish review" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! Your review is on the service's page.");
      await page.goto("/products/1?reviews_sort=newest");
      const shown = page.getByTestId("review").filter({ hasText: words });
      await expect(shown).toContainText("Launch B., United Kingdom");
      await expect(shown).toContainText("Verified purchase");
      await expect(shown).toContainText("Basic package");
      // The day it was written, in words (the server writes them).
      await expect(shown).toContainText(
        new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date()),
      );
      await expect(page.getByTestId("rating")).toBeVisible();
      await page.goto(`/profile/orders/${id}`);

      // The invoice: a printable page and its PDF.
      await page.getByRole("link", { name: /^View invoice INV-\d{4}-\d{6}$/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
      await expect(page.getByText("Date of supply")).toBeVisible();
      await expect(page.getByText("1 Studio Lane")).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download PDF" }).click();
      const pdf = await download;
      expect(pdf.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
      const bytes = await readFile((await pdf.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`refunds, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 4(00|22)/] });

    test("the studio refunds a paid order with a reason; a second try is refused; the customer sees it", async ({ page, browser }) => {
      const { email, id } = await customerWithPaidOrder(page.request);
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
      const admin = await context.newPage();
      await adminLogIn(admin, `/admin/orders/${id}`);
      if (javaScriptEnabled) await hydrated(admin);
      // Who bought what comes first; the refund is a secondary action at the end of the page.
      const customer = admin.getByRole("region", { name: "Customer" });
      await expect(customer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await expect(customer.getByTestId("order-package")).toContainText(/^(Basic|Standard|Premium) · /);
      await expect(customer.getByRole("list", { name: "Package includes" }).getByRole("listitem").first()).toBeVisible();
      const refund = admin.getByRole("region", { name: "Refund" });
      const [customerBox, workBox, refundBox] = await Promise.all([customer, admin.getByRole("region", { name: "Work" }), refund].map((l) => l.boundingBox()));
      expect(customerBox!.y).toBeLessThan(workBox!.y);
      expect(workBox!.y).toBeLessThan(refundBox!.y);
      await refund.getByRole("button", { name: /^Cancel and refund / }).click();
      await expect(refund.getByText("Give a reason for the refund")).toBeVisible();
      await expect(refund.getByText("Choose what to refund")).toBeVisible();
      await refund.getByRole("radio", { name: /^All that is left \(£[\d,.]+\), which also cancels the work$/ }).check();
      await refund.getByLabel("Reason for the refund").fill("The launch was called off");
      await refund.getByRole("button", { name: /^Cancel and refund / }).click();
      // A second step names the amount; 'Change' goes back with the reason kept; nothing is refunded until confirmed.
      await expect(refund.getByTestId("confirm-refund")).toHaveText(/^Refund £[\d,.]+ and cancel the work\?$/);
      await refund.getByRole("button", { name: "Change" }).click();
      await expect(refund.getByLabel("Reason for the refund")).toHaveValue("The launch was called off");
      await refund.getByRole("button", { name: /^Cancel and refund / }).click();
      await refund.getByRole("button", { name: /^Confirm refund of £[\d,.]+$/ }).click();
      await expect(admin.getByRole("status")).toHaveText("Refunded. The customer has been told by email.");
      await expect(refund).toContainText("The launch was called off");
      await expect(refund.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ })).toBeVisible();
      await expect(admin.getByRole("region", { name: "Order Information" }).getByText("refunded")).toHaveAttribute("data-colour", "violet");
      await context.close();

      await logIn(page, email, PASSWORD);
      await page.goto(`/profile/orders/${id}`);
      await expect(page.getByRole("region", { name: "Refunded" })).toContainText("The order is cancelled.");
      await expect(page.getByRole("main").getByText("Cancelled", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("main").getByText("refunded", { exact: true })).toHaveAttribute("data-colour", "violet");
    });
  });
}
