import { fileURLToPath } from "node:url";
import { adminLogIn, expect, hydrated, paidOrderThroughApi, test } from "./fixtures";

/**
 * The studio's order page as a person sees it, with full-page screenshots kept for a person to look
 * at (test-results/admin-walk/): an order in production with files chosen for its delivery (one area,
 * each file with its role), the order delivered (the notice at the top, in view), and the same page
 * at a phone's width. Each step asserts what the screenshots once showed wrong: the sidebar runs the
 * page's whole height, the refund button says the amount typed, nothing scrolls sideways.
 */
const shot = (name: string) => ({ path: `test-results/admin-walk/${name}.png`, fullPage: true });
const seed = (file: string) => fileURLToPath(new URL(`./files/${file}`, import.meta.url));

test("the admin order page, in production and delivered, on a desktop and a phone", async ({ page }) => {
  const { id } = await paidOrderThroughApi(page.request, { name: "Walter Walk", brief: true });
  await adminLogIn(page, `/admin/orders/${id}`);
  await hydrated(page);

  await page.getByLabel("Files to deliver").setInputFiles([seed("video-01.mp4"), seed("image-01.jpg")]);
  const chosen = page.getByRole("list", { name: "Files to upload" });
  await expect(chosen.getByRole("combobox", { name: "Role of video-01.mp4" })).toHaveValue("preview");
  await expect(chosen.getByRole("combobox", { name: "Role of image-01.jpg" })).toHaveValue("file");
  const refund = page.getByRole("region", { name: "Refund" });
  await refund.getByLabel(/^Amount of the part/).fill("10");
  await expect(refund.getByRole("button", { name: "Refund £10.00" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot("1-order-in-production"));
  // The upload area at a phone's width: nothing scrolls sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.screenshot(shot("2-order-in-production-phone"));
  await page.setViewportSize(desktop);

  await page.getByLabel("Note to the customer").fill("The first cut");
  await page.getByRole("button", { name: "Deliver", exact: true }).click();
  const notice = page.getByRole("status");
  await expect(notice).toHaveText("Delivered. The customer can review it now.");
  await expect(notice).toBeInViewport();
  // The sidebar's column is as tall as the page.
  const heights = await page.evaluate(() => ({
    sidebar: document.querySelector("aside")?.getBoundingClientRect().height ?? 0,
    page: document.documentElement.scrollHeight,
  }));
  expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1);
  // The refund typed before delivering is not kept once the work has moved on.
  await expect(refund.getByLabel(/^Amount of the part/)).toHaveValue("");
  await page.screenshot(shot("3-order-delivered"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.screenshot(shot("4-order-delivered-phone"));
});
