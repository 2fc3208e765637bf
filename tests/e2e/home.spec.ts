import { expect, hydrated, test } from "./fixtures";

test.describe("/home", () => {
  test("/ redirects to the landing page with the spec's claims", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay per video.");
    await expect(page.getByText("The pay-per-video content platform")).toBeVisible();
    // Numbers the shop measured: the fastest package's days, the services on sale, and its creators (creators-public.spec checks that count).
    const numbers = page.getByRole("region", { name: "Reelcraft in numbers" });
    await expect(numbers.getByText("From 5 days", { exact: true })).toBeVisible();
    await expect(numbers.getByText("delivery after your brief, as the fastest package promises", { exact: true })).toBeVisible();
    await expect(numbers.getByText(/^services on sale, each with its packages$/)).toBeVisible();
    await expect(page.getByText("4,000+")).toHaveCount(0);
    await expect(numbers.getByTestId("creator-count")).toHaveText(/^\d+ creators? in \d+ countr(y|ies)$/);
    await expect(page.getByText(/get your video from 5 days after your brief/)).toBeVisible();
    const compare = page.getByRole("table");
    for (const column of ["Reelcraft", "In-house team", "Agencies", "Other platforms"]) {
      await expect(compare.getByRole("columnheader", { name: column })).toBeVisible();
    }
  });

  test("every call to action has a working target", async ({ page }) => {
    await page.goto("/home");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Get started" }).first()).toHaveAttribute("href", "/signup");
    await header.getByRole("link", { name: "Book a demo" }).click();
    await expect(page).toHaveURL(/#book-a-demo$/);
    await expect(page.getByRole("heading", { name: "Book a demo" })).toBeInViewport();
    await page.getByRole("link", { name: "View examples" }).first().click();
    await expect(page).toHaveURL(/\/examples$/);
    await expect(page.getByRole("heading", { name: "Examples of our work", level: 1 })).toBeVisible();
    const example = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: /^Play Example: / }) })
      .first();
    await expect(example.getByRole("link", { name: /^Play Example: / })).toHaveAttribute("href", /^\/media\/products\/\d+\/.+\.mp4$/);
    await example.getByRole("link", { name: /^See the service: / }).click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
  });

  test("book a demo validates live and stores the request", async ({ page }) => {
    await page.goto("/home#book-a-demo");
    await hydrated(page);
    const form = page.locator("#book-a-demo form");
    await form.getByLabel("Work email").fill("not-an-email");
    await form.getByLabel("Work email").blur();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await form.getByRole("button", { name: "Request a demo" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await form.getByLabel("Name").fill("Grace Hopper");
    await expect(form.getByText("Name is required")).toBeHidden();
    await form.getByLabel("Work email").fill("grace@example.com");
    await form.getByRole("button", { name: "Request a demo" }).click();
    await expect(page.getByRole("status")).toContainText("Thanks, your demo request is in.");
  });
});

test.describe("/home without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsole: [/status of 4(00|22)/] });

  test("book a demo shows server messages, keeps input, then succeeds", async ({ page }) => {
    await page.goto("/home");
    const form = page.locator("#book-a-demo form");
    await form.getByLabel("Company").fill("Navy Labs");
    await form.getByLabel("Work email").fill("nope");
    // The browser's own checks would stop an invalid email before the server sees it.
    await form.evaluate((f) => f.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Request a demo" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByLabel("Company")).toHaveValue("Navy Labs");
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Work email").fill("grace@example.com");
    await form.evaluate((f) => f.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Request a demo" }).click();
    await expect(page.getByRole("status")).toContainText("Thanks, your demo request is in.");
  });
});

test("the footer's social links open the studio's own profiles (as configured) in a new tab, each with its icon drawn", async ({ page }) => {
  await page.goto("/products");
  const social = page.getByRole("list", { name: "Social media" });
  // The end-to-end server's SOCIAL_* variables (scripts/e2e-server.mjs).
  const networks = {
    Instagram: "https://www.instagram.com/reelcraft.example/",
    YouTube: "https://www.youtube.com/@reelcraft.example",
    LinkedIn: "https://www.linkedin.com/company/reelcraft-example/",
    X: "https://x.com/reelcraft_example",
  };
  for (const [name, href] of Object.entries(networks)) {
    const link = social.getByRole("link", { name: `${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    const icon = link.locator("svg path");
    await expect.poll(() => icon.evaluate((path: SVGPathElement) => path.getBBox().width)).toBeGreaterThan(10);
  }
});

test.describe("footer newsletter box", () => {
  // A refused address is a 400 answer, which the browser logs.
  test.use({ allowedConsole: [/status of 4(00|22)/] });

  test("answers in place with JavaScript; an error clears as the address is edited", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const box = page.locator("form#subscribe");
    const email = box.getByLabel("Email address");
    const message = box.locator("#subscribe-message");
    await email.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(message).toHaveText("Please enter a valid email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("footer.fan@example.com");
    await expect(message).toHaveText("");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(message).toHaveText("Thanks! You're on the list for new services.");
    await expect(email).toHaveValue("");
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe("footer newsletter box without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts, comes back to the same page at the footer and says so", async ({ page }) => {
    await page.goto("/products?tag=Brand%20Film");
    const box = page.locator("form#subscribe");
    // "x@y" passes the browser's own check but not the spec's rule.
    await box.getByLabel("Email address").fill("x@y");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/products\?tag=Brand\+Film&subscribe=invalid#subscribe$/);
    await expect(box.locator("#subscribe-message")).toHaveText("Please enter a valid email address");
    await box.getByLabel("Email address").fill("no.script.fan@example.com");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/products\?tag=Brand\+Film&subscribe=done#subscribe$/);
    await expect(box.locator("#subscribe-message")).toHaveText("Thanks! You're on the list for new services.");
    await expect(page.getByRole("heading", { name: "Services", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Brand Film", exact: true })).toHaveAttribute("aria-current", "true");
  });
});

test("@mobile under 768 px the landing page's links fold into a menu that opens without JavaScript", async ({ page }) => {
  await page.goto("/home");
  const header = page.getByRole("banner");
  await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
  const menu = header.getByText("Menu", { exact: true });
  await expect(menu).toBeVisible();
  await menu.click();
  const links = header.getByRole("navigation", { name: "Menu" });
  for (const name of ["Services", "How it works", "Compare", "About", "View examples", "Log in", "Sign up", "Book a demo"])
    await expect(links.getByRole("link", { name, exact: true })).toBeVisible();
  await links.getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/#about$/);
  await expect(page.getByRole("heading", { name: "About Reelcraft" })).toBeInViewport();
});

test("the hero shows the newest services' own pictures, each leading to its page", async ({ page }) => {
  await page.goto("/home");
  const work = page.getByRole("list", { name: "Recent work" });
  await expect(work.getByRole("listitem")).toHaveCount(4);
  const first = work.getByRole("link").first();
  await expect(first).toHaveAttribute("href", /^\/products\/\d+$/);
  const image = first.getByRole("img");
  await expect(image).toHaveAttribute("alt", /\S/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
