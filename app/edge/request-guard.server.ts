/**
 * What every request passes before Remix or any form library sees it (docs/design.md §4). Refusals are
 * short 4xx answers (the API's JSON shape under /api), never a 500, and count as refusals of
 * malformed input (refusals.server.ts):
 * - cross-site state changes (CSRF);
 * - a GET or HEAD that carries a body (the runtime cannot hand such a request on);
 * - a declared body larger than its route takes (`bodyRule`): 413 at once, nothing read; a body
 *   sent without a length goes on behind a running cap;
 * - screen posts that are not forms, larger than any screen form can be (413), or with more fields
 *   than any screen form has (400). Form parsing costs grow with the number of fields, so a small
 *   form's body is read here once, with a byte cap, and only a bounded body ever reaches a parser.
 * Files, JSON and webhooks are read by their routes through request-body.server.ts, once the sender
 * is known (`readForm`, `readJson`, `readText`); field names are held to the form's schema where
 * forms are parsed (`parseSubmission`).
 */
import { isCrossSiteRequest } from "./csrf.server";
import { noteRefusal } from "../http/refusals.server";
import { isRefusal } from "~/domain/refusal";
import { bodyRule, capBody, declaredLength, FORM_MAX_FIELDS, readBytes, SCREEN_FORM_MAX_BYTES, screenBodyRefusal } from "../http/request-body.server";

export { SCREEN_FORM_MAX_BYTES };
/** More fields than any screen form has (the product form has under 100). */
export const SCREEN_FORM_MAX_FIELDS = FORM_MAX_FIELDS;

function refuse(status: number, message: string, api = false, apiMessage = message) {
  noteRefusal(status, apiMessage, message);
  if (api) return Response.json({ success: false, message: apiMessage }, { status, headers: { "Cache-Control": "no-store" } });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const TOO_LARGE = () => refuse(413, "This form is larger than the shop accepts. Please shorten what you entered and try again.");
const TOO_MANY_FIELDS = () => refuse(400, "This form has more fields than the shop accepts.");
const UNREADABLE = () => refuse(400, "The form could not be read. Please try again.");

function declaresBody(request: Request) {
  const length = request.headers.get("Content-Length");
  return (length !== null && length !== "0") || request.headers.has("Transfer-Encoding");
}
/** Counts `&`-separated pairs without building them, so a flood of fields costs one linear scan. */
function urlEncodedFieldCount(bytes: Uint8Array) {
  if (bytes.byteLength === 0) return 0;
  let fields = 1;
  for (const byte of bytes) if (byte === 0x26) fields++;
  return fields;
}

/**
 * Checks `request`; answers a refusal, or the request to hand on (behind a running cap when it
 * declared no length, or rebuilt around the body already read for a small form).
 */
export async function guardRequest(request: Request): Promise<{ refused: Response } | { request: Request }> {
  const { pathname } = new URL(request.url);
  const api = pathname === "/api/v1" || pathname.startsWith("/api/");
  if (isCrossSiteRequest(request)) return { refused: refuse(403, "Cross-site request refused", api) };
  if (request.method === "GET" || request.method === "HEAD") {
    return declaresBody(request) ? { refused: refuse(400, `A ${request.method} request cannot carry a body.`, api) } : { request };
  }
  const rule = bodyRule(pathname);
  const declared = declaredLength(request);
  if (Number.isNaN(declared)) return { refused: refuse(400, "The request's Content-Length is not a length.", api) };
  if (declared !== null && declared > rule.limit) {
    return { refused: rule.kind === "form" ? TOO_LARGE() : refuse(413, "Request body is too large", api) };
  }
  if (rule.kind !== "form") return { request: declared === null ? capBody(request, rule.limit) : request };

  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data") && /boundary=/.test(type);
  if (!type.startsWith("application/x-www-form-urlencoded") && !multipart) {
    return { refused: refuse(415, "Send forms as application/x-www-form-urlencoded or multipart/form-data.") };
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBytes(request, SCREEN_FORM_MAX_BYTES);
  } catch (error) {
    if (isRefusal(error)) return { refused: screenBodyRefusal(error) };
    throw error;
  }
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
