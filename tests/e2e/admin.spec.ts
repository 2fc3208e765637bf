import { adminLogIn, expect, hydrated, logIn, PAY_BUTTON, saveCheckoutAddress, test, uniqueEmail } from "./fixtures";

const CUSTOMER_ROUTES = ["/products/1/checkout?package=0", "/profile", "/profile/saved-addresses", "/profile/orders"];
const ADMIN_ROUTES = ["/admin", "/admin/dashboard", "/admin/products", "/admin/products/1", "/admin/orders", "/admin/orders/1", "/admin/users"];

test.describe("route access (SPEC §2 table)", () => {
  test("visitors are sent to the right login page", async ({ page }) => {
    for (const path of CUSTOMER_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login\?redirectTo=/);
    }
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test("customers reach their pages but no admin page", async ({ page }) => {
    await logIn(page);
    for (const path of CUSTOMER_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")));
    }
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test("admins reach every admin page but no customer page", async ({ page }) => {
    await adminLogIn(page);
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(path === "/admin" ? /\/admin\/products$/ : new RegExp(`${path}$`));
    }
    for (const path of CUSTOMER_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login\?redirectTo=/);
    }
  });
});

test.describe("admin screens", () => {
  test("products table with View links and pagination; the admin product view has no Continue", async ({ page }) => {
    await adminLogIn(page);
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["ID", "Title", "Description", "Actions"]);
    await expect(table.getByRole("row")).toHaveCount(6);
    await expect(page.getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/admin/products/new");
    await page.getByRole("navigation", { name: "Products pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "View 3D Product Launch Animation" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Product Launch Animation");
    await expect(page.getByTestId("package-price")).toHaveText("£499.00");
    await expect(page.getByRole("link", { name: "Continue" })).toHaveCount(0);
  });

  test("dashboard figures change after a purchase; the order shows in the orders list and detail", async ({ page, browser }) => {
    await adminLogIn(page, "/admin/dashboard");
    const before = Number(await page.getByTestId("total-orders").textContent());

    const shopper = await browser.newPage();
    await shopper.goto("/signup");
    await shopper.getByLabel("Name").fill("Dashboard Buyer");
    await shopper.getByLabel("Email", { exact: true }).fill(uniqueEmail("dash"));
    await shopper.getByLabel("Password", { exact: true }).fill("Str0ng!Pass");
    await shopper.getByRole("button", { name: "Sign up" }).click();
    await shopper.waitForURL(/\/products$/);
    await shopper.goto("/products/7/checkout?package=0&add=1");
    await hydrated(shopper);
    await saveCheckoutAddress(shopper, { street: "7 Studio Way", city: "Bristol", state: "Avon", zip: "BS1 1AA" });
    await shopper.getByLabel("Card number").fill("4242424242424242");
    await shopper.getByLabel("Expiry").fill("12/34");
    await shopper.getByLabel("CVC").fill("123");
    await shopper.getByRole("button", { name: PAY_BUTTON }).click();
    const transaction = await shopper.getByText(/^Transaction ID: \d+$/).textContent();
    const orderId = transaction!.replace("Transaction ID: ", "");
    await shopper.close();

    await page.reload();
    await expect(page.getByTestId("total-orders")).toHaveText(String(before + 1));
    // Client navigations from here on: a click before hydration would race the hydrating router.
    await hydrated(page);
    await expect(page.getByTestId("total-revenue")).toContainText("£");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
    // The work queue: the paid order waits for its brief.
    await page
      .getByRole("navigation", { name: "Work status" })
      .getByRole("link", { name: /^Awaiting brief/ })
      .click();
    await expect(page).toHaveURL(/status=awaiting_brief/);
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: orderId, exact: true }) });
    await expect(row.getByRole("cell").nth(1)).toHaveText("Character Animation Short");
    // Who bought it, in the queue's own column.
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([
      "Order ID",
      "Product",
      "Amount",
      "Payment Status",
      "Date",
      "Customer",
      "Creator",
      "Work",
      "Due",
      "Messages",
      "Actions",
    ]);
    await expect(row.getByRole("cell").nth(5)).toHaveText("Dashboard Buyer");
    await expect(row.getByText("£1,078.80")).toBeVisible();
    await expect(row.getByText("succeeded")).toHaveAttribute("data-colour", "green");
    await row.getByRole("link", { name: `View Details of order ${orderId}` }).click();
    await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order Information" }).getByText("£1,078.80").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Character Animation Short" })).toHaveAttribute("href", "/admin/products/7");
    await expect(page.getByText("Product ID: 7")).toBeVisible();
    // The sidebar's column runs the whole height of a long page.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect((await page.locator("aside").boundingBox())!.height).toBeGreaterThanOrEqual(pageHeight - 1);

    await page.goto("/admin/orders/999999");
    await expect(page.getByRole("alert")).toHaveText("No order found with ID: 999999");
  });

  test("users table and demo requests", async ({ page }) => {
    await adminLogIn(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText(["ID", "Name", "Email", "Created At", "Email confirmed"]);
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Demo requests" }).click();
    await expect(page.getByRole("heading", { name: "Demo requests" })).toBeVisible();
  });
});

test.describe("searching customers, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("by the start of an email or the words of a name", async ({ page }) => {
    await adminLogIn(page);
    await page.goto("/admin/users");
    const search = page.getByRole("search", { name: "Customers" });
    await search.getByLabel("Search by email or name").fill("customer@exam");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?q=customer%40exam$/);
    await expect(page.getByRole("status")).toHaveText("1 customer matches “customer@exam”.");
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("customer@example.com");
    await page.getByRole("search", { name: "Customers" }).getByLabel("Search by email or name").fill("demo cust");
    await page.getByRole("search", { name: "Customers" }).getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("status")).toHaveText(/“demo cust”\.$/);
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "customer@example.com" })).toHaveCount(1);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});
