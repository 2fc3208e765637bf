import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { adminLogIn, expect, hydrated, logIn, paidOrderThroughApi, test } from "./fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * A master of several parts: the studio's page sends it in parts with progress, a failed part stops
 * the upload, a reload and the same file chosen again resume it (only the missing part is sent, and
 * sent again by itself when a busy server answers 503); the customer sees the master held back,
 * approves, and downloads the same bytes.
 */
const PASSWORD = "Str0ng!Pass";
const MB = 1024 * 1024;

async function briefedOrder(request: APIRequestContext) {
  return paidOrderThroughApi(request, { name: "Master Buyer", brief: true });
}

/** A QuickTime master on disk (its date stays put, so choosing it again finds the upload to resume): three parts at the suite's 5 MiB. */
async function masterFile(): Promise<{ path: string; sha: string; size: number }> {
  const size = 2 * 5 * MB + 321_000;
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 997) bytes[i] = i % 251;
  Buffer.from([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20]).copy(bytes, 0);
  const dir = test.info().outputPath("files");
  await mkdir(dir, { recursive: true });
  const path = `${dir}/final-prores.mov`;
  await writeFile(path, bytes);
  return { path, sha: createHash("sha256").update(bytes).digest("hex"), size };
}

test.describe("masters sent in parts, released on approval", () => {
  test.use({ allowedConsole: [/net::ERR_FAILED/, /status of 4\d\d/] });

  test("a chunked upload with progress resumes after a reload; the customer downloads the master after approving", async ({ page, browser }) => {
    const { email, id } = await briefedOrder(page.request);
    const master = await masterFile();
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await context.newPage();
    await adminLogIn(admin, `/admin/orders/${id}`);
    await hydrated(admin);

    // The network drops part 3 every time: the upload stops, saying so, with parts 1 and 2 stored.
    await admin.route(/\/uploads\/[^/]+\/parts\/3$/, (route) => route.abort("failed"));
    await admin.getByLabel("Files to deliver").setInputFiles(master.path);
    // A QuickTime file cannot be the preview or go with the form: it starts as a master.
    await expect(admin.getByRole("combobox", { name: "Role of final-prores.mov" })).toHaveValue("master");
    await admin.getByLabel("Note to the customer").fill("The ProRes master");
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    const transfers = admin.getByRole("list", { name: "Files sent in parts" });
    await expect(transfers.getByRole("progressbar", { name: "Upload of final-prores.mov" })).toBeVisible();
    await expect(transfers.getByText("The upload was interrupted. Check your connection, then resume.")).toBeVisible({ timeout: 15_000 });
    await expect(transfers.getByRole("button", { name: "Resume final-prores.mov" })).toBeVisible();

    // A reload: the same file chosen again sends only the part the server lacks.
    await admin.unroute(/\/uploads\/[^/]+\/parts\/3$/);
    await admin.reload();
    await hydrated(admin);
    const partsSent: string[] = [];
    admin.on("request", (request) => {
      if (request.method() === "PUT" && /\/uploads\/[^/]+\/parts\/\d+$/.test(request.url())) partsSent.push(request.url().split("/").pop()!);
    });
    // A busy server answers part 3 with a 503 once: the part is sent again by itself.
    let busy = true;
    await admin.route(/\/uploads\/[^/]+\/parts\/3$/, async (route) => {
      if (!busy) return route.continue();
      busy = false;
      return route.fulfill({ status: 503, body: "Busy" });
    });
    await admin.getByLabel("Files to deliver").setInputFiles(master.path);
    await admin.getByLabel("Frame rate").selectOption("24");
    await admin.getByLabel("Note to the customer").fill("The ProRes master");
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    await expect(admin.getByRole("status")).toHaveText("Delivered. The customer can review it now.");
    expect(partsSent).toEqual(["3", "3"]);
    await expect(admin.getByText("v1: 24 fps")).toBeVisible();
    await context.close();

    // The customer: the master is listed, held back until approval.
    await logIn(page, email, PASSWORD);
    await page.goto(`/profile/orders/${id}`);
    const masters = page.getByRole("list", { name: "Masters" });
    await expect(masters).toHaveText("final-prores.mov (10 MB)");
    await expect(page.getByText("Masters can be downloaded once you approve the delivery.")).toBeVisible();
    await page.getByRole("button", { name: "Approve delivery" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you! The order is complete.");

    const [download] = await Promise.all([page.waitForEvent("download"), masters.getByRole("link", { name: "Download final-prores.mov (10 MB)" }).click()]);
    expect(download.suggestedFilename()).toBe("final-prores.mov");
    const saved = await readFile((await download.path())!);
    expect(saved.byteLength).toBe(master.size);
    expect(createHash("sha256").update(saved).digest("hex")).toBe(master.sha);
  });
});

test.describe("one upload area for a delivery's files", () => {
  test("several files chosen at once, each with its role: one preview, a master, a still delivered as it is", async ({ page, browser }) => {
    const { email, id } = await briefedOrder(page.request);
    const master = await masterFile();
    const seed = (file: string) => new URL(`./files/${file}`, import.meta.url).pathname;
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await context.newPage();
    await adminLogIn(admin, `/admin/orders/${id}`);
    await hydrated(admin);

    await admin.getByLabel("Files to deliver").setInputFiles([seed("video-01.mp4"), master.path, seed("image-01.jpg")]);
    const chosen = admin.getByRole("list", { name: "Files to upload" });
    await expect(chosen.getByRole("listitem")).toHaveCount(3);
    await expect(chosen.getByRole("combobox", { name: "Role of video-01.mp4" })).toHaveValue("preview");
    await expect(chosen.getByRole("combobox", { name: "Role of final-prores.mov" })).toHaveValue("master");
    await expect(chosen.getByRole("combobox", { name: "Role of image-01.jpg" })).toHaveValue("file");
    // A QuickTime file cannot be the film under review.
    await expect(chosen.getByRole("combobox", { name: "Role of final-prores.mov" }).locator("option", { hasText: "Preview for review" })).toBeDisabled();
    await expectNoViolations(admin, "the delivery form with three files chosen");

    // A second MP4 chosen later starts as a file; made a preview too, the form asks for one.
    await admin.getByLabel("Files to deliver").setInputFiles(seed("video-02.mp4"));
    await expect(chosen.getByRole("combobox", { name: "Role of video-02.mp4" })).toHaveValue("file");
    await chosen.getByRole("combobox", { name: "Role of video-02.mp4" }).selectOption("preview");
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    await expect(admin.getByRole("alert")).toHaveText("Choose one preview: the customer reviews one film per version.");
    await chosen.getByRole("button", { name: "Remove video-02.mp4" }).click();
    await expect(chosen.getByRole("listitem")).toHaveCount(3);
    await expect(admin.getByLabel("Files to deliver")).toBeFocused();
    // The still goes with the masters instead.
    await chosen.getByRole("combobox", { name: "Role of image-01.jpg" }).selectOption("master");

    await admin.getByLabel("Note to the customer").fill("Film, master and a still");
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    await expect(admin.getByRole("status")).toHaveText("Delivered. The customer can review it now.");
    await context.close();

    await logIn(page, email, PASSWORD);
    await page.goto(`/profile/orders/${id}`);
    await expect(page.getByRole("list", { name: "Masters" })).toHaveText(/final-prores\.mov \(10 MB\)\s*image-01\.jpg \(\d+ KB\)/);
    await expect(page.locator("video").first()).toBeVisible();
  });

  test("files chosen before the page's JavaScript has run join the list once it does", async ({ page, browser }) => {
    const { id } = await briefedOrder(page.request);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await context.newPage();
    await adminLogIn(admin, null);
    // The page's modules are held back until a file is chosen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not "load": a module held back may hold the load event too (when it is added before the page's images finish).
    await admin.goto(`/admin/orders/${id}`, { waitUntil: "domcontentloaded" });
    await admin.getByLabel("Files to deliver").setInputFiles(new URL("./files/video-01.mp4", import.meta.url).pathname);
    release();
    await hydrated(admin);
    await expect(admin.getByRole("list", { name: "Files to upload" }).getByRole("combobox", { name: "Role of video-01.mp4" })).toHaveValue("preview");
    await context.close();
  });
});
