import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/**
 * Every test fails if the browser logs an error or throws. `allowedConsole` lists messages a test
 * expects (e.g. the 404 of a page that is meant to be missing).
 */
export const test = base.extend<{ allowedConsole: RegExp[]; consoleGuard: void }>({
  allowedConsole: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsole }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !allowedConsole.some((re) => re.test(message.text()))) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(`Uncaught: ${error.message}`));
      await use();
      expect(problems, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until React has hydrated, so that client-side behaviour is live. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** Product cards on the listing, by title. */
export function cardTitles(page: Page) {
  return page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 });
}
