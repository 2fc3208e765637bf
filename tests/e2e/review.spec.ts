import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, linkFromOutbox, logIn, paidOrderThroughApi, test, uniqueEmail } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * Reviewing versions: the switcher and a side-by-side compare played together, frame stepping, a
 * comment with a drawing that shows over the frame when selected; without JavaScript a comment typed
 * as m:ss:ff; a colleague invited by email comments through their link.
 */
const PASSWORD = "Str0ng!Pass";
const media = (file: string) => fileURLToPath(new URL(`./files/${file}`, import.meta.url));

async function adminToken(request: APIRequestContext) {
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  return { Authorization: `Bearer ${(await signIn.json()).data.access_token}` };
}

/** A customer's order with two versions delivered (v1, a revision asked, v2), made through the API. */
async function orderWithTwoVersions(request: APIRequestContext) {
  const { email, id, auth } = await paidOrderThroughApi(request, { name: "Rita Viewer", packageIndex: 1, brief: true });
  const studio = await adminToken(request);
  const video = await readFile(media("video-01.mp4"));
  for (const [i, note] of ["First cut", "Second cut"].entries()) {
    const delivered = await request.post(`/api/v1/orders/${id}/deliveries`, {
      headers: studio,
      multipart: { note, frame_rate: "25", "files[]": { name: `cut-${i + 1}.mp4`, mimeType: "video/mp4", buffer: video } },
    });
    expect(delivered.status()).toBe(201);
    if (i === 0)
      expect((await request.post(`/api/v1/orders/${id}/revisions`, { headers: auth, data: { revision: { note: "Warmer, please" } } })).status()).toBe(201);
  }
  return { email, id };
}

test.describe("reviewing versions", () => {
  test.use({ allowedConsole: [/status of 4(00|22)/] });

  test("compare two versions played together; step frames; a drawn comment shows over the frame", async ({ page }) => {
    test.slow();
    const { email, id } = await orderWithTwoVersions(page.request);
    await logIn(page, email, PASSWORD);
    await page.goto(`/profile/orders/${id}`);
    await hydrated(page);
    const versions = page.getByRole("navigation", { name: "Versions" });
    await expect(versions.getByRole("link", { name: "v2 (latest)" })).toHaveAttribute("aria-current", "page");

    await versions.getByRole("link", { name: "Compare v1 with v2" }).click();
    const compare = page.getByRole("region", { name: "v1 and v2 side by side" });
    await expect(compare).toBeVisible();
    await expect.poll(() => compare.locator("video").evaluateAll((videos) => videos.every((v) => (v as HTMLVideoElement).readyState >= 1))).toBe(true);
    await compare.getByLabel("Position in both versions").fill("1.5");
    await expect
      .poll(() => compare.locator("video").evaluateAll((videos) => videos.map((v) => Math.round((v as HTMLVideoElement).currentTime * 10) / 10)))
      .toEqual([1.5, 1.5]);
    await compare.getByRole("button", { name: "Play both" }).click();
    await expect.poll(() => compare.locator("video").evaluateAll((videos) => videos.every((v) => !(v as HTMLVideoElement).paused))).toBe(true);
    await compare.getByRole("button", { name: "Pause both" }).click();
    await expectNoViolations(page, "compare view");

    await page.getByRole("link", { name: "Back to v2" }).click();
    // The navigation is over (the toggle posts back to the page's own address) before anything is clicked.
    await expect(page).not.toHaveURL(/compare=/);
    const player = page.getByRole("group", { name: /^Version 2:/ });
    // Times as the player shows them (a 4-second clip reads 0:04, not 0:04:00); an editor switches to SMPTE.
    await expect(player.getByLabel("Frame on screen")).toHaveText(/^0:00 \/ 0:0\d$/);
    await page.getByRole("button", { name: "Show SMPTE timecode" }).click();
    await expect(page.getByRole("button", { name: "Show times as 0:04" })).toBeVisible();
    await expect(player.getByLabel("Frame on screen")).toHaveText(/^00:00:00:00 \/ 00:00:0\d:\d\d$/);
    // Frame by frame with the keyboard.
    await player.getByRole("button", { name: "Frame ›" }).focus();
    await page.keyboard.press(".");
    await page.keyboard.press(".");
    await page.keyboard.press(".");
    await page.keyboard.press(",");
    await expect(player.getByLabel("Frame on screen")).toHaveText(/^00:00:00:02 \//);

    // Draw a rectangle on the paused frame, then comment.
    const form = page.getByRole("form", { name: "Add a comment" });
    await form.getByRole("button", { name: "Draw on the frame" }).click();
    await form.getByText("Rectangle").click();
    const area = player.getByRole("img", { name: "Drawing area over the paused frame" });
    await area.scrollIntoViewIfNeeded();
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.8, { steps: 5 });
    await page.mouse.up();
    await form.getByRole("button", { name: "Done drawing" }).click();
    await expect(form.getByText("1 shape drawn on the frame.")).toBeVisible();
    await expect(form.getByText("At 00:00:00:02")).toBeVisible();
    await form.getByLabel("Comment").fill("Move the logo into this box");
    await form.getByRole("button", { name: "Add comment" }).click();

    const comment = page.getByRole("region", { name: "Comments on v2" }).getByRole("listitem").filter({ hasText: "Move the logo into this box" });
    await expect(comment).toBeVisible();
    await expect(comment.getByText("Drawing", { exact: true })).toBeVisible();
    await comment.getByRole("button", { name: /^00:00:00:02/ }).click();
    const overlay = player.getByRole("img", { name: "The selected comment's drawing" });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator("rect")).toHaveCount(1);
    await expect(
      page.getByRole("list", { name: "Comments on the timeline" }).getByRole("button", { name: /^Comment at 00:00:00:02 by Rita Viewer$/ }),
    ).toBeVisible();
    await expectNoViolations(page, "review room with a selected drawing");
  });

  test("without JavaScript: a comment typed as SMPTE, a refused time keeps the text; times as the player shows them or SMPTE", async ({ browser, page }) => {
    const { email, id } = await orderWithTwoVersions(page.request);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const customer = await context.newPage();
    await logIn(customer, email, PASSWORD);
    await customer.goto(`/profile/orders/${id}`);
    const form = customer.getByRole("form", { name: "Add a comment" });
    // Nothing that reads as decimal seconds.
    await form.getByLabel("Time (m:ss, h:mm:ss or hh:mm:ss:ff)").fill("0:01.5");
    await form.getByLabel("Comment").fill("Hold this shot longer");
    await form.getByRole("button", { name: "Add comment" }).click();
    await expect(customer.getByText("Enter a time like 0:42, 1:02:03 or 00:00:42:12")).toBeVisible();
    await expect(customer.getByRole("form", { name: "Add a comment" }).getByLabel("Comment")).toHaveValue("Hold this shot longer");
    await customer.getByRole("form", { name: "Add a comment" }).getByLabel("Time (m:ss, h:mm:ss or hh:mm:ss:ff)").fill("00:00:01:12");
    await customer.getByRole("form", { name: "Add a comment" }).getByRole("button", { name: "Add comment" }).click();
    const shown = customer.getByRole("region", { name: "Comments on v2" }).getByRole("listitem").filter({ hasText: "Hold this shot longer" });
    await expect(shown.getByText("0:01", { exact: true })).toBeVisible();
    // The choice of SMPTE holds without JavaScript (a cookie), until switched back.
    await customer.getByRole("button", { name: "Show SMPTE timecode" }).click();
    await expect(shown.getByText("00:00:01:12", { exact: true })).toBeVisible();
    await customer.getByRole("button", { name: "Show times as 0:04" }).click();
    await expect(shown.getByText("0:01", { exact: true })).toBeVisible();
    await context.close();
  });

  test("a colleague invited by email comments through their link; the customer sees it before approving", async ({ page, browser }) => {
    const { email, id } = await orderWithTwoVersions(page.request);
    await logIn(page, email, PASSWORD);
    await page.goto(`/profile/orders/${id}`);
    await hydrated(page);
    const colleague = uniqueEmail("colleague");
    const guests = page.getByRole("region", { name: "Review with colleagues" });
    await guests.getByLabel("Colleague's email").fill(colleague);
    await guests.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent. Your colleague can now watch and comment.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Invited colleagues" })).toContainText(colleague);

    const link = await linkFromOutbox(browser, {
      to: colleague,
      subject: `Rita Viewer invited you to review "3D Product Launch Animation" (v2), order #${id}`,
      path: "/review/",
      linkName: "Review the video",
    });
    const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const guest = await guestContext.newPage();
    await guest.goto(link.pathname);
    await guest.getByLabel("Your name, as your comments show it").fill("Grace Hopper");
    await guest.getByRole("button", { name: "Continue" }).click();
    await hydrated(guest);
    // A plain reviewer's frame: the film and who reviews it, none of the shop's account links.
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("3D Product Launch Animation");
    await expect(guest.getByText("You are reviewing as Grace Hopper")).toBeVisible();
    await expect(guest.getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await expect(guest.getByRole("combobox", { name: "Search services" })).toHaveCount(0);
    await expect(guest.getByRole("heading", { name: "Comments on v2" })).toBeVisible();
    await expect(guest.getByRole("button", { name: "Approve delivery" })).toHaveCount(0);
    await guest.getByRole("form", { name: "Add a comment" }).getByLabel("Comment").fill("The music is great");
    await guest.getByRole("form", { name: "Add a comment" }).getByRole("button", { name: "Add comment" }).click();
    await expect(guest.getByRole("listitem").filter({ hasText: "The music is great" }).getByText("Guest", { exact: true })).toBeVisible();
    await expectNoViolations(guest, "a guest's review page");
    await guestContext.close();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Open comments from your colleagues" })).toBeVisible();
    await expect(page.getByText("Grace Hopper: The music is great", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "I need 3 more days" }).click();
    await expect(page.getByText("You have 3 more days to review the delivery.")).toBeVisible();
    await expect(page.getByRole("button", { name: "I need 3 more days" })).toHaveCount(0);
  });
});

test("@mobile on a touch screen the review room shows no keyboard hints; times read as the player shows them", async ({ page }) => {
  const { email, id } = await orderWithTwoVersions(page.request);
  await logIn(page, email, PASSWORD);
  await page.goto(`/profile/orders/${id}`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Add a comment" });
  await expect(form.getByRole("button", { name: "Set in here", exact: true })).toBeVisible();
  await expect(form.getByRole("button", { name: "Set out here", exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Version 2:/ }).getByLabel("Frame on screen")).toHaveText(/^0:00 \/ 0:0\d$/);
  await page.screenshot({ path: "test-results/phone-walk/9-review-room.png", fullPage: true });
});
