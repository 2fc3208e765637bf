import { readFile } from "node:fs/promises";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

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
