import { expect, hydrated, test } from "./fixtures";

test.describe("header search", () => {
  test("suggests tags, then services, and is driven by the keyboard", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const search = page.getByRole("combobox", { name: "Search services" });
    await search.focus();
    await page.keyboard.type("anim");
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(list.getByRole("group", { name: "Tags" }).getByRole("option")).toHaveText(["# 3D Animation", "# Character Animation"]);
    // Services whose titles match come after the SPEC's tags (at most four), each opening its page.
    const services = list.getByRole("group", { name: "Services" }).getByRole("option");
    await expect(services).toHaveText(["Character Animation Short", "Animated Explainer Video", "3D Product Launch Animation"]);
    await expect(search).toHaveAttribute("aria-expanded", "true");
    await expect(list).toHaveCSS("max-height", "256px");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const character = list.getByRole("option", { name: "Character Animation", exact: true });
    await expect(character).toHaveAttribute("aria-selected", "true");
    const activeId = await character.getAttribute("id");
    await expect(search).toHaveAttribute("aria-activedescendant", activeId!);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    // From the first suggestion, up goes round to the last service.
    await expect(services.last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(list.getByRole("option", { name: "3D Animation", exact: true })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/products\?tag=Character%20Animation$/);
    await expect(page.getByRole("link", { name: "Character Animation", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(list).toBeHidden();
  });

  test("a service suggested by its title opens its page", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const search = page.getByRole("combobox", { name: "Search services" });
    await search.fill("logo");
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(list.getByRole("group", { name: "Tags" })).toHaveCount(0);
    await expect(list.getByRole("group", { name: "Services" }).getByRole("option")).toHaveText(["3D Logo Reveal"]);
    await list.getByRole("option", { name: "3D Logo Reveal" }).click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Logo Reveal");
  });

  test("Escape closes the suggestions", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const search = page.getByRole("combobox", { name: "Search services" });
    await search.fill("motion");
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(list.getByRole("group", { name: "Tags" }).getByRole("option")).toHaveText(["# Motion Graphics"]);
    await search.press("Escape");
    await expect(list).toBeHidden();
    await expect(search).toHaveAttribute("aria-expanded", "false");
  });

  test("waits 300 ms after typing before asking, once", async ({ page }) => {
    // The page's clock is the test's (paused once the page is ready): pauses between keys are
    // exactly as long as the test says, however busy the machine.
    await page.clock.install();
    await page.goto("/products");
    await hydrated(page);
    const queries: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/autosuggest/tags")) queries.push(new URL(r.url()).searchParams.get("query") ?? "");
    });
    const search = page.getByRole("combobox", { name: "Search services" });
    await page.clock.pauseAt(Date.now() + 60_000);
    await search.pressSequentially("br");
    await page.clock.runFor(250);
    await search.pressSequentially("and");
    await page.clock.runFor(299);
    expect(queries).toEqual([]);
    await page.clock.runFor(1);
    await expect(page.getByRole("option", { name: "Brand Film" })).toBeVisible();
    await page.clock.runFor(1000);
    expect(queries).toEqual(["brand"]);
  });

  test.describe("when the lookup fails", () => {
    test.use({ allowedConsole: [/status of 500/] });

    test("a failed lookup empties and closes the list", async ({ page }) => {
      await page.route("**/api/v1/autosuggest/tags*", (route) => route.fulfill({ status: 500, body: "{}" }));
      await page.goto("/products");
      await hydrated(page);
      const search = page.getByRole("combobox", { name: "Search services" });
      const failed = page.waitForResponse("**/api/v1/autosuggest/tags*");
      await search.fill("3d");
      await failed;
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();
      await expect(search).toHaveAttribute("aria-expanded", "false");
    });

    test("a failed service lookup leaves the tags", async ({ page }) => {
      await page.route("**/api/v1/autosuggest/products*", (route) => route.fulfill({ status: 500, body: "{}" }));
      await page.goto("/products");
      await hydrated(page);
      await page.getByRole("combobox", { name: "Search services" }).fill("anim");
      const list = page.getByRole("listbox", { name: "Search suggestions" });
      await expect(list.getByRole("group", { name: "Tags" }).getByRole("option")).toHaveText(["# 3D Animation", "# Character Animation"]);
      await expect(list.getByRole("group", { name: "Services" })).toHaveCount(0);
    });
  });

  test("a mouse click on a suggestion filters the listing", async ({ page }) => {
    await page.goto("/home");
    await page.goto("/products/2");
    await hydrated(page);
    await page.getByRole("combobox", { name: "Search services" }).fill("social");
    await page.getByRole("option", { name: "Social Media", exact: true }).click();
    await expect(page).toHaveURL(/\/products\?tag=Social%20Media$/);
    await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 }).first()).toBeVisible();
  });
});
