import { adminLogIn, expect, hydrated, invitedCreator, test } from "./fixtures";

/**
 * The admins' payouts page, with JavaScript on and off: the creators' figures (the demo creator's
 * cleared £840.00 due), the payout settings (a refused value says why; saved), and a hold with a
 * reason the creator reads on their payouts page, then released; an adjustment with a reason the
 * creator reads beside the movement. Each run holds and adjusts a new creator.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`the admins' payouts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, allowedConsole: [/status of 422/] });

    test("figures per creator, the settings, and a hold the creator reads until it is released", async ({ page, browser, request }) => {
      const name = javaScriptEnabled ? "Hanna Held" : "Hugo Held";
      const creatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
      const creatorPage = await creatorContext.newPage();
      await invitedCreator(browser, creatorPage, request, name, javaScriptEnabled);

      await adminLogIn(page, "/admin/dashboard");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payouts" }).click();
      await expect(page).toHaveURL(/\/admin\/payouts$/);
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
      const mara = page.getByTestId("payouts-row").filter({ hasText: "Mara Lind (GBP)" });
      await expect(mara).toContainText("£840.00");
      await expect(mara).toContainText("No payout account");

      const settings = page.getByRole("region", { name: "Payout settings" });
      await expect(settings.getByLabel("Default share (%)")).toHaveValue("70");
      await expect(settings.getByLabel("Clearance period (days)")).toHaveValue("7");
      await settings.getByLabel("Default share (%)").fill("seventy");
      await settings.getByRole("button", { name: "Save settings" }).click();
      await expect(settings.getByText("The default share must be a percentage from 1 to 100, with at most two decimals")).toBeVisible();
      await settings.getByLabel("Default share (%)").fill("70");
      await settings.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("status")).toHaveText("Payout settings saved: they apply to orders assigned and earnings written from now on.");

      const hold = page.getByRole("region", { name: "Hold a creator's payouts" });
      await hold.getByLabel("Creator", { exact: true }).selectOption({ label: name });
      await hold.getByLabel("Reason (the creator reads it)").fill("no");
      await hold.getByRole("button", { name: "Hold payouts" }).click();
      await expect(hold.getByText("Write why the payouts are held (at least 5 characters)")).toBeVisible();
      const reason = "Checking your tax details with you first";
      await hold.getByLabel("Creator", { exact: true }).selectOption({ label: name });
      await hold.getByLabel("Reason (the creator reads it)").fill(reason);
      await hold.getByRole("button", { name: "Hold payouts" }).click();
      await expect(page.getByRole("status")).toHaveText("Payouts held: nothing is sent to this creator until you release them.");
      const held = page.getByTestId("payout-hold").filter({ hasText: name });
      await expect(held).toContainText(reason);

      await creatorPage.goto("/studio/payouts");
      await expect(creatorPage.getByRole("region", { name: "Payout account" })).toContainText(`Your payouts are on hold by the studio: ${reason}`);

      await held.getByRole("button", { name: `Release ${name}` }).click();
      await expect(page.getByRole("status")).toHaveText("Payouts released: what is due is paid by the next run.");
      await expect(page.getByTestId("payout-hold").filter({ hasText: name })).toHaveCount(0);
      await creatorPage.reload();
      await expect(creatorPage.getByRole("region", { name: "Payout account" })).toContainText("Your earnings wait because you have no payout account yet.");

      // An adjustment taken from the creator, with a reason they read beside the movement.
      const adjust = page.getByRole("region", { name: "Adjust a creator's balance" });
      await adjust.getByLabel("Creator", { exact: true }).selectOption({ label: name });
      await adjust.getByLabel("Amount (negative to take)").fill("0");
      await adjust.getByLabel("Reason (the creator reads it)").fill("Music licence bought for your film");
      await adjust.getByRole("button", { name: "Adjust the balance" }).click();
      await expect(adjust.getByText("The amount must be a signed amount such as 25.00 or -12.50, not zero", { exact: true })).toBeVisible();
      await expect(adjust.getByLabel("Reason (the creator reads it)")).toHaveValue("Music licence bought for your film");
      await adjust.getByLabel("Creator", { exact: true }).selectOption({ label: name });
      await adjust.getByLabel("Amount (negative to take)").fill("-12.50");
      await adjust.getByRole("button", { name: "Adjust the balance" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Balance adjusted: what is owed to the creator is paid by the next run; what is taken is set against their next transfers.",
      );
      await expect(page.getByTestId("adjustment").filter({ hasText: name }).first()).toContainText("-£12.50");
      await creatorPage.reload();
      const movement = creatorPage.getByRole("row").filter({ hasText: "Music licence bought for your film" });
      await expect(movement).toContainText("Adjustment");
      await expect(movement).toContainText("-£12.50");
      await creatorContext.close();
    });
  });
}
