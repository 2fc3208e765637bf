import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, fakeMedia, newCustomer, selfFetch } from "./helpers";

const product = {
  title: "Drone Cinematography",
  description_heading: "Your brand from above",
  description: "Aerial footage by licensed pilots.",
  services_offered: ["Flight planning", "4K aerial footage"],
  tags: ["Aerial", "Brand Film", "Social Media"],
  packages: [
    { short_description: "Half-day shoot", items_included: "2 hours flying, 10 clips", amount: "650", currency: "GBP" },
    { short_description: "Full-day shoot", items_included: ["6 hours flying", "30 clips", "Edit"], amount: 1200.5, currency: "gbp" },
  ],
};

async function count(table: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

function upload(id: number, token: string, parts: [string, Uint8Array<ArrayBuffer>, string][]) {
  const form = new FormData();
  for (const [field, bytes, name] of parts) form.append(field, new File([bytes], name));
  return selfFetch(`http://localhost/api/v1/products/${id}`, { method: "PUT", body: form, headers: { Authorization: `Bearer ${token}` } });
}

describe("POST /api/v1/products", () => {
  it("creates the product with packages and tags (new tags too), visible in the catalogue", async () => {
    const { access_token } = await adminSignIn();
    const { status, body } = await api<{ success: boolean; data: { id: number } }>("POST", "/products", { token: access_token, body: { product } });
    expect(status).toBe(201);
    const detail = await api<{ data: Record<string, unknown> }>("GET", `/products/${body.data.id}`);
    expect(detail.body.data).toMatchObject({
      title: "Drone Cinematography",
      services_offered: ["Flight planning", "4K aerial footage"],
      tags: ["Aerial", "Brand Film", "Social Media"],
      images: [],
      packages: [
        { name: "Basic", currency: "GBP", amount: "650.00", items_included: ["2 hours flying", "10 clips"] },
        { name: "Standard", currency: "GBP", amount: "1200.50", items_included: ["6 hours flying", "30 clips", "Edit"] },
      ],
    });
    expect((await api<{ data: string[] }>("GET", "/tags")).body.data).toContain("Aerial");
  });

  it("validates with the form's messages and writes nothing on failure", async () => {
    const { access_token } = await adminSignIn();
    const before = [await count("products"), await count("packages"), await count("tags")];
    const { status, body } = await api<{ message: string; errors: string[] }>("POST", "/products", {
      token: access_token,
      body: { product: { ...product, title: "", tags: ["one"], packages: [{ ...product.packages[0], amount: "0" }] } },
    });
    expect(status).toBe(422);
    expect(body.message).toBe("Failed to create product");
    expect(body.errors).toEqual(["Title is required", "At least 3 tags are required", "Amount must be greater than 0"]);
    expect([await count("products"), await count("packages"), await count("tags")]).toEqual(before);
  });

  it("is for admins only", async () => {
    const customer = await newCustomer();
    expect((await api("POST", "/products", { token: customer.access_token, body: { product } })).status).toBe(403);
    expect((await api("POST", "/products", { body: { product } })).status).toBe(401);
  });
});

describe("PUT /api/v1/products/{id} (media)", () => {
  it("keeps a product within 12 images when several requests add at once (the one refused stores none of its files), and refuses 13 in one request", async () => {
    const { access_token } = await adminSignIn();
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } })).body.data.id;
    const images = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i): [string, Uint8Array<ArrayBuffer>, string] => ["images[]", fakeMedia(`${tag}${i}.jpg`), `${tag}${i}.jpg`]);
    const thirteen = await upload(id, access_token, images(13, "all"));
    expect(thirteen.status).toBe(422);
    expect(((await thirteen.json()) as { message: string }).message).toBe("A product can have at most 12 images; this one has 0, so add at most 12 more.");
    const racing = await Promise.all([upload(id, access_token, images(7, "a")), upload(id, access_token, images(7, "b"))]);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM product_media WHERE product_id = ? AND kind = 'image'").bind(id).first<{ n: number }>();
    // All or none: the request that loses the race stores nothing, in D1 or in R2.
    expect(stored!.n).toBe(7);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await env.MEDIA.list({ prefix: `products/${id}/` })).objects).toHaveLength(7);
    const byJson = await api<{ errors: string[] }>("PUT", `/products/${id}`, {
      token: access_token,
      body: { product: { image_upload_ids: Array.from({ length: 13 }, () => crypto.randomUUID()) } },
    });
    expect(byJson.status).toBe(422);
    expect(byJson.body.errors).toEqual(["At most 12 images on a product"]);
  });

  it("stores images, videos and the thumbnail in R2 under server keys, served with their type", async () => {
    const { access_token } = await adminSignIn();
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } })).body.data.id;
    const response = await upload(id, access_token, [
      ["images[]", fakeMedia("a.jpg"), "../../evil name.jpg"],
      ["images[]", fakeMedia("b.jpg"), "b.jpg"],
      ["videos[]", fakeMedia("c.mp4"), "c.mp4"],
      ["video_thumbnail", fakeMedia("t.jpg"), "t.jpg"],
    ]);
    expect(response.status).toBe(200);
    const data = ((await response.json()) as { data: { images: string[]; videos: string[]; video_thumbnail: string } }).data;
    expect(data.images).toHaveLength(2);
    // Absolute on the request's origin, so an API client on another host can use them.
    for (const url of [...data.images, ...data.videos, data.video_thumbnail])
      expect(url).toMatch(new RegExp(`^http://localhost/media/products/${id}/[0-9a-f-]{36}\\.(jpg|mp4)$`));
    const served = await selfFetch(data.videos[0]!);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fakeMedia("c.mp4"));
  });

  it("refuses a renamed executable, an SVG, and videos without a thumbnail, storing nothing", async () => {
    const { access_token } = await adminSignIn();
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } })).body.data.id;
    const media = await count("product_media");
    const exe = await upload(id, access_token, [
      ["images[]", fakeMedia("ok.jpg"), "ok.jpg"],
      ["images[]", new TextEncoder().encode("MZ\x90\x00 this is not an image") as Uint8Array<ArrayBuffer>, "photo.jpg"],
    ]);
    expect(exe.status).toBe(422);
    expect(await exe.json()).toEqual({ success: false, message: "photo.jpg is not a supported image: use JPEG, PNG, WebP, AVIF or GIF." });
    const svg = await upload(id, access_token, [
      ["images[]", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') as Uint8Array<ArrayBuffer>, "logo.svg"],
    ]);
    expect(((await svg.json()) as { message: string }).message).toBe("logo.svg is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.");
    const noThumb = await upload(id, access_token, [["videos[]", fakeMedia("v.mp4"), "v.mp4"]]);
    expect(await noThumb.json()).toEqual({ success: false, message: "Video thumbnail is required when uploading videos" });
    expect(await count("product_media")).toBe(media);
    const listed = await env.MEDIA.list({ prefix: `products/${id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("answers 404 for an unknown product and 403 for customers", async () => {
    const { access_token } = await adminSignIn();
    expect((await upload(99999, access_token, [["images[]", fakeMedia("a.jpg"), "a.jpg"]])).status).toBe(404);
    const customer = await newCustomer();
    expect((await upload(1, customer.access_token, [["images[]", fakeMedia("a.jpg"), "a.jpg"]])).status).toBe(403);
  });

  it("renames the product from product[title], with the form's title rules", async () => {
    const { access_token } = await adminSignIn();
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } })).body.data.id;
    const send = (title: string) => {
      const form = new FormData();
      form.append("product[title]", title);
      return selfFetch(`http://localhost/api/v1/products/${id}`, { method: "PUT", body: form, headers: { Authorization: `Bearer ${access_token}` } });
    };
    const refused = await send("   ");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: "Title is required" });
    const renamed = await send("  Drone Cinematography Pro ");
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { data: { title: string } }).data.title).toBe("Drone Cinematography Pro");
  });
});
