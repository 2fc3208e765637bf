import { expect, signUp, test, uniqueEmail } from "./fixtures";

// A refused form answers 422, which the browser logs.
test.use({ allowedConsole: [/status of 422/] });

test.describe("a business's billing address without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a company and a VAT number are saved, and a malformed number is refused with what was typed kept", async ({ page }) => {
    await signUp(page, { name: "Ada Business", email: uniqueEmail("business") });
    await page.goto("/products/1/checkout?package=0");
    await page.getByRole("link", { name: "Add New" }).click();
    const form = page.locator("form#add-address");
    const taxId = form.getByLabel("VAT or tax number (optional)");
    await expect(taxId).toHaveAccessibleDescription(
      "For a business: we print it on your invoices, and outside the UK it may mean no VAT is charged (reverse charge).",
    );

    // Without JavaScript the first form has the SPEC's fields, whatever the country chosen.
    await form.getByLabel("Country").selectOption("DE");
    await form.getByLabel("Street", { exact: true }).fill("Unter den Linden 1");
    await form.getByLabel("City").fill("Berlin");
    await form.getByLabel("Zip Code").fill("10117");
    await form.getByLabel("Company name (optional)").fill("Analytical Engines GmbH");
    await taxId.fill("DE 123");
    await form.getByRole("button", { name: "Save Address" }).click();

    await expect(form.getByText("Tax ID is not a valid VAT number for Germany", { exact: true })).toBeVisible();
    await expect(taxId).toHaveAttribute("aria-invalid", "true");
    await expect(taxId).toHaveAccessibleDescription(/Tax ID is not a valid VAT number for Germany/);
    await expect(taxId).toHaveValue("DE 123");
    await expect(form.getByLabel("Company name (optional)")).toHaveValue("Analytical Engines GmbH");
    await expect(form.getByLabel("Street", { exact: true })).toHaveValue("Unter den Linden 1");
    await expect(form.getByLabel("City")).toHaveValue("Berlin");
    // The answer is Germany's form: no state, a 'Postal code'.
    await expect(form.getByLabel("Postal code")).toHaveValue("10117");
    await expect(form.getByLabel("State")).toHaveCount(0);
    await expect(form.getByLabel("Country")).toHaveValue("DE");

    // A made-up number whose check digits are right, written the way people write it.
    await taxId.fill("de 206 600 480");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(form).toHaveCount(0);
    const selected = page.getByTestId("selected-address");
    await expect(selected).toContainText("Analytical Engines GmbH, Unter den Linden 1, Berlin, 10117, Germany");
    await expect(selected).toContainText("Tax ID DE206600480");

    await page.goto("/profile/saved-addresses");
    const card = page.getByRole("listitem").filter({ hasText: "Unter den Linden 1" });
    await expect(card.getByText("Analytical Engines GmbH")).toBeVisible();
    await expect(card.getByText("Tax ID DE206600480")).toBeVisible();
  });
});
