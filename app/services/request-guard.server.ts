/**
 * What every request passes before Remix or any form library sees it (DESIGN.md §4). Refusals are
 * plain-text 4xx answers, never a 500:
 * - cross-site state changes (CSRF);
 * - a GET or HEAD that carries a body (the runtime cannot hand such a request on);
 * - screen posts that are not forms, larger than any screen form can be (413), or with more fields
 *   than any screen form has (400). Form parsing costs grow with the number of fields, so the body
 *   is read here once, with a byte cap, and only a bounded body ever reaches a parser.
 * A forged Conform `__intent__` is refused where forms are parsed (`parseSubmission`), so that an
 * upload streamed without a declared length, which skips this read, is covered too.
 * The JSON API bounds its own bodies (`readJsonObject`); the media upload routes stream files with
 * their own limits and check the admin before reading anything.
 */
import { isCrossSiteRequest } from "./csrf.server";

/** The largest url-encoded or small multipart screen form (the product form with every field full is ~30 KB). */
export const SCREEN_FORM_MAX_BYTES = 128 * 1024;
/** More fields than any screen form has (the product form has under 100). */
export const SCREEN_FORM_MAX_FIELDS = 400;

/** Screen routes whose multipart posts carry files and apply their own size limits (media, deliveries, attachments). */
const UPLOAD_ROUTES = [
  /^\/admin\/products\/new$/,
  /^\/admin\/products\/\d{1,12}\/edit$/,
  /^\/admin\/orders\/\d{1,12}(\/deliveries)?$/,
  /^\/profile\/orders\/\d{1,12}(\/brief)?$/,
];
/** Routes that take raw or JSON bodies and check them themselves. */
const OWN_BODY_ROUTES = [/^\/api\//, /^\/admin\/products\/[^/]+\/media$/];

function refuse(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const TOO_LARGE = () => refuse(413, "This form is larger than the shop accepts. Please shorten what you entered and try again.");
const TOO_MANY_FIELDS = () => refuse(400, "This form has more fields than the shop accepts.");
const UNREADABLE = () => refuse(400, "The form could not be read. Please try again.");

function declaresBody(request: Request) {
  const length = request.headers.get("Content-Length");
  return (length !== null && length !== "0") || request.headers.has("Transfer-Encoding");
}

/** The body's bytes, or null once more than `limit` have arrived (the rest is never read). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Counts `&`-separated pairs without building them, so a flood of fields costs one linear scan. */
function urlEncodedFieldCount(bytes: Uint8Array) {
  if (bytes.byteLength === 0) return 0;
  let fields = 1;
  for (const byte of bytes) if (byte === 0x26) fields++;
  return fields;
}

/**
 * Checks `request`; answers a refusal, or the request to hand on (rebuilt around the body already
 * read, when one was read).
 */
export async function guardRequest(request: Request): Promise<{ refused: Response } | { request: Request }> {
  if (isCrossSiteRequest(request)) return { refused: refuse(403, "Cross-site request refused") };
  if (request.method === "GET" || request.method === "HEAD") {
    return declaresBody(request) ? { refused: refuse(400, `A ${request.method} request cannot carry a body.`) } : { request };
  }
  const { pathname } = new URL(request.url);
  if (OWN_BODY_ROUTES.some((re) => re.test(pathname))) return { request };

  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data") && /boundary=/.test(type);
  if (!type.startsWith("application/x-www-form-urlencoded") && !multipart) {
    return { refused: refuse(415, "Send forms as application/x-www-form-urlencoded or multipart/form-data.") };
  }
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  // Uploads stream their files with their own limits, and check who is signed in before reading.
  if (multipart && UPLOAD_ROUTES.some((re) => re.test(pathname)) && !(declared <= SCREEN_FORM_MAX_BYTES)) return { request };

  const bytes = await readCapped(request, SCREEN_FORM_MAX_BYTES).catch(() => undefined);
  if (bytes === undefined) return { refused: UNREADABLE() };
  if (bytes === null) return { refused: TOO_LARGE() };
  if (!multipart && urlEncodedFieldCount(bytes) > SCREEN_FORM_MAX_FIELDS) return { refused: TOO_MANY_FIELDS() };

  const rebuilt = new Request(request.url, { method: request.method, headers: request.headers, body: bytes });
  let form: FormData;
  try {
    form = await rebuilt.clone().formData();
  } catch {
    return { refused: UNREADABLE() };
  }
  if ([...form.keys()].length > SCREEN_FORM_MAX_FIELDS) return { refused: TOO_MANY_FIELDS() };
  return { request: rebuilt };
}
