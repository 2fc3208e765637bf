import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { products, productTags, tags } from "../../db/schema";
import { SEED_FILMS, SEED_PRODUCTS } from "../../db/seed/catalogue";
import { getCatalogPage, getProduct, listProducts, listTags, suggestProducts, suggestTags } from "~/domain/catalogue/products.server";

const db = createDb(env.DB);
const seededTags = [...new Set(SEED_PRODUCTS.flatMap((p) => p.tags))].sort();

describe("listProducts", () => {
  it("pages live products newest first with totalPages", async () => {
    const first = await listProducts(db, {}, 1, 5);
    expect(first.total).toBe(SEED_PRODUCTS.length);
    expect(first.totalPages).toBe(Math.ceil(SEED_PRODUCTS.length / 5));
    expect(first.data.map((p) => p.title)).toEqual(SEED_PRODUCTS.slice(0, 5).map((p) => p.title));

    const last = await listProducts(db, {}, 3, 5);
    expect(last.data.map((p) => p.title)).toEqual(SEED_PRODUCTS.slice(10).map((p) => p.title));
  });

  it("filters by tag", async () => {
    const page = await listProducts(db, { tag: "Architecture" }, 1, 5);
    expect(page.data.map((p) => p.title).sort()).toEqual(["Architectural Walkthrough", "Photoreal Product Render"]);
    expect(page.totalPages).toBe(1);
    for (const product of page.data) expect(product.tags).toContain("Architecture");
  });

  it("returns an empty page (and totalPages 1) for an unknown tag", async () => {
    const page = await listProducts(db, { tag: "No such tag" }, 1, 5);
    expect(page).toMatchObject({ data: [], total: 0, totalPages: 1 });
  });

  it("searches by word through the index, a title match first; LIKE wildcards are not words", async () => {
    const byTitle = await listProducts(db, { q: "logo" }, 1, 20);
    expect(byTitle.data[0]!.title).toBe("3D Logo Reveal");
    const byTag = await listProducts(db, { q: "architecture" }, 1, 20);
    expect(byTag.data.every((p) => p.tags.some((t) => /architecture/i.test(t)) || /architect/i.test(`${p.title} ${p.description}`))).toBe(true);
    expect(byTag.total).toBeGreaterThanOrEqual(2);
    expect((await listProducts(db, { q: "%" }, 1, 20)).total).toBe(0);
  });

  it("assembles media, packages and tags per product", async () => {
    const { data } = await listProducts(db, {}, 1, 1);
    const [launch] = data;
    expect(launch).toMatchObject({
      title: "3D Product Launch Animation",
      videos: ["/media/products/1/seed-video-01.mp4"],
      video_thumbnail: "/media/products/1/seed-thumb-01.jpg",
      images: ["/media/products/1/seed-image-01.jpg", "/media/products/1/seed-image-06.jpg"],
      tags: ["3D Animation", "Product Video", "Social Media"],
    });
    expect(launch!.packages.map((p) => [p.name, p.currency, p.amount, p.amount_minor])).toEqual([
      ["Basic", "GBP", "499.00", 49900],
      ["Standard", "GBP", "999.00", 99900],
      ["Premium", "GBP", "1899.00", 189900],
    ]);
  });

  it("hides archived products from the listing, tags and detail, but not from includeArchived", async () => {
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 10));
    try {
      const page = await listProducts(db, {}, 1, 50);
      expect(page.total).toBe(SEED_PRODUCTS.length - 1);
      expect(page.data.some((p) => p.id === 10)).toBe(false);
      expect(await getProduct(db, 10)).toBeNull();
      expect((await getProduct(db, 10, { includeArchived: true }))?.title).toBe("Event Recap Video");
    } finally {
      await db.update(products).set({ archivedAt: null }).where(eq(products.id, 10));
    }
  });
});

describe("getCatalogPage", () => {
  it("returns the page and every tag in use", async () => {
    const page = await getCatalogPage(db, { tag: "Brand Film" }, 1, 5);
    const tagged = SEED_PRODUCTS.filter((p) => p.tags.includes("Brand Film"));
    expect(page.tags).toEqual(seededTags);
    expect(page.data.map((p) => p.title)).toEqual(tagged.slice(0, 5).map((p) => p.title));
    expect(page.total).toBe(tagged.length);
  });

  it("matches the tag whatever its case", async () => {
    const page = await getCatalogPage(db, { tag: "brand film" }, 1, 50);
    expect(page.total).toBe(SEED_PRODUCTS.filter((p) => p.tags.includes("Brand Film")).length);
  });

  it("gives each card its first image, first video, thumbnail, cheapest price and rating, and nothing else", async () => {
    const { data } = await getCatalogPage(db, {}, 1, 50);
    expect(data[0]).toEqual({
      id: 1,
      title: "3D Product Launch Animation",
      image: "/media/products/1/seed-image-01.jpg",
      video: "/media/products/1/seed-video-01.mp4",
      videoThumbnail: "/media/products/1/seed-thumb-01.jpg",
      from: { amount_minor: 49900, currency: "GBP" },
      // The seed's three verified reviews of it: 5, 4 and 5 stars.
      rating: { average: 4.7, count: 3 },
    });
    const full = await listProducts(db, {}, 1, 50);
    expect(data).toEqual(
      full.data.map((p) => {
        const cheapest = [...p.packages].sort((a, b) => a.amount_minor - b.amount_minor)[0];
        return {
          id: p.id,
          title: p.title,
          image: p.images[0] ?? null,
          video: p.videos[0] ?? null,
          videoThumbnail: p.video_thumbnail,
          from: cheapest ? { amount_minor: cheapest.amount_minor, currency: cheapest.currency } : null,
          rating: p.rating,
        };
      }),
    );
    // Every demo service shows its work: a picture, and the six films on the services they were made for.
    const demo = data.filter((p) => SEED_PRODUCTS.some((seeded) => seeded.title === p.title));
    expect(demo).toHaveLength(SEED_PRODUCTS.length);
    expect(demo.every((p) => p.image !== null)).toBe(true);
    expect(demo.filter((p) => p.video !== null)).toHaveLength(SEED_FILMS.length);
  });

  it("selects the same products as the whole listing for every kind of filter, each time with its own values", async () => {
    const filters = [
      {},
      { tag: "Brand Film" },
      { tag: "3D Animation" },
      { q: "animation" },
      { q: "explainer" },
      { q: "100%" },
      { q: "a_b" },
      { tag: "Brand Film", q: "film" },
      { tag: "3D Animation", q: "product" },
    ];
    for (const filter of filters) {
      for (const [page, limit] of [
        [1, 3],
        [2, 3],
        [1, 50],
      ] as const) {
        const cards = await getCatalogPage(db, filter, page, limit);
        const full = await listProducts(db, filter, page, limit);
        expect({ filter, page, ids: cards.data.map((p) => p.id), total: cards.total, totalPages: cards.totalPages }).toEqual({
          filter,
          page,
          ids: full.data.map((p) => p.id),
          total: full.total,
          totalPages: full.totalPages,
        });
      }
    }
    // The filters above give different answers: the statements are not answering with one filter's values.
    const totals = await Promise.all(filters.map(async (filter) => (await getCatalogPage(db, filter, 1, 50)).total));
    expect(new Set(totals).size).toBeGreaterThan(4);
  });

  it("leaves out a tag only archived products carry", async () => {
    const [archived] = await db
      .insert(products)
      .values({ title: "Archived only", descriptionHeading: "h", description: "d", servicesOffered: [], archivedAt: new Date(), publishedAt: new Date() })
      .returning({ id: products.id });
    const [lonely] = await db.insert(tags).values({ name: "Lonely tag" }).returning({ id: tags.id });
    await db.insert(productTags).values({ productId: archived!.id, tagId: lonely!.id });
    try {
      expect((await getCatalogPage(db, {}, 1, 5)).tags).toEqual(seededTags);
      expect(await suggestTags(db, "lonely")).toEqual([]);
      expect((await getCatalogPage(db, { tag: "Lonely tag" }, 1, 5)).total).toBe(0);
      await db.update(products).set({ archivedAt: null }).where(eq(products.id, archived!.id));
      expect((await getCatalogPage(db, {}, 1, 5)).tags).toContain("Lonely tag");
      expect(await suggestTags(db, "lonely")).toEqual(["Lonely tag"]);
      expect((await getCatalogPage(db, { tag: "Lonely tag" }, 1, 5)).total).toBe(1);
    } finally {
      await db.delete(products).where(eq(products.id, archived!.id));
      await db.delete(tags).where(eq(tags.id, lonely!.id));
    }
  });
});

describe("getProduct", () => {
  it("returns null for an unknown id", async () => {
    expect(await getProduct(db, 9999)).toBeNull();
  });

  it("returns a product without a film and one with a single package as they are", async () => {
    const whiteboard = await getProduct(db, 13);
    expect(whiteboard).toMatchObject({ title: "Whiteboard Explainer", images: ["/media/products/13/seed-image-17.jpg"], videos: [], video_thumbnail: null });
    const recap = await getProduct(db, 10);
    expect(recap?.packages).toHaveLength(1);
    expect(recap?.packages[0]).toMatchObject({ name: "Basic", short_description: "Recap from your footage" });
  });

  it("reads every product as the listing's whole products do: JSON lists, dates, media, packages and tags", async () => {
    const { data } = await listProducts(db, {}, 1, 100);
    expect(data.length).toBe(SEED_PRODUCTS.length);
    for (const product of data) expect(await getProduct(db, product.id)).toEqual(product);
    expect(data[0]?.services_offered.length).toBeGreaterThan(0);
    expect(data[0]?.packages[0]?.items_included.length).toBeGreaterThan(0);
  });

  it("finds an archived product only when asked to, with the same statements as a live one", async () => {
    const [archived] = await db
      .insert(products)
      .values({
        title: "Archived product",
        descriptionHeading: "h",
        description: "d",
        servicesOffered: ["One"],
        archivedAt: new Date(),
        publishedAt: new Date(),
      })
      .returning({ id: products.id });
    try {
      expect(await getProduct(db, archived!.id)).toBeNull();
      expect(await getProduct(db, archived!.id, { includeArchived: true })).toMatchObject({ title: "Archived product", services_offered: ["One"] });
      expect(await getProduct(db, 1, { includeArchived: true })).toEqual(await getProduct(db, 1));
    } finally {
      await db.delete(products).where(eq(products.id, archived!.id));
    }
  });
});

describe("tags and suggestions", () => {
  it("lists tags alphabetically", async () => {
    expect(await listTags(db)).toEqual(seededTags);
    expect(seededTags.length).toBeGreaterThanOrEqual(6);
  });

  it("suggests tags containing the query, prefix matches first", async () => {
    expect(await suggestTags(db, "anim")).toEqual(["3D Animation", "Character Animation"]);
    expect(await suggestTags(db, "  Motion ")).toEqual(["Motion Graphics"]);
    expect(await suggestTags(db, "e")).toEqual(
      // Every tag containing "e", those starting with "e" first.
      [...seededTags.filter((t) => /^e/i.test(t)), ...seededTags.filter((t) => /e/i.test(t) && !/^e/i.test(t))],
    );
    expect(await suggestTags(db, "")).toEqual([]);
    expect(await suggestTags(db, "_")).toEqual([]);
  });

  it("suggests products by title", async () => {
    expect(await suggestProducts(db, "walkthrough")).toEqual([{ id: 4, title: "Architectural Walkthrough" }]);
  });
});
