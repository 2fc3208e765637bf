/**
 * What product media may be, shared by the admin forms (their `accept` lists and hints) and the
 * server's checks (app/domain/media/media.server.ts), so the page never promises other limits
 * than the server enforces.
 */
export const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;
export const VIDEO_LIMIT_BYTES = 90 * 1024 * 1024;

/**
 * The largest image the shop takes, in pixels: beyond these, making its smaller copies costs more
 * memory than a Worker has (a 30,000-pixel PNG of under 1 MB would need gigabytes decoded).
 */
export const IMAGE_MAX_SIDE = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_DIMENSIONS_RULE = `images can be at most ${IMAGE_MAX_SIDE.toLocaleString("en-GB")} pixels wide or tall and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

export function withinImageDimensions({ width, height }: { width: number; height: number }): boolean {
  return width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS;
}

/** How many of each a product may have: enough for a gallery, not a dumping ground. */
export const MEDIA_PER_PRODUCT = { image: 12, video: 4 } as const;

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
export const VIDEO_ACCEPT = "video/mp4,video/webm";

const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
export const IMAGE_RULE = `JPEG, PNG, WebP, AVIF or GIF, up to ${mb(IMAGE_LIMIT_BYTES)} each, ${MEDIA_PER_PRODUCT.image} per product`;
export const VIDEO_RULE = `MP4 or WebM, up to ${mb(VIDEO_LIMIT_BYTES)} each, ${MEDIA_PER_PRODUCT.video} per product`;
export const THUMBNAIL_RULE = `An image up to ${mb(IMAGE_LIMIT_BYTES)}`;

/** A product form with files, read as a stream: every slot's files (and a few empty inputs), none past the video limit. */
export const PRODUCT_MEDIA_FORM = {
  maxFiles: MEDIA_PER_PRODUCT.image + MEDIA_PER_PRODUCT.video + 1 + 5,
  maxFileSize: VIDEO_LIMIT_BYTES,
} as const;

export const VIDEO_THUMBNAIL_REQUIRED = "Video thumbnail is required when uploading videos";

/**
 * The one rule for media being added to a product: a video needs a thumbnail, sent with it or
 * already on the product. The create form's schemas, the edit screen (in the browser and on the
 * server) and the API all ask this; the media service enforces it on every store.
 */
export function mediaChoiceProblem(adding: { videos: number; thumbnail: boolean }, productHasThumbnail = false): string | null {
  return adding.videos > 0 && !adding.thumbnail && !productHasThumbnail ? VIDEO_THUMBNAIL_REQUIRED : null;
}

/** What a creator shows of their work: one avatar, one showreel, and up to PORTFOLIO_PIECES pieces. */
export const CREATOR_MEDIA_KINDS = ["avatar", "showreel", "piece"] as const;
export type CreatorMediaKind = (typeof CREATOR_MEDIA_KINDS)[number];

/** A creator's portfolio: one avatar, one showreel and this many pieces (images or videos). */
export const PORTFOLIO_PIECES = 12;
/** A piece's caption, in characters. */
export const PORTFOLIO_TITLE_MAX = 120;
export const AVATAR_RULE = `JPEG, PNG, WebP or AVIF, up to ${mb(IMAGE_LIMIT_BYTES)}; shown square`;
export const SHOWREEL_RULE = `MP4 or WebM, up to ${mb(VIDEO_LIMIT_BYTES)}`;
export const PIECE_RULE = `An image (JPEG, PNG, WebP, AVIF or GIF, up to ${mb(IMAGE_LIMIT_BYTES)}) or a video (MP4 or WebM, up to ${mb(VIDEO_LIMIT_BYTES)}); ${PORTFOLIO_PIECES} at most`;
/** The portfolio form without JavaScript: one file, none past the video limit. */
export const PORTFOLIO_FORM = { maxFiles: 1, maxFileSize: VIDEO_LIMIT_BYTES } as const;
