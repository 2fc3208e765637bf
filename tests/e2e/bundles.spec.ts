import { expect, hydrated, test } from "./fixtures";

/**
 * The public pages stay lean: the catalogue never loads the form library (Zod), and no public page
 * loads Stripe or admin code. (/home validates its demo form live, so it does load Zod.) Sizes are
 * measured by `npm run bench`; this only guards what must never be there.
 */
const FORBIDDEN: [string, RegExp][] = [
  ["Zod", /invalid_type_error|too_small/],
  ["Stripe", /js\.stripe\.com|loadStripe/],
  ["admin screens", /Create New Product|admin\/products\/create/],
];

const PAGES: [string, string[]][] = [
  ["/home", ["Stripe", "admin screens"]],
  ["/products", ["Zod", "Stripe", "admin screens"]],
  ["/products/1", ["Zod", "Stripe", "admin screens"]],
];

for (const [path, kept] of PAGES) {
  test(`${path} loads no ${kept.join(", ")} code`, async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (/\.m?js(\?|$)/.test(response.url())) scripts.push(response.text().then((body) => `${response.url()}\n${body}`));
    });
    await page.goto(path, { waitUntil: "networkidle" });
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(3);
    for (const [name, marker] of FORBIDDEN.filter(([name]) => kept.includes(name))) {
      expect(
        bodies.filter((b) => marker.test(b)).map((b) => b.split("\n")[0]),
        `${name} on ${path}`,
      ).toEqual([]);
    }
  });
}

/**
 * The page paints before its modules download (app/lib/after-first-paint.ts): no script is asked
 * for before the first animation frame, and the page then hydrates. A tab opened in the background,
 * where frames never come, loads them at once.
 */
for (const path of ["/home", "/products", "/products/1", "/login"]) {
  test(`${path} asks for its modules only after the first frame, then hydrates`, async ({ page }) => {
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      });
    });
    await page.goto(path);
    await hydrated(page);
    const { firstFrameAt, scripts } = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => script.startTime < firstFrameAt)).toEqual([]);
  });
}

test("a page opened in a background tab loads its modules without waiting for a frame", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, "hidden", { get: () => true });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/products");
  await hydrated(page);
});
