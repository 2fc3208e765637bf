import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, dispatch, fakeMedia, freshAddress, get, signIn } from "./helpers";
import { newCreator } from "./creator-fixtures";

type Item = { id: number; kind: string; url: string; content_type: string; size: number; title: string };
type Portfolio = { avatar: Item | null; showreel: Item | null; pieces: Item[] };

/** Sends `bytes` as an upload in parts of purpose creator_media and completes it; returns its id. */
async function sendInParts(token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const opened = await api<{ data: { id: string; part_count: number; part_size: number } }>("POST", "/uploads", {
    token,
    body: { upload: { purpose: "creator_media", name, size: bytes.byteLength, content_type: "application/octet-stream" } },
  });
  expect(opened.status).toBe(201);
  const { id, part_count, part_size } = opened.body.data;
  for (let n = 1; n <= part_count; n++) {
    const part = bytes.slice((n - 1) * part_size, Math.min(bytes.byteLength, n * part_size));
    const sent = await dispatch(`http://localhost/api/v1/uploads/${id}/parts/${n}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Length": String(part.byteLength) },
      body: part,
    });
    expect(sent.status).toBe(200);
  }
  expect((await api("POST", `/uploads/${id}/complete`, { token })).status).toBe(200);
  return id;
}

function addFromUpload(token: string, item: { kind: string; upload_id: string; title?: string }) {
  return api<{ data: Item; message: string; errors?: string[] }>("POST", "/creator/portfolio", { token, body: { portfolio_item: item } });
}

/** The portfolio form as a browser without JavaScript sends it. */
function postPortfolioForm(cookie: string, fields: Record<string, string>, file?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", file);
  return dispatch("http://localhost/studio/portfolio", {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: "http://localhost", Host: "localhost", "CF-Connecting-IP": freshAddress() },
    body: form,
  });
}

const text = (size: number) => new TextEncoder().encode("not an image ".repeat(Math.ceil(size / 13)).slice(0, size));

describe("creators' portfolios", () => {
  it("an avatar, a showreel and pieces arrive in parts, are checked like product media, served publicly, and a new avatar replaces the old", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Pia Portfolio");

    const avatarId = await sendInParts(maker.token, "me.jpg", fakeMedia("me.jpg", 6000));
    const avatar = await addFromUpload(maker.token, { kind: "avatar", upload_id: avatarId });
    expect(avatar.status).toBe(201);
    expect(avatar.body.message).toBe("Added to your portfolio");
    expect(avatar.body.data).toMatchObject({ kind: "avatar", content_type: "image/jpeg", size: 6000, title: "" });
    expect(avatar.body.data.url).toMatch(new RegExp(`^http://localhost/media/creators/${maker.id}/[0-9a-f-]{36}\\.jpg$`));
    const served = await get(avatar.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    // Removable, and erased with the account: cached an hour, not a year.
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fakeMedia("me.jpg", 6000));
    // Used once: the same upload cannot be added again, and its own object is gone.
    expect((await addFromUpload(maker.token, { kind: "piece", upload_id: avatarId })).status).toBe(422);
    const uploadRow = await env.DB.prepare("SELECT status, r2_key FROM uploads WHERE id = ?").bind(avatarId).first<{ status: string; r2_key: string }>();
    expect(uploadRow?.status).toBe("used");
    expect(await env.MEDIA.head(uploadRow!.r2_key)).toBeNull();

    // A still is not a showreel; the message names the file and what the place takes.
    const stillId = await sendInParts(maker.token, "reel.jpg", fakeMedia("reel.jpg", 3000));
    const wrong = await addFromUpload(maker.token, { kind: "showreel", upload_id: stillId });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe("reel.jpg is not a supported showreel: use an MP4 or WebM video.");

    const reelId = await sendInParts(maker.token, "reel.mp4", fakeMedia("reel.mp4", 9000));
    const reel = await addFromUpload(maker.token, { kind: "showreel", upload_id: reelId });
    expect(reel.status).toBe(201);
    expect(reel.body.data.content_type).toBe("video/mp4");
    const range = await get(reel.body.data.url, { headers: { Range: "bytes=0-99" } });
    expect(range.status).toBe(206);

    const piece = await addFromUpload(maker.token, { kind: "piece", upload_id: stillId, title: "  Bottle turntable  " });
    expect(piece.status).toBe(201);
    expect(piece.body.data.title).toBe("Bottle turntable");

    // A new avatar replaces the old one, whose file leaves storage.
    const second = await addFromUpload(maker.token, { kind: "avatar", upload_id: await sendInParts(maker.token, "me2.jpg", fakeMedia("me2.jpg", 5000)) });
    expect(second.status).toBe(201);
    expect((await get(avatar.body.data.url)).status).toBe(404);

    const portfolio = await api<{ data: Portfolio }>("GET", "/creator/portfolio", { token: maker.token });
    expect(portfolio.status).toBe(200);
    expect(portfolio.body.data.avatar?.id).toBe(second.body.data.id);
    expect(portfolio.body.data.showreel?.id).toBe(reel.body.data.id);
    expect(portfolio.body.data.pieces.map((p) => p.title)).toEqual(["Bottle turntable"]);
  });

  it("only the creator's own finished uploads count; customers and admins send no creator media; another creator's item is not found", async () => {
    const admin = await adminSignIn();
    const [one, two] = [await newCreator(admin, "Uma One"), await newCreator(admin, "Ugo Two")];
    const mine = await sendInParts(one.token, "still.jpg", fakeMedia("still.jpg", 2000));
    const taken = await addFromUpload(two.token, { kind: "piece", upload_id: mine });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe(`Upload ${mine} is not a finished upload for this portfolio`);

    const customer = (await signIn()).access_token;
    const refused = await api<{ message: string }>("POST", "/uploads", {
      token: customer,
      body: { upload: { purpose: "creator_media", name: "x.jpg", size: 100, content_type: "image/jpeg" } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only a creator sends portfolio files");
    expect(
      (
        await api("POST", "/uploads", {
          token: admin.access_token,
          body: { upload: { purpose: "creator_media", name: "x.jpg", size: 100, content_type: "image/jpeg" } },
        })
      ).status,
    ).toBe(403);
    // A creator's uploads are not public while they are uploads.
    const row = await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(mine).first<{ r2_key: string }>();
    expect(row!.r2_key).toMatch(new RegExp(`^creators/${one.id}/uploads/`));
    expect((await get(`/media/${row!.r2_key}`)).status).toBe(404);

    const added = await addFromUpload(one.token, { kind: "piece", upload_id: mine });
    expect(added.status).toBe(201);
    expect((await api("DELETE", `/creator/portfolio/${added.body.data.id}`, { token: two.token })).status).toBe(404);
    const removed = await api<{ message: string }>("DELETE", `/creator/portfolio/${added.body.data.id}`, { token: one.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Removed from your portfolio");
    expect((await get(added.body.data.url)).status).toBe(404);
  });

  it("without JavaScript the file travels in the form: a refused file keeps the choices and says why; a portfolio holds 12 pieces, then says to remove one", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Noa Nojs");
    const refused = await postPortfolioForm(maker.cookie, { kind: "piece", title: "Notes" }, new File([text(400)], "notes.txt"));
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain("notes.txt is not a supported piece: use an image (JPEG, PNG, WebP, AVIF or GIF) or a video (MP4 or WebM).");
    expect(page).toContain('value="Notes"');

    const none = await postPortfolioForm(maker.cookie, { kind: "avatar" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose a file to add");

    for (let i = 1; i <= 12; i++) {
      const added = await postPortfolioForm(maker.cookie, { kind: "piece", title: `Piece ${i}` }, new File([fakeMedia(`p${i}.jpg`, 1500)], `p${i}.jpg`));
      expect(added.status, `piece ${i}`).toBe(302);
      expect(added.headers.get("Location")).toBe("/studio/portfolio");
    }
    const full = await postPortfolioForm(maker.cookie, { kind: "piece", title: "One too many" }, new File([fakeMedia("p13.jpg", 1500)], "p13.jpg"));
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("Your portfolio has 12 pieces: remove one before adding another.");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM creator_media WHERE creator_id = ? AND kind = 'piece'").bind(maker.id).first<{ n: number }>();
    expect(count?.n).toBe(12);
    // Nothing of the refused piece stays in storage: 12 objects under the creator's folder.
    const listed = await env.MEDIA.list({ prefix: `creators/${maker.id}/` });
    expect(listed.objects.filter((o) => !o.key.includes("/uploads/"))).toHaveLength(12);

    const page2 = await dispatch("http://localhost/studio/portfolio", { headers: { Cookie: maker.cookie } });
    const html = await page2.text();
    expect(html).toContain("Pieces (12 of 12)");
    expect(html).toContain("you have 12: remove one to add another");
  });

  it("two pieces sent at once into the last free place: one is kept, the other refused, and its file leaves storage", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Rae Race");
    for (let i = 1; i <= 11; i++) {
      const filled = await postPortfolioForm(maker.cookie, { kind: "piece" }, new File([fakeMedia(`f${i}.jpg`, 800)], `f${i}.jpg`));
      expect(filled.status).toBe(302);
    }
    const [a, b] = [await sendInParts(maker.token, "a.jpg", fakeMedia("a.jpg", 900)), await sendInParts(maker.token, "b.jpg", fakeMedia("b.jpg", 900))];
    const answers = await Promise.all([
      addFromUpload(maker.token, { kind: "piece", upload_id: a }),
      addFromUpload(maker.token, { kind: "piece", upload_id: b }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const listed = await env.MEDIA.list({ prefix: `creators/${maker.id}/` });
    expect(listed.objects.filter((o) => !o.key.includes("/uploads/"))).toHaveLength(12);
  });

  it("one upload sent twice at once makes one item; the second is told it was added already", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin, "Dov Double");
    const id = await sendInParts(maker.token, "twice.jpg", fakeMedia("twice.jpg", 900));
    const answers = await Promise.all([
      addFromUpload(maker.token, { kind: "avatar", upload_id: id }),
      addFromUpload(maker.token, { kind: "avatar", upload_id: id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)?.body.message).toBe("This upload was added already: send the file again to add it twice");
    const portfolio = await api<{ data: Portfolio }>("GET", "/creator/portfolio", { token: maker.token });
    expect(portfolio.body.data.avatar?.id).toBe(answers.find((r) => r.status === 201)?.body.data.id);
    const listed = await env.MEDIA.list({ prefix: `creators/${maker.id}/` });
    expect(listed.objects.filter((o) => !o.key.includes("/uploads/"))).toHaveLength(1);
  });
});
