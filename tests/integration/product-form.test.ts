import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie, dispatch, fakeMedia, freshAddress, selfFetch } from "./helpers";

const fields: [string, string][] = [
  ["title", "Product Form Test Film"],
  ["description_heading", "Made without JavaScript"],
  ["description", "Posted in one multipart request."],
  ["services_offered", "Storyboard\n  \n Animation "],
  ["tags", "Form Tag A, Form Tag B,  , Form Tag C"],
  ["packages[0].short_description", "Basic"],
  ["packages[0].items_included", "One film, , Two revisions"],
  ["packages[0].amount", "99.90"],
  ["packages[0].currency", "EUR"],
];

function multipart(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

function post(path: string, body: FormData, cookie: string | null) {
  return selfFetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { Host: "localhost", Origin: "http://localhost", "CF-Connecting-IP": freshAddress(), ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function counts() {
  const row = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM packages) AS packages, (SELECT count(*) FROM product_media) AS media, (SELECT count(*) FROM product_tags) AS product_tags",
  ).first<Record<string, number>>();
  return row!;
}

const image = (name = "cover.jpg") => new File([fakeMedia("x.jpg", 2048)], name, { type: "image/jpeg" });
const video = () => new File([fakeMedia("x.mp4", 8192)], "reel.mp4", { type: "video/mp4" });

describe("Create New Product without JavaScript (one multipart post)", () => {
  it("creates the product, its packages, tags and media, then redirects with both toasts", async () => {
    const admin = await adminCookie();
    const response = await post(
      "/admin/products/new",
      multipart([...fields, ["images", image()], ["images", image("second.jpg")], ["videos", video()], ["video_thumbnail", image("thumb.jpg")]]),
      admin,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/products");
    // The toasts travel in a signed cookie and show once on the page the redirect leads to.
    const toast = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("toast="))!
      .split(";")[0]!;
    const visit = (cookie: string) => selfFetch("http://localhost/admin/products", { headers: { Cookie: cookie } });
    const shown = await visit(`${admin}; ${toast}`);
    const page = await shown.text();
    expect(page).toContain("Product created successfully!");
    expect(page).toContain("Images and videos uploaded successfully!");
    expect(shown.headers.getSetCookie().some((c) => c.startsWith("toast=; Max-Age=0"))).toBe(true);
    // A toast cookie the server did not sign shows nothing.
    const forged = `toast=${encodeURIComponent(btoa(JSON.stringify([{ id: "x", kind: "error", message: "Forged message" }])))}`;
    expect(await (await visit(`${admin}; ${forged}`)).text()).not.toContain("Forged message");

    const product = await env.DB.prepare("SELECT id, services_offered FROM products WHERE title = ?")
      .bind("Product Form Test Film")
      .first<{ id: number; services_offered: string }>();
    expect(JSON.parse(product!.services_offered)).toEqual(["Storyboard", "Animation"]);
    const media = await env.DB.prepare("SELECT kind, position, r2_key FROM product_media WHERE product_id = ? ORDER BY kind, position")
      .bind(product!.id)
      .all<{ kind: string; position: number; r2_key: string }>();
    expect(media.results.map((m) => `${m.kind}:${m.position}`)).toEqual(["image:0", "image:1", "thumbnail:0", "video:0"]);
    for (const m of media.results) expect(await env.MEDIA.head(m.r2_key), m.r2_key).not.toBeNull();
    const pkg = await env.DB.prepare("SELECT currency, amount_minor, items_included FROM packages WHERE product_id = ?")
      .bind(product!.id)
      .first<{ currency: string; amount_minor: number; items_included: string }>();
    expect(pkg).toMatchObject({ currency: "EUR", amount_minor: 9990 });
    expect(JSON.parse(pkg!.items_included)).toEqual(["One film", "Two revisions"]);
    const tags = await env.DB.prepare("SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = ? ORDER BY t.name")
      .bind(product!.id)
      .all<{ name: string }>();
    expect(tags.results.map((t) => t.name)).toEqual(["Form Tag A", "Form Tag B", "Form Tag C"]);
  });

  it("answers 422 with every message and the typed values, writing nothing", async () => {
    const admin = await adminCookie();
    const before = await counts();
    const response = await post(
      "/admin/products/new",
      multipart([
        ["title", "Kept Title"],
        ["tags", "Only, Two"],
        ["videos", video()],
      ]),
      admin,
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    for (const message of [
      "Description heading is required",
      "Description is required",
      "At least one service must be offered",
      "At least 3 tags are required",
      "At least one image must be uploaded",
      "Video thumbnail is required when uploading videos",
      "Add at least one package",
      "Files are not kept between submissions",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="Kept Title"');
    expect(html).toContain('value="Only, Two"');
    expect(await counts()).toEqual(before);
  });

  it("refuses an SVG or a renamed executable before anything is written", async () => {
    const admin = await adminCookie();
    const before = await counts();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "logo.svg", { type: "image/svg+xml" });
    let response = await post("/admin/products/new", multipart([...fields, ["images", svg]]), admin);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("logo.svg is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.");
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], "photo.jpg", { type: "image/jpeg" });
    response = await post("/admin/products/new", multipart([...fields, ["images", exe]]), admin);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("photo.jpg is not a supported image");
    expect(await counts()).toEqual(before);
  });

  it("'Add Package' without JavaScript redraws the form with one more block and the values kept", async () => {
    const admin = await adminCookie();
    const before = await counts();
    const response = await post(
      "/admin/products/new",
      multipart([...fields, ["__intent__", JSON.stringify({ type: "insert", payload: { name: "packages" } })]]),
      admin,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Package #(<!-- -->)?1/);
    expect(html).toMatch(/Package #(<!-- -->)?2/);
    // The new block is empty and not yet judged: no error shows until the next submit.
    expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Package description is required");
    expect(html).toContain('value="99.90"');
    expect(await counts()).toEqual(before);
  });

  it("a forged list button is refused with 400, whether the upload declares its length or streams without one", async () => {
    const admin = await adminCookie();
    const before = await counts();
    for (const forged of ['{"type":"insert"}', "not json", '{"type":1,"payload":{}}']) {
      const form = () => multipart([...fields, ["__intent__", forged]]);
      const headers = { Host: "localhost", Origin: "http://localhost", Cookie: admin };
      // Over the harness's HTTP transport the body gets a Content-Length; handed straight to the Worker it has none.
      const declared = await post("/admin/products/new", form(), admin);
      const streamed = await dispatch("http://localhost/admin/products/new", { method: "POST", body: form(), headers });
      for (const response of [declared, streamed]) {
        expect(response.status, forged).toBe(400);
        expect(await response.text()).toContain("The form's button could not be understood. Please try again.");
      }
      expect(streamed.status).toBe(400);
      const edit = await dispatch("http://localhost/admin/products/3/edit", { method: "POST", body: form(), headers });
      expect(edit.status, forged).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it("is for admins only", async () => {
    const before = await counts();
    const body = () => multipart([...fields, ["images", image()]]);
    const visitor = await post("/admin/products/new", body(), null);
    expect(visitor.headers.get("location")).toBe("/admin/login");
    const customer = await post("/admin/products/new", body(), await customerCookie());
    expect(customer.headers.get("location")).toBe("/admin/login");
    expect(await counts()).toEqual(before);
  });
});

describe("Create New Product with JavaScript (step 1 JSON, step 2 streamed files)", () => {
  it("step 1 creates the product and answers its id; step 2 streams each file to R2", async () => {
    const admin = await adminCookie();
    const step1 = await post("/admin/products/create", multipart([...fields, ["image_count", "1"], ["video_count", "1"], ["has_thumbnail", "true"]]), admin);
    expect(step1.status).toBe(201);
    const { data, message } = await step1.json<{ data: { id: number }; message: string }>();
    expect(message).toBe("Product created successfully!");

    const bytes = fakeMedia("x.mp4", 64 * 1024);
    const step2 = await selfFetch(`http://localhost/admin/products/${data.id}/media?kind=video&name=reel.mp4`, {
      method: "PUT",
      body: bytes,
      headers: { Host: "localhost", Origin: "http://localhost", Cookie: admin, "Content-Type": "video/mp4", "Content-Length": String(bytes.length) },
    });
    expect(step2.status).toBe(201);
    const stored = await env.DB.prepare("SELECT r2_key, content_type FROM product_media WHERE product_id = ? AND kind = 'video'")
      .bind(data.id)
      .first<{ r2_key: string; content_type: string }>();
    expect(stored?.content_type).toBe("video/mp4");
    const object = await env.MEDIA.get(stored!.r2_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
  });

  it("a refused file in step 2 leaves the product of step 1 in place (SPEC §4)", async () => {
    const admin = await adminCookie();
    const step1 = await post("/admin/products/create", multipart([...fields, ["image_count", "1"]]), admin);
    const { data } = await step1.json<{ data: { id: number } }>();
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    const step2 = await selfFetch(`http://localhost/admin/products/${data.id}/media?kind=image&name=logo.svg`, {
      method: "PUT",
      body: svg,
      headers: { Host: "localhost", Origin: "http://localhost", Cookie: admin, "Content-Length": String(svg.length) },
    });
    expect(step2.status).toBe(422);
    expect(await step2.json()).toMatchObject({ message: "logo.svg is not a supported image: use JPEG, PNG, WebP, AVIF or GIF." });
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(data.id).first()).not.toBeNull();
    expect((await env.MEDIA.list({ prefix: `products/${data.id}/` })).objects).toHaveLength(0);
  });

  it("step 1 answers the form's errors in JSON and writes nothing", async () => {
    const admin = await adminCookie();
    const before = await counts();
    const response = await post(
      "/admin/products/create",
      multipart([...fields.filter(([name]) => name !== "title"), ["image_count", "0"], ["video_count", "2"]]),
      admin,
    );
    expect(response.status).toBe(422);
    // The API's one error shape: each field's message in the form's order, the first as the message.
    expect(await response.json()).toEqual({
      success: false,
      message: "Title is required",
      errors: ["Title is required", "At least one image must be uploaded", "Video thumbnail is required when uploading videos"],
    });
    expect(await counts()).toEqual(before);
  });

  it("a signed-out admin or a customer gets the spec's 401 message in JSON, not a redirect", async () => {
    for (const cookie of [null, await customerCookie()]) {
      const response = await post("/admin/products/create", multipart([...fields, ["image_count", "1"]]), cookie);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: "Authentication token not found. Please login again." });
      const media = await selfFetch("http://localhost/admin/products/1/media?kind=image&name=a.jpg", {
        method: "PUT",
        body: image(),
        headers: { Host: "localhost", Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
      });
      expect(media.status).toBe(401);
    }
  });

  it("names the limit of a too-large file and refuses the wrong kind by its bytes", async () => {
    const admin = await adminCookie();
    const headers = { Host: "localhost", Origin: "http://localhost", Cookie: admin };
    const big = await selfFetch("http://localhost/admin/products/1/media?kind=image&name=huge.jpg", {
      method: "PUT",
      body: new Uint8Array(16),
      headers: { ...headers, "Content-Length": String(11 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: "huge.jpg is too large: images can be at most 10 MB." });
    const wrong = await selfFetch("http://localhost/admin/products/1/media?kind=video&name=still.jpg", { method: "PUT", body: image(), headers });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ message: "still.jpg is not a supported video: use MP4 or WebM." });
  });
});
