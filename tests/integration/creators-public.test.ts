import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { moveCreatorWindows } from "~/domain/creators/public.server";
import { suspendCreator } from "~/domain/creators/creators.server";
import { catalogueVersion, defaultCache } from "~/domain/catalogue/catalogue-version.server";
import { adminSignIn, api, dispatch, fakeMedia, freshAddress, get } from "./helpers";
import { briefedOrder, newCreator, setProductCreators, type Tokens } from "./creator-fixtures";

type Card = {
  id: number;
  slug: string;
  display_name: string;
  country: string | null;
  skills: string[];
  figures: {
    completed: number;
    completed_last_12_months: number;
    on_time_percent: number | null;
    rating: { average: number | null; count: number };
    is_new: boolean;
  };
};

async function profileOf(token: string, name: string, country: string, skills: string[]) {
  const saved = await api("PUT", "/creator/me", {
    token,
    body: { creator: { name, headline: "Product films", bio: "I light products.", country, languages: ["English"], skills, capacity: 5, away_until: null } },
  });
  expect(saved.status).toBe(200);
}

/** A paid order of product 1, briefed, assigned to the creator, delivered by them and approved by its customer (who may review it). */
async function completedBy(admin: Tokens, maker: { id: number; token: string }) {
  const c = await briefedOrder();
  const assigned = await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
  expect(assigned.status).toBe(200);
  const form = new FormData();
  form.set("note", "Final cut");
  form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
  const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
    method: "POST",
    headers: { Authorization: `Bearer ${maker.token}`, "CF-Connecting-IP": freshAddress() },
    body: form,
  });
  expect(delivered.status).toBe(201);
  expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
  return c;
}

/** The kept counts of public creators by skill and by skill and country equal a recount (migration 0047's triggers follow profile edits and suspensions). */
async function expectSkillCountsKept() {
  const skills = `SELECT DISTINCT c.id, j.value AS skill, c.country FROM creators c, json_each(c.skills) j
    WHERE c.status IN ('active', 'away') AND c.slug IS NOT NULL AND c.erased_at IS NULL`;
  const [kept, counted] = await env.DB.batch([
    env.DB.prepare("SELECT scope, key, n FROM kept_counts WHERE scope IN ('creator_skill', 'creator_skill_country') AND n <> 0 ORDER BY 1, 2"),
    env.DB.prepare(
      `SELECT scope, key, n FROM (SELECT 'creator_skill' AS scope, skill AS key, count(*) AS n FROM (${skills}) GROUP BY skill
       UNION ALL SELECT 'creator_skill_country', skill || char(31) || country, count(*) FROM (${skills}) WHERE country IS NOT NULL GROUP BY 2) ORDER BY 1, 2`,
    ),
  ]);
  expect(kept!.results).toEqual(counted!.results);
}

async function card(slug: string): Promise<Card> {
  const found = await api<{ data: Card }>("GET", `/creators/${slug}`);
  expect(found.status).toBe(200);
  return found.body.data;
}

describe("creators in public", () => {
  it("a product names its creators (API and page), the list and the profile show their kept figures, and nothing private", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Wren Hallett");
    await profileOf(maker.token, "Wren Hallett", "IE", ["3D Animation"]);
    // Naming a product's creators and saving a profile make the edge-cached pages fresh (the catalogue's version moves).
    const version = () => catalogueVersion(defaultCache());
    const before0 = await version();
    await setProductCreators(admin, [maker.id]);
    const before1 = await version();
    expect(before1).not.toBe(before0);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await profileOf(maker.token, "Wren Hallett", "IE", ["3D Animation"]);
    expect(await version()).not.toBe(before1);
    await expectSkillCountsKept();
    // A skill changed, then back: the counts follow.
    await profileOf(maker.token, "Wren Hallett", "IE", ["Motion Graphics", "3D Animation", "Motion Graphics"]);
    await expectSkillCountsKept();
    await profileOf(maker.token, "Wren Hallett", "IE", ["3D Animation"]);
    await expectSkillCountsKept();

    const product = await api<{ data: { creators: unknown[] } }>("GET", "/products/1");
    expect(product.body.data.creators).toEqual([
      { id: maker.id, slug: "wren-hallett", display_name: "Wren Hallett", avatar_url: null, country: "IE", lead: true },
    ]);
    const listed = await api<{ data: { id: number; creators: { slug: string }[] }[] }>("GET", "/products?limit=50");
    expect(listed.body.data.find((p) => p.id === 1)?.creators.map((c) => c.slug)).toEqual(["wren-hallett"]);

    const before = await card("wren-hallett");
    expect(before.figures).toEqual({ completed: 0, completed_last_12_months: 0, on_time_percent: null, rating: { average: null, count: 0 }, is_new: true });
    // The product page's "Made by" card, linking the profile; no email anywhere.
    const page = await (await get("/products/1")).text();
    expect(page).toContain('href="/creators/wren-hallett"');
    expect(page).toContain("New creator");
    expect(page).not.toContain(maker.email);

    // An order completed by them, then reviewed: their figures follow, kept by the database itself.
    const c = await completedBy(admin, maker);
    const review = await api("POST", `/orders/${c.id}/review`, {
      token: c.token,
      body: { review: { rating: 4, title: "Good", body: "A careful, well lit film." } },
    });
    expect(review.status).toBe(201);
    const after = await card("wren-hallett");
    expect(after.figures).toMatchObject({ completed: 1, completed_last_12_months: 1, on_time_percent: 100, rating: { average: 4, count: 1 }, is_new: true });
    const profile = await api<{ data: { reviews: { body: string; reviewer_name: string }[]; products: { id: number; lead: boolean }[] } }>(
      "GET",
      "/creators/wren-hallett",
    );
    expect(profile.body.data.reviews[0]).toMatchObject({ body: "A careful, well lit film." });
    expect(profile.body.data.products).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, lead: true })]));
    expect(JSON.stringify(profile.body)).not.toContain(maker.email);
    expect(JSON.stringify(profile.body)).not.toContain(c.email);

    // Filters: by country and skill; an unknown country matches nobody; a malformed one is refused.
    const irish = await api<{ data: Card[]; meta: { totalCount: number } }>("GET", "/creators?country=ie&skill=3D%20Animation");
    expect(irish.status).toBe(200);
    expect(irish.body.data.map((x) => x.slug)).toContain("wren-hallett");
    expect(irish.body.meta.totalCount).toBe(irish.body.data.length);
    expect((await api<{ data: Card[] }>("GET", "/creators?country=ZZ")).body.data).toEqual([]);
    // The screen: the list with its filters (the skill among the choices), then the filtered list.
    const screen = await get("/creators?country=IE&skill=3D%20Animation");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('href="/creators/wren-hallett"');
    expect(html).toContain('<option value="3D Animation" selected="">3D Animation</option>');
    expect(html).not.toContain(maker.email);
    expect((await api("GET", "/creators?country=Ireland")).status).toBe(400);
    expect((await api("GET", "/creators/NOT%20A%20SLUG")).status).toBe(404);

    // Suspended: gone from the product, the list and the profile's address.
    await suspendCreator(createDb(env.DB), { env, origin: "http://localhost" }, 1, maker.id, "Test of the public pages.");
    expect((await api("GET", "/creators/wren-hallett")).status).toBe(404);
    expect((await api<{ data: { creators: unknown[] } }>("GET", "/products/1")).body.data.creators).toEqual([]);
    expect((await api<{ data: Card[] }>("GET", "/creators?country=IE")).body.data.map((x) => x.slug)).not.toContain("wren-hallett");
    await expectSkillCountsKept();
  });

  it("ranks by orders completed in the last 12 months, moves each creator's window once a month, and counts creators and countries for the landing page", async () => {
    const admin = await adminSignIn();
    const [busy, quiet] = [await newCreator(admin, "Busy Maker"), await newCreator(admin, "Quiet Maker")];
    await profileOf(busy.token, "Busy Maker", "PT", ["3D Animation"]);
    await profileOf(quiet.token, "Quiet Maker", "PT", ["3D Animation"]);
    await setProductCreators(admin, [busy.id, quiet.id]);
    await completedBy(admin, busy);
    const ranked = await api<{ data: Card[] }>("GET", "/creators?country=PT");
    expect(ranked.body.data.map((x) => x.slug).slice(0, 2)).toEqual(["busy-maker", "quiet-maker"]);

    // Counted from the kept figures: the landing page says so.
    const counts = await env.DB.prepare(
      "SELECT (SELECT n FROM kept_counts WHERE scope = 'creators' AND key = '') AS creators, (SELECT count(*) FROM kept_counts WHERE scope = 'creator_country' AND n > 0) AS countries",
    ).first<{ creators: number; countries: number }>();
    const home = await (await get("/home")).text();
    expect(home).toContain(`${counts!.creators} creators in ${counts!.countries} countries`);

    // A year on, the month of that completion has left the window: the scheduled run moves it, once.
    const db = createDb(env.DB);
    const nextYear = Date.now() + 366 * 86_400_000;
    expect(await moveCreatorWindows(db, nextYear)).toBeGreaterThan(0);
    expect(await moveCreatorWindows(db, nextYear)).toBe(0);
    const moved = await env.DB.prepare("SELECT recent_completed, completed FROM creator_figures WHERE creator_id = ?")
      .bind(busy.id)
      .first<{ recent_completed: number; completed: number }>();
    expect(moved).toEqual({ recent_completed: 0, completed: 1 });
    // Back to this month's window for the other tests.
    expect(await moveCreatorWindows(db, Date.now() - 0)).toBe(0);
    await env.DB.prepare("UPDATE creator_figures SET window_from = '' ").run();
    expect(await moveCreatorWindows(db)).toBeGreaterThan(0);
    const restored = await env.DB.prepare("SELECT recent_completed FROM creator_figures WHERE creator_id = ?").bind(busy.id).first<number>("recent_completed");
    expect(restored).toBe(1);
  });
});
