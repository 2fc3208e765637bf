/**
 * What a file is, from its first bytes, never from its name or the type a client claims: the media
 * a product shows, what a delivery may carry, and what a file sent in parts may be. Pure: the media
 * and upload services both read it, and neither imports the other for it.
 */

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

/** What a delivered file is, from its first bytes: a video, an image or a PDF; null for anything else. */
export function sniffDeliveryType(head: Uint8Array): { mime: string; ext: string; kind: "video" | "image" | "document" } | null {
  const media = sniffType(head);
  if (media) return { mime: media.mime, ext: media.ext, kind: media.family };
  if (String.fromCharCode(...head.slice(0, 5)) === "%PDF-") return { mime: "application/pdf", ext: "pdf", kind: "document" };
  return null;
}

/**
 * What a file sent in parts is, from its first bytes (UPLOAD_HEAD_BYTES): everything a delivery's
 * masters may be (QuickTime/ProRes, MXF, ZIP, TIFF, OpenEXR, WAV, AIFF, MP3 beside the browser's
 * videos, images and PDFs); null for anything else.
 */
export function sniffUploadType(head: Uint8Array): { mime: string; ext: string; kind: "video" | "image" | "document" | "audio" | "archive" } | null {
  const known = sniffDeliveryType(head);
  if (known) return known;
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) => [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));
  if (ascii(4, "ftyp")) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", kind: "video" };
    if (["mp4v", "f4v ", "3gp4", "3gp5", "MSNV", "XAVC"].includes(brand)) return { mime: "video/mp4", ext: "mp4", kind: "video" };
    return null;
  }
  // QuickTime files from before `ftyp`: their first atom.
  if (["moov", "mdat", "wide", "free", "skip", "pnot"].some((atom) => ascii(4, atom))) return { mime: "video/quicktime", ext: "mov", kind: "video" };
  if (at(0, [0x06, 0x0e, 0x2b, 0x34, 0x02, 0x05, 0x01, 0x01])) return { mime: "application/mxf", ext: "mxf", kind: "video" };
  if (at(0, [0x50, 0x4b, 0x03, 0x04])) return { mime: "application/zip", ext: "zip", kind: "archive" };
  if (at(0, [0x49, 0x49, 0x2a, 0x00]) || at(0, [0x4d, 0x4d, 0x00, 0x2a])) return { mime: "image/tiff", ext: "tif", kind: "image" };
  if (at(0, [0x76, 0x2f, 0x31, 0x01])) return { mime: "image/x-exr", ext: "exr", kind: "image" };
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return { mime: "audio/wav", ext: "wav", kind: "audio" };
  if (ascii(0, "FORM") && (ascii(8, "AIFF") || ascii(8, "AIFC"))) return { mime: "audio/aiff", ext: "aif", kind: "audio" };
  if (ascii(0, "ID3") || (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe6) === 0xe2)) return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
  return null;
}

/** How much of part 1 is read to tell a file's type. */
export const UPLOAD_HEAD_BYTES = 64;
