/** What a delivery and an attachment may carry, shared by the forms (which name the rule) and the service that checks files. */
const MB = 1024 * 1024;
export const DELIVERY_LIMITS = { files: 10, videoBytes: 90 * MB, imageBytes: 10 * MB, documentBytes: 20 * MB, noteMax: 2000 } as const;
export const DELIVERY_ACCEPT = "video/mp4,video/webm,image/jpeg,image/png,image/webp,image/avif,image/gif,application/pdf";
export const DELIVERY_RULE = `Up to ${DELIVERY_LIMITS.files} files: MP4 or WebM videos up to ${DELIVERY_LIMITS.videoBytes / MB} MB, images up to ${DELIVERY_LIMITS.imageBytes / MB} MB, PDFs up to ${DELIVERY_LIMITS.documentBytes / MB} MB each.`;

/** What the customer's brief and either side's messages may carry: fewer and smaller files than a delivery. */
export const ATTACHMENT_LIMITS = { files: 5, videoBytes: 50 * MB, imageBytes: 10 * MB, documentBytes: 20 * MB } as const;
export const ATTACHMENT_ACCEPT = DELIVERY_ACCEPT;
/** All the attachments of one order together (its brief's and both sides' messages'; deliveries apart). */
export const ORDER_ATTACHMENTS_MAX_BYTES = 5 * 1024 * MB;
/** How long after completion an order still takes attachments (text messages stay open). */
export const ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION = 30;
export const ATTACHMENT_RULE = `Up to ${ATTACHMENT_LIMITS.files} files: MP4 or WebM videos up to ${ATTACHMENT_LIMITS.videoBytes / MB} MB, images up to ${ATTACHMENT_LIMITS.imageBytes / MB} MB, PDFs up to ${ATTACHMENT_LIMITS.documentBytes / MB} MB each; ${ORDER_ATTACHMENTS_MAX_BYTES / 1024 / MB} GB per order in all.`;
export const ORDER_CLOSED_TO_FILES = "This order is closed: messages can still be sent, but no more files.";
/** The studio's own budget on an order: its deliveries (previews, files, masters) and its attachments (creators count as the studio). */
export const STUDIO_FILES_MAX_BYTES = 20 * 1024 * MB;
export const STUDIO_FILES_FULL = `This order's files from the studio have reached their ${STUDIO_FILES_MAX_BYTES / 1024 / MB} GB limit.`;
/** Uploads in parts open at once: per account, and per order whoever opened them. */
export const OPEN_UPLOADS_LIMITS = { perAccount: 20, perOrder: 50 } as const;
export const ORDER_ATTACHMENTS_FULL = `This order's attachments have reached their ${ORDER_ATTACHMENTS_MAX_BYTES / 1024 / MB} GB limit: send a link to the files instead.`;

/** A file's size as the order pages show it: whole kilobytes, at least 1 ("1,234 KB"); from 10 MB in MB, from 10 GB in GB ("2.5 GB" from 1 GB). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toLocaleString("en-GB", { maximumFractionDigits: 1 })} GB`;
  if (bytes >= 10 * MB) return `${Math.round(bytes / MB).toLocaleString("en-GB")} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-GB")} KB`;
}

/** Review comments: "0:42" ↔ 42 seconds. */
export function formatTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The latest moment a review comment may point at: 24 hours into a video. */
export const TIMESTAMP_MAX_SECONDS = 86_400;

/**
 * "0:42", "12:05" or "1:02:03" → seconds; null when it is not such a time. Read strictly: seconds
 * (and minutes after hours) 00–59, at most 1,440 minutes or 24 hours, never past 24 hours in all.
 */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d{1,2}):([0-5]\d)|(\d{1,4})):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutesAfterHours, minutes, seconds] = match;
  const total = Number(hours ?? 0) * 3600 + Number(minutesAfterHours ?? minutes) * 60 + Number(seconds);
  return total <= TIMESTAMP_MAX_SECONDS ? total : null;
}

/** What each file of a delivery is: the film the customer reviews, a master released on approval, or a file delivered as it is. */
export type DeliveryRole = "preview" | "master" | "file";
export const DELIVERY_ROLE_NAMES: Record<DeliveryRole, string> = {
  preview: "Preview for review",
  master: "Master (after approval)",
  file: "File to deliver",
};

const PREVIEW_MIME = ["video/mp4", "video/webm"];

/** Whether a file of this browser-told type and size may take a role (the server checks the bytes again). */
export function roleFits(role: DeliveryRole, file: { type: string; size: number }): boolean {
  if (role === "master") return true;
  if (role === "preview") return PREVIEW_MIME.includes(file.type);
  if (!DELIVERY_ACCEPT.split(",").includes(file.type)) return false;
  const limit = file.type.startsWith("video/")
    ? DELIVERY_LIMITS.videoBytes
    : file.type.startsWith("image/")
      ? DELIVERY_LIMITS.imageBytes
      : DELIVERY_LIMITS.documentBytes;
  return file.size <= limit;
}

/**
 * The role a newly chosen file starts with (the studio can change it): the first MP4 or WebM video is
 * the preview; what the form carries as it is goes as a file; anything else (ProRes, archives, files
 * over the form's limits) as a master.
 */
export function suggestedRole(file: { type: string; size: number }, hasPreview: boolean): DeliveryRole {
  if (!hasPreview && roleFits("preview", file)) return "preview";
  return roleFits("file", file) ? "file" : "master";
}
