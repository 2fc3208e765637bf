import { readFile } from "node:fs/promises";
import { expect, hydrated, signUp, test, uniqueEmail } from "./fixtures";

/** The customer's Privacy page: "Download my data" gives a JSON file of their account, with JavaScript on and off. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`download my data, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the Privacy tab offers the file; it holds the account", async ({ page }) => {
      const email = uniqueEmail(`my-data-${javaScriptEnabled ? "js" : "nojs"}`);
      await signUp(page, { name: "Data Owner", email });
      await page.goto("/profile");
      await page.getByRole("link", { name: "Privacy" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download my data" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^reelcraft-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await file.path())!, "utf8")) as { account: { email: string; name: string }; orders: unknown[] };
      expect(data.account).toMatchObject({ email, name: "Data Owner" });
      expect(data.orders).toEqual([]);
    });
  });
}

/**
 * 'Delete my account' on the Privacy page, with JavaScript on and off: the password asked again and a
 * box to tick; a refusal shows under its field and keeps the rest; then the customer is signed out,
 * lands on the home page with a notice, and can no longer log in.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`delete my account, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    // The refused password (422) and the refused log-in afterwards (401) are logged by the browser.
    test.use({ javaScriptEnabled, allowedConsole: [/status of (401|422)/] });

    test("asks again, refuses a wrong password in place, then deletes, signs out and cannot log in", async ({ page }) => {
      const email = uniqueEmail(`delete-me-${javaScriptEnabled ? "js" : "nojs"}`);
      await signUp(page, { name: "Leaving Person", email });
      await page.goto("/profile/privacy");
      if (javaScriptEnabled) await hydrated(page);
      const section = page.getByRole("region", { name: "Delete my account" });
      await expect(section.getByRole("heading", { level: 2 })).toHaveText("Delete my account");
      await expect(section.locator("p").first()).toHaveText(
        "Your name, email address, saved addresses, briefs, messages, files and revision requests are erased at once, and you are signed out everywhere. " +
          "Invoices and credit notes keep what the law requires: the name, address, tax number and amounts on them. Your reviews stay on the shop, shown as " +
          "“Former customer”. An email confirms the deletion. This cannot be undone.",
      );
      await expect(section.getByText("Orders still in progress must be completed or cancelled first.", { exact: true })).toBeVisible();
      const confirm = section.getByLabel("I understand that my account and its data will be deleted for good");
      const password = section.getByLabel("Current password");
      const submit = section.getByRole("button", { name: "Delete my account" });

      // Not ticked: the box says so.
      await password.fill("Str0ng!Pass");
      await submit.click();
      await expect(confirm).toHaveAccessibleDescription("Please confirm that you want to delete your account");
      await expect(page).toHaveURL(/\/profile\/privacy$/);

      // A wrong password: the error under the field, the box still ticked, the password not echoed.
      await section.getByLabel("I understand that my account and its data will be deleted for good").check();
      await section.getByLabel("Current password").fill("Wrong!Passw0rd");
      await submit.click();
      await expect(section.getByLabel("Current password")).toHaveAccessibleDescription("Current password is incorrect");
      await expect(confirm).toBeChecked();
      if (!javaScriptEnabled) await expect(section.getByLabel("Current password")).toHaveValue("");

      await section.getByLabel("Current password").fill("Str0ng!Pass");
      await submit.click();
      await expect(page).toHaveURL(/\/home\?account=deleted$/);
      await expect(page.getByRole("status").filter({ hasText: "account" })).toHaveText(
        "Your account has been deleted. A confirmation is on its way to your email.",
      );

      // Signed out, and the email and password no longer work.
      await page.goto("/profile/privacy");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fprivacy$/);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password").fill("Str0ng!Pass");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toHaveText("Invalid email or password");
    });
  });
}
