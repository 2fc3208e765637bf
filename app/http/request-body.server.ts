/**
 * Request bodies, in one place: how much each route takes, and the only ways a body is read.
 *
 * - `bodyRule` names the most a route takes in one request. At the Worker's edge (server.ts, through
 *   the request guard) a declared `Content-Length` above it is answered 413 at once, before anything
 *   else runs; a body sent without a length (chunked) is handed on behind a running cap
 *   (`capBody`) that stops reading at the limit. Nothing is read at the edge but small screen forms.
 * - Readers: `readText` (a capped text body: JSON, webhooks) and `readForm` (a form, multipart parsed
 *   as a stream with its parts counted and its files capped, whatever the body's size). Routes call
 *   them only after deciding who is signed in, their role and, for an order, that it is theirs.
 * - A body that cannot be read is a body `Refusal` (400 malformed, 413 too large, 415 wrong type),
 *   noted as a refusal of malformed input (refusals.server.ts); the API answers it in its JSON shape
 *   (`apiRoute`), screens with a plain page (`screenBodyRefusal`).
 *
 * A form with files takes what one request can carry: at most 100 MB, Cloudflare's request limit
 * (larger files go in parts, each its own request of at most MAX_PART_BYTES, streamed to R2 by
 * app/domain/uploads). Files of a multipart form are held one request's worth at most.
 */
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { noteRefusal } from "./refusals.server";
import type { FormLimits } from "~/lib/rules/form-limits";
import { isRefusal, Refusal, type RefusalKind } from "~/domain/refusal";
import { REFUSAL_STATUS } from "./refusal-answer.server";
import { MAX_PART_BYTES } from "~/lib/rules/upload-rules";

const KB = 1024;
const MB = 1024 * KB;

/** The most any single request may carry (Cloudflare's request body limit on most plans). */
export const REQUEST_MAX_BYTES = 100 * MB;
/** The largest url-encoded or small multipart screen form (the product form with every field full is ~30 KB). */
export const SCREEN_FORM_MAX_BYTES = 128 * KB;
/** More fields than any screen form has (the product form has under 100); multipart parts included. */
export const FORM_MAX_FIELDS = 400;
/** The largest JSON body of an API call. */
export const JSON_MAX_BYTES = 64 * KB;
/** Stripe's event payloads are a few kilobytes; the signature is checked on the capped body. */
export const WEBHOOK_MAX_BYTES = 256 * KB;

export type BodyKind = "form" | "upload" | "json" | "raw";
export type BodyRule = { kind: BodyKind; limit: number };

/** Routes that take files in a multipart post (screens): their own rules apply once the sender is known. */
const UPLOAD_SCREENS = [
  /^\/admin\/products\/new$/,
  /^\/admin\/products\/\d{1,12}\/edit$/,
  /^\/admin\/orders\/\d{1,12}(\/deliveries)?$/,
  /^\/profile\/orders\/\d{1,12}(\/brief)?$/,
  /^\/studio\/portfolio$/,
];
/** API calls that take files in a multipart post (or JSON). */
const UPLOAD_CALLS = [/^\/api\/v1\/orders\/\d{1,12}\/(messages|deliveries)$/, /^\/api\/v1\/products\/\d{1,12}$/];
/** Raw file bodies streamed to R2 by their route, which applies the file's own limit. */
const RAW_UPLOADS = [/^\/admin\/products\/[^/]+\/media$/];
/** One part of an upload in parts (screens and API): streamed to R2, at most MAX_PART_BYTES. */
const UPLOAD_PART = /^(\/api\/v1)?\/uploads\/[^/]+\/parts\/[^/]+$/;
/** The screens' JSON calls of an upload in parts (open, complete). */
const SCREEN_UPLOAD_CALLS = /^\/uploads(\/[^/]+(\/complete)?)?$/;

/** What a route takes in one request (a page's single-fetch data path, `/x.data`, as the page's own). */
export function bodyRule(path: string): BodyRule {
  const pathname = path.endsWith(".data") && !path.startsWith("/api/") ? path.slice(0, -".data".length) : path;
  if (pathname === "/api/v1/webhooks/stripe") return { kind: "raw", limit: WEBHOOK_MAX_BYTES };
  if (UPLOAD_PART.test(pathname)) return { kind: "raw", limit: MAX_PART_BYTES };
  if (SCREEN_UPLOAD_CALLS.test(pathname)) return { kind: "json", limit: JSON_MAX_BYTES };
  if (UPLOAD_CALLS.some((re) => re.test(pathname))) return { kind: "upload", limit: REQUEST_MAX_BYTES };
  if (pathname === "/api/v1" || pathname.startsWith("/api/")) return { kind: "json", limit: JSON_MAX_BYTES };
  if (RAW_UPLOADS.some((re) => re.test(pathname))) return { kind: "raw", limit: REQUEST_MAX_BYTES };
  if (UPLOAD_SCREENS.some((re) => re.test(pathname))) return { kind: "upload", limit: REQUEST_MAX_BYTES };
  return { kind: "form", limit: SCREEN_FORM_MAX_BYTES };
}

/**
 * A body that cannot be taken (`malformed`: cannot be read; `too_large`; `unsupported`: a type the
 * route does not take), noted in the request's scope so the edge answers it short and counts it.
 */
export function bodyRefusal(kind: "malformed" | "too_large" | "unsupported", message: string): Refusal {
  const refusal = new Refusal(kind, message);
  noteRefusal(REFUSAL_STATUS[kind], message, screenText(kind, message));
  return refusal;
}

export const BODY_MESSAGES = {
  tooLarge: "Request body is too large",
  unreadable: "Request body could not be read",
  tooManyFields: "The form has more fields than the shop accepts",
  notJson: "Content-Type must be application/json",
  badJson: "Request body is not valid JSON",
  notForm: "Send forms as application/x-www-form-urlencoded or multipart/form-data",
} as const;

/** The declared length: a number, null when none is declared, NaN when it is not a length. */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get("Content-Length");
  if (header === null) return null;
  return /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}

class CapExceeded extends Error {}

/**
 * The request with its body behind a running cap: reading past `limit` bytes fails (and reads no
 * further). For bodies sent without a declared length; one with a length above the limit never
 * gets here.
 */
export function capBody(request: Request, limit: number): Request {
  if (!request.body) return request;
  let seen = 0;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new CapExceeded(BODY_MESSAGES.tooLarge));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request, { body: capped, duplex: "half" } as RequestInit);
}

function tooLarge(): Refusal {
  return bodyRefusal("too_large", BODY_MESSAGES.tooLarge);
}

/** The body's bytes, refused (413) past `limit` whether or not a length was declared; the rest is never read. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request);
  if (declared !== null && !(declared <= limit)) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (isRefusal(error)) throw error;
    throw error instanceof CapExceeded || String(error).includes(BODY_MESSAGES.tooLarge) ? tooLarge() : bodyRefusal("malformed", BODY_MESSAGES.unreadable);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, refused past `limit` bytes whether or not a length was declared. */
export async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, limit));
}

/** A JSON object body of at most `limit` bytes; 415/413/400 refusals for anything else. */
export async function readJson(request: Request, limit = JSON_MAX_BYTES): Promise<Record<string, unknown>> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().includes("application/json")) throw bodyRefusal("unsupported", BODY_MESSAGES.notJson);
  const text = await readText(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bodyRefusal("malformed", BODY_MESSAGES.badJson);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw bodyRefusal("malformed", "Request body must be a JSON object");
  return value as Record<string, unknown>;
}

export function isMultipart(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  return type.startsWith("multipart/form-data");
}

export type { FormLimits };

/**
 * No files: a form without uploads (any file is refused by the count). Its fields may fill the form's
 * whole size: the multipart parser holds each part, a field too, to `maxFileSize`.
 */
export const NO_FILES: FormLimits = { maxFiles: 0, maxFileSize: SCREEN_FORM_MAX_BYTES, maxTotalSize: SCREEN_FORM_MAX_BYTES };

/**
 * The request's form: url-encoded, or multipart parsed as a stream with at most FORM_MAX_FIELDS
 * parts, `maxFiles` files of at most `maxFileSize` bytes and `maxTotalSize` in all, whatever the
 * body's size. A body that is not a form, cannot be parsed or passes a limit is a body `Refusal`.
 */
export async function readForm(request: Request, limits: FormLimits = NO_FILES): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) throw bodyRefusal("unsupported", BODY_MESSAGES.notForm);
  if (multipart && !/;\s*boundary=/.test(type)) throw bodyRefusal("malformed", BODY_MESSAGES.unreadable);
  const maxTotalSize = Math.min(limits.maxTotalSize ?? REQUEST_MAX_BYTES, REQUEST_MAX_BYTES);
  const declared = declaredLength(request);
  if (declared !== null && !(declared <= maxTotalSize)) throw tooLarge();
  try {
    return await parseFormData(request, {
      maxFiles: limits.maxFiles,
      // The parser takes 0 as "no limit": a form without files allows none of any size.
      maxFileSize: Math.max(1, limits.maxFileSize),
      maxParts: FORM_MAX_FIELDS,
      maxHeaderSize: 8 * KB,
      maxTotalSize,
    });
  } catch (error) {
    if (error instanceof MaxTotalSizeExceededError || error instanceof CapExceeded) throw tooLarge();
    if (error instanceof MaxPartsExceededError) throw bodyRefusal("malformed", BODY_MESSAGES.tooManyFields);
    if (error instanceof MaxFilesExceededError) throw bodyRefusal("too_large", `At most ${limits.maxFiles} files can be sent at once`);
    if (error instanceof MaxFileSizeExceededError) throw tooLarge();
    if (error instanceof MaxHeaderSizeExceededError) throw bodyRefusal("malformed", BODY_MESSAGES.unreadable);
    if (error instanceof FormDataParseError) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof CapExceeded) throw tooLarge();
      throw bodyRefusal("malformed", BODY_MESSAGES.unreadable);
    }
    if (isRefusal(error)) throw error;
    throw bodyRefusal("malformed", BODY_MESSAGES.unreadable);
  }
}

/** What a screen says of a body it cannot take (people read it, not programs). */
function screenText(kind: RefusalKind, message: string): string {
  if (kind === "too_large") return "This form is larger than the shop accepts. Please shorten what you entered and try again.";
  if (kind === "unsupported") return "Send forms as application/x-www-form-urlencoded or multipart/form-data.";
  if (message === BODY_MESSAGES.tooManyFields) return "This form has more fields than the shop accepts.";
  if (message.startsWith("At most ")) return message + ".";
  return "The form could not be read. Please try again.";
}

/** A screen's answer to a body it cannot take: a short plain page with the refusal's status. */
export function screenBodyRefusal(refusal: Refusal): Response {
  return new Response(screenText(refusal.kind, refusal.message), {
    status: REFUSAL_STATUS[refusal.kind],
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** `readForm` for screen actions: a body it cannot take is thrown as the screen's plain 4xx page. */
export async function readScreenForm(request: Request, limits: FormLimits = NO_FILES): Promise<FormData> {
  try {
    return await readForm(request, limits);
  } catch (error) {
    if (isRefusal(error)) throw screenBodyRefusal(error);
    throw error;
  }
}
