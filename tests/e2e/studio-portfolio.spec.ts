import { fileURLToPath } from "node:url";
import { CREATOR_PASSWORD as PASSWORD, expect, hydrated, invitedCreator as newCreator, test } from "./fixtures";

/**
 * A creator's portfolio and data rights in the browser, with JavaScript on (files sent in parts, with
 * progress) and off (the file in the form): an avatar, a piece with its caption, a refused file that
 * says why, removing; then their data as a file, and deleting the account.
 */
const media = (file: string) => fileURLToPath(new URL(`./files/${file}`, import.meta.url));
for (const javaScriptEnabled of [true, false]) {
  test.describe(`a creator's portfolio and data, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 4(00|01|09|22)/] });

    test("an avatar and a captioned piece join the portfolio; a still offered as the showreel is refused with the reason; a piece is removed", async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      await newCreator(browser, page, request, javaScriptEnabled ? "Pia Folio" : "Nils Folio", javaScriptEnabled);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Portfolio" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your portfolio" })).toBeVisible();
      await expect(page.getByText("No avatar yet: customers see your initial.")).toBeVisible();
      await expect(page.getByText("No pieces yet. Add stills or clips of work you are proud of.")).toBeVisible();
      if (javaScriptEnabled) await hydrated(page);

      const add = page.getByRole("region", { name: "Add to your portfolio" });
      await add.getByLabel(/^Avatar/).check();
      await add.getByLabel("File").setInputFiles(media("thumb-01.jpg"));
      await add.getByRole("button", { name: "Add to portfolio" }).click();
      await expect(page.getByRole("list", { name: "Notifications" }).getByText("Avatar saved.", { exact: true })).toBeVisible();
      const current = page.getByRole("region", { name: "On your profile" });
      await expect(current.getByRole("img", { name: "Your avatar" })).toBeVisible();

      // A still is not a showreel: the reason, with the choice kept.
      await add.getByLabel(/^Showreel/).check();
      await add.getByLabel("File").setInputFiles(media("image-02.jpg"));
      await add.getByRole("button", { name: "Add to portfolio" }).click();
      await expect(add.getByRole("alert")).toHaveText("image-02.jpg is not a supported showreel: use an MP4 or WebM video.");
      await expect(add.getByLabel(/^Showreel/)).toBeChecked();

      await add.getByLabel(/^Portfolio piece/).check();
      await add.getByLabel("Caption (pieces only, optional)").fill("Perfume bottle, studio light");
      await add.getByLabel("File").setInputFiles(media("image-03.jpg"));
      await add.getByRole("button", { name: "Add to portfolio" }).click();
      await expect(page.getByRole("list", { name: "Notifications" }).getByText("Piece added to your portfolio.", { exact: true })).toBeVisible();
      await expect(current.getByText("Pieces (1 of 12)")).toBeVisible();
      const pieces = page.getByRole("list", { name: "Portfolio pieces" });
      await expect(pieces.getByRole("img", { name: "Perfume bottle, studio light" })).toBeVisible();

      await pieces.getByRole("button", { name: "Remove Perfume bottle, studio light" }).click();
      await expect(page.getByRole("list", { name: "Notifications" }).getByText("Removed from your portfolio.", { exact: true })).toBeVisible();
      await expect(page.getByText("No pieces yet. Add stills or clips of work you are proud of.")).toBeVisible();
      await expect(current.getByRole("img", { name: "Your avatar" })).toBeVisible();
    });

    test("their data as a file; deleting the account asks for the password, then signs them out for good", async ({ page, browser, request }) => {
      test.slow();
      const email = await newCreator(browser, page, request, javaScriptEnabled ? "Dana Delete" : "Dirk Delete", javaScriptEnabled);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Privacy" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
      const file = await page.request.get("/studio/privacy/my-data.json");
      expect(file.status()).toBe(200);
      expect(((await file.json()) as { account: { email: string } }).account.email).toBe(email);
      await expect(page.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/studio/privacy/my-data.json");
      if (javaScriptEnabled) await hydrated(page);

      const danger = page.getByRole("region", { name: "Delete my account" });
      await danger.getByLabel("I understand that my account and its data will be deleted for good").check();
      await danger.getByLabel("Current password").fill("not-my-password");
      await danger.getByRole("button", { name: "Delete my account" }).click();
      await expect(danger.getByText("Current password is incorrect")).toBeVisible();
      await danger.getByLabel("I understand that my account and its data will be deleted for good").check();
      await danger.getByLabel("Current password").fill(PASSWORD);
      await danger.getByRole("button", { name: "Delete my account" }).click();
      await expect(page).toHaveURL(/\/creator\/login\?notice=account-deleted$/);
      await expect(page.getByRole("status")).toHaveText("Your account has been deleted. An email confirms it.");

      await page.goto("/studio");
      await expect(page).toHaveURL(/\/creator\/login/);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Invalid email or password")).toBeVisible();
    });
  });
}
