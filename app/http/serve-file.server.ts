/**
 * Serving stored files over HTTP: catalogue media and an order's private files, with conditional
 * requests (ETag), byte ranges (seeking in a video), image variants made on first request, and
 * headers that keep a served file from running as a page (`SERVED_FILE_POLICY`). What is stored
 * and under which key is the media domain's (app/domain/media/media.server.ts).
 */
import { downloadZip } from "client-zip";
import { ensureVariant, PRIVATE_KEY, PUBLIC_KEY } from "~/domain/media/media.server";
import { negotiateFormat, NEGOTIATED, parseVariantKey } from "~/lib/media-variants";

/**
 * Files the Worker serves from R2 (product media, order files): never a document, never a script,
 * whatever their bytes. Set here and kept by the edge's `applySecurityHeaders`.
 */
export const SERVED_FILE_POLICY = "default-src 'none'; sandbox";

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

/**
 * How an object is served: public catalogue media (cached everywhere, inline), or an order's private
 * file (kept in the person's browser only; `attachment` names a download, otherwise it plays inline).
 */
export type ServeOptions = {
  private?: boolean;
  attachment?: string | null;
  /** Makes a missing image variant on the spot. */
  images?: ImagesBinding | undefined;
  /** Overrides the cache lifetime (the original served in place of a variant that could not be made). */
  cacheControl?: string;
  /** The type read from the file's first bytes when it was stored in parts (R2 keeps none for those). */
  contentType?: string;
};

function baseHeaders(object: R2Object, options: ServeOptions = {}): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (options.contentType) headers.set("Content-Type", options.contentType);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", options.cacheControl ?? (options.private ? "private, max-age=3600" : IMMUTABLE));
  if (options.attachment) headers.set("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(options.attachment)}`);
  headers.set("Accept-Ranges", "bytes");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", SERVED_FILE_POLICY);
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

export async function serveMedia(bucket: R2Bucket, key: string, request: Request, options: ServeOptions = {}): Promise<Response> {
  if (!(options.private ? PRIVATE_KEY : PUBLIC_KEY).test(key)) return new Response("Not found", { status: 404 });
  const requested = !options.private && options.images ? parseVariantKey(key) : null;
  const negotiated = requested?.format === NEGOTIATED;
  // A negotiated name is never stored: go straight to the copy it stands for.
  let head = negotiated ? null : await bucket.head(key);
  const variant = head ? null : requested;
  if (variant && options.images) {
    const format = variant.format === NEGOTIATED ? negotiateFormat(request.headers.get("Accept")) : variant.format;
    const made = await ensureVariant(bucket, options.images, variant.sourceKey, variant.width, format);
    // The original stands in (every browser decodes it) and is asked for again later.
    if (made === "failed") return serveMedia(bucket, variant.sourceKey, request, { cacheControl: "public, max-age=300" });
    if (made !== "missing") [head, key] = [made, made.key];
  }
  if (!head) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

  const headers = baseHeaders(head, options);
  // One URL, two formats: caches keep one copy per Accept header.
  if (negotiated) headers.set("Vary", "Accept");
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

/**
 * A delivery's master, always as a download (`Content-Disposition: attachment`), with Range so an
 * interrupted download resumes; `onStart` runs for a download that begins at the first byte (a
 * resumed one is the same download), once the file is found.
 */
export async function serveMasterFile(
  bucket: R2Bucket,
  file: { key: string; name: string; contentType: string },
  request: Request,
  onStart: () => Promise<void>,
): Promise<Response> {
  const response = await serveMedia(bucket, file.key, request, { private: true, attachment: file.name, contentType: file.contentType });
  const range = parseRange(request.headers.get("Range"), Number.MAX_SAFE_INTEGER);
  const fromStart = !range || range === "unsatisfiable" || range.offset === 0;
  if (request.method === "GET" && (response.status === 200 || response.status === 206) && fromStart) await onStart();
  // A master is large and private: never kept in a shared or the browser's cache.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * A delivery's masters as one stored (uncompressed) ZIP, streamed: each file read from R2 in turn
 * while the archive goes out (client-zip computes each CRC-32 as the bytes pass and writes it after
 * the file), with its exact length up front. Not resumable: per-file links are.
 */
export function serveMastersZip(bucket: R2Bucket, files: { key: string; name: string; size: number }[], archiveName: string, lastModified: Date): Response {
  const taken = new Map<string, number>();
  const named = files.map((file) => {
    const seen = taken.get(file.name) ?? 0;
    taken.set(file.name, seen + 1);
    const dot = file.name.lastIndexOf(".");
    const name = seen === 0 ? file.name : dot > 0 ? `${file.name.slice(0, dot)} (${seen + 1})${file.name.slice(dot)}` : `${file.name} (${seen + 1})`;
    return { ...file, name };
  });
  async function* entries() {
    for (const file of named) {
      const object = await bucket.get(file.key);
      if (!object) throw new Error(`A master is missing from storage: ${file.key}`);
      yield { name: file.name, size: file.size, lastModified, input: object.body };
    }
  }
  const zip = downloadZip(entries(), { metadata: named.map((f) => ({ name: f.name, size: f.size })) });
  const headers = new Headers(zip.headers);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(archiveName)}`);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", SERVED_FILE_POLICY);
  return new Response(zip.body, { status: 200, headers });
}
