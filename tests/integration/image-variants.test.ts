import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pictureSources, posterSrc } from "~/lib/media-variants";
import { removeMedia } from "~/domain/media/media.server";
import { createDb } from "../../db/client";
import { productMedia } from "../../db/schema";
import { get } from "./helpers";

// A real 48×30 JPEG (the seed's stand-in bytes are no pictures, so the binding could not read them).
const JPEG = Uint8Array.from(
  atob(
    "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAMG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AhASacAAAAAAAAAB//9k=",
  ),
  (c) => c.charCodeAt(0),
);

async function storeImage(key: string, bytes: Uint8Array = JPEG) {
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  const [row] = await createDb(env.DB)
    .insert(productMedia)
    .values({ productId: 1, kind: "image", r2Key: key, contentType: "image/jpeg", size: bytes.byteLength, position: 9 })
    .returning({ id: productMedia.id });
  return row!.id;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

describe("image variants (AVIF/WebP through the Images binding, kept in R2)", () => {
  it("makes a variant on first request, stores it, and serves it like any media after", async () => {
    await storeImage("products/1/variant-test.jpg");
    const first = await get("/media/products/1/variant-test.jpg.w160.webp");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/webp");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const webp = new Uint8Array(await first.arrayBuffer());
    expect([ascii(webp, 0, 4), ascii(webp, 8, 12)]).toEqual(["RIFF", "WEBP"]);

    const stored = await env.MEDIA.head("products/1/variant-test.jpg.w160.webp");
    expect(stored?.size).toBe(webp.byteLength);
    const again = await get("/media/products/1/variant-test.jpg.w160.webp");
    expect(again.headers.get("ETag")).toBe(stored!.httpEtag);

    const avif = new Uint8Array(await (await get("/media/products/1/variant-test.jpg.w320.avif")).arrayBuffer());
    expect(ascii(avif, 4, 12)).toBe("ftypavif");
  });

  it("never makes one wider than the image, nor at a width or format the layout does not use", async () => {
    await storeImage("products/1/small.jpg");
    expect((await get("/media/products/1/small.jpg.w960.webp")).status).toBe(200);
    const info = await env.IMAGES.info((await env.MEDIA.get("products/1/small.jpg.w960.webp"))!.body);
    expect(info).toMatchObject({ format: "image/webp", width: 48, height: 30 });

    for (const path of ["small.jpg.w200.webp", "small.jpg.w160.png", "small.jpg.w160.avif.webp", "missing.jpg.w160.webp"]) {
      expect((await get(`/media/products/1/${path}`)).status, path).toBe(404);
    }
    expect(await env.MEDIA.head("products/1/small.jpg.w200.webp")).toBeNull();
  });

  it("serves the original, briefly cached, when the image cannot be read", async () => {
    await storeImage("products/1/broken.jpg", Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    const response = await get("/media/products/1/broken.jpg.w640.avif");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await env.MEDIA.head("products/1/broken.jpg.w640.avif")).toBeNull();
  });

  it("removing an image removes its variants", async () => {
    const id = await storeImage("products/1/gone.jpg");
    await get("/media/products/1/gone.jpg.w160.webp");
    await get("/media/products/1/gone.jpg.w640.avif");
    expect(await removeMedia(createDb(env.DB), env.MEDIA, 1, id)).toBe(true);
    const left = await env.MEDIA.list({ prefix: "products/1/gone.jpg" });
    expect(left.objects).toEqual([]);
  });

  it("a poster's one URL serves the best copy the browser's Accept header admits, stored once per format", async () => {
    await storeImage("products/1/poster-test.jpg");
    const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    const avif = await get("/media/products/1/poster-test.jpg.w320.auto", { headers: { Accept: chrome } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(avif.headers.get("Vary")).toBe("Accept");
    expect(avif.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(ascii(new Uint8Array(await avif.arrayBuffer()), 4, 12)).toBe("ftypavif");
    expect(avif.headers.get("ETag")).toBe((await env.MEDIA.head("products/1/poster-test.jpg.w320.avif"))!.httpEtag);

    for (const accept of ["image/webp,*/*", "image/avif;q=0, image/webp", "*/*", null]) {
      const response = await get("/media/products/1/poster-test.jpg.w320.auto", accept === null ? {} : { headers: { Accept: accept } });
      expect(response.headers.get("Content-Type"), String(accept)).toBe("image/webp");
      expect(response.headers.get("Vary")).toBe("Accept");
      await response.arrayBuffer();
    }
    // Only the two real copies exist; the negotiated name is never stored.
    const stored = (await env.MEDIA.list({ prefix: "products/1/poster-test.jpg." })).objects.map((o) => o.key).sort();
    expect(stored).toEqual(["products/1/poster-test.jpg.w320.avif", "products/1/poster-test.jpg.w320.webp"]);
  });

  it("pages offer AVIF then WebP at the layout's widths, and posters in the format the browser reads; other images stay as they are", () => {
    expect(pictureSources("/media/products/3/a.jpg")).toEqual([
      {
        type: "image/avif",
        srcSet:
          "/media/products/3/a.jpg.w160.avif 160w, /media/products/3/a.jpg.w320.avif 320w, /media/products/3/a.jpg.w480.avif 480w, /media/products/3/a.jpg.w640.avif 640w, /media/products/3/a.jpg.w960.avif 960w",
      },
      {
        type: "image/webp",
        srcSet:
          "/media/products/3/a.jpg.w160.webp 160w, /media/products/3/a.jpg.w320.webp 320w, /media/products/3/a.jpg.w480.webp 480w, /media/products/3/a.jpg.w640.webp 640w, /media/products/3/a.jpg.w960.webp 960w",
      },
    ]);
    expect(pictureSources("/placeholder.svg")).toEqual([]);
    expect(pictureSources("/media/products/3/a.gif")).toEqual([]);
    expect(posterSrc("/media/products/3/t.jpg", 640)).toBe("/media/products/3/t.jpg.w640.auto");
    expect(posterSrc("/placeholder.svg", 640)).toBe("/placeholder.svg");
  });
});

describe("the product pages", () => {
  it("the listing's cards and the product page's gallery use <picture> with sizes; the LCP preload names the AVIF set", async () => {
    // The first page's cards show films (their posters); the second page's show pictures.
    const listing = await (await get("/products?page=2")).text();
    expect(listing).toMatch(
      /<source type="image\/avif" srcSet="\/media\/products\/\d+\/seed-[\w.-]+\.w160\.avif 160w, [^"]+" sizes="\(min-width: 1280px\) 300px/,
    );
    // A service shown by its pictures (the films' services lead with their poster).
    const page = await (await get("/products/6")).text();
    expect(page).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/media\/products\/6\/seed-image-06\.jpg" imageSrcSet="[^"]+\.w960\.avif 960w" imageSizes="[^"]+" type="image\/avif"/,
    );
    expect(page).toContain('<source type="image/webp" srcSet="/media/products/6/seed-image-06.jpg.w160.webp 160w');
  });
});
