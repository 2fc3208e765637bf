import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, customerCookie, dispatch, fakeMedia, freshAddress, get, newCustomer } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/**
 * Attachments on the brief (its page) and on messages (both order pages, and the API's multipart
 * form): checked by their first bytes against the rule named in the form, stored privately, served
 * to the order's owner and admins only, and never half-written.
 */
const MB = 1024 * 1024;
const pdf = () => new TextEncoder().encode("%PDF-1.4\n% a brief's storyboard\n%%EOF\n");
const stored = async (id: number) => (await env.MEDIA.list({ prefix: `orders/${id}/attachments/` })).objects.length;
const rows = async (id: number) => (await env.DB.prepare("SELECT count(*) AS n FROM order_attachments WHERE order_id = ?").bind(id).first<number>("n")) ?? 0;

/** A multipart form posted like a browser on our origin (no JavaScript). */
function postMultipart(path: string, fields: Record<string, string>, files: [string, Uint8Array<ArrayBuffer>][], cookie: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [name, bytes] of files) form.append("attachments", new File([bytes], name));
  return dispatch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Host: "localhost", Origin: "http://localhost", "CF-Connecting-IP": freshAddress(), Cookie: cookie },
    body: form,
  });
}

const BRIEF_FIELDS = { purpose: "A 45-second teaser for the autumn collection, for Instagram.", audience: "Existing customers" };

describe("brief attachments (the brief's page, without JavaScript)", () => {
  it("attaches a PDF and an image to the brief; the order pages list them; only the owner and admins fetch them", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const done = await postMultipart(
      `/profile/orders/${c.id}/brief`,
      BRIEF_FIELDS,
      [
        ["storyboard.pdf", pdf()],
        ["logo.jpg", fakeMedia("logo.jpg", 2048)],
      ],
      cookie,
    );
    expect(done.status).toBe(302);
    expect(await rows(c.id)).toBe(2);
    expect(await stored(c.id)).toBe(2);

    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    const links = [...page.matchAll(/href="(\/orders\/\d+\/attachments\/\d+)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    expect(page).toContain("storyboard.pdf (1 KB)");
    const file = await get(links[0]!, { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''storyboard.pdf");
    expect(new TextDecoder().decode(await file.arrayBuffer())).toContain("a brief's storyboard");

    const adminPage = await (await get(`/admin/orders/${c.id}`, { headers: { Cookie: await adminCookie() } })).text();
    expect(adminPage).toContain(links[1]!);
    expect((await get(links[1]!, { headers: { Cookie: await adminCookie() } })).status).toBe(200);

    const other = await newCustomer();
    expect((await get(links[0]!, { headers: { Cookie: await customerCookie(other.email, other.password) } })).status).toBe(404);
    expect((await get(links[0]!)).status).toBe(401);
    // The public media route never serves an order's private files.
    const key = (await env.DB.prepare("SELECT r2_key FROM order_attachments WHERE order_id = ? LIMIT 1").bind(c.id).first<string>("r2_key"))!;
    expect((await get(`/media/${key}`)).status).toBe(404);
  });

  it("refuses a file of the wrong type or size with the rule named, keeps what was typed, and stores nothing", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const wrongType = await postMultipart(
      `/profile/orders/${c.id}/brief`,
      BRIEF_FIELDS,
      [["notes.txt", new TextEncoder().encode("just text, not a PDF")]],
      cookie,
    );
    expect(wrongType.status).toBe(422);
    const html = (await wrongType.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(
      "notes.txt is not a video, image or PDF. Up to 5 files: MP4 or WebM videos up to 50 MB, images up to 10 MB, PDFs up to 20 MB each; 5 GB per order in all.",
    );
    expect(html).toContain("Existing customers");
    const big = new Uint8Array(10 * MB + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const tooBig = await postMultipart(
      `/profile/orders/${c.id}/brief`,
      BRIEF_FIELDS,
      [
        ["ok.pdf", pdf()],
        ["huge.jpg", big],
      ],
      cookie,
    );
    expect(tooBig.status).toBe(422);
    expect(await tooBig.text()).toContain("huge.jpg is too large.");
    const many = await postMultipart(
      `/profile/orders/${c.id}/brief`,
      BRIEF_FIELDS,
      Array.from({ length: 6 }, (_, i) => [`p${i}.pdf`, pdf()] as [string, Uint8Array<ArrayBuffer>]),
      cookie,
    );
    expect(await many.text()).toContain("At most 5 files at a time");
    expect(await rows(c.id)).toBe(0);
    expect(await stored(c.id)).toBe(0);
    expect(await env.DB.prepare("SELECT work_status FROM orders WHERE id = ?").bind(c.id).first("work_status")).toBe("awaiting_brief");
  });
});

describe("message attachments", () => {
  it("the API takes multipart message[body] + files[]; the thread shows them to both sides", async () => {
    const c = await customerWithOrder();
    const form = new FormData();
    form.set("message[body]", "Here is our logo and the product video");
    form.append("files[]", new File([fakeMedia("logo.jpg", 1024)], "logo.jpg"));
    form.append("files[]", new File([fakeMedia("product.mp4", 4096)], "product.mp4"));
    const sent = await dispatch(`http://localhost/api/v1/orders/${c.id}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${c.token}`, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    expect(sent.status).toBe(201);
    const body = (await sent.json()) as { data: { body: string; attachments: { name: string; kind: string; url: string }[] } };
    expect(body.data.body).toBe("Here is our logo and the product video");
    expect(body.data.attachments.map((a) => [a.name, a.kind])).toEqual([
      ["logo.jpg", "image"],
      ["product.mp4", "video"],
    ]);
    const admin = await adminSignIn();
    const thread = await dispatch(`http://localhost/api/v1/orders/${c.id}/messages`, { headers: { Authorization: `Bearer ${admin.access_token}` } });
    const messages = ((await thread.json()) as { data: { attachments: { url: string }[] }[] }).data;
    expect(messages.at(-1)!.attachments.map((a) => a.url)).toEqual(body.data.attachments.map((a) => a.url));
    // The video streams with Range to the studio.
    const video = await get(body.data.attachments[1]!.url, { headers: { Authorization: `Bearer ${admin.access_token}`, Range: "bytes=0-99" } });
    expect(video.status).toBe(206);

    const empty = new FormData();
    empty.append("files[]", new File([pdf()], "a.pdf"));
    const refused = await dispatch(`http://localhost/api/v1/orders/${c.id}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${c.token}`, "CF-Connecting-IP": freshAddress() },
      body: empty,
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: "Message could not be sent", errors: ["Write a message"] });
  });

  it("the order pages send a message with a file (no JavaScript); a refused file names the rule and stores nothing", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const sent = await postMultipart(`/profile/orders/${c.id}`, { intent: "message", body: "Storyboard attached" }, [["board.pdf", pdf()]], cookie);
    expect(sent.status).toBe(302);
    const admin = await adminCookie();
    const studio = await postMultipart(
      `/admin/orders/${c.id}`,
      { intent: "message", body: "Style frame attached" },
      [["frame.jpg", fakeMedia("frame.jpg", 512)]],
      admin,
    );
    expect(studio.status).toBe(302);
    expect(await rows(c.id)).toBe(2);
    const page = (await (await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("board.pdf (1 KB)");
    expect(page).toContain("frame.jpg (1 KB)");

    const refused = await postMultipart(
      `/profile/orders/${c.id}`,
      { intent: "message", body: "Bad file" },
      [["x.exe", new TextEncoder().encode("MZ not allowed")]],
      cookie,
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("x.exe is not a video, image or PDF.");
    expect(await rows(c.id)).toBe(2);
    expect(await stored(c.id)).toBe(2);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM order_messages WHERE order_id = ? AND body = 'Bad file'").bind(c.id).first("n")).toBe(0);
  });
});

describe("the admin order page's upload with JavaScript (POST /admin/orders/{id}/deliveries, JSON)", () => {
  it("delivers and answers where to go; a refused file answers its rule; only a signed-in admin", async () => {
    const c = await customerWithOrder();
    const briefed = await dispatch(`http://localhost/api/v1/orders/${c.id}/brief`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${c.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ brief: BRIEF_FIELDS }),
    });
    expect(briefed.status).toBe(200);
    const upload = (files: [string, Uint8Array<ArrayBuffer>][], cookie: string) => {
      const form = new FormData();
      for (const [name, bytes] of files) form.append("files", new File([bytes], name));
      form.set("note", "First cut");
      return dispatch(`http://localhost/admin/orders/${c.id}/deliveries`, {
        method: "POST",
        headers: { Host: "localhost", Origin: "http://localhost", Cookie: cookie, "CF-Connecting-IP": freshAddress() },
        body: form,
      });
    };
    const admin = await adminCookie();
    const refused = await upload([["notes.txt", new TextEncoder().encode("plain text")]], admin);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      success: false,
      message: "notes.txt is not a video, image or PDF. Up to 10 files: MP4 or WebM videos up to 90 MB, images up to 10 MB, PDFs up to 20 MB each.",
    });
    const customer = await upload([["cut.mp4", fakeMedia("cut.mp4", 2048)]], await customerCookie(c.email, "Str0ng!Pass"));
    expect(customer.status).toBe(401);
    const done = await upload([["cut.mp4", fakeMedia("cut.mp4", 2048)]], admin);
    expect(done.status).toBe(201);
    expect(await done.json()).toEqual({ success: true, location: `/admin/orders/${c.id}?delivered=1` });
    expect(await env.DB.prepare("SELECT work_status FROM orders WHERE id = ?").bind(c.id).first("work_status")).toBe("delivered");
  });
});
