/**
 * A small fake of an HTTP email API (Resend's `POST /emails` shape) for the HTTP transport's tests:
 * it checks the API key, honours `Idempotency-Key` (a repeated key is answered with the first
 * message's id and not recorded again), and answers by recipient: `…@rejected.test` gets 422,
 * `…@flaky.test` gets 503 on its key's first try and 200 after. `GET /_sent` lists what was accepted.
 */
import { createServer, type Server } from "node:http";
import { readBody } from "./http";

export const FAKE_MAIL_KEY = "re_test_fake_mail_key";

export async function startFakeMail(): Promise<{ server: Server; port: number }> {
  const sent: Record<string, unknown>[] = [];
  const byKey = new Map<string, string>();
  const tries = new Map<string, number>();
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      if (req.method === "GET" && req.url === "/_sent") return send(200, sent);
      if (req.method !== "POST" || req.url !== "/emails") return send(404, { message: "Not found" });
      if (req.headers.authorization !== `Bearer ${FAKE_MAIL_KEY}`) return send(401, { message: "Invalid API key" });
      const key = String(req.headers["idempotency-key"] ?? "");
      const message = JSON.parse(await readBody(req)) as { to?: string[]; from?: string; subject?: string; html?: string; text?: string };
      const to = message.to?.[0] ?? "";
      if (!message.from || !message.subject || !message.html || !message.text || !to)
        return send(422, { message: "from, to, subject, html and text are required" });
      if (to.endsWith("@rejected.test")) return send(422, { message: "The recipient address is not allowed" });
      const attempt = (tries.get(key) ?? 0) + 1;
      tries.set(key, attempt);
      if (to.endsWith("@flaky.test") && attempt === 1) return send(503, { message: "Try again later" });
      const existing = byKey.get(key);
      if (existing) return send(200, { id: existing });
      const id = `fake_${sent.length + 1}`;
      if (key) byKey.set(key, id);
      sent.push({ id, key, ...message });
      return send(200, { id });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Never keeps the test process alive.
  server.unref();
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}
