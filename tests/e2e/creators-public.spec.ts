import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * Creators in public: "Made by" on a product page, the creators list (ranked, filtered with a GET
 * form that works before JavaScript), a profile, the landing page's count and the page on how the
 * shop works with creators. Expected names and figures are read from the JSON API, the same kept
 * figures the pages show.
 */
type Credit = { id: number; slug: string; display_name: string; country: string | null; lead: boolean };
type Card = { slug: string; display_name: string; country: string | null; country_name: string | null; figures: { is_new: boolean; completed: number } };

const RANKING_RULE =
  "Ranked by orders completed in the last 12 months, then by the average rating of their reviewed orders. Figures come from completed orders only; nobody can pay to rank higher.";

async function creatorsOf(request: APIRequestContext, productId: number): Promise<Credit[]> {
  const response = await request.get(`/api/v1/products/${productId}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.creators;
}

async function allCreators(request: APIRequestContext): Promise<Card[]> {
  const response = await request.get("/api/v1/creators?limit=48");
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

async function madeByAndProfile(page: Page, javaScript: boolean) {
  const credits = await creatorsOf(page.request, 1);
  expect(credits.length).toBeGreaterThan(0);
  await page.goto("/products/1");
  if (javaScript) await hydrated(page);
  const madeBy = page.getByRole("region", { name: "Made by" });
  await expect(madeBy.getByRole("article")).toHaveCount(credits.length);
  for (const credit of credits) await expect(madeBy.getByRole("link", { name: credit.display_name })).toHaveAttribute("href", `/creators/${credit.slug}`);
  // The whole card leads to the profile.
  const first = credits[0]!;
  await madeBy.getByRole("link", { name: first.display_name }).click();
  await expect(page).toHaveURL(new RegExp(`/creators/${first.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.display_name);
  await expect(page.getByRole("region", { name: "Measured on completed orders" }).getByTestId("creator-figures")).toBeVisible();
  // The lead of the demo's first service made its film: their showreel, and its stills as captioned pieces.
  const work = page.getByRole("region", { name: "Work" });
  await expect(work.getByTestId("showreel").locator("source")).toHaveAttribute("src", /\/media\/creators\/\d+\/seed-video-01\.mp4$/);
  await expect(work.getByRole("list", { name: "Portfolio" }).getByRole("listitem")).toHaveText([
    "Smart speaker turntable, studio light, still 1",
    "Smart speaker turntable, studio light, still 2",
  ]);
  // Their services lead back to the product.
  await expect(page.getByRole("region", { name: "Services they make" }).getByRole("link").filter({ hasText: "3D Product Launch Animation" })).toHaveAttribute(
    "href",
    "/products/1",
  );
  // The search engines' view: a Person, and the profile's own canonical address.
  const person = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(person).toMatchObject({ "@type": "Person", name: first.display_name });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/creators/${first.slug}$`));
}

async function filterByCountry(page: Page, javaScript: boolean) {
  const everyone = await allCreators(page.request);
  const withCountry = everyone.find((c) => c.country_name);
  expect(withCountry).toBeDefined();
  await page.goto("/creators");
  if (javaScript) await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Creators" })).toBeVisible();
  await expect(page.getByText(RANKING_RULE)).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(`${everyone.length} ${everyone.length === 1 ? "creator" : "creators"}`);
  // In the API's order: the ranking is one rule for both.
  await expect(page.getByRole("region", { name: "Creators list" }).getByRole("heading", { level: 2 })).toHaveText(
    everyone.slice(0, 12).map((c) => c.display_name),
  );

  await page.getByLabel("Country").selectOption({ label: withCountry!.country_name! });
  await page.getByRole("button", { name: "Show creators" }).click();
  await expect(page).toHaveURL(new RegExp(`country=${withCountry!.country}`));
  const matching = everyone.filter((c) => c.country === withCountry!.country);
  const list = page.getByRole("region", { name: "Creators list" });
  await expect(list.getByRole("heading", { level: 2 })).toHaveText(matching.map((c) => c.display_name));
  await expect(page.getByRole("status")).toHaveText(`${matching.length} ${matching.length === 1 ? "creator" : "creators"} match`);
  // The choice stays in the form, and Clear shows everyone again.
  await expect(page.getByLabel("Country")).toHaveValue(withCountry!.country!);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/creators$/);
  await expect(page.getByRole("status")).toHaveText(`${everyone.length} ${everyone.length === 1 ? "creator" : "creators"}`);
}

for (const javaScript of [true, false]) {
  test.describe(`creators in public, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a product page says who makes it; a card leads to the creator's profile, whose services lead back", async ({ page }) => {
      await madeByAndProfile(page, javaScript);
    });

    test("the creators list states its rule, ranks as the API does, and filters by country with a form", async ({ page }) => {
      // Other tests invite creators meanwhile: a count read between their writes is read again.
      await expect(() => filterByCountry(page, javaScript)).toPass({ timeout: 50_000 });
    });
  });
}

test("the landing page counts the shop's own creators and their countries, and leads to them", async ({ page }) => {
  const numbers = page.getByRole("region", { name: "Reelcraft in numbers" });
  let count = "";
  // Other tests invite creators meanwhile: a count read between their writes is read again.
  await expect(async () => {
    const everyone = await allCreators(page.request);
    const countries = new Set(everyone.map((c) => c.country).filter(Boolean)).size;
    count = `${everyone.length} creators in ${countries} countries`;
    await page.goto("/home");
    await expect(numbers.getByTestId("creator-count")).toHaveText(count, { timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await numbers.getByRole("link", { name: count }).click();
  await expect(page).toHaveURL(/\/creators$/);
});

test("how we work with creators: linked from the footer, it states how work is offered, ranking, suspension and complaints", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("contentinfo").getByRole("link", { name: "How we work with creators" }).click();
  await expect(page).toHaveURL(/\/how-we-work-with-creators$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How we work with creators");
  for (const heading of [
    "Who can be a creator",
    "How work is offered",
    "What ranks creators",
    "Why an account may be suspended",
    "How to complain or appeal",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(RANKING_RULE)).toBeVisible();
});

test.describe("an unknown creator", () => {
  test.use({ allowedConsole: [/status of 404/] });
  test("has no page: its address is a 404", async ({ page }) => {
    const response = await page.goto("/creators/nobody-by-this-name");
    expect(response!.status()).toBe(404);
  });
});

test("axe: the creators list, a profile and the page on how we work with creators", async ({ page }) => {
  const [first] = await allCreators(page.request);
  for (const path of ["/creators", `/creators/${first!.slug}`, "/how-we-work-with-creators"]) {
    await page.goto(path);
    await hydrated(page);
    await expectNoViolations(page, path);
  }
});

test("@mobile on a phone the creators' cards stack in one column and the filters stay usable", async ({ page }) => {
  await page.goto("/creators");
  const cards = page.getByRole("region", { name: "Creators list" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  expect(a!.width).toBeGreaterThan(300);
  const submit = await page.getByRole("button", { name: "Show creators" }).boundingBox();
  expect(submit!.height).toBeGreaterThanOrEqual(44);
  const [first] = await allCreators(page.request);
  await page.goto(`/creators/${first!.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.display_name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
