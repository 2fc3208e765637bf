import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";

/**
 * Requests no browser sends but any client can: a GET or HEAD with a body. They must get a clear
 * 4xx, never a 500 (fetch() refuses to build such requests, so they are sent with node:http).
 */
function rawRequest(baseURL: string, method: string, path: string, body: string) {
  const url = new URL(path, baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) },
        // A connection of its own: workerd's server ends a connection whose GET carried a body the
        // Worker could not read (Cloudflare's edge answers such a request in front of the Worker),
        // so a kept-alive socket would be gone for the next one.
        agent: false,
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("a GET with a body is refused with 400 on pages, the API and media", async ({ baseURL }) => {
  for (const path of ["/healthz", "/products", "/api/v1/products", "/media/products/1/seed-image-01.jpg"]) {
    const response = await rawRequest(baseURL!, "GET", path, "hello");
    expect(response.status, path).toBe(400);
    // The API answers in its own JSON shape.
    if (path.startsWith("/api/")) expect(JSON.parse(response.body), path).toEqual({ success: false, message: "A GET request cannot carry a body." });
    else expect(response.body, path).toBe("A GET request cannot carry a body.");
  }
});

test("static files carry the security headers too, and the headers file itself is not served", async ({ request }) => {
  for (const path of ["/favicon.svg", "/placeholder.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toContain("default-src 'none'");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
  }
  const headersFile = await request.get("/_headers");
  expect(await headersFile.text()).not.toContain("X-Content-Type-Options");
});
