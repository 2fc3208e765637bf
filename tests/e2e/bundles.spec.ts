import type { Page, Response } from "@playwright/test";
import { adminLogIn, expect, hydrated, test } from "./fixtures";

/**
 * The public pages stay lean: the catalogue never loads the form library (Zod), and no public page
 * loads Stripe or admin code. (/home validates its demo form live, so it does load Zod.) Sizes are
 * measured by `npm run bench`; this only guards what must never be there.
 */
const FORBIDDEN: [string, RegExp][] = [
  ["Zod", /invalid_type_error|too_small/],
  ["Stripe", /js\.stripe\.com|loadStripe/],
  ["admin screens", /Create New Product|admin\/products\/create/],
  ["the shop's header and footer", /Search a service|Get new services in your inbox/],
];

const PAGES: [string, string[]][] = [
  ["/home", ["Stripe", "admin screens"]],
  ["/products", ["Zod", "Stripe", "admin screens"]],
  ["/products/1", ["Zod", "Stripe", "admin screens"]],
];

/** Every script `path` loads until the network is idle, each as its URL, a newline and its text. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (/\.m?js(\?|$)/.test(response.url())) scripts.push(response.text().then((body) => `${response.url()}\n${body}`));
  };
  page.on("response", onResponse);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("response", onResponse);
  return Promise.all(scripts);
}

function expectNone(bodies: string[], kept: string[], path: string) {
  for (const [name, marker] of FORBIDDEN.filter(([name]) => kept.includes(name))) {
    expect(
      bodies.filter((b) => marker.test(b)).map((b) => b.split("\n")[0]),
      `${name} on ${path}`,
    ).toEqual([]);
  }
}

for (const [path, kept] of PAGES) {
  test(`${path} loads no ${kept.join(", ")} code`, async ({ page }) => {
    const bodies = await scriptsOf(page, path);
    expect(bodies.length).toBeGreaterThan(3);
    expectNone(bodies, kept, path);
  });
}

/**
 * The browser's code comes in a few files grouped by the layout that loads them (client-chunks.ts):
 * the catalogue loads the framework, the shop's chunk and its own code, and the admin's pages none
 * of the shop's header and footer.
 */
test("the catalogue loads its code in a few files, the admin area none of the shop's layout", async ({ page, browser }) => {
  const listing = await scriptsOf(page, "/products");
  expect(listing.length, listing.map((b) => b.split("\n")[0]).join("\n")).toBeLessThanOrEqual(7);
  // The shop's header and footer come in exactly one of them (the shop's chunk).
  const shopLayout = Object.fromEntries(FORBIDDEN)["the shop's header and footer"]!;
  expect(listing.filter((b) => shopLayout.test(b)).length).toBe(1);
  // A browser with an empty cache, so that every file it loads comes with its body.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await adminLogIn(adminPage, null);
  const admin = await scriptsOf(adminPage, "/admin/products/new");
  await context.close();
  expect(admin.some((b) => /Create New Product/.test(b))).toBe(true);
  expectNone(admin, ["the shop's header and footer"], "/admin/products/new");
});

/**
 * The page paints before its modules download (app/platform/after-first-paint.tsx): no script is asked
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

/**
 * Remix's first render waits for the page's data (streamed into the document) to be decoded. A key
 * press between React starting to hydrate and its first render makes React hydrate at once, and
 * React 18 cannot wait there: it threw "Root did not complete" (#345), a busy phone's everyday case.
 * The test holds React's scheduled work back, as a busy main thread does, and types in that window.
 */
test.describe("typing before the page has hydrated", () => {
  test.use({ allowedConsole: [/status of 409/] });

  test("neither breaks the page nor loses what was typed", async ({ page }) => {
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      const hold = window as unknown as { heldTasks: typeof held; releaseTasks: () => void; holding: boolean };
      hold.heldTasks = held;
      hold.holding = true;
      hold.releaseTasks = () => {
        hold.holding = false;
        held.splice(0).forEach((post) => post());
      };
      const Native = window.MessageChannel;
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const post = this.port2.postMessage.bind(this.port2);
          this.port2.postMessage = (message: unknown) => (hold.holding ? held.push(() => post(message)) : post(message));
        }
      } as typeof MessageChannel;
    });
    await page.goto("/signup");
    await page.waitForFunction(() => (window as unknown as { heldTasks: unknown[] }).heldTasks.length > 0);
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill("customer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Str0ng!Pass");
    await page.evaluate(() => (window as unknown as { releaseTasks: () => void }).releaseTasks());

    await hydrated(page);
    await expect(page.getByLabel("Name")).toHaveValue("Someone Else");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Str0ng!Pass");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email has already been taken");
  });
});
