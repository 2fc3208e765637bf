import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, dispatch, fakeMedia } from "./helpers";
import { briefedOrder, expectNoBuyerDetails, newCreator, setProductCreators } from "./creator-fixtures";
import { runScheduledMaintenance } from "../../app/edge/maintenance.server";

describe("creators' data rights", () => {
  it("a creator's copy holds their profile, portfolio, orders and words but never the buyer; erasure waits for open work, then keeps who made what and renames their words", async () => {
    const admin = await adminSignIn();
    const [maker, other] = [await newCreator(admin, "Erin Erase"), await newCreator(admin, "Otto Other")];
    await setProductCreators(admin, [maker.id, other.id]);
    const c = await briefedOrder();
    await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
    expect((await api("POST", `/orders/${c.id}/messages`, { token: maker.token, body: { message: { body: "Storyboard by Friday." } } })).status).toBe(201);
    const piece = new FormData();
    piece.set("kind", "piece");
    piece.set("file", new File([fakeMedia("work.jpg", 1200)], "work.jpg"));
    const added = await dispatch("http://localhost/studio/portfolio", {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: maker.cookie, Origin: "http://localhost", Host: "localhost" },
      body: piece,
    });
    expect(added.status).toBe(302);

    const copy = await api<{
      data: Record<string, unknown> & { orders: { id: number }[]; messages: { body: string }[]; portfolio: { pieces: { url: string }[] } };
    }>("GET", "/creator/me/export", { token: maker.token });
    expect(copy.status).toBe(200);
    expect(copy.body.data.account).toMatchObject({ name: "Erin Erase", email: maker.email, status: "active" });
    expect(copy.body.data.orders.map((o) => o.id)).toEqual([c.id]);
    expect(copy.body.data.messages.map((m) => m.body)).toEqual(["Storyboard by Friday."]);
    expect(copy.body.data.portfolio.pieces).toHaveLength(1);
    expect(copy.body.data.portfolio.pieces[0]!.url).toMatch(/^http:\/\/localhost\/media\/creators\//);
    expectNoBuyerDetails(JSON.stringify(copy.body), c);
    // The screen's file is the same copy.
    const file = await dispatch("http://localhost/studio/privacy/my-data.json", { headers: { Cookie: maker.cookie } });
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="reelcraft-creator-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(((await file.json()) as { account: { email: string } }).account.email).toBe(maker.email);

    const refused = await api<{ message: string }>("DELETE", "/creator/me", { token: maker.token, body: { creator: { current_password: "Cr3ator!Pass" } } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Orders #${c.id} are still being made by you: deliver them, or ask the studio to reassign them, before deleting your account.`,
    );
    await api("POST", `/admin/orders/${c.id}/assignment`, {
      token: admin.access_token,
      body: { assignment: { creator_id: other.id, reason: "Erin is leaving us" } },
    });
    const wrong = await api<{ message: string }>("DELETE", "/creator/me", { token: maker.token, body: { creator: { current_password: "not-my-password" } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe("Current password is incorrect");

    const deleted = await api<{ message: string }>("DELETE", "/creator/me", { token: maker.token, body: { creator: { current_password: "Cr3ator!Pass" } } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Your account has been deleted.");

    // Signed out everywhere, and nobody signs in as them again.
    expect((await api("GET", "/creator/me", { token: maker.token })).status).toBe(401);
    expect((await api("GET", "/creator/me/export", { token: maker.token })).status).toBe(401);
    expect((await api("POST", "/creator/sign_in", { body: { session: { email: maker.email, password: "Cr3ator!Pass" } } })).status).toBe(401);
    const page = await dispatch("http://localhost/studio", { headers: { Cookie: maker.cookie }, redirect: "manual" });
    expect(page.headers.get("Location")).toMatch(/^\/creator\/login/);
    const row = await env.DB.prepare("SELECT name, email, slug, bio, status, erased_at FROM creators WHERE id = ?")
      .bind(maker.id)
      .first<{ name: string; email: string; slug: string | null; bio: string; status: string; erased_at: number | null }>();
    expect(row).toMatchObject({ name: "Former creator", slug: null, bio: "", status: "suspended" });
    expect(row!.email).toMatch(/@erased\.invalid$/);
    expect(row!.erased_at).not.toBeNull();
    // Their portfolio is gone from the database and from storage; their credit on the product too, the other creator now its lead.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM creator_media WHERE creator_id = ?").bind(maker.id).first<{ n: number }>())?.n).toBe(0);
    expect((await env.MEDIA.list({ prefix: `creators/${maker.id}/` })).objects).toHaveLength(0);
    const credits = await env.DB.prepare("SELECT creator_id, lead FROM product_creators WHERE product_id = 1").all<{ creator_id: number; lead: number }>();
    expect(credits.results).toEqual([{ creator_id: other.id, lead: 1 }]);
    // Who made what stays; their words stay on the order, shown as "Former creator".
    const thread = await api<{ data: { author: string; author_name: string | null; body: string }[] }>("GET", `/orders/${c.id}/messages`, { token: c.token });
    expect(thread.body.data.find((m) => m.body === "Storyboard by Friday.")).toMatchObject({ author: "creator", author_name: "Former creator" });
    // The timeline's assignment notes no longer name them.
    const notes = await env.DB.prepare("SELECT note FROM order_events WHERE order_id = ? AND note IS NOT NULL ORDER BY id").bind(c.id).all<{ note: string }>();
    expect(notes.results.map((n) => n.note)).toEqual(
      expect.arrayContaining(["Assigned to Former creator", "Reassigned from Former creator to Otto Other: Erin is leaving us"]),
    );
    expect(JSON.stringify(notes.results)).not.toContain("Erin Erase");
    const mail = await env.DB.prepare("SELECT kind FROM emails WHERE recipient = ?").bind(maker.email).all<{ kind: string }>();
    expect(mail.results.map((m) => m.kind)).toEqual(["account_deleted"]);
  });
});

describe("creators' availability", () => {
  it("an away date ends by itself: the scheduled run after its day makes the creator available again, and not before", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Ava Away");
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const away = await api<{ data: { status: string; away_until: string } }>("PUT", "/creator/me", {
      token: maker.token,
      body: { creator: { name: "Ava Away", country: "PT", capacity: 2, away_until: tomorrow } },
    });
    expect(away.status).toBe(200);
    expect(away.body.data).toMatchObject({ status: "away", away_until: tomorrow });
    await runScheduledMaintenance(env, Date.now());
    expect((await api<{ data: { status: string } }>("GET", "/creator/me", { token: maker.token })).body.data.status).toBe("away");
    const run = await runScheduledMaintenance(env, Date.now() + 2 * 86_400_000);
    expect(run.creatorsBack).toBeGreaterThanOrEqual(1);
    const back = await api<{ data: { status: string; away_until: string | null } }>("GET", "/creator/me", { token: maker.token });
    expect(back.body.data).toMatchObject({ status: "active", away_until: null });
  });
});

describe("the buyer's side as a creator reads it", () => {
  it("comments by the customer show the creator their first name and last initial; the studio's admins read the name in full", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Cleo Comments");
    await setProductCreators(admin, [maker.id]);
    const c = await briefedOrder();
    expect((await api("PUT", "/users/update_profile", { token: c.token, body: { user: { name: "Ada King Lovelace" } } })).status).toBe(200);
    await api("POST", `/admin/orders/${c.id}/assignment`, { token: admin.access_token, body: { assignment: { creator_id: maker.id } } });
    const form = new FormData();
    form.set("note", "First cut");
    form.append("files[]", new File([fakeMedia("cut.mp4", 512)], "cut.mp4"));
    const delivered = await dispatch(`http://localhost/api/v1/orders/${c.id}/deliveries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${maker.token}` },
      body: form,
    });
    expect(delivered.status).toBe(201);
    const deliveryId = ((await delivered.json()) as { data: { delivery: { id: number } } }).data.delivery.id;
    const path = `/orders/${c.id}/deliveries/${deliveryId}/comments`;
    expect((await api("POST", path, { token: c.token, body: { comment: { at_frame: 12, text: "Warmer light here" } } })).status).toBe(201);

    type Listed = { data: { author: { kind: string; name: string }; text: string }[] };
    const seen = await api<Listed>("GET", path, { token: maker.token });
    expect(seen.body.data[0]).toMatchObject({ author: { kind: "customer", name: "Ada L." }, text: "Warmer light here" });
    expect(JSON.stringify(seen.body)).not.toContain("Lovelace");
    const studio = await api<Listed>("GET", path, { token: admin.access_token });
    expect(studio.body.data[0]!.author.name).toBe("Ada King Lovelace");
    const page = await dispatch(`http://localhost/studio/orders/${c.id}`, { headers: { Cookie: maker.cookie } });
    const html = await page.text();
    expect(html).toContain("Ada L.");
    expect(html).not.toContain("Lovelace");
  });
});
