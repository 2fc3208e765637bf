/**
 * Serves R2 objects (DESIGN.md §6): stored content type, ETag and conditional requests, long
 * immutable caching (keys are never reused), nosniff, and single byte ranges (206/416) so that
 * videos can seek.
 */
const KEY_PATTERN = /^products\/\d+\/[A-Za-z0-9._-]+$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

export type ByteRange = { offset: number; length: number };

/**
 * Parses a single-range `Range` header against an object of `size` bytes.
 * Returns null when there is no usable header (serve the whole object), "unsatisfiable" for a
 * range that lies outside the object. Multi-range requests are answered with the whole object.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = "", endText = ""] = match;
  if (!startText && !endText) return null;
  if (!startText) {
    const suffix = Number(endText);
    if (suffix === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(startText);
  if (start >= size) return "unsatisfiable";
  const end = endText ? Math.min(Number(endText), size - 1) : size - 1;
  if (end < start) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

function baseHeaders(object: R2Object): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE);
  headers.set("Accept-Ranges", "bytes");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  return headers;
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

export async function serveMedia(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  if (!KEY_PATTERN.test(key)) return new Response("Not found", { status: 404 });
  const head = await bucket.head(key);
  if (!head) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

  const headers = baseHeaders(head);
  if (etagMatches(request.headers.get("If-None-Match"), head.httpEtag)) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange && ifRange !== head.httpEtag ? null : request.headers.get("Range");
  const range = parseRange(rangeHeader, head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }

  if (request.method === "HEAD") {
    headers.set("Content-Length", String(range ? range.length : head.size));
    if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    return new Response(null, { status: range ? 206 : 200, headers });
  }

  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!range) {
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
  headers.set("Content-Length", String(range.length));
  return new Response(object.body, { status: 206, headers });
}
