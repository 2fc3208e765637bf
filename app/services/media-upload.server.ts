/**
 * Checks and stores product media (DESIGN.md §6): the type is read from the file's first bytes
 * (never its name or the browser's claim), sizes are capped, and R2 keys are made by the server.
 */
import type { MediaKind } from "../../db/schema";
import { IMAGE_LIMIT_BYTES, VIDEO_LIMIT_BYTES } from "~/lib/media-rules";

export { IMAGE_LIMIT_BYTES, VIDEO_LIMIT_BYTES };
const MB = 1024 * 1024;

export type SniffedType = { mime: string; ext: string; family: "image" | "video" };

/** What the first bytes say a file is; null for anything we do not accept (SVG, HTML, executables…). */
export function sniffType(head: Uint8Array): SniffedType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );
  if (at(0, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", family: "image" };
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png", family: "image" };
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return { mime: "image/gif", ext: "gif", family: "image" };
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return { mime: "image/webp", ext: "webp", family: "image" };
  if (ascii(4, "ftyp")) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    if (brand === "avif" || brand === "avis") return { mime: "image/avif", ext: "avif", family: "image" };
    if (["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "MSNV"].includes(brand))
      return { mime: "video/mp4", ext: "mp4", family: "video" };
    return null;
  }
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: "video/webm", ext: "webm", family: "video" };
  return null;
}

export class MediaError extends Error {}

/** Validates one file for a media slot; returns the sniffed type or throws a MediaError with a clear message. */
export function checkMedia(kind: MediaKind, name: string, size: number, head: Uint8Array): SniffedType {
  const label = name || "The file";
  const family = kind === "video" ? "video" : "image";
  if (size === 0) throw new MediaError(`${label} is empty.`);
  const type = sniffType(head);
  if (!type || type.family !== family) {
    throw new MediaError(
      family === "image" ? `${label} is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.` : `${label} is not a supported video: use MP4 or WebM.`,
    );
  }
  const limit = family === "image" ? IMAGE_LIMIT_BYTES : VIDEO_LIMIT_BYTES;
  if (size > limit) throw new MediaError(`${label} is too large: ${family === "image" ? "images" : "videos"} can be at most ${limit / MB} MB.`);
  return type;
}

export function mediaKey(productId: number, ext: string) {
  return `products/${productId}/${crypto.randomUUID()}.${ext}`;
}
