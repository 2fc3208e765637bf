import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { SEED_FILMS, SEED_PRODUCTS } from "../../db/seed/catalogue";
import { seed } from "../../db/seed/seed";
import { passwordCost } from "~/auth/password.server";
import { adminSignIn, api, customerCookie, fakeMedia, get, signIn } from "./helpers";

/** The demo customer's lived-in account: two addresses and an order in every state, written once. */
describe("the demo seed's orders", () => {
  it("gives the demo customer two addresses and orders in every state, each usable (review, invoice, refund)", async () => {
    const token = (await signIn()).access_token;
    const addresses = await api<{ data: unknown[] }>("GET", "/billing_addresses", { token });
    expect(addresses.body.data).toHaveLength(2);
    const list = await api<{ data: { id: number; payment_status: string; work_status: string }[] }>("GET", "/orders?limit=50", { token });
    const states = list.body.data.map((o) => `${o.payment_status}/${o.work_status}`).sort();
    expect(states).toEqual([
      "failed/awaiting_payment",
      "refunded/cancelled",
      "succeeded/awaiting_brief",
      "succeeded/completed",
      "succeeded/delivered",
      "succeeded/in_progress",
      "succeeded/revision_requested",
    ]);

    const delivered = list.body.data.find((o) => o.work_status === "delivered")!;
    const revisions = await api<{ data: { comments: { at_seconds: number; text: string }[] }[] }>("GET", `/orders/${delivered.id}/revisions`, { token });
    expect(revisions.body.data[0]!.comments).toEqual([{ at_seconds: 2, text: "The turn is too fast here" }]);
    const deliveries = await api<{ data: { files: { url: string; kind: string }[] }[] }>("GET", `/orders/${delivered.id}/deliveries`, { token });
    expect(deliveries.body.data).toHaveLength(2);
    const video = await get(deliveries.body.data[0]!.files[0]!.url, { headers: { Authorization: `Bearer ${token}`, Range: "bytes=0-15" } });
    expect(video.status).toBe(206);

    const cookie = await customerCookie();
    const invoice = await get(`/profile/orders/${delivered.id}/invoice.pdf`, { headers: { Cookie: cookie } });
    expect(invoice.headers.get("Content-Type")).toBe("application/pdf");
    const inProduction = list.body.data.find((o) => o.work_status === "in_progress")!;
    expect((await api<{ data: unknown[] }>("GET", `/orders/${inProduction.id}/messages`, { token })).body.data).toHaveLength(2);

    // A seeded paid order can be refunded through the local gateway like any other.
    const admin = await adminSignIn();
    const waiting = list.body.data.find((o) => o.work_status === "awaiting_brief")!;
    const refunded = await api<{ data: { order: { payment_status: string } } }>("POST", `/orders/${waiting.id}/refund`, {
      token: admin.access_token,
      body: { refund: { reason: "Demo refund" } },
    });
    expect(refunded.body.data.order.payment_status).toBe("refunded");
  });

  it("is written once: seeding again adds no orders", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM orders").first<number>("n");
    const result = await seed(createDb(env.DB), env.MEDIA, async (file) => fakeMedia(file), passwordCost(env));
    expect(result.ordersCreated).toBe(0);
    expect(result.reviewsCreated).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM orders").first<number>("n")).toBe(before);
  });
});

describe("the demo seed's reviews", () => {
  it("most services have verified reviews of other customers' completed orders; one has none; the figures are the rows'", async () => {
    const reviewed = await env.DB.prepare(
      "SELECT r.product_id, o.work_status, o.payment_status, o.invoice_number, o.user_id = r.user_id AS own FROM reviews r JOIN orders o ON o.id = r.order_id",
    ).all<{ product_id: number; work_status: string; payment_status: string; invoice_number: string | null; own: number }>();
    expect(reviewed.results.length).toBeGreaterThanOrEqual(10);
    expect(reviewed.results.every((r) => r.work_status === "completed" && r.payment_status === "succeeded" && r.invoice_number && r.own === 1)).toBe(true);
    expect(new Set(reviewed.results.map((r) => r.product_id)).size).toBe(6);
    const unreviewed = await api<{ data: { rating: unknown } }>("GET", "/products/5");
    expect(unreviewed.body.data.rating).toEqual({ average: null, count: 0 });
    const figures = await env.DB.prepare("SELECT product_id, count, sum FROM product_ratings ORDER BY product_id").all<{
      product_id: number;
      count: number;
      sum: number;
    }>();
    const counted = await env.DB.prepare(
      "SELECT product_id, count(*) AS count, sum(rating) AS sum FROM reviews WHERE hidden_at IS NULL GROUP BY product_id ORDER BY product_id",
    ).all();
    expect(figures.results).toEqual(counted.results);
    // Reviews the shop's own rules would accept: each after its order completed, none dated after today, no name twice.
    const dated = await env.DB.prepare(
      "SELECT r.created_at AS reviewed, o.updated_at AS completed, r.reviewer_name AS name FROM reviews r JOIN orders o ON o.id = r.order_id",
    ).all<{ reviewed: number; completed: number; name: string }>();
    expect(dated.results.every((r) => r.reviewed > r.completed && r.reviewed <= Date.now())).toBe(true);
    expect(new Set(dated.results.map((r) => r.name)).size).toBe(dated.results.length);
    // The reviewers cannot sign in with anything the seed knows.
    expect((await api("POST", "/sign_in", { body: { session: { email: "grace.reviewer@example.com", password: "Customer#2026" } } })).status).toBe(401);
  });
});

describe("the demo seed's films", () => {
  it("each film is its maker's showreel, its stills their captioned pieces, and its maker is named on every service it illustrates", async () => {
    for (const film of SEED_FILMS) {
      const maker = await env.DB.prepare("SELECT id, slug FROM creators WHERE email = ?").bind(film.creator).first<{ id: number; slug: string }>();
      expect(maker, film.creator).not.toBeNull();
      const profile = await api<{ data: { showreel: { url: string } | null; portfolio: { url: string; title: string }[] } }>("GET", `/creators/${maker!.slug}`);
      expect(profile.status).toBe(200);
      expect(profile.body.data.showreel?.url).toBe(`http://localhost/media/creators/${maker!.id}/seed-${film.file}`);
      expect(profile.body.data.portfolio.map((p) => [p.url, p.title])).toEqual(
        film.stills.map((still, i) => [`http://localhost/media/creators/${maker!.id}/seed-${still.file}`, `${film.caption}, still ${i + 1}`]),
      );
      const stored = await env.MEDIA.head(`creators/${maker!.id}/seed-${film.file}`);
      expect(stored?.httpMetadata?.contentType).toBe("video/mp4");
      for (const title of film.products) {
        const product = SEED_PRODUCTS.findIndex((p) => p.title === title) + 1;
        const shown = await api<{ data: { creators: { slug: string }[]; images: string[] } }>("GET", `/products/${product}`);
        expect(
          shown.body.data.creators.map((c) => c.slug),
          title,
        ).toContain(maker!.slug);
        // Its pictures are stills of the film.
        expect(shown.body.data.images.length, title).toBeGreaterThan(0);
      }
    }
    // The films' first services show them: /examples is the six films.
    const shown = SEED_PRODUCTS.filter((p) => p.video).map((p) => p.video!.file);
    expect(shown.sort()).toEqual(SEED_FILMS.map((f) => f.file).sort());
  });
});
