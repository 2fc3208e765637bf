import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { recomputedRatings } from "~/domain/reviews/reviews.server";
import { adminCookie, adminSignIn, api, customerCookie, get, getJson, postForm } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * Verified reviews through the API: only the customer of a completed order reviews it, once, within
 * 60 days of its completion, and may edit it within 14 days; the studio answers once and hides only
 * for a policy reason; the product's figures (average, count, distribution, hidden) stay equal to
 * what its review rows say, under simultaneous writes too.
 */
const db = createDb(env.DB);
const DAY = 86_400_000;
let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSignIn()).access_token;
});

/** A paid order of product 1 moved to `completed` `daysAgo` days ago (its work log says when). */
async function completedOrder(daysAgo = 1, address?: Record<string, unknown>) {
  const c = await customerWithOrder(address ? { address } : {});
  const at = Date.now() - daysAgo * DAY;
  await env.DB.batch([
    env.DB.prepare("UPDATE orders SET work_status = 'completed', work_version = work_version + 1 WHERE id = ?").bind(c.id),
    env.DB.prepare(
      "INSERT INTO order_events (order_id, version, actor_kind, from_status, to_status, note, created_at) SELECT id, work_version, 'customer', 'delivered', 'completed', 'Approved', ? FROM orders WHERE id = ?",
    ).bind(at, c.id),
  ]);
  return c;
}

const review = (rating: number, body = "A clear brief, quick changes and a film our customers still mention.") => ({
  review: { rating, title: "Good work", body },
});
type ReviewAnswer = {
  data: { id: number; rating: number; reviewer: string; package_name: string; verified_purchase: boolean; edited: boolean; reply: unknown };
};
type Page = {
  data: { id: number; rating: number }[];
  meta: { totalPages: number; currentPage: number; distribution: Record<string, number>; hidden: number; rating: { average: number | null; count: number } };
};

async function figures(productId = 1) {
  const row = await env.DB.prepare("SELECT count, sum, stars_1, stars_2, stars_3, stars_4, stars_5, hidden FROM product_ratings WHERE product_id = ?")
    .bind(productId)
    .first<{ count: number; sum: number; stars_1: number; stars_2: number; stars_3: number; stars_4: number; stars_5: number; hidden: number }>();
  return row
    ? {
        count: row.count,
        sum: row.sum,
        stars1: row.stars_1,
        stars2: row.stars_2,
        stars3: row.stars_3,
        stars4: row.stars_4,
        stars5: row.stars_5,
        hidden: row.hidden,
      }
    : null;
}

describe("who may review", () => {
  it("the customer of a completed order, once: shown as a verified purchase with their first name and initial and the package", async () => {
    const c = await completedOrder();
    const created = await api<ReviewAnswer>("POST", `/orders/${c.id}/review`, { token: c.token, body: review(5) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ rating: 5, package_name: "Standard", verified_purchase: true, edited: false, reply: null });
    // "Person 12" is shown as "Person 1.": the first name and the last's initial.
    expect(created.body.data.reviewer).toMatch(/^Person \d\.$/);
    const again = await api<{ message: string }>("POST", `/orders/${c.id}/review`, { token: c.token, body: review(1) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reviewed this order.");
  });

  it("says where the reviewer bought from: the billing country, and the company only where they chose to name it (an edit may change that)", async () => {
    const c = await completedOrder(1, {
      street: "1 Rue de Rivoli",
      city: "Paris",
      state: "",
      zip_code: "75001",
      country: "FR",
      company_name: "Atelier Lumière",
    });
    type Place = { data: { reviewer_country: string | null; reviewer_company: string | null; reviewer_from: string | null } };
    const created = await api<Place>("POST", `/orders/${c.id}/review`, { token: c.token, body: review(5) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ reviewer_country: "FR", reviewer_company: null, reviewer_from: "France" });
    const named = await api<Place>("PUT", `/orders/${c.id}/review`, { token: c.token, body: { review: { ...review(5).review, name_company: true } } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data).toMatchObject({ reviewer_country: "FR", reviewer_company: "Atelier Lumière", reviewer_from: "Atelier Lumière, France" });
    const page = await getJson<{ data: { id: number; reviewer_from: string | null }[] }>("/api/v1/products/1/reviews?sort=newest");
    expect(page.body.data.map((r) => r.reviewer_from)).toContain("Atelier Lumière, France");
    const bad = await api<{ message: string }>("PUT", `/orders/${c.id}/review`, {
      token: c.token,
      body: { review: { ...review(5).review, name_company: "yes" } },
    });
    expect(bad.status).toBe(422);
  });

  it("not completed, past 60 days, another customer's order, no token, bad input: refused", async () => {
    const open = await customerWithOrder();
    const notDone = await api<{ message: string }>("POST", `/orders/${open.id}/review`, { token: open.token, body: review(4) });
    expect([notDone.status, notDone.body.message]).toEqual([409, "You can review an order once it is completed."]);
    const old = await completedOrder(61);
    const late = await api<{ message: string }>("POST", `/orders/${old.id}/review`, { token: old.token, body: review(4) });
    expect([late.status, late.body.message]).toEqual([409, "Reviews can be written within 60 days of an order's completion."]);
    const other = await completedOrder();
    expect((await api("POST", `/orders/${other.id}/review`, { token: open.token, body: review(4) })).status).toBe(404);
    expect((await api("POST", `/orders/${other.id}/review`, { body: review(4) })).status).toBe(401);
    expect((await api("POST", `/orders/${other.id}/review`, { token: adminToken, body: review(4) })).status).toBe(403);
    const short = await api<{ errors: string[] }>("POST", `/orders/${other.id}/review`, { token: other.token, body: review(4, "Too short") });
    expect([short.status, short.body.errors]).toEqual([422, ["Write at least 20 characters"]]);
    const stars = await api<{ errors: string[] }>("POST", `/orders/${other.id}/review`, { token: other.token, body: review(6) });
    expect([stars.status, stars.body.errors]).toEqual([422, ["Choose from 1 to 5 stars"]]);
  });

  it("edits within 14 days are marked edited and move the figures with the stars; later ones are refused", async () => {
    const c = await completedOrder();
    await api("POST", `/orders/${c.id}/review`, { token: c.token, body: review(2) });
    const edited = await api<ReviewAnswer>("PUT", `/orders/${c.id}/review`, {
      token: c.token,
      body: review(4, "Better than I first said: the second round fixed it all."),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ rating: 4, edited: true });
    expect(await figures()).toEqual(await recomputedRatings(db, 1));
    await env.DB.prepare("UPDATE reviews SET created_at = ? WHERE order_id = ?")
      .bind(Date.now() - 15 * DAY, c.id)
      .run();
    const late = await api<{ message: string }>("PUT", `/orders/${c.id}/review`, { token: c.token, body: review(5) });
    expect([late.status, late.body.message]).toEqual([409, "A review can be edited within 14 days of writing it."]);
  });
});

describe("the product's figures", () => {
  it("simultaneous reviews and repeats keep count, average and distribution equal to the rows", async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => completedOrder()));
    // Each customer submits twice at once: one review each.
    const answers = await Promise.all(
      orders.flatMap((c, i) => [1, 2].map(() => api("POST", `/orders/${c.id}/review`, { token: c.token, body: review((i % 5) + 1) }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(6).fill(201), ...Array(6).fill(409)]);
    expect(await figures()).toEqual(await recomputedRatings(db, 1));
    const page = await getJson<Page>("/api/v1/products/1/reviews");
    const rows = await recomputedRatings(db, 1);
    expect(page.body.meta.rating).toEqual({ average: Math.round((rows.sum * 10) / rows.count) / 10, count: rows.count });
    expect(page.body.meta.distribution).toEqual({ "1": rows.stars1, "2": rows.stars2, "3": rows.stars3, "4": rows.stars4, "5": rows.stars5 });
    const product = await getJson<{ data: { rating: { average: number | null; count: number } } }>("/api/v1/products/1");
    expect(product.body.data.rating).toEqual(page.body.meta.rating);
  });

  it("a product without reviews has no average; the list pages by 10 and sorts by stars", async () => {
    const none = await getJson<{ data: { rating: unknown } }>("/api/v1/products/5");
    expect(none.body.data.rating).toEqual({ average: null, count: 0 });
    const highest = await getJson<Page>("/api/v1/products/1/reviews?sort=highest");
    const ratings = highest.body.data.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(highest.body.data.length).toBeLessThanOrEqual(10);
    const lowest = await getJson<Page>("/api/v1/products/1/reviews?sort=lowest");
    expect(lowest.body.data.map((r) => r.rating)).toEqual([...lowest.body.data.map((r) => r.rating)].sort((a, b) => a - b));
    expect((await getJson("/api/v1/products/1/reviews?sort=best")).status).toBe(400);
    expect((await getJson("/api/v1/products/999999/reviews")).status).toBe(404);
  });
});

describe("the studio", () => {
  it("answers once; hides only for a policy reason, counted, never changing the stars or words", async () => {
    const c = await completedOrder();
    const written = await api<ReviewAnswer>("POST", `/orders/${c.id}/review`, {
      token: c.token,
      body: review(1, "My phone number is in this review, please call me."),
    });
    const id = written.body.data.id;
    const reply = await api<ReviewAnswer>("POST", `/products/1/reviews/${id}/reply`, {
      token: adminToken,
      body: { reply: { body: "Thank you; we will call you." } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply).toMatchObject({ body: "Thank you; we will call you." });
    expect((await api("POST", `/products/1/reviews/${id}/reply`, { token: adminToken, body: { reply: { body: "Again" } } })).status).toBe(409);
    expect((await api("POST", `/products/1/reviews/${id}/reply`, { token: c.token, body: { reply: { body: "Me" } } })).status).toBe(403);

    const noReason = await api<{ errors: string[] }>("POST", `/products/1/reviews/${id}/hide`, { token: adminToken, body: {} });
    expect(noReason.status).toBe(422);
    const before = await figures();
    const hidden = await api("POST", `/products/1/reviews/${id}/hide`, { token: adminToken, body: { reason: "personal_data" } });
    expect(hidden.status).toBe(200);
    expect((await api("POST", `/products/1/reviews/${id}/hide`, { token: adminToken, body: { reason: "abuse" } })).status).toBe(409);
    const after = await figures();
    expect(after).toMatchObject({ count: before!.count - 1, sum: before!.sum - 1, stars1: before!.stars1 - 1, hidden: before!.hidden + 1 });
    expect(after).toEqual(await recomputedRatings(db, 1));
    const row = await env.DB.prepare("SELECT rating, body, hidden_reason, hidden_by FROM reviews WHERE id = ?").bind(id).first();
    expect(row).toMatchObject({
      rating: 1,
      body: "My phone number is in this review, please call me.",
      hidden_reason: "personal_data",
      hidden_by: expect.any(Number),
    });
    const page = await getJson<Page>("/api/v1/products/1/reviews?sort=lowest");
    expect(page.body.data.map((r) => r.id)).not.toContain(id);
    expect(page.body.meta.hidden).toBe(after!.hidden);
    // A review of another product is not found under this one.
    expect((await api("POST", `/products/2/reviews/${id}/hide`, { token: adminToken, body: { reason: "abuse" } })).status).toBe(404);
  });
});

describe("the screens", () => {
  it("the order page's form publishes a review without JavaScript (422 keeps the text), and the product page shows it with the figures and JSON-LD", async () => {
    const c = await completedOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Your review");
    expect(page).toContain('name="intent" value="review"');

    const short = await postForm(`/profile/orders/${c.id}`, { intent: "review", rating: "4", title: "Lovely", body: "Too short" }, { Cookie: cookie });
    expect(short.status).toBe(422);
    const shortHtml = await short.text();
    expect(shortHtml).toContain("Write at least 20 characters");
    expect(shortHtml).toContain("Too short");

    const body = "The animation matched our brief and the studio answered every question within the hour.";
    const saved = await postForm(`/profile/orders/${c.id}`, { intent: "review", rating: "4", title: "Matched the brief", body }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/profile/orders/${c.id}?notice=review-published`);
    const after = await (await get(`/profile/orders/${c.id}?notice=review-published`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("Thank you! Your review is on the service&#x27;s page.");
    expect(after).toContain('name="intent" value="edit-review"');

    const product = await (await get("/products/1?reviews_sort=newest")).text();
    expect(product).toContain(body);
    expect(product).toContain("Verified purchase");
    expect(product).toContain('href="/reviews-policy"');
    expect(product).toContain('"@type":"AggregateRating"');
    expect(product).not.toContain('data-testid="rating-new"');
    const policy = await get("/reviews-policy");
    expect(policy.status).toBe(200);
    expect(await policy.text()).toContain("How reviews work");
  });

  it("the order page's form offers to name the company an order was billed to, and names it only when ticked", async () => {
    const c = await completedOrder(1, {
      street: "4 Canal Street",
      city: "Manchester",
      state: "",
      zip_code: "M1 3HE",
      country: "GB",
      company_name: "Canal & Co",
    });
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const page = await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Name my company (Canal &amp; Co) beside my name");
    const body = "Storyboards in two days and a final cut that needed no second round at all.";
    const saved = await postForm(`/profile/orders/${c.id}`, { intent: "review", rating: "5", body, name_company: "on" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    const product = await (await get("/products/1?reviews_sort=newest")).text();
    expect(product).toContain("Canal &amp; Co, United Kingdom");
  });

  it("a product nobody reviewed says so: 'New', no stars, no rating in its JSON-LD", async () => {
    const html = await (await get("/products/5")).text();
    expect(html).toContain('data-testid="rating-new"');
    expect(html).toContain("No reviews yet. Only customers whose order is completed can review it.");
    expect(html).not.toContain("AggregateRating");
  });
});

describe("the studio's screen", () => {
  it("lists reviews, publishes one answer and hides with a reason only (422 without), without JavaScript; customers are sent away", async () => {
    const c = await completedOrder();
    const written = await api<ReviewAnswer>("POST", `/orders/${c.id}/review`, {
      token: c.token,
      body: review(3, "Fine work, though the music was not what we had asked for."),
    });
    const id = written.body.data.id;
    const admin = await adminCookie();
    const list = await (await get("/admin/reviews", { headers: { Cookie: admin } })).text();
    expect(list).toContain("Fine work, though the music was not what we had asked for.");
    expect(list).toContain(`name="review_id" value="${id}"`);

    const target = { review_id: String(id), product_id: "1" };
    const noReason = await postForm("/admin/reviews", { ...target, intent: "hide" }, { Cookie: admin });
    expect(noReason.status).toBe(422);
    expect(await noReason.text()).toContain("Choose the policy reason for hiding it");
    const replied = await postForm("/admin/reviews", { ...target, intent: "reply", body: "Thank you; we have changed the music library." }, { Cookie: admin });
    expect(replied.status).toBe(302);
    const twice = await postForm("/admin/reviews", { ...target, intent: "reply", body: "Again" }, { Cookie: admin });
    expect(twice.status).toBe(409);
    const hidden = await postForm("/admin/reviews", { ...target, intent: "hide", reason: "off_topic" }, { Cookie: admin });
    expect(hidden.status).toBe(302);
    const after = await (await get("/admin/reviews", { headers: { Cookie: admin } })).text();
    expect(after).toMatch(/Hidden: (<!-- -->)?It is not about the service/);
    expect(after).toContain(">3D Product Launch Animation</a>");
    expect(await figures()).toEqual(await recomputedRatings(db, 1));

    const customer = await customerCookie(c.email, "Str0ng!Pass");
    const refused = await get("/admin/reviews", { headers: { Cookie: customer } });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await postForm("/admin/reviews", { ...target, intent: "hide", reason: "abuse" }, { Cookie: customer })).status).toBe(302);
  });
});
