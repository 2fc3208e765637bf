import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed/catalogue";
import { get, getJson } from "./helpers";

type ListBody = { success: boolean; data: Record<string, unknown>[]; meta: { totalPages: number } };
type ErrorBody = { success: false; message: string };

const PRODUCT_FIELDS = [
  "created_at",
  "creators",
  "description",
  "description_heading",
  "id",
  "images",
  "packages",
  "rating",
  "services_offered",
  "tags",
  "title",
  "video_thumbnail",
  "videos",
];

describe("GET /api/v1/products", () => {
  it("returns data and meta.totalPages with SPEC §3 field names", async () => {
    const { status, body } = await getJson<ListBody>("/api/v1/products");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(5);
    expect(body.meta.totalPages).toBe(Math.ceil(SEED_PRODUCTS.length / 5));
    expect(Object.keys(body.data[0]!).sort()).toEqual(PRODUCT_FIELDS);
    const pkg = (body.data[0]!.packages as Record<string, unknown>[])[0]!;
    expect(pkg).toMatchObject({ currency: "GBP", amount: "499.00", short_description: "Short teaser for social" });
    expect(pkg.items_included).toEqual(["15-second animation", "1080p export", "Stock music"]);
  });

  it("honours limit, pageNumber and tag", async () => {
    const { body } = await getJson<ListBody>("/api/v1/products?limit=3&pageNumber=2");
    expect(body.data.map((p) => p.title)).toEqual(SEED_PRODUCTS.slice(3, 6).map((p) => p.title));
    expect(body.meta.totalPages).toBe(Math.ceil(SEED_PRODUCTS.length / 3));

    const tagged = await getJson<ListBody>(`/api/v1/products?tag=${encodeURIComponent("Character Animation")}&limit=10`);
    expect(tagged.body.data.map((p) => p.title).sort()).toEqual(["Character Animation Short", "Whiteboard Explainer"]);
    expect(tagged.body.meta.totalPages).toBe(1);
  });

  it("returns an empty page past the end", async () => {
    const { status, body } = await getJson<ListBody>("/api/v1/products?pageNumber=99");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.totalPages).toBe(3);
  });

  it.each([
    ["limit=0", "limit must be between 1 and 50"],
    ["limit=abc", "limit must be a positive whole number"],
    ["limit=51", "limit must be between 1 and 50"],
    ["pageNumber=-1", "pageNumber must be a positive whole number"],
    ["pageNumber=1.5", "pageNumber must be a positive whole number"],
    [`tag=${"x".repeat(61)}`, "tag must be at most 60 characters"],
  ])("rejects %s with 400 and a message", async (query, message) => {
    const { status, body } = await getJson<ErrorBody>(`/api/v1/products?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message });
  });
});

describe("GET /api/v1/products/{id}", () => {
  it("returns success, data and message", async () => {
    const { status, body } = await getJson<{ success: boolean; data: Record<string, unknown>; message: string }>("/api/v1/products/3");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Product fetched successfully");
    expect(body.data).toMatchObject({ id: 3, title: "3D Logo Reveal", videos: ["http://localhost/media/products/3/seed-video-02.mp4"] });
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    expect(await getJson("/api/v1/products/9999")).toEqual({ status: 404, body: { success: false, message: "Product not found" } });
    expect(await getJson("/api/v1/products/abc")).toEqual({ status: 400, body: { success: false, message: "Product id must be a positive whole number" } });
    expect((await getJson("/api/v1/products/0")).status).toBe(400);
  });
});

describe("tags and autosuggest", () => {
  it("GET /api/v1/tags lists every tag", async () => {
    const { body } = await getJson<{ data: string[] }>("/api/v1/tags");
    expect(body.data).toEqual([...new Set(SEED_PRODUCTS.flatMap((p) => p.tags))].sort());
  });

  it("GET /api/v1/autosuggest/tags?query suggests tags", async () => {
    expect((await getJson<{ data: string[] }>("/api/v1/autosuggest/tags?query=motion")).body.data).toEqual(["Motion Graphics"]);
    expect((await getJson<{ data: string[] }>("/api/v1/autosuggest/tags")).body.data).toEqual([]);
    const long = await getJson<ErrorBody>(`/api/v1/autosuggest/tags?query=${"a".repeat(101)}`);
    expect(long).toEqual({ status: 400, body: { success: false, message: "query must be at most 100 characters" } });
  });

  it("GET /api/v1/autosuggest/products?query suggests products", async () => {
    const { status, body } = await getJson<{ data: unknown }>("/api/v1/autosuggest/products?query=logo");
    expect(status).toBe(200);
    expect(body.data).toEqual([{ id: 3, title: "3D Logo Reveal" }]);
  });

  it("unknown API paths answer 404 in JSON", async () => {
    const response = await get("/api/v1/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ success: false, message: "Not found" });
  });
});
