import { describe, expect, it } from "vitest";
import { fakeMedia, get } from "./helpers";

const VIDEO = "/media/products/1/seed-video-01.mp4";
const bytes = fakeMedia("video-01.mp4");

describe("GET /media/{key}", () => {
  it("serves the whole object with type, ETag, immutable caching and nosniff", async () => {
    const response = await get(VIDEO);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ["bytes=0-99", 0, 100],
    ["bytes=4000-", 4000, 96],
    ["bytes=-10", 4086, 10],
    ["bytes=100-100", 100, 1],
    ["bytes=4090-99999", 4090, 6],
  ])("answers Range %s with 206 and exactly those bytes", async (range, offset, length) => {
    const response = await get(VIDEO, { headers: { Range: range } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${offset}-${offset + length - 1}/${bytes.length}`);
    expect(response.headers.get("content-length")).toBe(String(length));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(offset, offset + length));
  });

  it.each(["bytes=4096-", "bytes=5000-6000", "bytes=10-5", "bytes=-0"])("answers unsatisfiable Range %s with 416", async (range) => {
    const response = await get(VIDEO, { headers: { Range: range } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await get(VIDEO)).headers.get("etag")!;
    const response = await get(VIDEO, { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
  });

  it("serves images with their stored type", async () => {
    const response = await get("/media/products/1/seed-image-01.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it.each(["/media/products/1/missing.jpg", "/media/other/secret.txt", "/media/products/1/..%2F..%2Fx"])("answers 404 for %s", async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
