import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, PAY_BUTTON, signUp, test, uniqueEmail } from "./fixtures";

/**
 * A keyboard-only journey: search → product → checkout → pay → My Orders, with Tab,
 * arrows, Enter and typing only. Every stop also checks that the focused control shows a focus
 * indicator.
 */

/** Outline, ring and colours of an element and its nearest ancestors (a card may ring its link). */
function focusStyles(el: Element) {
  const styles: string[] = [];
  for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
    const s = getComputedStyle(node);
    styles.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join("|"));
  }
  return styles.join("\n");
}

/**
 * Presses Tab until `target` has focus (fails if it is not reachable within `max` presses), then
 * checks that focus is visible: the styles of the element or a near ancestor differ from unfocused.
 */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      const focused = await target.evaluate(focusStyles);
      await target.evaluate((el) => (el as HTMLElement).blur());
      // Let colour and shadow transitions settle before reading the unfocused styles (getAnimations
      // flushes styles first, so the transitions the blur starts are among them).
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      const blurred = await target.evaluate(focusStyles);
      await target.evaluate((el) => (el as HTMLElement).focus());
      expect(focused, `a visible focus indicator on ${target}`).not.toBe(blurred);
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("keyboard only: search, product, checkout, pay, My Orders", async ({ page }) => {
  // A purchase made key by key (about 20 s alone): three times the usual budget.
  test.slow();
  await signUp(page, { name: "Keyboard User", email: uniqueEmail("keys") });
  await page.goto("/products");
  await hydrated(page);

  const search = page.getByRole("combobox", { name: "Search services" });
  await tabTo(page, search);
  await page.keyboard.type("charac");
  await expect(page.getByRole("listbox", { name: "Search suggestions" }).getByRole("group", { name: "Tags" }).getByRole("option")).toHaveText([
    "# Character Animation",
  ]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\?tag=Character%20Animation$/);

  await tabTo(
    page,
    page
      .getByRole("region", { name: "Products" })
      .getByRole("link", { name: /Character Animation Short/ })
      .first(),
  );
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Character Animation Short", level: 1 })).toBeVisible();
  await hydrated(page);

  await tabTo(page, page.getByTestId("price-panel").getByRole("link", { name: "Continue" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await hydrated(page);

  await tabTo(page, page.getByRole("link", { name: "Add New" }));
  await page.keyboard.press("Enter");
  const form = page.locator("form#add-address");
  // The country first (typed to choose it); then the fields a UK address has: no state, a Postcode.
  await tabTo(page, form.getByLabel("Country"));
  await page.keyboard.type("United Kingdom");
  await expect(form.getByLabel("Country")).toHaveValue("GB");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Street", { exact: true })).toBeFocused();
  await page.keyboard.type("10 Downing Street");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Address line 2 (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("London");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Postcode")).toBeFocused();
  await page.keyboard.type("SW1A 2AA");
  await tabTo(page, form.getByRole("button", { name: "Save Address" }));
  await page.keyboard.press("Enter");
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Billing information" }).getByText("10 Downing Street, London, SW1A 2AA, United Kingdom")).toBeVisible();

  await tabTo(page, page.getByLabel("Card number"));
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1234");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await tabTo(page, page.getByRole("button", { name: PAY_BUTTON }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(page.getByText(/^Transaction ID: \d+$/)).toBeVisible();

  await tabTo(page, page.getByRole("link", { name: /profile|account/i }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);
  await tabTo(page, page.getByRole("link", { name: "My Orders" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile\/orders$/);
  const order = page.getByRole("listitem").filter({ hasText: "Character Animation Short" });
  await expect(order).toHaveCount(1);
  await expect(order.getByText("succeeded")).toBeVisible();
});
