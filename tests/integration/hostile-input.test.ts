import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, dispatch, freshAddress, newCustomer, postForm, stripeTestEnv } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";

/**
 * What the outside security test of the request boundary found, each pinned: form names that made
 * the parser allocate, bodies read before their size, sign-in or ownership were known, multipart
 * bodies past the field cap or malformed, and a flood of refusals from one address.
 */

/** A body that makes up `total` bytes as it is read, counting what was read: proof that a refusal read nothing. */
function lazyBody(total: number, chunk = 64 * 1024) {
  const seen = { bytes: 0 };
  const piece = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= total) return controller.close();
      seen.bytes += chunk;
      controller.enqueue(piece);
    },
  });
  return { stream, seen };
}

const hostileForm = postForm;

describe("form field names are held to the form's schema before any value is built", () => {
  it.each(["/login", "/signup", "/forgot-password", "/reset-password", "/home", "/admin/login"])(
    "%s: a huge array index is refused at once with a short answer",
    async (path) => {
      for (const name of ["x[1000000]", "x[4294967294]", "email[4294967294]"]) {
        const response = await hostileForm(path, `email=nobody&${encodeURIComponent(name)}=1`);
        expect(response.status).toBe(400);
        const text = await response.text();
        expect(text.length).toBeLessThan(10 * 1024);
        expect(text).toBe("The form could not be understood. Please reload the page and try again.");
      }
    },
  );

  it("deep nesting, unknown fields and a repeated single value are refused; the real form still works", async () => {
    for (const body of [
      "email=a&a.b.c.d.e.f.g.h=1",
      "email=a&nope=1",
      "email=a&email=b",
      "email=a&__intent__=%7B%22type%22%3A%22update%22%2C%22payload%22%3A%7B%22name%22%3A%22x%5B4294967294%5D%22%7D%7D",
    ]) {
      expect((await hostileForm("/login", body)).status, body).toBe(400);
    }
    const ok = await hostileForm("/login", "email=customer%40example.com&password=Customer%232026&redirectTo=%2Fprofile");
    expect(ok.status).toBe(302);
  });

  it("a list index within the schema's maximum is a field; one past it is refused", async () => {
    const order = await customerWithOrder();
    const cookie = await customerCookie(order.email, "Str0ng!Pass");
    const within = await hostileForm(`/profile/orders/${order.id}`, "intent=revision&note=x&comments%5B49%5D.text=a&comments%5B49%5D.at_seconds=1", {
      Cookie: cookie,
    });
    // Not delivered yet: the revision itself is refused by the order's state, not by the parser.
    expect(within.status).toBe(409);
    const past = await hostileForm(`/profile/orders/${order.id}`, "intent=revision&note=x&comments%5B10000000%5D.text=x", { Cookie: cookie });
    expect(past.status).toBe(400);
    expect((await past.text()).length).toBeLessThan(10 * 1024);
  });

  it("another customer's order page answers 404 before the body is read", async () => {
    const order = await customerWithOrder();
    const cookie = await customerCookie();
    const { stream, seen } = lazyBody(200 * 1024 * 1024);
    const response = await dispatch(`http://localhost/profile/orders/${order.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=xyz",
        Host: "localhost",
        Origin: "http://localhost",
        Cookie: cookie,
        "CF-Connecting-IP": freshAddress(),
      },
      body: stream,
      // @ts-expect-error -- workerd streams request bodies
      duplex: "half",
    });
    expect(response.status).toBe(404);
    expect(seen.bytes).toBeLessThan(1024 * 1024);
  });
});

describe("refusals of malformed input are throttled per client address", () => {
  it("the 31st refusal in a minute from one address is a 429 with Retry-After; another address is unaffected", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await hostileForm("/login", "x%5B9%5D=1", { "CF-Connecting-IP": address })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const last = await hostileForm("/login", "x%5B9%5D=1", { "CF-Connecting-IP": address });
    expect(statuses[30] === 429 || last.status === 429).toBe(true);
    expect(last.status).toBe(429);
    expect(last.headers.get("Retry-After")).toBe("60");
    const apiLast = await api("POST", "/password_resets", { body: "{not json", headers: { "CF-Connecting-IP": address } });
    expect(apiLast).toEqual({ status: 429, body: { success: false, message: "Too many attempts. Please wait a minute and try again." } });
    expect((await hostileForm("/login", "x%5B9%5D=1")).status).toBe(400);
  });
});

describe("no body is read before its size, sign-in and ownership are known", () => {
  it("a declared length over the route's limit is 413 at once, nothing read (screens and the API's JSON shape)", async () => {
    for (const [path, type] of [
      ["/api/v1/password_resets", "application/json"],
      ["/login", "application/x-www-form-urlencoded"],
      ["/api/v1/orders/1/messages", "multipart/form-data; boundary=xyz"],
      ["/api/v1/webhooks/stripe", "application/json"],
    ] as const) {
      const { stream, seen } = lazyBody(200 * 1024 * 1024);
      const response = await dispatch(`http://localhost${path}`, {
        method: "POST",
        headers: {
          "Content-Type": type,
          "Content-Length": String(200 * 1024 * 1024),
          Host: "localhost",
          Origin: "http://localhost",
          "CF-Connecting-IP": freshAddress(),
        },
        body: stream,
        // @ts-expect-error -- workerd streams request bodies
        duplex: "half",
      });
      expect(response.status, path).toBe(413);
      expect(seen.bytes, path).toBeLessThanOrEqual(64 * 1024);
      if (path.startsWith("/api/")) expect(await response.json()).toEqual({ success: false, message: "Request body is too large" });
    }
  });

  it("a JSON body sent without a length stops being read at the cap", async () => {
    const { stream, seen } = lazyBody(200 * 1024 * 1024);
    const response = await dispatch("http://localhost/api/v1/password_resets", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshAddress() },
      body: stream,
      // @ts-expect-error -- workerd streams request bodies
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: "Request body is too large" });
    expect(seen.bytes).toBeLessThan(1024 * 1024);
  });

  it("a multipart message to someone else's order is 404 with the body unread; anonymous is 401", async () => {
    const order = await customerWithOrder();
    const stranger = await newCustomer();
    for (const [token, status] of [
      [stranger.access_token, 404],
      [undefined, 401],
    ] as const) {
      const { stream, seen } = lazyBody(200 * 1024 * 1024);
      const response = await dispatch(`http://localhost/api/v1/orders/${order.id}/messages`, {
        method: "POST",
        headers: {
          "Content-Type": "multipart/form-data; boundary=xyz",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          "CF-Connecting-IP": freshAddress(),
        },
        body: stream,
        // @ts-expect-error -- workerd streams request bodies
        duplex: "half",
      });
      expect(response.status).toBe(status);
      expect(seen.bytes).toBeLessThan(1024 * 1024);
    }
  });

  it("the Stripe webhook caps its body before verifying it (declared or streamed)", async () => {
    const stripeEnv = stripeTestEnv("sk_test_hostile_webhook", "whsec_hostile_webhook");
    for (const declared of [true, false]) {
      const { stream, seen } = lazyBody(300 * 1024);
      const ctx = createExecutionContext();
      const request = new Request("http://localhost/api/v1/webhooks/stripe", {
        method: "POST",
        body: stream,
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": "t=1,v1=00",
          "CF-Connecting-IP": freshAddress(),
          ...(declared ? { "Content-Length": String(300 * 1024) } : {}),
        },
        // @ts-expect-error -- workerd streams request bodies
        duplex: "half",
      }) as unknown as Request<unknown, IncomingRequestCfProperties>;
      const response = await worker.fetch(request, stripeEnv, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ success: false, message: "Request body is too large" });
      expect(seen.bytes).toBeLessThanOrEqual(256 * 1024 + 64 * 1024);
    }
  });
});

/** A multipart body of `parts` text parts named `name(i)`, larger than the screen form cap. */
function manyParts(parts: number, name: (i: number) => string, boundary = "BOUNDARY") {
  const chunks: string[] = [];
  for (let i = 0; i < parts; i++) chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name(i)}"\r\n\r\nx\r\n`);
  chunks.push(`--${boundary}--\r\n`);
  return chunks.join("");
}

describe("multipart bodies: the field cap at any size, malformed ones refused", () => {
  it("100,000 parts to an order page are refused by count, whatever the body's size", async () => {
    const order = await customerWithOrder();
    const cookie = await customerCookie(order.email, "Str0ng!Pass");
    const body = manyParts(100_000, (i) => `comments[${i}].text`);
    expect(body.length).toBeGreaterThan(128 * 1024);
    const response = await dispatch(`http://localhost/profile/orders/${order.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=BOUNDARY",
        Host: "localhost",
        Origin: "http://localhost",
        Cookie: cookie,
        "CF-Connecting-IP": freshAddress(),
      },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("This form has more fields than the shop accepts.");
  });

  it("garbage under a multipart type answers 400 everywhere (the API in its JSON shape)", async () => {
    const order = await customerWithOrder();
    const customer = await customerCookie(order.email, "Str0ng!Pass");
    const admin = await adminCookie();
    const adminToken = (
      await api<{ data: { access_token: string } }>("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "AdminPass#2026" } } })
    ).body.data.access_token;
    const random = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const targets: [string, Record<string, string>, boolean][] = [
      [`/api/v1/orders/${order.id}/messages`, { Authorization: `Bearer ${order.token}` }, true],
      [`/api/v1/orders/${order.id}/deliveries`, { Authorization: `Bearer ${adminToken}` }, true],
      [`/profile/orders/${order.id}`, { Cookie: customer }, false],
      [`/profile/orders/${order.id}/brief`, { Cookie: customer }, false],
      [`/admin/orders/${order.id}`, { Cookie: admin }, false],
      [`/admin/orders/${order.id}/deliveries`, { Cookie: admin }, false],
    ];
    for (const [path, auth, isApi] of targets) {
      for (const body of ["this is not multipart at all", random, "--xyz\r\nContent-Disposition: form-data\r\n\r\nno name and no end"]) {
        const response = await dispatch(`http://localhost${path}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "multipart/form-data; boundary=xyz",
            Host: "localhost",
            Origin: "http://localhost",
            "CF-Connecting-IP": freshAddress(),
            ...auth,
          },
          body,
        });
        expect(response.status, path).toBe(400);
        if (isApi) expect(await response.json(), path).toEqual({ success: false, message: "Request body could not be read" });
        else expect(await response.text(), path).toBe("The form could not be read. Please try again.");
      }
    }
  });
});

describe("nothing here touches rows", () => {
  it("refusals left no messages behind", async () => {
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM order_messages WHERE body = 'x'").first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

/** A PNG's first bytes, declaring `width` × `height` (nothing after its header). */
function pngHeader(width: number, height: number) {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

function multipartMessage(body: string, file?: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }) {
  const form = new FormData();
  form.set("message[body]", body);
  if (file) form.append("files[]", new File([file.bytes], file.name, { type: file.type }));
  return form;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n% a tiny document\n") as Uint8Array<ArrayBuffer>;

describe("what is stored is held to the same rules everywhere", () => {
  it("email links are built on SHOP_ORIGIN, whatever Host the request names", async () => {
    const response = await dispatch("http://evil.example/forgot-password", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "evil.example", Origin: "http://evil.example", "CF-Connecting-IP": freshAddress() },
      body: "email=customer%40example.com",
    });
    expect(response.status).toBeLessThan(400);
    const email = await env.DB.prepare(
      "SELECT text, html FROM emails WHERE recipient = 'customer@example.com' AND kind = 'password_reset' ORDER BY id DESC",
    ).first<{
      text: string;
      html: string;
    }>();
    expect(email!.text).toContain("http://localhost/reset-password?token=");
    expect(email!.text + email!.html).not.toContain("evil.example");
  });

  it("control characters are refused with 422 in messages, briefs and revisions, and nothing is stored", async () => {
    const order = await customerWithOrder();
    for (const bad of ["a\u0000b", "esc \u001b[31m", "bell \u0007", "c1 \u0085 here", "del \u007f"]) {
      const message = await api("POST", `/orders/${order.id}/messages`, { token: order.token, body: { message: { body: bad } } });
      expect(message.status, JSON.stringify(bad)).toBe(422);
      const brief = await api("PUT", `/orders/${order.id}/brief`, { token: order.token, body: { brief: { ...BRIEF, purpose: `${BRIEF.purpose} ${bad}` } } });
      expect(brief.status, JSON.stringify(bad)).toBe(422);
    }
    const message = await api<{ errors: string[] }>("POST", `/orders/${order.id}/messages`, { token: order.token, body: { message: { body: "a\u0000b" } } });
    expect(message.body.errors).toEqual(["Message must not contain control characters"]);
    // Tabs and line breaks are what people type in a message.
    expect((await api("POST", `/orders/${order.id}/messages`, { token: order.token, body: { message: { body: "line one\n\tline two" } } })).status).toBe(201);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM order_messages WHERE order_id = ?").bind(order.id).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("review times: numbers or strict m:ss, at most 24 hours", async () => {
    const { RevisionSchema } = await import("~/lib/schemas/revision");
    const at = (value: unknown) => RevisionSchema.safeParse({ note: "Change the ending", comments: [{ at_seconds: value, text: "here" }] });
    expect(at("99:999:59").success).toBe(false);
    expect(at("1:99:00").success).toBe(false);
    expect(at("25:00:00").success).toBe(false);
    expect(at("1441:00").success).toBe(false);
    expect(at(86_401).success).toBe(false);
    expect(at("0:42").data?.comments[0]?.at_seconds).toBe(42);
    expect(at("1:02:03").data?.comments[0]?.at_seconds).toBe(3723);
    expect(at("24:00:00").data?.comments[0]?.at_seconds).toBe(86_400);
    const revisionNote = RevisionSchema.safeParse({ note: "x\u001by", comments: [] });
    expect(revisionNote.error?.issues[0]?.message).toBe("The note must not contain control characters");
  });

  it("a closed order takes text messages but no files; each order's attachments stop at 5 GB", async () => {
    const admin = await adminSignIn();
    const open = await customerWithOrder();
    // 5 GB already attached (a row standing for earlier uploads): the next file is refused, the rule named.
    await env.DB.prepare(
      "INSERT INTO order_attachments (order_id, r2_key, name, content_type, size, kind, created_at) VALUES (?, ?, 'big.mp4', 'video/mp4', ?, 'video', ?)",
    )
      .bind(open.id, `orders/${open.id}/attachments/standing-in.mp4`, 5 * 1024 ** 3, Date.now())
      .run();
    const full = await dispatch(`http://localhost/api/v1/orders/${open.id}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${open.token}`, "CF-Connecting-IP": freshAddress() },
      body: multipartMessage("Here is one more", { name: "notes.pdf", bytes: PDF, type: "application/pdf" }),
    });
    expect(full.status).toBe(413);
    expect(await full.json()).toEqual({ success: false, message: "This order's attachments have reached their 5 GB limit: send a link to the files instead." });

    const closed = await customerWithOrder();
    expect((await api("POST", `/orders/${closed.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Called off" } } })).status).toBe(200);
    const withFile = await dispatch(`http://localhost/api/v1/orders/${closed.id}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${closed.token}`, "CF-Connecting-IP": freshAddress() },
      body: multipartMessage("Here is the file", { name: "notes.pdf", bytes: PDF, type: "application/pdf" }),
    });
    expect(withFile.status).toBe(409);
    expect(await withFile.json()).toEqual({ success: false, message: "This order is closed: messages can still be sent, but no more files." });
    expect((await api("POST", `/orders/${closed.id}/messages`, { token: closed.token, body: { message: { body: "Thanks anyway" } } })).status).toBe(201);
    expect((await env.MEDIA.list({ prefix: `orders/${closed.id}/attachments/` })).objects).toHaveLength(0);
  });

  it("the welcome to an unconfirmed address quotes nothing the sender typed", async () => {
    const name = "URGENT account locked restore at https://evil.example/r";
    const email = `welcome.${Date.now()}@example.com`;
    expect((await api("POST", "/sign_up", { body: { user: { name, email, password: "Str0ng!Pass" } } })).status).toBe(201);
    const welcome = await env.DB.prepare("SELECT text, html FROM emails WHERE recipient = ? AND kind = 'welcome'")
      .bind(email)
      .first<{ text: string; html: string }>();
    expect(welcome!.text).toContain("Hello,");
    expect(welcome!.text + welcome!.html).not.toContain("evil.example");
    expect(welcome!.text + welcome!.html).not.toContain("URGENT");
  });

  it("served files keep their own policy: no document, no script, whatever their bytes", async () => {
    const image = await env.DB.prepare("SELECT r2_key AS key FROM product_media WHERE kind = 'image' LIMIT 1").first<{ key: string }>();
    const media = await dispatch(`http://localhost/media/${image!.key}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    const page = await dispatch("http://localhost/products");
    expect(page.headers.get("Content-Security-Policy")).toContain("script-src");
  });

  it("images over 8,000 pixels a side or 40 megapixels are refused, the limit named", async () => {
    const admin = await adminCookie();
    for (const [width, height] of [
      [30_000, 30_000],
      [8001, 10],
      [7000, 7000],
    ]) {
      const bytes = pngHeader(width!, height!);
      const response = await dispatch(`http://localhost/admin/products/1/media?kind=image&name=huge.png`, {
        method: "PUT",
        body: bytes,
        headers: { Host: "localhost", Origin: "http://localhost", Cookie: admin, "Content-Length": String(bytes.length), "CF-Connecting-IP": freshAddress() },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        message: "huge.png is too large: images can be at most 8,000 pixels wide or tall and 40 megapixels.",
      });
    }
  });

  it("an image whose smaller copies cannot be made is served as it is, and not decoded again on every request", async () => {
    const admin = await adminCookie();
    const broken = new Uint8Array(4096).fill(7);
    broken.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const stored = await dispatch(`http://localhost/admin/products/2/media?kind=image&name=broken.jpg`, {
      method: "PUT",
      body: broken,
      headers: { Host: "localhost", Origin: "http://localhost", Cookie: admin, "Content-Length": String(broken.length), "CF-Connecting-IP": freshAddress() },
    });
    expect(stored.status).toBe(201);
    const { data } = await stored.json<{ data: { key: string } }>();
    const first = await dispatch(`http://localhost/media/${data.key}.w480.webp`);
    expect(first.status).toBe(200);
    expect((await env.MEDIA.head(`${data.key}.variants-failed`)) !== null).toBe(true);
    const second = await dispatch(`http://localhost/media/${data.key}.w960.avif`);
    expect(second.status).toBe(200);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(broken);
  });
});

describe("scripted uploads keep the upload limit", () => {
  it("a message with a 300 KB attachment posted as the page's data request (JavaScript on) is taken", async () => {
    const order = await customerWithOrder();
    const cookie = await customerCookie(order.email, "Str0ng!Pass");
    const pdf = new Uint8Array(300 * 1024).fill(0x20);
    pdf.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
    const form = new FormData();
    form.set("intent", "message");
    form.set("body", "The storyboard, as promised");
    form.append("attachments", new File([pdf], "storyboard.pdf", { type: "application/pdf" }));
    const response = await dispatch(`http://localhost/profile/orders/${order.id}.data`, {
      method: "POST",
      body: form,
      headers: { Host: "localhost", Origin: "http://localhost", Cookie: cookie, "CF-Connecting-IP": freshAddress() },
    });
    expect(response.status).toBeLessThan(400);
    expect((await env.MEDIA.list({ prefix: `orders/${order.id}/attachments/` })).objects).toHaveLength(1);
  });
});
