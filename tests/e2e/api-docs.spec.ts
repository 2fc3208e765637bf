import { expect, test } from "./fixtures";

test.describe("API reference", () => {
  test("lists every call, jumps to one from the index and opens its request body", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    const index = page.getByRole("navigation", { name: "Calls" });
    await expect(index.getByRole("link")).toHaveCount(await page.getByRole("region").count());
    await index.getByRole("link", { name: "POST /sign_up" }).click();
    await expect(page).toHaveURL(/#postSignUp$/);
    const signUp = page.getByRole("region", { name: "POST /sign_up" });
    await expect(signUp).toBeInViewport();
    await expect(signUp.getByText("Authorisation: No token")).toBeVisible();
    await signUp.getByText("Request body (application/json)").click();
    await expect(signUp.locator("pre")).toContainText("password:");
    const me = page.getByRole("region", { name: "GET /users/me", exact: true });
    await expect(me.getByText("Authorisation: Customer token")).toBeVisible();
    const document = await page.request.get("/api/v1/openapi.json");
    expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/api/docs");
    await page.getByRole("navigation", { name: "Calls" }).getByRole("link", { name: "PUT /products/{id}" }).click();
    await expect(page.getByRole("region", { name: "PUT /products/{id}" }).getByText("Request body (multipart/form-data)")).toBeVisible();
    await context.close();
  });
});
