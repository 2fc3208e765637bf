import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { adminLogIn, creatorLogIn, expect, hydrated, linkFromOutbox, paidOrderThroughApi, test, uniqueEmail } from "./fixtures";

/**
 * Creators in the browser: an admin invites one, they accept and fill their profile, the admin names
 * them on a product and assigns them a paid order; they write to the customer, deliver, handle a
 * revision and see the approval, with JavaScript on and off, and never see the buyer's email or
 * address. Then suspension, as the admin and as the creator.
 */
const media = (file: string) => fileURLToPath(new URL(`./files/${file}`, import.meta.url));
const PASSWORD = "Cr3ator!Pass";

async function asAdmin<T>(browser: Browser, javaScriptEnabled: boolean, work: (admin: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
  const admin = await context.newPage();
  try {
    return await work(admin);
  } finally {
    await context.close();
  }
}

/** The admin invites `name` from /admin/creators; the creator opens the emailed link and chooses their name and password. */
async function inviteAndAccept(browser: Browser, page: Page, name: string, javaScriptEnabled: boolean) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  await asAdmin(browser, javaScriptEnabled, async (admin) => {
    await adminLogIn(admin, "/admin/creators");
    await expect(admin.getByRole("heading", { level: 1, name: "Creators" })).toBeVisible();
    if (javaScriptEnabled) await hydrated(admin);
    const invite = admin.getByRole("region", { name: "Invite a creator" });
    await invite.getByLabel("Name").fill(name);
    await invite.getByLabel("Email").fill("not-an-email");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText("Please enter a valid email address")).toBeVisible();
    await expect(invite.getByLabel("Name")).toHaveValue(name);
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(admin.getByRole("status")).toHaveText(`Invitation sent to ${email}. The link works for 7 days.`);
    await expect(admin.getByTestId(/^creator-/).filter({ hasText: email })).toContainText("Invited");
  });
  const link = await linkFromOutbox(browser, {
    to: email,
    subject: "Join Reelcraft as a creator",
    path: "/creator/invitation",
    linkName: "Accept the invitation",
    javaScriptEnabled,
  });
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "Join Reelcraft as a creator" })).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue(name);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("textbox", { name: "Password" }).fill("short");
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page).toHaveURL(/\/studio\/profile\?welcome=1$/);
  return email;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a creator's work, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 4(00|04|09|22)/] });

    test("invited → profile → assigned a paid order → writes, delivers, handles a revision, sees the approval; never the buyer's email or address", async ({
      page,
      browser,
    }) => {
      test.slow();
      const name = javaScriptEnabled ? "Ines Park" : "Olu Bakare";
      // Each run its own product: the admins' product form sets a product's creators as a whole.
      const productId = javaScriptEnabled ? 3 : 4;
      await inviteAndAccept(browser, page, name, javaScriptEnabled);

      // The profile, with a refused try that keeps what was typed.
      await expect(page.getByRole("status")).toContainText("Welcome to Reelcraft.");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Headline").fill("Logo reveals and walkthroughs");
      await page.getByLabel("Country").selectOption("DE");
      await page.getByLabel("Languages").fill("English, German");
      await page.getByRole("checkbox", { name: "3D Animation" }).check();
      await page.getByLabel("Orders at once").fill("25");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Capacity must be a whole number from 1 to 20")).toBeVisible();
      await expect(page.getByLabel("Headline")).toHaveValue("Logo reveals and walkthroughs");
      await expect(page.getByLabel("Languages")).toHaveValue("English, German");
      await page.getByLabel("Orders at once").fill("4");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByRole("status")).toHaveText("Profile saved.");
      await expect(page.getByLabel("Languages")).toHaveValue("English, German");

      // The admin names them on the product and assigns them an order of it.
      const order = await paidOrderThroughApi(page.request, { name: "Buyer Person", brief: true, productId });
      await asAdmin(browser, javaScriptEnabled, async (admin) => {
        await adminLogIn(admin, `/admin/products/${productId}/edit`);
        const creators = admin.getByRole("region", { name: "Creators", exact: true });
        await creators.getByRole("checkbox", { name }).check();
        await creators.getByRole("button", { name: "Save creators" }).click();
        await expect(admin.getByText("Creators saved.")).toBeVisible();
        await admin.goto(`/admin/orders/${order.id}`);
        const assignment = admin.getByRole("region", { name: "Creator", exact: true });
        await expect(assignment.getByTestId("assigned-creator")).toHaveText("Unassigned");
        await assignment.getByLabel("Assign to").selectOption({ label: name });
        await assignment.getByRole("button", { name: "Assign", exact: true }).click();
        await expect(admin.getByRole("status")).toHaveText("Assigned. The creator sees the order in their workspace now.");
        await expect(admin.getByRole("region", { name: "Creator", exact: true }).getByTestId("assigned-creator")).toContainText(name);
      });

      // Their workspace: the order in production, the buyer by first name only.
      await page.goto("/studio");
      const card = page.getByRole("listitem").filter({ hasText: `Order #${order.id}:` });
      await expect(card).toContainText("For Buyer P. · United Kingdom");
      await card.getByRole("link", { name: new RegExp(`^Order #${order.id}:`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
      await expect(page.getByTestId("creator-buyer")).toHaveText("Buyer P. · United Kingdom");
      await expect(page.getByText("A 60-second launch film for our espresso machine, for the website.")).toBeVisible();
      if (javaScriptEnabled) await hydrated(page);

      const thread = page.getByRole("region", { name: "Messages" });
      await thread.getByLabel("Write to the customer").fill("Hello, I am making your film this week.");
      await thread.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("region", { name: "Messages" }).getByText("Hello, I am making your film this week.")).toBeVisible();

      const deliver = async (note: string) => {
        if (javaScriptEnabled) await hydrated(page);
        await page.getByLabel("Files to deliver").setInputFiles(media("video-01.mp4"));
        await page.getByLabel("Note to the customer").fill(note);
        await page.getByRole("button", { name: "Deliver", exact: true }).click();
        await expect(page.getByRole("status")).toHaveText("Delivered. The customer can review it now.");
      };
      await deliver("First cut");
      // Off the page the delivery came back to (its notice in the address), so the next one is seen arriving.
      await page.goto(`/studio/orders/${order.id}`);

      // The customer sees the creator's message by name, and asks for a revision.
      const messages = await page.request.get(`/api/v1/orders/${order.id}/messages`, { headers: order.auth });
      expect((await messages.json()).data.at(-1)).toMatchObject({ author: "creator", author_name: name });
      expect(
        (await page.request.post(`/api/v1/orders/${order.id}/revisions`, { headers: order.auth, data: { revision: { note: "Slower, please." } } })).status(),
      ).toBe(201);
      await page.reload();
      await expect(page.getByText("Slower, please.").first()).toBeVisible();
      await expect(page.getByRole("status")).toHaveCount(0);
      await deliver("Second cut: slower");

      expect((await page.request.post(`/api/v1/orders/${order.id}/approve`, { headers: order.auth })).status()).toBe(200);
      await page.reload();
      await expect(page.getByText("Approved: this order is complete.")).toBeVisible();
      await page.goto("/studio?status=completed");
      await expect(page.getByRole("link", { name: /Completed\s*1/ })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("listitem").filter({ hasText: `Order #${order.id}:` })).toBeVisible();

      // Nowhere in the workspace: the buyer's email or address.
      for (const path of ["/studio", "/studio?status=completed", `/studio/orders/${order.id}`]) {
        await page.goto(path);
        const html = await page.content();
        expect(html, path).not.toContain(order.email);
        expect(html, path).not.toContain("1 Studio Lane");
        expect(html, path).not.toContain("LS1 1AA");
      }
    });
  });
}

test.describe("suspension, JavaScript off", () => {
  test.use({ javaScriptEnabled: false, allowedConsole: [/status of 4(04|22)/] });

  test("the admin suspends with a statement of reasons; the creator's open page stops working and they read why", async ({ page, browser }) => {
    const name = "Pia Storm";
    const email = await inviteAndAccept(browser, page, name, false);
    // The creator has the profile page open; the admin suspends them meanwhile.
    await asAdmin(browser, false, async (admin) => {
      await adminLogIn(admin, "/admin/creators");
      const row = admin.getByTestId(/^creator-/).filter({ hasText: email });
      await row.getByText(`Suspend ${name}`).click();
      await row.getByLabel("Statement of reasons (sent to the creator)").fill("Too short");
      await row.getByRole("button", { name: "Suspend", exact: true }).click();
      const again = admin.getByTestId(/^creator-/).filter({ hasText: email });
      await expect(again.getByText(/at least 20 characters/)).toBeVisible();
      await again.getByLabel("Statement of reasons (sent to the creator)").fill("Repeated missed deadlines without a word to the customer.");
      await again.getByRole("button", { name: "Suspend", exact: true }).click();
      await expect(admin.getByRole("status")).toContainText("Suspended. The creator was sent the statement of reasons");
      await expect(admin.getByTestId(/^creator-/).filter({ hasText: email })).toContainText("Suspended");
    });
    await page.getByLabel("Headline").fill("Still here");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your creator account is suspended" })).toBeVisible();
    await expect(page.getByText("Repeated missed deadlines without a word to the customer.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Studio" })).toHaveCount(0);
    // Signing in again lands on the same statement.
    await page.getByRole("button", { name: "Sign out" }).click();
    await creatorLogIn(page, "/studio", email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Your creator account is suspended" })).toBeVisible();

    // The admin lifts the suspension: the creator's workspace is theirs again.
    await asAdmin(browser, false, async (admin) => {
      await adminLogIn(admin, "/admin/creators");
      const row = admin.getByTestId(/^creator-/).filter({ hasText: email });
      await expect(row).toContainText("Repeated missed deadlines without a word to the customer.");
      await row.getByRole("button", { name: `Lift the suspension of ${name}` }).click();
      await expect(admin.getByRole("status")).toHaveText("The suspension is lifted: the creator can take work again.");
      await expect(admin.getByTestId(/^creator-/).filter({ hasText: email })).toContainText("Active");
    });
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your creator account is suspended" })).toHaveCount(0);
  });
});

test("the demo creator's workspace: work in every state, counted in the tabs", async ({ page }) => {
  await creatorLogIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Work status" }).getByRole("link");
  await expect(tabs).toHaveText([/^In production\s*\d+$/, /^Revision requested\s*\d+$/, /^Delivered\s*\d+$/, /^Completed\s*\d+$/]);
  for (const tab of ["Revision requested", "Delivered", "Completed"]) {
    await tabs.filter({ hasText: tab }).click();
    await expect(page.getByRole("link", { name: /^Order #\d+:/ }).first()).toBeVisible();
  }
});
