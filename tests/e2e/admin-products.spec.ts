import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { adminLogIn, expect, hydrated, test } from "./fixtures";

const media = (name: string) => path.join(process.cwd(), "tests/e2e/files", name);
let counter = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid}${++counter}`;

async function fillDetails(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description Heading").fill("Story-led explainers for busy teams");
  await page.getByLabel("Description", { exact: true }).fill("We script, storyboard and animate a 60 second explainer.");
}

async function addChips(page: Page, label: string, values: string[], how: "enter" | "button") {
  const input = page.getByLabel(label, { exact: true });
  for (const value of values) {
    await input.fill(value);
    if (how === "enter") await input.press("Enter");
    else await page.getByRole("button", { name: label === "Tags" ? "Add tag" : "Add service" }).click();
  }
}

async function fillPackage(page: Page, index: number, values: { description: string; items: string; amount: string; currency: string }) {
  const block = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Package #${index}` }) });
  await block.getByLabel("Short Description").fill(values.description);
  await block.getByLabel("Items Included").fill(values.items);
  await block.getByLabel("Amount").fill(values.amount);
  await block.getByLabel("Currency").selectOption(values.currency);
}

test.describe("Create New Product with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await adminLogIn(page);
  });

  test("an empty submit shows every message of the spec and sends nothing", async ({ page }) => {
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin/products")) posted = true;
    });
    await page.goto("/admin/products/new");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create New Product");
    await expect(page.getByText('No packages added yet. Click "Add Package" to create one.', { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Create Product" }).click();
    for (const message of [
      "Title is required",
      "Description heading is required",
      "Description is required",
      "At least one service must be offered",
      "At least 3 tags are required",
      "At least one image must be uploaded",
      "Add at least one package",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Add Package" }).click();
    await expect(page.getByRole("heading", { name: "Package #1" })).toBeVisible();
    // A new package starts in the shop's currency; 'Select Currency' stays the first option.
    await expect(page.getByLabel("Currency")).toHaveValue("GBP");
    await expect(page.getByLabel("Currency").locator("option").first()).toHaveText("Select Currency");
    await page.getByLabel("Currency").selectOption("");
    await page.getByLabel("Amount").fill("0");
    await page.getByLabel("Videos").setInputFiles(media("video-01.mp4"));
    await page.getByRole("button", { name: "Create Product" }).click();
    for (const message of [
      "Package description is required",
      "At least one item must be included",
      "Amount must be greater than 0",
      "Currency is required",
      "Video thumbnail is required when uploading videos",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // Typing clears that field's message.
    await page.getByLabel("Title").fill("Something");
    await expect(page.getByText("Title is required", { exact: true })).toBeHidden();
    expect(posted).toBe(false);
  });

  test("services and tags are chips added by Enter or button, trimmed and removable; packages add and remove", async ({ page }) => {
    await page.goto("/admin/products/new");
    await hydrated(page);
    await addChips(page, "Services Offered", ["  Storyboarding  ", "   "], "enter");
    await addChips(page, "Services Offered", ["Voice-over"], "button");
    const services = page.getByRole("list", { name: "Services Offered added" }).getByRole("listitem");
    await expect(services).toHaveText(["Storyboarding×", "Voice-over×"]);
    await page.getByRole("button", { name: "Remove Storyboarding" }).click();
    await expect(services).toHaveText(["Voice-over×"]);

    await page.getByRole("button", { name: "Add Package" }).click();
    await page.getByRole("button", { name: "Add Package" }).click();
    await page.getByRole("button", { name: "Add Package" }).click();
    await expect(page.getByRole("heading", { name: /^Package #\d$/ })).toHaveCount(3);
    // Three packages (Basic, Standard, Premium) is the most a product has.
    await expect(page.getByRole("button", { name: "Add Package" })).toHaveCount(0);
    await page.getByRole("button", { name: "Remove package #2" }).click();
    await expect(page.getByRole("heading", { name: /^Package #\d$/ })).toHaveText(["Package #1", "Package #2"]);
    await page.getByRole("button", { name: "Remove package #1" }).click();
    await page.getByRole("button", { name: "Remove package #1" }).click();
    await expect(page.getByText('No packages added yet. Click "Add Package" to create one.', { exact: true })).toBeVisible();
  });

  test("creates a product with images, a video and its thumbnail, with progress and both toasts", async ({ page }) => {
    const title = uniqueTitle("Launch Film");
    await page.goto("/admin/products/new");
    await hydrated(page);
    await fillDetails(page, title);
    await addChips(page, "Services Offered", ["Script", "Storyboard"], "enter");
    await addChips(page, "Tags", ["Explainer", "Motion Graphics", "Launch"], "enter");
    await page.getByLabel("Images").setInputFiles([media("image-01.jpg"), media("image-02.jpg")]);
    await page.getByLabel("Videos").setInputFiles(media("video-01.mp4"));
    await page.getByLabel("Video Thumbnail").setInputFiles(media("thumb-01.jpg"));
    await page.getByRole("button", { name: "Add Package" }).click();
    await fillPackage(page, 1, { description: "Basic cut", items: "Script, , 30 s film ,", amount: "149.50", currency: "GBP" });
    await page.getByRole("button", { name: "Add Package" }).click();
    await fillPackage(page, 2, { description: "Standard cut", items: "Script, 60 s film", amount: "299", currency: "USD" });
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();

    await page.waitForURL(/\/admin\/products$/);
    const toasts = page.getByRole("list", { name: "Notifications" });
    await expect(toasts.getByText("Product created successfully!", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Images and videos uploaded successfully!", { exact: true })).toBeVisible();
    // Toasts close themselves after 5 seconds.
    await expect(toasts.getByRole("status")).toHaveCount(0, { timeout: 8000 });

    // A new product is a draft: marked in the list, previewed by the studio, nowhere in the shop.
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    const visitor = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    const stranger = await visitor.newPage();
    await stranger.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(stranger.getByRole("link", { name: title })).toHaveCount(0);
    const id = Number(/\/admin\/products\/(\d+)$/.exec((await row.getByRole("link", { name: `Preview ${title}` }).getAttribute("href"))!)![1]);
    expect((await stranger.goto(`/products/${id}`))!.status()).toBe(404);
    expect((await stranger.request.get(`/api/v1/products/${id}`)).status()).toBe(404);
    expect(await (await stranger.request.get("/sitemaps/products-1.xml")).text()).not.toContain(`/products/${id}<`);
    await row.getByRole("link", { name: `Preview ${title}` }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await page.goBack();
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Publish ${title}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Product published: it is on sale now." })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title }).getByText("Draft", { exact: true })).toHaveCount(0);
    expect((await stranger.goto(`/products/${id}`))!.status()).toBe(200);
    expect(await (await stranger.request.get("/sitemaps/products-1.xml")).text()).toContain(`/products/${id}<`);
    await visitor.close();

    await page.goto("/products");
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("£149.50").first()).toBeVisible();
    // The video is shown as its poster with a play button, a link to the stored file.
    await expect(page.getByRole("link", { name: `Play ${title} video` })).toHaveAttribute("href", /^\/media\/products\/\d+\/.+\.mp4$/);
    const images = page.locator("img[src*='/media/products/']");
    await expect(images.nth(1)).toBeAttached();
  });
});

test.describe("Create New Product when a file is refused", () => {
  test.use({ allowedConsole: [/status of 422/] });

  test("the product stays and the admin is told to update it later", async ({ page }) => {
    await adminLogIn(page);
    const title = uniqueTitle("Broken Media");
    await page.goto("/admin/products/new");
    await hydrated(page);
    await fillDetails(page, title);
    await addChips(page, "Services Offered", ["Edit"], "enter");
    await addChips(page, "Tags", ["One", "Two", "Three"], "enter");
    // A script renamed to .png: the browser calls it an image, the server reads its bytes.
    await page.getByLabel("Images").setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("#!/bin/sh\necho not an image\n") });
    await page.getByRole("button", { name: "Add Package" }).click();
    await fillPackage(page, 1, { description: "Only", items: "One cut", amount: "10", currency: "EUR" });
    await page.getByRole("button", { name: "Create Product" }).click();
    await page.waitForURL(/\/admin\/products$/);
    const toasts = page.getByRole("list", { name: "Notifications" });
    await expect(toasts.getByText("Product created successfully!", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Product created but media upload failed. You can update the product later to add media.", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Error: evil.png is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.", { exact: true })).toBeVisible();
  });
});

test.describe("Create New Product without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsole: [/status of 4(00|22)/] });

  test("packages are added by a submit, typed values survive errors, and one post creates the product", async ({ page }) => {
    await adminLogIn(page);
    const title = uniqueTitle("Plain Form");
    await page.goto("/admin/products/new");
    await fillDetails(page, title);
    await page.getByLabel("Services Offered").fill("Storyboard\n\n  Animation  \n");
    await page.getByLabel("Tags").fill("Plain, Form");
    await page.getByRole("button", { name: "Add Package" }).click();
    await expect(page.getByRole("heading", { name: "Package #1" })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await fillPackage(page, 1, { description: "Basic", items: "One video", amount: "75", currency: "USD" });
    await page.getByRole("button", { name: "Create Product" }).click();

    await expect(page.getByText("At least 3 tags are required", { exact: true })).toBeVisible();
    await expect(page.getByText("At least one image must be uploaded", { exact: true })).toBeVisible();
    await expect(page.getByText("Files are not kept between submissions: please choose your images, videos and thumbnail again.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Amount")).toHaveValue("75");
    await expect(page.getByLabel("Currency")).toHaveValue("USD");

    await page.getByLabel("Tags").fill("Plain, Form, No Script");
    await page.getByLabel("Images").setInputFiles(media("image-03.jpg"));
    await page.getByRole("button", { name: "Create Product" }).click();
    await page.waitForURL(/\/admin\/products$/);
    await expect(page.getByText("Product created successfully!", { exact: true })).toBeVisible();
    await expect(page.getByText("Images and videos uploaded successfully!", { exact: true })).toBeVisible();

    // A draft until published: the button is a plain form post.
    await page.getByRole("button", { name: `Publish ${title}` }).click();
    await expect(page.getByText("Product published: it is on sale now.")).toBeVisible();
    await page.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  });
});

/**
 * A fresh product with two images and a video thumbnail, made by the signed-in admin's plain form
 * post (no API token: the API's sign-in limiter is shared by every test on this address).
 */
async function newProduct(page: Page, title: string) {
  const file = (name: string) => ({ name, mimeType: "image/jpeg", buffer: readFileSync(media(name)) });
  const form = new FormData();
  const fields: [string, string][] = [
    ["title", title],
    ["description_heading", "Edit me"],
    ["description", "A product for the edit screen."],
    ["services_offered", "Cut"],
    ["tags", "Edit Tag A, Edit Tag B, Edit Tag C"],
    ["packages[0].short_description", "Basic"],
    ["packages[0].items_included", "One"],
    ["packages[0].amount", "50"],
    ["packages[0].currency", "USD"],
    ["packages[1].short_description", "Standard"],
    ["packages[1].items_included", "Two"],
    ["packages[1].amount", "90"],
    ["packages[1].currency", "USD"],
  ];
  for (const [name, value] of fields) form.append(name, value);
  for (const [name, image] of [
    ["images", "image-04.jpg"],
    ["images", "image-05.jpg"],
    ["video_thumbnail", "thumb-02.jpg"],
  ] as const) {
    const { buffer, mimeType } = file(image);
    form.append(name, new Blob([buffer], { type: mimeType }), image);
  }
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/admin/products/new", { multipart: form, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  // The newest product leads the admin's list (a draft: it is published through the list's form).
  const list = await (await page.request.get("/admin/products")).text();
  const row = list.split("<tr").find((chunk) => chunk.includes(`>${title}<`)) ?? "";
  const id = Number(/\/admin\/products\/(\d+)\/edit/.exec(row)?.[1]);
  expect(id).toBeGreaterThan(0);
  const published = await page.request.post("/admin/products", {
    form: { intent: "publish", product_id: String(id) },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(published.status()).toBe(302);
  await page.goto(`/admin/products/${id}/edit`);
  return id;
}

test.describe("Edit product", () => {
  test("every field changes, packages are kept in place, images reorder and media come and go", async ({ page }) => {
    await adminLogIn(page);
    const title = uniqueTitle("Editable");
    const id = await newProduct(page, title);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Product");
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("list", { name: "Tags added" }).getByRole("listitem")).toHaveCount(3);

    const renamed = `${title} v2`;
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Remove Edit Tag C" }).click();
    await addChips(page, "Tags", ["Edit Tag D"], "enter");
    await page.getByRole("button", { name: "Remove package #2" }).click();
    await page.getByRole("button", { name: "Add Package" }).click();
    await fillPackage(page, 2, { description: "Premium", items: "Three, Four", amount: "120.25", currency: "EUR" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("list", { name: "Notifications" }).getByText("Product updated successfully!", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Title")).toHaveValue(renamed);
    await expect(page.getByRole("list", { name: "Tags added" }).getByRole("listitem")).toHaveText(["Edit Tag A×", "Edit Tag B×", "Edit Tag D×"]);
    await expect(page.getByRole("heading", { name: /^Package #\d$/ })).toHaveCount(2);

    // Reorder: the second image becomes the cover.
    const images = page.getByRole("list", { name: "Current images" }).getByRole("img");
    const before = await images.evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    await page.getByRole("button", { name: "Move Image 2 earlier" }).click();
    await expect(images.first()).toHaveAttribute("src", before[1]!);
    await page.goto(`/products/${id}`);
    await expect(page.locator(`img[src="${before[1]}"]`).first()).toBeVisible();
    await expect(page.getByText("€120.25").first()).toBeVisible();

    // Remove one image, then upload a video (a thumbnail exists already) with progress.
    await page.goto(`/admin/products/${id}/edit`);
    await hydrated(page);
    await page.getByRole("button", { name: "Remove Image 2" }).click();
    await expect(page.getByRole("list", { name: "Notifications" }).getByText("Media removed.", { exact: true })).toBeVisible();
    await expect(images).toHaveCount(1);
    await page.getByLabel("Videos", { exact: true }).setInputFiles(media("video-02.mp4"));
    await page.getByRole("button", { name: "Upload media" }).click();
    await expect(page.getByRole("list", { name: "Notifications" }).getByText("Images and videos uploaded successfully!", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Current videos" }).locator("video")).toHaveCount(1);
  });

  test("archiving hides the product from the shop until it is restored", async ({ page }) => {
    await adminLogIn(page);
    const title = uniqueTitle("Archivable");
    const id = await newProduct(page, title);
    await page.goto(`/admin/products/${id}/edit`);
    await hydrated(page);
    await page.getByRole("button", { name: "Archive product" }).click();
    await expect(page.getByText("This product is archived: it is hidden from the shop and cannot be bought. Past orders still show it.")).toBeVisible();
    const visitor = await page.context().browser()!.newPage();
    expect((await visitor.goto(`/products/${id}`))!.status()).toBe(404);
    await visitor.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
    await page.getByRole("button", { name: "Restore product" }).click();
    await expect(page.getByRole("list", { name: "Notifications" }).getByText("Product restored to the shop.", { exact: true })).toBeVisible();
    expect((await visitor.goto(`/products/${id}`))!.status()).toBe(200);
    await visitor.close();
  });
});

test("the admin area and the shop, answered by separate handlers, link to each other in place", async ({ page }) => {
  await adminLogIn(page);
  await page.goto("/admin/products/1/edit");
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const discovery = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.getByRole("link", { name: "View in shop" }).click();
  expect((await discovery).status()).toBe(200);
  await expect(page).toHaveURL(/\/products\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Product Launch Animation");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Product");
  await page.getByRole("link", { name: "← Back to products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  // A route the page did not know yet: the browser asks for it, and gets the admin area's.
  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  // Every move was client-side: a failed route lookup would have reloaded the document.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

/** Makes package #2 a package in stages: two stages added with "Add stage", a wrong share refused, then saved. */
async function stageWalk(page: Page, id: number) {
  const block = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Package #2" }) });
  await expect(block.getByText("No stages: delivered in one piece.")).toBeVisible();
  await block.getByRole("button", { name: "Add stage to package #2" }).click();
  await block.getByRole("button", { name: "Add stage to package #2" }).click();
  await block.getByLabel("Stage 1 name").fill("Storyboard");
  await block.getByLabel("Share (%)").first().fill("30");
  await block.getByLabel("Stage 2 name").fill("Final");
  await block.getByLabel("Share (%)").nth(1).fill("60");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(block.getByText("The stages' shares must add up to 100% (they add up to 90%)", { exact: true })).toBeVisible();
  await expect(block.getByLabel("Stage 1 name")).toHaveValue("Storyboard");
  await block.getByLabel("Share (%)").nth(1).fill("70");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully!", { exact: true })).toBeVisible();
  await expect(block.getByLabel("Stage 2 name")).toHaveValue("Final");
  // The package promises its stages' days and revisions: two new stages of 3 days and 1 revision each.
  const product = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as {
    data: { packages: { delivery_days: number; revisions: number; stages: unknown[] }[] };
  };
  expect(product.data.packages[1]).toMatchObject({
    delivery_days: 6,
    revisions: 2,
    stages: [
      { name: "Storyboard", share: 30, days: 3, revisions: 1 },
      { name: "Final", share: 70, days: 3, revisions: 1 },
    ],
  });
  await block.getByRole("button", { name: "Remove stage 2 of package #2" }).click();
  await expect(block.getByLabel("Stage 2 name")).toHaveCount(0);
}

test.describe("Edit product without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsole: [/status of (40[04]|422)/] });

  test("saves fields, shows errors with values kept, reorders and adds media as plain posts", async ({ page }) => {
    await adminLogIn(page);
    const title = uniqueTitle("Plain Edit");
    const id = await newProduct(page, title);
    await page.goto(`/admin/products/${id}/edit`);
    await page.getByLabel("Title").fill("");
    await page.getByLabel("Description Heading").fill("New heading kept");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Description Heading")).toHaveValue("New heading kept");
    await page.getByLabel("Title").fill(`${title} saved`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Product updated successfully!", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(`${title} saved`);

    const current = page.getByRole("list", { name: "Current images" }).getByRole("img");
    const second = await current.nth(1).getAttribute("src");
    await page.getByRole("button", { name: "Move Image 1 later" }).click();
    await expect(current.first()).toHaveAttribute("src", second!);
    await expect(page.getByRole("button", { name: "Move Image 1 earlier" })).toBeDisabled();

    await page.getByLabel("Images", { exact: true }).setInputFiles(media("image-06.jpg"));
    await page.getByRole("button", { name: "Upload media" }).click();
    await expect(page.getByText("Images and videos uploaded successfully!", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveCount(3);
  });

  test("a package is given stages by plain posts", async ({ page }) => {
    await adminLogIn(page);
    const id = await newProduct(page, uniqueTitle("Plain Stages"));
    await stageWalk(page, id);
  });
});

test("a package is given stages in place with JavaScript", async ({ page }) => {
  await adminLogIn(page);
  const id = await newProduct(page, uniqueTitle("Staged"));
  await hydrated(page);
  await stageWalk(page, id);
});

// A product page without media (every demo service shows its work, so the studio adds one through the
// API): written here, as it adds a service to the catalogue, after the suites that read the listing.
test("a product without media shows a placeholder image", async ({ page, request }) => {
  // Every demo service shows its work, so the studio adds one without media through the API.
  const signIn = await request.post("/api/v1/admin/sign_in", { data: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  const created = await request.post("/api/v1/products", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      product: {
        title: `Storyboard Sketches ${Date.now()}`,
        description_heading: "Pencil first",
        description: "Hand-drawn storyboards before any animation.",
        services_offered: ["Storyboard"],
        tags: ["Explainer Video", "Brand Film", "Social Media"],
        packages: [{ short_description: "Ten frames", items_included: "10 frames", amount: "150", currency: "GBP" }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await page.goto(`/products/${id}`);
  const placeholder = page.getByRole("img", { name: "No media available for this service" });
  await expect(placeholder).toHaveAttribute("src", "/placeholder.svg");
  expect(await placeholder.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
