/**
 * Files of any size sent in parts (R2 multipart uploads): what each purpose takes, how a file is
 * cut, and the words the forms and the API use. Read by the browser's uploader and the service.
 */
import { ORDER_ATTACHMENTS_MAX_BYTES } from "./delivery-rules";
import { VIDEO_LIMIT_BYTES } from "./media-rules";

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const UPLOAD_PURPOSES = ["delivery", "attachment", "product_media", "creator_media"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** What a file sent in parts may be, from its first bytes. */
export type UploadKind = "video" | "image" | "document" | "audio" | "archive";

/** The largest file of each purpose. An order's attachments also share ORDER_ATTACHMENTS_MAX_BYTES in all. */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  delivery: 20 * GB,
  attachment: ORDER_ATTACHMENTS_MAX_BYTES,
  product_media: VIDEO_LIMIT_BYTES,
  creator_media: VIDEO_LIMIT_BYTES,
};

/**
 * Parts are all one size but the last: 16 MiB (under every platform body limit, and at 20 GB
 * 1,280 parts, far below R2's 10,000). R2 refuses parts under 5 MiB but the last.
 */
export const DEFAULT_PART_BYTES = 16 * MB;
export const MIN_PART_BYTES = 5 * MB;
export const MAX_PART_BYTES = 64 * MB;
export const MAX_PARTS = 10_000;

/** How a file of `size` bytes is cut: parts of `partSize` (grown if it would need more than MAX_PARTS). */
export function partPlan(size: number, partBytes = DEFAULT_PART_BYTES): { part_size: number; part_count: number } {
  let partSize = Math.min(MAX_PART_BYTES, Math.max(MIN_PART_BYTES, partBytes));
  while (Math.ceil(size / partSize) > MAX_PARTS) partSize *= 2;
  return { part_size: partSize, part_count: Math.max(1, Math.ceil(size / partSize)) };
}

/** The size part `n` (from 1) must have. */
export function partLength(size: number, partSize: number, partCount: number, n: number): number {
  return n < partCount ? partSize : size - partSize * (partCount - 1);
}

/** What each purpose accepts, by kind (read from the first bytes). */
export const UPLOAD_KINDS: Record<UploadPurpose, readonly UploadKind[]> = {
  delivery: ["video", "image", "document", "audio", "archive"],
  attachment: ["video", "image", "document", "audio", "archive"],
  product_media: ["video", "image"],
  creator_media: ["video", "image"],
};

export const MASTER_RULE =
  "Masters: MP4, MOV (ProRes too), WebM or MXF video, ZIP, PDF, PNG, JPEG, TIFF or EXR stills, WAV, AIFF or MP3 audio; up to 20 GB each. They can be downloaded once the customer approves.";
export const PREVIEW_RULE = "The preview is what the customer watches and comments on: an MP4 or WebM video.";
export const UPLOAD_KIND_REFUSED = `is not a file the shop takes. ${MASTER_RULE}`;

/** The frame rates a delivery's timecodes may be shown in. */
export const FRAME_RATES = ["23.976", "24", "25", "29.97", "30", "50", "60"] as const;
export type FrameRate = (typeof FRAME_RATES)[number];
export const DEFAULT_FRAME_RATE: FrameRate = "25";

/** At most this many masters in one delivery. */
export const MASTERS_PER_DELIVERY = 20;

/** How long a signed master link works. */
export const MASTER_LINK_SECONDS = 15 * 60;
/** An open upload with no part for this long is aborted by the scheduled run (and a finished one never used). */
export const UPLOAD_IDLE_HOURS = 24;

/** What the customer reads beside masters not yet released (and the API's 403). */
export const MASTERS_HELD = "Masters can be downloaded once you approve the delivery.";

/** 'Download all' makes one ZIP of a delivery's masters up to this size in all (one by one past it). */
export const MASTERS_ZIP_MAX_BYTES = 2 * GB;
