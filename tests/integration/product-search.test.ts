import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { getCatalogPage, suggestProducts } from "~/domain/catalogue/products.server";
import { adminSignIn, api, get } from "./helpers";

/**
 * The catalogue's search reads its FTS5 index (products_fts, kept by triggers): whole words and word
 * prefixes of titles, descriptions, services and tags, every word required, ranked; its count capped.
 */
type Row = { id: number; title: string; heading: string; description: string; services: string; tags: string | null };

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

async function onSaleRows(): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT p.id, p.title, p.description_heading AS heading, p.description, p.services_offered AS services,
       (SELECT group_concat(t.name, ' ') FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id) AS tags
     FROM products p WHERE p.archived_at IS NULL AND p.published_at IS NOT NULL`,
  ).all<Row>();
  return results;
}

/** What a word-prefix search should find, read from the rows themselves: every query word starts a word of some field. */
function expected(rows: Row[], query: string): number[] {
  const wanted = words(query);
  return rows
    .filter((row) => {
      const all = words([row.title, row.heading, row.description, (JSON.parse(row.services) as string[]).join(" "), row.tags ?? ""].join(" "));
      return wanted.every((w) => all.some((word) => word.startsWith(w)));
    })
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

async function found(query: string): Promise<number[]> {
  const page = await getCatalogPage(createDb(env.DB), { q: query }, 1, 1000);
  return page.data.map((p) => p.id).sort((a, b) => a - b);
}

describe("product search by index", () => {
  it("finds, for every word of the seed and its first three letters, exactly the products with a word starting so", async () => {
    const rows = await onSaleRows();
    const vocabulary = [...new Set(rows.flatMap((r) => words([r.title, r.description, r.tags ?? ""].join(" "))))].filter((w) => w.length >= 3);
    expect(vocabulary.length).toBeGreaterThan(50);
    const queries = [...new Set(vocabulary.flatMap((w) => [w, w.slice(0, 3)]))].slice(0, 400);
    for (const query of queries) expect(await found(query), query).toEqual(expected(rows, query));
    // Two words: both required.
    const [a, b] = [words(rows[0]!.title)[0]!, words(rows[0]!.title).at(-1)!];
    expect(await found(`${a} ${b}`)).toEqual(expected(rows, `${a} ${b}`));
  });

  it("keeps what the old search found: a tag or title word still finds every product the substring search found", async () => {
    const rows = await onSaleRows();
    for (const tag of ["animation", "explainer", "3d"]) {
      const old = rows.filter((r) => r.title.toLowerCase().includes(tag) || (r.tags ?? "").toLowerCase().includes(tag)).map((r) => r.id);
      const now = await found(tag);
      for (const id of old) expect(now, `${tag} finds ${id}`).toContain(id);
    }
  });

  it("ranks a title match before a match in the description only, and suggests products by title words", async () => {
    const rows = await onSaleRows();
    const word = words(rows[0]!.title).find((w) => w.length > 4)!;
    const page = await getCatalogPage(createDb(env.DB), { q: word }, 1, 1000);
    const inTitle = (id: number) => words(rows.find((r) => r.id === id)!.title).some((w) => w.startsWith(word));
    const order = page.data.map((p) => inTitle(p.id));
    expect(order.indexOf(false) === -1 || order.lastIndexOf(true) < order.indexOf(false)).toBe(true);
    const suggested = await suggestProducts(createDb(env.DB), word.slice(0, 4));
    expect(suggested.length).toBeGreaterThan(0);
    for (const s of suggested) expect(words(s.title).some((w) => w.startsWith(word.slice(0, 4)))).toBe(true);
    // Text without words finds nothing, and costs no query.
    expect(await found("!!! ---")).toEqual([]);
    expect((await get("/products?q=%21%21%21")).status).toBe(200);
  });

  it("is kept by the writes: a new product, its rename, its tags, its archiving", async () => {
    const admin = await adminSignIn();
    const unique = `zephyrine${Date.now() % 100000}`;
    const created = await api<{ data: { id: number } }>("POST", "/products", {
      token: admin.access_token,
      body: {
        product: {
          title: `Aerial ${unique} film`,
          description_heading: "From above",
          description: "Footage from the sky.",
          services_offered: ["Drone flight"],
          tags: ["Aerial", "Brand Film", `${unique}-studio`],
          packages: [{ short_description: "Half day", items_included: ["Flight"], amount: "650", currency: "GBP" }],
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(await found(unique)).toEqual([id]);
    expect(await found(`${unique.slice(0, 7)} studio`)).toEqual([id]);
    await env.DB.prepare("UPDATE products SET title = 'Aerial renamed film' WHERE id = ?").bind(id).run();
    expect(await found(unique)).toEqual([id]); // still its tag
    await env.DB.prepare("DELETE FROM product_tags WHERE product_id = ? AND tag_id = (SELECT id FROM tags WHERE name = ?)").bind(id, `${unique}-studio`).run();
    expect(await found(unique)).toEqual([]);
    expect(await found("renamed")).toEqual([id]);
    await env.DB.prepare("UPDATE products SET archived_at = ? WHERE id = ?").bind(Date.now(), id).run();
    expect(await found("renamed")).toEqual([]);
  });

  it("ranks the newest 250 matches, counts up to 250 ('250+ results') and pages up to 50, reading the index's window only", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 450)
       INSERT INTO products (title, description_heading, description, services_offered, published_at)
       SELECT 'Quokkafilm ' || i, 'Heading', 'Text', '[]', 1 FROM n`,
    ).run();
    const page = await getCatalogPage(createDb(env.DB), { q: "quokkafilm" }, 1, 3);
    expect(page).toMatchObject({ total: 250, capped: true, totalPages: 50 });
    expect(page.data).toHaveLength(3);
    // Equal ranks: the newest first, from the newest 250 matches (the 200 oldest are past the window).
    const newest = await env.DB.prepare("SELECT id FROM products WHERE title LIKE 'Quokkafilm %' ORDER BY id DESC LIMIT 250").all<{ id: number }>();
    const window = newest.results.map((r) => r.id);
    const last = await getCatalogPage(createDb(env.DB), { q: "quokkafilm" }, 50, 5);
    expect(last.data.map((p) => p.id)).toEqual(window.slice(245, 250));
    const html = (await (await get("/products?q=quokkafilm")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("250+ results for “quokkafilm”");
    // Drafts and archived products are not in the index at all.
    const archived = await env.DB.prepare(
      "SELECT count(*) AS n FROM products_fts WHERE rowid IN (SELECT id FROM products WHERE archived_at IS NOT NULL OR published_at IS NULL)",
    ).first<{ n: number }>();
    expect(archived!.n).toBe(0);
  });
});
