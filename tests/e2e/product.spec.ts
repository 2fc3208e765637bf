import { expect, hydrated, test } from "./fixtures";

test.describe("/products/{id}", () => {
  test("shows the product, its fixed texts and the comparison table", async ({ page }) => {
    await page.goto("/products/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Product Launch Animation");
    await expect(page.getByRole("heading", { name: "Launch your product in photoreal 3D" })).toBeVisible();
    await expect(page.getByText("Camera choreography")).toBeVisible();
    const panel = page.getByTestId("price-panel");
    for (const text of ["10-day turnaround", "1 Revision", "Price excludes taxes", "Response in about 10 minutes"]) {
      await expect(panel.getByText(text, { exact: true })).toBeVisible();
    }
    // No invented ratings: a rating here is the verified reviews' (the journey test writes one), never a typed-in figure.
    await expect(page.getByRole("link", { name: "How reviews are checked" })).toHaveAttribute("href", "/reviews-policy");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Package", "Basic", "Standard", "Premium"]);
    await expect(table.getByRole("row", { name: /Price/ }).getByRole("cell")).toHaveText(["£499.00", "£999.00", "£1,899.00"]);
    // Each package's own promises, the same in the table, the panel, checkout and the order.
    // Premium is made in stages (script to final): it promises their days and revisions, summed.
    await expect(table.getByRole("row", { name: /^Delivery/ }).getByRole("cell")).toHaveText(["10-day turnaround", "7-day turnaround", "17-day turnaround"]);
    await expect(table.getByRole("row", { name: /^Revisions/ }).getByRole("cell")).toHaveText([
      "1 RevisionEach revision within 3 days",
      "2 RevisionsEach revision within 3 days",
      "6 RevisionsEach revision within 2 days",
    ]);
    await page.getByRole("navigation", { name: "Packages" }).getByRole("link", { name: "Premium" }).click();
    await expect(panel.getByText("17-day turnaround", { exact: true })).toBeVisible();
    await expect(panel.getByText("6 Revisions", { exact: true })).toBeVisible();
    const stages = panel.getByRole("list", { name: "In 5 stages, each approved before the next" });
    await expect(stages.getByRole("listitem")).toHaveText([
      "1. Script10% · 2 days · 1 revision",
      "2. Storyboard20% · 3 days · 1 revision",
      "3. Styleframes20% · 3 days · 1 revision",
      "4. Animatic20% · 4 days · 1 revision",
      "5. Final30% · 5 days · 2 revisions",
    ]);
  });

  test("each review names its writer with where they bought from: the country, and the company where they chose to name it", async ({ page }) => {
    await page.goto("/products/3");
    const reviews = page.getByTestId("review");
    await expect(reviews).toHaveCount(3);
    // Three demo buyers, none reviewing twice across the shop, each dated before today.
    await expect(reviews.filter({ hasText: "Marie D., Atelier Dubois, France" })).toHaveCount(1);
    await expect(reviews.filter({ hasText: "Jonas W., Germany" })).toHaveCount(1);
    await expect(reviews.filter({ hasText: "Sofia R., Italy" })).toHaveCount(1);
  });

  test("selects the first package, switches packages and continues with the choice", async ({ page }) => {
    await page.goto("/products/1");
    await hydrated(page);
    const panel = page.getByTestId("price-panel");
    const packages = page.getByRole("navigation", { name: "Packages" });
    await expect(packages.getByRole("link", { name: "Basic" })).toHaveAttribute("aria-current", "true");
    await expect(panel.getByTestId("package-price")).toHaveText("£499.00");
    await expect(page.getByTestId("price-panel").getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/products/1/checkout?package=0");

    await packages.getByRole("link", { name: "Standard" }).click();
    await expect(panel.getByTestId("package-price")).toHaveText("£999.00");
    await expect(panel.getByText("Launch film for your site")).toBeVisible();
    await expect(panel.getByText("Licensed music")).toBeVisible();
    await expect(page).toHaveURL(/package=1/);
    await expect(page.getByTestId("price-panel").getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/products/1/checkout?package=1");

    await packages.getByRole("link", { name: "Premium" }).click();
    await expect(panel.getByTestId("package-price")).toHaveText("£1,899.00");
  });

  test("gallery shows videos first, wraps around, and stops playback when the item changes", async ({ page }) => {
    await page.goto("/products/1");
    await hydrated(page);
    const gallery = page.getByRole("region", { name: "3D Product Launch Animation media" });
    // Until played, the video is its poster with a play button (a link to the file without JavaScript):
    // the poster is the thumbnail's copy at the gallery's width, in the best format the browser reads.
    const play = gallery.getByRole("link", { name: "Play 3D Product Launch Animation video" });
    await expect(play).toHaveAttribute("href", "/media/products/1/seed-video-01.mp4");
    await expect(play.locator("img")).toHaveAttribute("src", "/media/products/1/seed-thumb-01.jpg.w960.auto");
    await expect(gallery.locator("video")).toHaveCount(0);
    await page.evaluate(() => {
      // The browser may refuse sound without a user's gesture in a test; the video is muted once made.
      new MutationObserver(() => document.querySelectorAll("video").forEach((v) => (v.muted = true))).observe(document.body, {
        childList: true,
        subtree: true,
      });
    });
    await play.click();
    const video = gallery.locator("video");
    await expect(video).toHaveAttribute("src", "/media/products/1/seed-video-01.mp4");
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toBeFocused();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    await gallery.getByRole("link", { name: "Previous media" }).click();
    await expect(gallery.getByTestId("gallery-image")).toHaveAttribute("src", "/media/products/1/seed-image-06.jpg");
    // The original stays the <img>; the browser shows the AVIF copy for the gallery's ~800 pixels.
    await expect
      .poll(() => gallery.getByTestId("gallery-image").evaluate((img: HTMLImageElement) => (img.complete ? `${img.currentSrc} ${img.naturalWidth}` : "")))
      .toMatch(/\/media\/products\/1\/seed-image-06\.jpg\.w960\.avif [1-9]\d*$/);
    await expect(video).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll("video")].some((v) => !v.paused))).toBe(false);

    await gallery.getByRole("link", { name: "Next media" }).click();
    await expect(gallery.getByTestId("gallery-video")).toBeVisible();
    await gallery.getByRole("link", { name: "Next media" }).click();
    await expect(gallery.getByTestId("gallery-image")).toHaveAttribute("src", "/media/products/1/seed-image-01.jpg");
    await gallery.getByRole("link", { name: "Show image 3" }).click();
    await expect(gallery.getByTestId("gallery-image")).toHaveAttribute("src", "/media/products/1/seed-image-06.jpg");
  });

  test("a product with one package has no comparison table", async ({ page }) => {
    await page.goto("/products/10");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Recap Video");
    await expect(page.getByRole("heading", { name: "Compare packages" })).toHaveCount(0);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByTestId("package-price")).toHaveText("£799.00");
  });

  test("Go Back returns to the listing where the visitor was", async ({ page }) => {
    await page.goto("/products?page=2");
    await hydrated(page);
    await page.getByRole("link", { name: "Photoreal Product Render" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Photoreal Product Render");
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
  });

  test("the head follows client-side navigation: title, canonical URL and the product's JSON-LD", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    await expect(page).toHaveTitle("Services · Reelcraft");
    await page.getByRole("link", { name: "3D Product Launch Animation" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Product Launch Animation");
    await expect(page).toHaveTitle("3D Product Launch Animation · Reelcraft");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/products\/1$/);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.map((text) => JSON.parse(text)["@type"])).toEqual(["Product", "BreadcrumbList"]);
    await page.goBack();
    await expect(page).toHaveTitle("Services · Reelcraft");
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });
});

test.describe("not found", () => {
  test.use({ allowedConsole: [/status of 404/] });

  test("an unknown product and an unknown URL are 404 pages", async ({ page }) => {
    for (const path of ["/products/9999", "/this/does/not/exist"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse services" })).toHaveAttribute("href", "/products");
    }
  });
});

test.describe("/products/{id} without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("switches packages and gallery items with plain links", async ({ page }) => {
    await page.goto("/products/3");
    await expect(page.getByTestId("package-price")).toHaveText("£149.00");
    await page.getByRole("navigation", { name: "Packages" }).getByRole("link", { name: "Premium" }).click();
    await expect(page.getByTestId("package-price")).toHaveText("£549.00");
    await expect(page.getByTestId("price-panel").getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/products/3/checkout?package=2");
    await page.getByRole("link", { name: "Next media" }).click();
    await expect(page.getByTestId("gallery-image")).toHaveAttribute("src", "/media/products/3/seed-image-03.jpg");
    await expect(page.getByTestId("package-price")).toHaveText("£549.00");
  });

  test("the video's play button is a link to the file, which the browser plays by itself", async ({ page }) => {
    await page.goto("/products/1");
    const play = page.getByRole("link", { name: "Play 3D Product Launch Animation video" });
    const href = await play.getAttribute("href");
    expect(href).toBe("/media/products/1/seed-video-01.mp4");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("video/mp4");
  });
});

test("@mobile on a phone the packages come before the about section, a bar keeps the choice and Continue in view, and the table says it scrolls", async ({
  page,
}) => {
  await page.goto("/products/1?package=1");
  // The bar is on the first screen, with the chosen package and its price.
  const bar = page.getByRole("region", { name: "Chosen package" });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText("Standard");
  await expect(bar).toContainText("£999.00");
  await expect(bar.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/products/1/checkout?package=1");
  // The price panel (packages) before the long about section.
  const [panel, about] = await Promise.all([
    page.getByTestId("price-panel").boundingBox(),
    page.getByRole("heading", { name: "About this service" }).boundingBox(),
  ]);
  expect(panel!.y).toBeLessThan(about!.y);
  // Scrolled to the end, the bar still shows, and the footer's last line is above it (the page leaves room for it).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(bar).toBeInViewport();
  const [copyright, barBox] = await Promise.all([page.getByText(/^© \d{4} Reelcraft/).boundingBox(), bar.boundingBox()]);
  expect(copyright!.y + copyright!.height).toBeLessThanOrEqual(barBox!.y);
  // The comparison table is wider than the phone: it says so, and its box scrolls.
  await expect(page.getByTestId("compare-scroll-hint")).toBeVisible();
  const scroller = page.getByRole("region", { name: "Package comparison" });
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test("on a wide screen the bar is not shown: the price panel beside the page has Continue", async ({ page }) => {
  await page.goto("/products/1");
  await expect(page.getByRole("region", { name: "Chosen package" })).toBeHidden();
  await expect(page.getByTestId("compare-scroll-hint")).toBeHidden();
  await expect(page.getByRole("link", { name: "Continue" })).toHaveCount(1);
});
