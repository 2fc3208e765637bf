import type { Page } from "@playwright/test";
import { cardTitles, expect, hydrated, test } from "./fixtures";

const PAGE_ONE = ["3D Product Launch Animation", "Animated Explainer Video", "3D Logo Reveal", "Architectural Walkthrough", "Motion Graphics Ad Pack"];

test.describe("/products", () => {
  test("shows the banner, heading, filters, five cards and pagination", async ({ page }) => {
    await page.goto("/products");
    // A promotion as it is (the SPEC's 'up to 20% off' named no code and no service): what, where, and its code.
    const banner = page.getByRole("region", { name: "Promotion" });
    await expect(banner.getByTestId("promotion-offer")).toHaveText("20% off 3D Logo Reveal, 3D Product Launch Animation and Architectural Walkthrough");
    await expect(banner.getByText("Use the code LAUNCH20 at checkout.")).toBeVisible();
    await expect(banner.getByRole("link", { name: "3D Logo Reveal" })).toHaveAttribute("href", /^\/products\/\d+$/);
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Filter by tag" });
    await expect(filters.getByText("Filters", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(filters.getByRole("link", { name: "Clear", exact: true })).toBeVisible();
    await expect(filters.getByRole("link")).toHaveCount(9);
    await expect(cardTitles(page)).toHaveText(PAGE_ONE);
    const first = page.locator("article").first();
    await expect(first.getByText("From £499.00")).toBeVisible();
    // No invented ratings: a product nobody has reviewed (no browser test orders it) says so, without stars.
    const unreviewed = page.locator("article").filter({ hasText: "Motion Graphics Ad Pack" });
    await expect(unreviewed.getByTestId("rating-new")).toHaveText("New");
    await expect(unreviewed.getByTestId("rating")).toHaveCount(0);
    const pager = page.getByRole("navigation", { name: "Products pages" });
    await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  test("filters by tag, clears, and paginates", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Filter by tag" }).getByRole("link", { name: "Architecture" }).click();
    await expect(page).toHaveURL(/tag=Architecture/);
    await expect(cardTitles(page)).toHaveText(["Architectural Walkthrough", "Photoreal Product Render"]);
    await expect(page.getByRole("link", { name: "Architecture" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("navigation", { name: "Products pages" })).toHaveCount(0);

    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cardTitles(page)).toHaveText(PAGE_ONE);

    const pager = page.getByRole("navigation", { name: "Products pages" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cardTitles(page).first()).toHaveText("Photoreal Product Render");
    await pager.getByRole("link", { name: "Page 3" }).click();
    await expect(cardTitles(page)).toHaveCount(4);
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/page=2/);
  });

  test("shows five skeleton cards while the next page loads", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/products.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Products pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("product-skeleton")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Products" })).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByTestId("product-skeleton")).toHaveCount(0);
    await expect(cardTitles(page).first()).toHaveText("Photoreal Product Render");
  });

  test("only one card video plays at a time", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const videos = page.getByTestId("card-video");
    // The first page's services all show their film.
    const titles = await cardTitles(page).allTextContents();
    await expect(videos).toHaveCount(titles.length);
    const playing = () => videos.evaluateAll((list) => list.flatMap((v, i) => ((v as HTMLVideoElement).paused ? [] : [i])));
    const first = titles.indexOf("3D Product Launch Animation");
    const logo = titles.indexOf("3D Logo Reveal");

    await page.getByRole("button", { name: "Play preview of 3D Product Launch Animation" }).click();
    await expect.poll(playing).toEqual([first]);
    await page.getByRole("button", { name: "Play preview of 3D Logo Reveal" }).click();
    await expect.poll(playing).toEqual([logo]);
    await expect(page.getByRole("button", { name: "Pause preview of 3D Logo Reveal" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Pause preview of 3D Logo Reveal" }).click();
    await expect.poll(playing).toEqual([]);
  });

  test("lays cards out in 2, 3 or 4 columns by width", async ({ page }) => {
    const columns = () =>
      page
        .getByRole("region", { name: "Products" })
        .locator("ul")
        .first()
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    for (const [width, expected] of [
      [390, 2],
      [900, 3],
      [1400, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/products");
      expect(await columns()).toBe(expected);
    }
  });

  test("a page past the end shows the last page", async ({ page }) => {
    await page.goto("/products?page=42");
    await expect(page).toHaveURL(/page=3/);
    await expect(cardTitles(page)).toHaveCount(4);
  });
});

test.describe("/products without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters, clears and paginates with plain links", async ({ page }) => {
    await page.goto("/products");
    await expect(cardTitles(page)).toHaveText(PAGE_ONE);
    await page.getByRole("link", { name: "Character Animation" }).click();
    await expect(cardTitles(page)).toHaveText(["Character Animation Short", "Whiteboard Explainer"]);
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await page.getByRole("navigation", { name: "Products pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cardTitles(page).first()).toHaveText("Photoreal Product Render");
  });

  test("the header search is a form that finds products", async ({ page }) => {
    await page.goto("/products");
    const search = page.getByRole("combobox", { name: "Search services" });
    await expect(search).toHaveAttribute("placeholder", "Search a service");
    await search.fill("walkthrough");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=walkthrough/);
    await expect(cardTitles(page)).toHaveText(["Architectural Walkthrough"]);
    await expect(page.getByRole("status")).toHaveText("1 result for “walkthrough”");
  });
});

test("@mobile on a phone the tag chips sit on one row that scrolls, and 'Filters' opens a sheet with every tag, without JavaScript too", async ({
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ ...test.info().project.use, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/products");
    const row = page.getByTestId("filter-row");
    const chips = row.getByRole("link");
    // One row: every chip at the same height, the row scrolling sideways.
    const tops = await chips.evaluateAll((links) => new Set(links.map((l) => Math.round(l.getBoundingClientRect().top))).size);
    expect(tops).toBe(1);
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // 'Filters' turns the row into a sheet at the bottom of the screen, every tag in view at once.
    await page.getByRole("navigation", { name: "Filter by tag" }).getByText("Filters", { exact: true }).filter({ visible: true }).click();
    expect(await row.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    for (const chip of await chips.all()) await expect(chip).toBeInViewport();
    await row.getByRole("link", { name: "Architecture" }).click();
    await expect(page).toHaveURL(/\/products\?tag=Architecture$/);
    await context.close();
  }
});

test("@mobile listing shows two columns and the search box", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByPlaceholder("Search a service")).toBeVisible();
  const columns = await page
    .getByRole("region", { name: "Products" })
    .locator("ul")
    .first()
    .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(2);
});

/** The copy of the first two card images the browser chose, once loaded: its URL and drawn width (0 if it failed to decode). */
async function chosenImages(page: Page) {
  const images = page.getByRole("region", { name: "Products" }).locator("picture img");
  await expect(images.first()).toBeVisible();
  await page.waitForFunction(() => [...document.querySelectorAll("picture img")].slice(0, 2).every((img) => (img as HTMLImageElement).complete));
  return images.evaluateAll((all) =>
    all.slice(0, 2).map((img) => ({ src: (img as HTMLImageElement).currentSrc, width: (img as HTMLImageElement).naturalWidth })),
  );
}

test("cards load AVIF copies sized for the card, and video cards an AVIF poster", async ({ page }) => {
  const poster = page.waitForResponse((response) => /\/seed-thumb-\d+\.jpg\.w480\.auto$/.test(response.url()));
  await page.goto("/products");
  // Chromium reads AVIF, so the poster's one URL answers with the AVIF copy.
  expect((await poster).headers()["content-type"]).toBe("image/avif");
  // A poster has no srcset: one copy for every screen, 480 pixels wide.
  await expect(page.getByTestId("card-video").first()).toHaveAttribute("poster", /\/media\/products\/\d+\/seed-thumb-\d+\.jpg\.w480\.auto$/);
  // The first page's services all show a film: pictures are on the second.
  await page.goto("/products?page=2");
  for (const chosen of await chosenImages(page)) {
    // A desktop card is about 300 CSS pixels wide: the 320-pixel copy is enough.
    expect(chosen.src).toMatch(/\/media\/products\/\d+\/seed-image-\d+\.jpg\.w320\.avif$/);
    expect(chosen.width).toBeGreaterThan(0);
  }
});

test("@mobile cards on a phone load the 640-pixel AVIF copy (two columns at a high pixel ratio)", async ({ page }) => {
  await page.goto("/products?page=2");
  for (const chosen of await chosenImages(page)) {
    expect(chosen.src).toMatch(/\.jpg\.w640\.avif$/);
    expect(chosen.width).toBeGreaterThan(0);
  }
});
