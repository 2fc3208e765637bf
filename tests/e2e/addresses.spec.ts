import { expect, hydrated, signUp, test, uniqueEmail } from "./fixtures";

// Refused forms answer 422, which the browser logs.
test.use({ allowedConsole: [/status of 422/] });

test.describe("an address form that fits the country", () => {
  test("the United States keeps the SPEC's State and Zip Code; the United Kingdom has a Postcode and no state", async ({ page }) => {
    await signUp(page, { email: uniqueEmail("country-form") });
    await page.goto("/profile/saved-addresses?add=1");
    await hydrated(page);
    const form = page.locator("form#add-address");

    // No country yet: the SPEC's fields, all required, with its messages.
    await form.getByRole("button", { name: "Save Address" }).click();
    for (const message of ["Street is required", "City is required", "State is required", "Zip code is required", "Country is required"])
      await expect(form.getByText(message)).toBeVisible();

    await form.getByLabel("Country").selectOption("US");
    await expect(form.getByLabel("State")).toBeVisible();
    await expect(form.getByLabel("Zip Code")).toBeVisible();

    await form.getByLabel("Country").selectOption("GB");
    await expect(form.getByLabel("State")).toHaveCount(0);
    await expect(form.getByLabel("Postcode")).toBeVisible();
    await form.getByLabel("Street", { exact: true }).fill("1 Market Street");
    await form.getByLabel("Address line 2 (optional)").fill("Floor 2");
    await form.getByLabel("Town or city").fill("Leeds");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(form.getByText("Postcode is required")).toBeVisible();
    await form.getByLabel("Postcode").fill("not a postcode");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(form.getByText("Enter a valid postcode, like EC1Y 8SY")).toBeVisible();
    await form.getByLabel("Postcode").fill("LS1 1AA");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByRole("region", { name: "My Saved Addresses" }).getByRole("status")).toHaveText("Address saved.");
    await expect(page.getByRole("listitem").filter({ hasText: "1 Market Street" })).toContainText("1 Market Street, Floor 2, Leeds, LS1 1AA, United Kingdom");
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the address book, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("adds, edits, sets the default and deletes; deleting the default makes the newest remaining one the default", async ({ page }) => {
      await signUp(page, { email: uniqueEmail(`book-${javaScriptEnabled ? "js" : "nojs"}`) });
      await page.goto("/profile/saved-addresses");
      await expect(page.getByText("No saved addresses found.")).toBeVisible();
      const cards = page.getByRole("region", { name: "My Saved Addresses" }).getByRole("listitem");

      for (const [street, zip] of [
        ["1 First Road", "LS1 1AA"],
        ["2 Second Road", "LS2 7EY"],
        ["3 Third Road", "LS3 1AB"],
      ]) {
        await page.getByRole("link", { name: "Add address" }).click();
        const form = page.locator("form#add-address");
        if (javaScriptEnabled) await hydrated(page);
        await form.getByLabel("Country").selectOption("GB");
        await form.getByLabel("Street", { exact: true }).fill(street!);
        await form.locator('[name="city"]').fill("Leeds");
        await form.locator('[name="zip_code"]').fill(zip!);
        await form.getByRole("button", { name: "Save Address" }).click();
        await expect(page.getByRole("region", { name: "My Saved Addresses" }).getByRole("status")).toHaveText("Address saved.");
      }
      await expect(cards).toHaveCount(3);
      // The first saved is the default.
      await expect(cards.filter({ hasText: "1 First Road" }).getByText("Default", { exact: true })).toBeVisible();

      // Edit: the form opens with the address, a refused change keeps what was typed.
      await cards.filter({ hasText: "2 Second Road" }).getByRole("link", { name: "Edit 2 Second Road" }).click();
      const edit = page.getByRole("region", { name: "Change address" }).locator("form");
      if (javaScriptEnabled) await hydrated(page);
      await expect(edit.getByLabel("Street", { exact: true })).toHaveValue("2 Second Road");
      await edit.getByLabel("Street", { exact: true }).fill("2 Second Road, Rear");
      await edit.locator('[name="zip_code"]').fill("12345");
      await edit.getByRole("button", { name: "Save Address" }).click();
      await expect(edit.getByText("Enter a valid postcode, like EC1Y 8SY")).toBeVisible();
      await expect(edit.getByLabel("Street", { exact: true })).toHaveValue("2 Second Road, Rear");
      await edit.locator('[name="zip_code"]').fill("LS2 7EY");
      await edit.getByRole("button", { name: "Save Address" }).click();
      await expect(page.getByRole("region", { name: "My Saved Addresses" }).getByRole("status")).toHaveText("Address changed.");
      await expect(cards.filter({ hasText: "2 Second Road, Rear" })).toHaveCount(1);

      // Set the default.
      await cards.filter({ hasText: "2 Second Road, Rear" }).getByRole("button", { name: "Set as default: 2 Second Road, Rear" }).click();
      await expect(page.getByRole("region", { name: "My Saved Addresses" }).getByRole("status")).toHaveText("Default address changed.");
      await expect(cards.filter({ hasText: "2 Second Road, Rear" }).getByText("Default", { exact: true })).toBeVisible();
      await expect(cards.getByText("Default", { exact: true })).toHaveCount(1);

      // Delete the default: the newest remaining address takes its place.
      await cards.filter({ hasText: "2 Second Road, Rear" }).getByRole("button", { name: "Delete 2 Second Road, Rear" }).click();
      await expect(page.getByRole("region", { name: "My Saved Addresses" }).getByRole("status")).toHaveText("Address deleted.");
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: "3 Third Road" }).getByText("Default", { exact: true })).toBeVisible();
      await expect(cards.getByText("Default", { exact: true })).toHaveCount(1);
    });
  });
}
