import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, dispatch, fakeMedia, freshAddress, get, postForm } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";
import { runScheduledMaintenance } from "../../app/edge/maintenance.server";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { uploads } from "../../db/schema";
import { abortIdleUpload, abortIdleUploads } from "~/domain/uploads/uploads.server";

/**
 * Files of any size sent in parts straight into R2 (the API's and the screens' upload calls), a
 * delivery of a preview and masters made of them, and masters held back until the customer approves.
 * The suite cuts parts at 5 MiB (UPLOAD_PART_BYTES, R2's smallest part), so a file of three parts is ~11 MB.
 */
const MB = 1024 * 1024;
const PART = 5 * MB;

type Upload = {
  id: string;
  status: string;
  part_size: number;
  part_count: number;
  content_type: string | null;
  kind: string | null;
  parts: { number: number; size: number; etag: string }[];
};

/** Bytes of a QuickTime (ProRes) master: `ftypqt  ` then a deterministic body. */
function movBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251;
  bytes.set([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20], 0);
  return bytes;
}

async function sha256(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function putPart(token: string, id: string, n: number, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return dispatch(`http://localhost/api/v1/uploads/${id}/parts/${n}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Length": String(bytes.byteLength), "CF-Connecting-IP": freshAddress(), ...headers },
    body: bytes,
  });
}

async function open(token: string, upload: Record<string, unknown>) {
  return api<{ data: Upload; message?: string }>("POST", "/uploads", { token, body: { upload } });
}

/** Opens, sends every part and completes an upload; returns its id. */
async function sendWhole(token: string, orderId: number, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const opened = await open(token, { purpose: "delivery", order_id: orderId, name, size: bytes.byteLength, content_type: "video/quicktime" });
  expect(opened.status).toBe(201);
  const { id, part_size, part_count } = opened.body.data;
  for (let n = 1; n <= part_count; n++) {
    const sent = await putPart(token, id, n, bytes.slice((n - 1) * part_size, Math.min(bytes.byteLength, n * part_size)));
    expect(sent.status).toBe(200);
  }
  const done = await api<{ data: Upload }>("POST", `/uploads/${id}/complete`, { token });
  expect(done.status).toBe(200);
  return id;
}

async function briefedOrder() {
  const c = await customerWithOrder();
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  return c;
}

const storedFor = async (orderId: number) => (await env.MEDIA.list({ prefix: `orders/${orderId}/` })).objects.length;

describe("uploads in parts (API)", () => {
  it("cuts a file into equal parts, takes them in any order, lists what arrived and joins them into the same bytes", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const bytes = movBytes(2 * PART + 1234);
    const opened = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "final-prores.mov", size: bytes.byteLength });
    expect(opened.status).toBe(201);
    const upload = opened.body.data;
    expect(upload).toMatchObject({ status: "open", part_size: PART, part_count: 3, content_type: null, kind: null, parts: [] });
    expect(upload.id).toMatch(/^[0-9a-f-]{36}$/);

    // Parts 3 and 2 first: completion waits for part 1 (the file's type is read from it).
    expect((await putPart(admin.access_token, upload.id, 3, bytes.slice(2 * PART))).status).toBe(200);
    expect((await putPart(admin.access_token, upload.id, 2, bytes.slice(PART, 2 * PART))).status).toBe(200);
    const early = await api("POST", `/uploads/${upload.id}/complete`, { token: admin.access_token });
    expect(early).toMatchObject({ status: 409, body: { success: false, message: "Part 1 has not arrived yet: the file's type is read from it" } });

    // A resuming client asks what arrived.
    const state = await api<{ data: Upload }>("GET", `/uploads/${upload.id}`, { token: admin.access_token });
    expect(state.body.data.parts.map((p) => [p.number, p.size])).toEqual([
      [2, PART],
      [3, 1234],
    ]);
    const first = await putPart(admin.access_token, upload.id, 1, bytes.slice(0, PART));
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { number: number; size: number; etag: string } }).data).toMatchObject({ number: 1, size: PART });

    const done = await api<{ data: Upload }>("POST", `/uploads/${upload.id}/complete`, { token: admin.access_token });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "completed", content_type: "video/quicktime", kind: "video" });
    const row = await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(upload.id).first<{ r2_key: string }>();
    const object = await env.MEDIA.get(row!.r2_key);
    expect(object!.size).toBe(bytes.byteLength);
    expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(bytes));
  });

  it("refuses a part of the wrong size, a number out of range, and completion with parts missing", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const bytes = movBytes(PART + 10);
    const { body } = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "a.mov", size: bytes.byteLength });
    const id = body.data.id;
    const short = await putPart(admin.access_token, id, 1, bytes.slice(0, PART - 1));
    expect(short.status).toBe(422);
    expect(((await short.json()) as { message: string }).message).toBe(`Part 1 must be sent with a Content-Length of exactly ${PART} bytes`);
    expect((await putPart(admin.access_token, id, 3, bytes.slice(0, 10))).status).toBe(404);
    expect((await putPart(admin.access_token, id, 0, bytes.slice(0, 10))).status).toBe(404);
    expect((await putPart(admin.access_token, id, 1, bytes.slice(0, PART))).status).toBe(200);
    const missing = await api("POST", `/uploads/${id}/complete`, { token: admin.access_token });
    expect(missing).toMatchObject({ status: 409, body: { message: "1 of 2 parts have not arrived yet" } });
  });

  it("reads the type from part 1's first bytes: a file the purpose does not take cancels the upload and leaves nothing", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>".padEnd(2000, " "));
    const { body } = await open(admin.access_token, {
      purpose: "delivery",
      order_id: c.id,
      name: "film.mov",
      size: html.byteLength,
      content_type: "video/quicktime",
    });
    const refused = await putPart(admin.access_token, body.data.id, 1, html);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^film\.mov is not a file the shop takes\. Masters: MP4, MOV/);
    const after = await api("GET", `/uploads/${body.data.id}`, { token: admin.access_token });
    expect(after.body).toMatchObject({ data: { status: "aborted" } });
    expect((await putPart(admin.access_token, body.data.id, 1, html)).status).toBe(410);
    const key = await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(body.data.id).first<string>("r2_key");
    expect(await env.MEDIA.head(key!)).toBeNull();
  });

  it("takes masters of every kind the studio delivers: MXF, ZIP, TIFF, EXR, WAV, AIFF, MP3", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const heads: [string, number[], string][] = [
      ["a.mxf", [0x06, 0x0e, 0x2b, 0x34, 0x02, 0x05, 0x01, 0x01], "application/mxf"],
      ["a.zip", [0x50, 0x4b, 0x03, 0x04], "application/zip"],
      ["a.tif", [0x49, 0x49, 0x2a, 0x00], "image/tiff"],
      ["a.exr", [0x76, 0x2f, 0x31, 0x01], "image/x-exr"],
      ["a.wav", [...new TextEncoder().encode("RIFF\0\0\0\0WAVE")], "audio/wav"],
      ["a.aif", [...new TextEncoder().encode("FORM\0\0\0\0AIFF")], "audio/aiff"],
      ["a.mp3", [...new TextEncoder().encode("ID3")], "audio/mpeg"],
    ];
    for (const [name, head, type] of heads) {
      const bytes = new Uint8Array(300);
      bytes.set(head, 0);
      const { body } = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name, size: 300 });
      expect((await putPart(admin.access_token, body.data.id, 1, bytes)).status, name).toBe(200);
      const done = await api<{ data: Upload }>("POST", `/uploads/${body.data.id}/complete`, { token: admin.access_token });
      expect(done.body.data.content_type, name).toBe(type);
    }
  });

  it("checks who may send what where before the first byte: customers deliver nothing; another customer's order is not found, at create and at every part", async () => {
    const c = await briefedOrder();
    const other = await customerWithOrder();
    const admin = await adminSignIn();
    // A customer cannot open a delivery upload, even on their own order.
    expect((await open(c.token, { purpose: "delivery", order_id: c.id, name: "x.mov", size: 100 })).status).toBe(404);
    // Another customer's order: 404, as for every order call.
    expect((await open(other.token, { purpose: "attachment", order_id: c.id, name: "x.pdf", size: 100 })).status).toBe(404);
    // The owner's attachment upload: theirs alone.
    const own = await open(c.token, { purpose: "attachment", order_id: c.id, name: "footage.mov", size: 300 });
    expect(own.status).toBe(201);
    const bytes = movBytes(300);
    expect((await putPart(other.token, own.body.data.id, 1, bytes)).status).toBe(404);
    expect((await api("GET", `/uploads/${own.body.data.id}`, { token: other.token })).status).toBe(404);
    expect((await api("POST", `/uploads/${own.body.data.id}/complete`, { token: other.token })).status).toBe(404);
    expect((await api("DELETE", `/uploads/${own.body.data.id}`, { token: other.token })).status).toBe(404);
    // The admin's token does not own the customer's upload either.
    expect((await putPart(admin.access_token, own.body.data.id, 1, bytes)).status).toBe(404);
    // No token: 401.
    expect((await api("POST", "/uploads", { body: { upload: { purpose: "attachment", order_id: c.id, name: "x", size: 1 } } })).status).toBe(401);
    expect((await putPart("", own.body.data.id, 1, bytes)).status).toBe(401);
  });

  it("refuses sizes past the purpose's limit, and names the order's attachment cap", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const big = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "huge.mov", size: 21 * 1024 * MB });
    expect(big.status).toBe(422);
    const limit = await open(admin.access_token, { purpose: "product_media", product_id: 1, name: "huge.mp4", size: 200 * MB });
    expect(limit).toMatchObject({ status: 413, body: { message: "huge.mp4 is too large: at most 90 MB per file" } });
    const cap = await open(c.token, { purpose: "attachment", order_id: c.id, name: "raw.mov", size: 5 * 1024 * MB + 1 });
    expect(cap.status).toBe(413);
    const bad = await open(c.token, { purpose: "attachment", order_id: c.id, name: "a/b.mov", size: 10 });
    expect(bad).toMatchObject({ status: 422, body: { message: "Upload is invalid", errors: ["name cannot contain slashes"] } });
  });

  it("each party has its own budget on an order: the customer's 5 GB of attachments never fill the studio's 20 GB", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    expect((await open(c.token, { purpose: "attachment", order_id: c.id, name: "raw.mov", size: 5 * 1024 * MB })).status).toBe(201);
    const more = await open(c.token, { purpose: "attachment", order_id: c.id, name: "more.mov", size: 10 });
    expect([more.status, more.body.message]).toEqual([413, "This order's attachments have reached their 5 GB limit: send a link to the files instead."]);
    // The customer's open 5 GB does not block the studio's files on the order.
    expect((await open(admin.access_token, { purpose: "attachment", order_id: c.id, name: "notes.pdf", size: 1024 * MB })).status).toBe(201);
    expect((await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "master.mov", size: 19 * 1024 * MB })).status).toBe(201);
    const over = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "extra.mov", size: 10 });
    expect([over.status, over.body.message]).toEqual([413, "This order's files from the studio have reached their 20 GB limit."]);
  });

  it("at most 20 uploads open per account and 50 per order, held when opened at once; cancelling one makes room", async () => {
    const c = await customerWithOrder();
    const opened = await Promise.all(
      Array.from({ length: 25 }, (_, i) => open(c.token, { purpose: "attachment", order_id: c.id, name: `clip-${i}.mov`, size: 10 })),
    );
    expect(opened.filter((o) => o.status === 201)).toHaveLength(20);
    const refused = opened.filter((o) => o.status !== 201);
    expect(refused.map((o) => [o.status, o.body.message])).toEqual(
      Array.from({ length: 5 }, () => [409, "You have 20 uploads open: finish or cancel one before starting another."]),
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM uploads WHERE order_id = ? AND status = 'open'").bind(c.id).first<number>("n")).toBe(20);
    // Cancelling one makes room for another.
    const first = opened.find((o) => o.status === 201)!.body.data.id;
    expect((await api("DELETE", `/uploads/${first}`, { token: c.token })).status).toBe(200);
    expect((await open(c.token, { purpose: "attachment", order_id: c.id, name: "again.mov", size: 10 })).status).toBe(201);
    // The order's own limit, whoever holds them: 30 more open by others make 50.
    const other = env.DB.prepare(
      "INSERT INTO uploads (id, purpose, owner_kind, owner_id, order_id, name, size, declared_type, r2_key, r2_upload_id, part_size, part_count, status, updated_at) VALUES (?, 'attachment', 'admin', ?, ?, 'x.mov', 10, 'video/quicktime', ?, 'none', 10, 1, 'open', ?)",
    );
    await env.DB.batch(
      Array.from({ length: 30 }, (_, i) => other.bind(crypto.randomUUID(), 1000 + i, c.id, `orders/${c.id}/attachments/${crypto.randomUUID()}`, Date.now())),
    );
    const admin = await adminSignIn();
    const full = await open(admin.access_token, { purpose: "attachment", order_id: c.id, name: "studio.pdf", size: 10 });
    expect([full.status, full.body.message]).toEqual([409, "This order has 50 uploads open: finish or cancel one before starting another."]);
  });

  it("the scheduled run keeps pace: it aborts idle uploads batch after batch, not one batch a run", async () => {
    const db = createDb(env.DB);
    // What earlier tests left open goes first (a day on), so that only these five are idle a day later still.
    await abortIdleUploads(db, env.MEDIA, Date.now() + 25 * 3_600_000);
    const c = await customerWithOrder();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await open(c.token, { purpose: "attachment", order_id: c.id, name: `idle-${i}.mov`, size: 10 })).body.data.id);
    // Batches of 2: all five go in one run.
    expect(await abortIdleUploads(db, env.MEDIA, Date.now() + 50 * 3_600_000, 2)).toBe(5);
    const left = await env.DB.prepare(`SELECT count(*) AS n FROM uploads WHERE id IN (${ids.map(() => "?").join(", ")}) AND status = 'open'`)
      .bind(...ids)
      .first<number>("n");
    expect(left).toBe(0);
  });

  it("cancelling leaves nothing stored, and the scheduled run aborts uploads idle for a day", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const bytes = movBytes(PART + 100);
    const { body } = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "a.mov", size: bytes.byteLength });
    expect((await putPart(admin.access_token, body.data.id, 1, bytes.slice(0, PART))).status).toBe(200);
    const cancelled = await api("DELETE", `/uploads/${body.data.id}`, { token: admin.access_token });
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, message: "Upload cancelled" } });
    expect((await putPart(admin.access_token, body.data.id, 2, bytes.slice(PART))).status).toBe(410);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM upload_parts WHERE upload_id = ?").bind(body.data.id).first<number>("n")).toBe(0);

    // Left idle: one open with a part, one finished but never used.
    const idle = await open(admin.access_token, { purpose: "delivery", order_id: c.id, name: "b.mov", size: bytes.byteLength });
    expect((await putPart(admin.access_token, idle.body.data.id, 1, bytes.slice(0, PART))).status).toBe(200);
    const finished = await sendWhole(admin.access_token, c.id, "c.mov", movBytes(300));
    const later = Date.now() + 25 * 3_600_000;
    const run = await runScheduledMaintenance(env, later);
    expect(run.idleUploads).toBeGreaterThanOrEqual(2);
    for (const id of [idle.body.data.id, finished]) {
      const row = await env.DB.prepare("SELECT status, r2_key FROM uploads WHERE id = ?").bind(id).first<{ status: string; r2_key: string }>();
      expect(row!.status).toBe("aborted");
      expect(await env.MEDIA.head(row!.r2_key)).toBeNull();
    }
    // Nothing of this order's uploads is left (none was delivered).
    expect(await storedFor(c.id)).toBe(0);
  });

  it("the timer's act on an upload it picked idle re-checks it in its write: one delivered, or sent a part, meanwhile keeps its bytes", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const later = Date.now() + 25 * 3_600_000;
    const pick = async (id: string) => (await createDb(env.DB).select().from(uploads).where(eq(uploads.id, id)))[0]!;
    // Picked as finished and unused; a delivery took it before the timer's write.
    const master = await sendWhole(admin.access_token, c.id, "master.mov", movBytes(400));
    const picked = await pick(master);
    const delivered = await api("POST", `/orders/${c.id}/deliveries`, { token: admin.access_token, body: { delivery: { master_upload_ids: [master] } } });
    expect(delivered.status).toBe(201);
    expect(await abortIdleUpload(createDb(env.DB), env.MEDIA, picked, later)).toBe(false);
    expect(await env.MEDIA.head(picked.r2Key)).not.toBeNull();
    expect((await pick(master)).status).toBe("used");
    // Picked open and idle; a part arrived before the write.
    const other = await briefedOrder();
    const bytes = movBytes(PART + 100);
    const open1 = await open(admin.access_token, { purpose: "delivery", order_id: other.id, name: "b.mov", size: bytes.byteLength });
    const pickedOpen = await pick(open1.body.data.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await putPart(admin.access_token, open1.body.data.id, 1, bytes.slice(0, PART))).status).toBe(200);
    expect(await abortIdleUpload(createDb(env.DB), env.MEDIA, pickedOpen, later)).toBe(false);
    expect((await putPart(admin.access_token, open1.body.data.id, 2, bytes.slice(PART))).status).toBe(200);
    expect((await pick(open1.body.data.id)).status).toBe("open");
    // As read and still idle: aborted, once.
    const idle = await pick(open1.body.data.id);
    expect(await abortIdleUpload(createDb(env.DB), env.MEDIA, idle, later)).toBe(true);
    expect(await abortIdleUpload(createDb(env.DB), env.MEDIA, idle, later)).toBe(false);
    expect((await pick(open1.body.data.id)).status).toBe("aborted");
  });
});

describe("a delivery of a preview and masters; masters released on approval", () => {
  type Delivery = {
    id: number;
    number: number;
    frame_rate: string;
    files: { id: number; role: string; url: string; content_type: string }[];
    masters: { id: number; name: string; released: boolean; url: string | null }[];
  };

  it("delivers by upload ids (JSON); the preview plays, masters are refused before approval and served after, with the download recorded", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const preview = await sendWhole(admin.access_token, c.id, "cut-1.mp4", fakeMedia("cut-1.mp4", 300));
    const masterBytes = movBytes(PART + 777);
    const master = await sendWhole(admin.access_token, c.id, "cut-1-prores.mov", masterBytes);

    // A master cannot be the preview; an id that is not this order's completed upload is refused.
    const wrongPreview = await api("POST", `/orders/${c.id}/deliveries`, { token: admin.access_token, body: { delivery: { preview_upload_id: master } } });
    expect(wrongPreview).toMatchObject({
      status: 422,
      body: { message: "cut-1-prores.mov cannot be the preview. The preview is what the customer watches and comments on: an MP4 or WebM video." },
    });
    const stranger = await api("POST", `/orders/${c.id}/deliveries`, {
      token: admin.access_token,
      body: { delivery: { master_upload_ids: ["00000000-0000-4000-8000-000000000000"] } },
    });
    expect(stranger).toMatchObject({ status: 422, body: { message: "Upload 00000000-0000-4000-8000-000000000000 is not a finished upload for this order" } });

    const delivered = await api<{ data: { delivery: Delivery } }>("POST", `/orders/${c.id}/deliveries`, {
      token: admin.access_token,
      body: { delivery: { note: "First cut", frame_rate: "23.976", preview_upload_id: preview, master_upload_ids: [master] } },
    });
    expect(delivered.status).toBe(201);
    const delivery = delivered.body.data.delivery;
    expect(delivery).toMatchObject({
      number: 1,
      frame_rate: "23.976",
      files: [{ role: "preview", content_type: "video/mp4" }],
      masters: [{ name: "cut-1-prores.mov", released: true }],
    });
    // Used once: the same uploads cannot make another delivery, nor be cancelled.
    expect((await api("DELETE", `/uploads/${master}`, { token: admin.access_token })).status).toBe(409);

    // The owner: the preview plays; the master is held back.
    const seen = await api<{ data: Delivery[] }>("GET", `/orders/${c.id}/deliveries`, { token: c.token });
    const mine = seen.body.data[0]!;
    expect(mine.masters).toEqual([expect.objectContaining({ released: false, url: null })]);
    const previewFile = await get(mine.files[0]!.url, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(previewFile.status).toBe(200);
    expect(previewFile.headers.get("Content-Type")).toBe("video/mp4");
    const masterId = mine.masters[0]!.id;
    const apiMaster = `/api/v1/orders/${c.id}/deliveries/${delivery.id}/masters/${masterId}`;
    const held = await get(apiMaster, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(held.status).toBe(403);
    expect(((await held.json()) as { message: string }).message).toBe("Masters can be downloaded once you approve the delivery.");
    // Nor through the route for other delivered files.
    expect((await get(`/orders/${c.id}/files/${masterId}`, { headers: { Authorization: `Bearer ${c.token}` } })).status).toBe(404);
    // The customer's page lists it without a link.
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const before = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(before).toContain("Masters can be downloaded once you approve the delivery.");
    expect(before).not.toMatch(/\/masters\/\d+\?/);

    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);

    const released = await get(apiMaster, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(released.status).toBe(200);
    expect(released.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''cut-1-prores.mov");
    expect(released.headers.get("Content-Type")).toBe("video/quicktime");
    expect(await sha256(await released.arrayBuffer())).toBe(await sha256(masterBytes));
    // Resumable: a Range from the middle.
    const resumed = await get(apiMaster, { headers: { Authorization: `Bearer ${c.token}`, Range: `bytes=${PART}-` } });
    expect(resumed.status).toBe(206);
    expect((await resumed.arrayBuffer()).byteLength).toBe(777);

    // The page's signed link works without the cookie, for 15 minutes; a tampered one does not.
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/&amp;/g, "&");
    const link = /href="(\/orders\/\d+\/masters\/\d+\?[^"]+)"/.exec(page)![1]!;
    const signed = await get(link);
    expect(signed.status).toBe(200);
    expect(signed.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await get(link.replace(/sig=[^&]+/, "sig=" + "A".repeat(43)))).status).toBe(403);
    expect((await get(link.replace(/by=c\d+/, "by=c1"))).status).toBe(403);

    // The studio sees who downloaded what, and when (the resumed download is the same one).
    const rows = await env.DB.prepare("SELECT actor_kind FROM master_downloads WHERE order_id = ?").bind(c.id).all<{ actor_kind: string }>();
    expect(rows.results.map((r) => r.actor_kind)).toEqual(["customer", "customer"]);
    const adminPage = (await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: await adminCookie() } })).text()).replace(/<!-- -->/g, "");
    expect(adminPage).toContain("Master downloads");
    expect(adminPage).toMatch(/UTC · [^<]+ · cut-1-prores\.mov/);
  });

  it("screens send parts with the session cookie (CSRF checked), and a cross-site part is refused", async () => {
    const c = await briefedOrder();
    const cookie = await adminCookie();
    const headers = { Cookie: cookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": freshAddress() };
    const opened = await dispatch("http://localhost/uploads", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ upload: { purpose: "delivery", order_id: c.id, name: "final.mov", size: 300 } }),
    });
    expect(opened.status).toBe(201);
    const { data } = (await opened.json()) as { data: Upload };
    const crossSite = await dispatch(`http://localhost/uploads/${data.id}/parts/1`, {
      method: "PUT",
      headers: { ...headers, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Length": "300" },
      body: movBytes(300),
    });
    expect(crossSite.status).toBe(403);
    const part = await dispatch(`http://localhost/uploads/${data.id}/parts/1`, {
      method: "PUT",
      headers: { ...headers, "Content-Length": "300" },
      body: movBytes(300),
    });
    expect(part.status).toBe(200);
    const done = await dispatch(`http://localhost/uploads/${data.id}/complete`, { method: "POST", headers });
    expect(done.status).toBe(200);
    // Signed out: 401.
    const signedOut = await dispatch(`http://localhost/uploads/${data.id}`, { headers: { "CF-Connecting-IP": freshAddress() } });
    expect(signedOut.status).toBe(401);
    // The studio's page delivers it by id (the form its uploader fills in).
    const form = new FormData();
    form.set("intent", "deliver");
    form.set("note", "Masters attached");
    form.append("master_upload_ids", data.id);
    const delivered = await dispatch(`http://localhost/admin/orders/${c.id}/deliveries`, { method: "POST", headers, body: form });
    expect(delivered.status).toBe(201);
    const list = await api<{ data: Delivery[] }>("GET", `/orders/${c.id}/deliveries`, { token: c.token });
    expect(list.body.data[0]!.masters.map((m) => m.name)).toEqual(["final.mov"]);
  });

  it("'Download all': the released masters as one stored ZIP whose entries hold the same bytes (CRC-32 checked)", async () => {
    const c = await briefedOrder();
    const admin = await adminSignIn();
    const first = movBytes(PART + 4321);
    const second = movBytes(777);
    second[700] = 42;
    const ids = [await sendWhole(admin.access_token, c.id, "master.mov", first), await sendWhole(admin.access_token, c.id, "master.mov", second)];
    const delivered = await api("POST", `/orders/${c.id}/deliveries`, { token: admin.access_token, body: { delivery: { master_upload_ids: ids } } });
    expect(delivered.status).toBe(201);
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const held = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/&amp;/g, "&");
    expect(held).not.toContain("masters.zip");
    expect((await api("POST", `/orders/${c.id}/approve`, { token: c.token })).status).toBe(200);
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/&amp;/g, "&").replace(/<!-- -->/g, "");
    expect(page).toContain("Download all (ZIP, 5,125 KB)");
    const link = /href="(\/orders\/\d+\/deliveries\/\d+\/masters\.zip\?[^"]+)"/.exec(page)![1]!;
    const zip = await get(link);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect(Number(zip.headers.get("Content-Length"))).toBe(bytes.byteLength);
    const entries = readZip(bytes);
    expect(entries.map((e) => e.name)).toEqual(["master.mov", "master (2).mov"]);
    expect(await sha256(entries[0]!.data)).toBe(await sha256(first));
    expect(await sha256(entries[1]!.data)).toBe(await sha256(second));
    for (const entry of entries) expect(entry.crc).toBe(crc32(entry.data));
    // A link made for the ZIP does not open a single file, and a tampered one nothing.
    expect((await get(link.replace(/sig=[^&]+/, `sig=${"B".repeat(43)}`))).status).toBe(403);
  });
});

describe("attachments and product media sent in parts", () => {
  it("a message and the brief take the sender's completed uploads by id (raw footage past the small-file limit)", async () => {
    const c = await customerWithOrder();
    const footage = movBytes(PART + 99);
    const open1 = await open(c.token, { purpose: "attachment", order_id: c.id, name: "raw-footage.mov", size: footage.byteLength });
    const id = open1.body.data.id;
    expect((await putPart(c.token, id, 1, footage.slice(0, PART))).status).toBe(200);
    expect((await putPart(c.token, id, 2, footage.slice(PART))).status).toBe(200);
    expect((await api("POST", `/uploads/${id}/complete`, { token: c.token })).status).toBe(200);
    // Another customer cannot name it; the admin's message cannot either (not theirs).
    const admin = await adminSignIn();
    const notTheirs = await api("POST", `/orders/${c.id}/messages`, { token: admin.access_token, body: { message: { body: "Here", upload_ids: [id] } } });
    expect(notTheirs.status).toBe(422);
    const brief = await api<{ data: { work_status: string } }>("PUT", `/orders/${c.id}/brief`, {
      token: c.token,
      body: { brief: { ...BRIEF, upload_ids: [id] } },
    });
    expect(brief.status).toBe(200);
    const shown = await api<{ data: { attachments: { name: string; size: number; kind: string; url: string }[] } }>("GET", `/orders/${c.id}/brief`, {
      token: c.token,
    });
    expect(shown.body.data.attachments).toEqual([expect.objectContaining({ name: "raw-footage.mov", size: footage.byteLength, kind: "video" })]);
    const file = await get(shown.body.data.attachments[0]!.url, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(file.status).toBe(200);
    expect(await sha256(await file.arrayBuffer())).toBe(await sha256(footage));
    // Used once.
    const again = await api("POST", `/orders/${c.id}/messages`, { token: c.token, body: { message: { body: "Again", upload_ids: [id] } } });
    expect(again.status).toBe(422);
    // A message with an audio file sent in parts.
    const wav = new Uint8Array(400);
    wav.set(new TextEncoder().encode("RIFF\0\0\0\0WAVE"), 0);
    const audio = await open(c.token, { purpose: "attachment", order_id: c.id, name: "voice.wav", size: 400 });
    await putPart(c.token, audio.body.data.id, 1, wav);
    await api("POST", `/uploads/${audio.body.data.id}/complete`, { token: c.token });
    const sent = await api<{ data: { attachments: { kind: string }[] } }>("POST", `/orders/${c.id}/messages`, {
      token: c.token,
      body: { message: { body: "The voice-over", upload_ids: [audio.body.data.id] } },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments).toEqual([expect.objectContaining({ kind: "audio" })]);
  });

  it("the same upload named twice is refused with a message (422), never a server error, on every path", async () => {
    const c = await customerWithOrder();
    const opened = await open(c.token, { purpose: "attachment", order_id: c.id, name: "clip.mov", size: 500 });
    const id = opened.body.data.id;
    expect((await putPart(c.token, id, 1, movBytes(500))).status).toBe(200);
    expect((await api("POST", `/uploads/${id}/complete`, { token: c.token })).status).toBe(200);
    // The API's message and brief.
    const message = await api<{ message: string }>("POST", `/orders/${c.id}/messages`, {
      token: c.token,
      body: { message: { body: "Twice", upload_ids: [id, id] } },
    });
    expect(message.status).toBe(422);
    expect((message.body as { errors?: string[] }).errors).toContain("Each file once");
    const brief = await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: { ...BRIEF, upload_ids: [id, id] } } });
    expect(brief.status).toBe(422);
    // The brief's screen form.
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const form = new URLSearchParams(Object.entries(BRIEF).map(([name, value]) => [name, String(value)]));
    form.append("upload_ids", id);
    form.append("upload_ids", id);
    const screen = await postForm(`/profile/orders/${c.id}/brief`, form.toString(), { Cookie: cookie });
    expect(screen.status).toBe(422);
    expect(await screen.text()).toContain("Each file once");
    // The studio's delivery form and the API's delivery (of a briefed order), with masters named twice.
    const b = await briefedOrder();
    const admin = await adminSignIn();
    const master = await sendWhole(admin.access_token, b.id, "master.mov", movBytes(600));
    const headers = { Cookie: await adminCookie(), Origin: "http://localhost", Host: "localhost" };
    const delivery = new FormData();
    delivery.set("intent", "deliver");
    delivery.append("master_upload_ids", master);
    delivery.append("master_upload_ids", master);
    const studio = await dispatch(`http://localhost/admin/orders/${b.id}/deliveries`, { method: "POST", headers, body: delivery });
    expect(studio.status).toBe(422);
    const viaApi = await api("POST", `/orders/${b.id}/deliveries`, { token: admin.access_token, body: { delivery: { master_upload_ids: [master, master] } } });
    expect(viaApi.status).toBe(422);
    // Nothing was attached or delivered; both uploads can still be used once.
    expect((await api<{ data: unknown[] }>("GET", `/orders/${b.id}/deliveries`, { token: b.token })).body.data).toEqual([]);
    expect((await api("POST", `/orders/${b.id}/deliveries`, { token: admin.access_token, body: { delivery: { master_upload_ids: [master] } } })).status).toBe(
      201,
    );
    expect((await api("POST", `/orders/${c.id}/messages`, { token: c.token, body: { message: { body: "Once", upload_ids: [id] } } })).status).toBe(201);
  });

  it("PUT /products/{id} takes image, video and thumbnail uploads by id, stored with their type; the media rule holds", async () => {
    const admin = await adminSignIn();
    const created = await api<{ data: { id: number } }>("POST", "/products", {
      token: admin.access_token,
      body: {
        product: {
          title: `Parts media ${Date.now()}`,
          description_heading: "Made in parts",
          description: "A product whose media arrive in parts.",
          services_offered: ["Animation"],
          tags: ["3D Animation", "Explainer", "Social Media"],
          packages: [{ short_description: "One film", items_included: ["One film"], amount: "100", currency: "GBP" }],
          draft: true,
        },
      },
    });
    expect(created.status).toBe(201);
    const productId = created.body.data.id;
    const send = async (name: string, bytes: Uint8Array<ArrayBuffer>) => {
      const opened = await open(admin.access_token, { purpose: "product_media", product_id: productId, name, size: bytes.byteLength });
      expect(opened.status).toBe(201);
      expect((await putPart(admin.access_token, opened.body.data.id, 1, bytes)).status).toBe(200);
      expect((await api("POST", `/uploads/${opened.body.data.id}/complete`, { token: admin.access_token })).status).toBe(200);
      return opened.body.data.id;
    };
    const video = await send("reel.mp4", fakeMedia("reel.mp4", 5000));
    const thumb = await send("thumb.jpg", fakeMedia("thumb.jpg", 3000));
    const lonely = await api("PUT", `/products/${productId}`, { token: admin.access_token, body: { product: { video_upload_ids: [video] } } });
    expect(lonely).toMatchObject({ status: 422, body: { message: "Video thumbnail is required when uploading videos" } });
    const done = await api<{ data: { videos: string[]; video_thumbnail: string | null } }>("PUT", `/products/${productId}`, {
      token: admin.access_token,
      body: { product: { video_upload_ids: [video], video_thumbnail_upload_id: thumb } },
    });
    expect(done.status).toBe(200);
    const rows = await env.DB.prepare("SELECT kind, content_type, r2_key FROM product_media WHERE product_id = ? ORDER BY kind")
      .bind(productId)
      .all<{ kind: string; content_type: string; r2_key: string }>();
    expect(rows.results.map((r) => [r.kind, r.content_type])).toEqual([
      ["thumbnail", "image/jpeg"],
      ["video", "video/mp4"],
    ]);
    const served = await get(`/media/${rows.results[1]!.r2_key}`);
    expect(served.headers.get("Content-Type")).toBe("video/mp4");
    // The upload's own object is gone; the uploads are used.
    const keys = await env.DB.prepare("SELECT r2_key, status FROM uploads WHERE id IN (?, ?)").bind(video, thumb).all<{ r2_key: string; status: string }>();
    for (const k of keys.results) {
      expect(k.status).toBe("used");
      expect(await env.MEDIA.head(k.r2_key)).toBeNull();
    }
  });
});

/** CRC-32 (IEEE), bit by bit: the slow textbook form, independent of the archive writer's. */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A stored ZIP's entries read from its central directory (names, CRCs, and the bytes after each local header). */
function readZip(zip: Uint8Array<ArrayBuffer>) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: { name: string; crc: number; data: Uint8Array<ArrayBuffer> }[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect(view.getUint16(at + 10, true)).toBe(0); // stored
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, crc, data: zip.slice(start, start + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
