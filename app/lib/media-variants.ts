/**
 * Smaller, modern copies of product images and creators' stills (ADR 016): for a stored image `/media/products/7/ab.jpg`,
 * `/media/products/7/ab.jpg.w640.avif` is the same picture 640 pixels wide as AVIF. The server makes
 * a copy the first time it is asked for (seeded images get theirs at seed time) and keeps it in R2;
 * pages offer them through `<picture>` with `srcset`/`sizes`, the original staying the `<img>` for
 * browsers that read neither format and for download.
 */

/** Widths the layout asks for: gallery thumbnails, product cards on desktops and phones (and card posters), the gallery. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Best first: a browser takes the first `<source>` whose type it reads. */
export const VARIANT_FORMATS = [
  { ext: "avif", mime: "image/avif" },
  { ext: "webp", mime: "image/webp" },
] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** Stored images that get variants: stills, never GIF (an animation would lose its frames). */
const SOURCE = /^\/media\/((?:products|creators)\/\d+\/[A-Za-z0-9_-]+\.(?:jpg|png|webp|avif))$/;
const VARIANT_KEY = /^((?:products|creators)\/\d+\/[A-Za-z0-9_-]+\.(?:jpg|png|webp|avif))\.w(\d+)\.(avif|webp|auto)$/;

/**
 * A copy in whichever format the browser says it reads (`…jpg.w640.auto`), for the one place that
 * takes a single URL: a video's poster. Never stored; it serves the stored AVIF or WebP copy.
 */
export const NEGOTIATED = "auto";

/** The R2 key of an image that has variants, from its public URL; null for anything else (placeholders, videos, GIFs). */
export function variantSourceKey(src: string): string | null {
  return SOURCE.exec(src)?.[1] ?? null;
}

export function variantKey(sourceKey: string, width: VariantWidth, format: VariantFormat["ext"] | typeof NEGOTIATED): string {
  return `${sourceKey}.w${width}.${format}`;
}

/** What a variant key asks for; null unless it names an allowed width and format of a possible source. */
export function parseVariantKey(key: string): { sourceKey: string; width: VariantWidth; format: VariantFormat | typeof NEGOTIATED } | null {
  const match = VARIANT_KEY.exec(key);
  if (!match) return null;
  const [, sourceKey = "", widthText = "", ext = ""] = match;
  const width = VARIANT_WIDTHS.find((w) => String(w) === widthText);
  const format = ext === NEGOTIATED ? NEGOTIATED : VARIANT_FORMATS.find((f) => f.ext === ext);
  return width && format ? { sourceKey, width, format } : null;
}

/**
 * The best format an `Accept` header admits (a type listed with `q=0` is refused); WebP when it
 * names neither, as every browser that plays the shop's videos reads WebP.
 */
export function negotiateFormat(accept: string | null): VariantFormat {
  const admitted = new Set(
    (accept ?? "")
      .split(",")
      .map((entry) => entry.trim().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([type = ""]) => type.trim().toLowerCase()),
  );
  return VARIANT_FORMATS.find((f) => admitted.has(f.mime)) ?? VARIANT_FORMATS[VARIANT_FORMATS.length - 1]!;
}

/** `<source>` elements for an image URL, best format first; empty for images without variants. */
export function pictureSources(src: string): { type: string; srcSet: string }[] {
  const key = variantSourceKey(src);
  if (!key) return [];
  return VARIANT_FORMATS.map(({ ext, mime }) => ({
    type: mime,
    srcSet: VARIANT_WIDTHS.map((w) => `/media/${variantKey(key, w, ext)} ${w}w`).join(", "),
  }));
}

/**
 * A single URL for where `srcset` cannot be used (a video's poster): the copy at `width` in the
 * best format the browser reads, chosen by the server from its `Accept` header (AVIF for most,
 * WebP for the rest); the URL itself for other images.
 */
export function posterSrc(src: string, width: VariantWidth): string {
  const key = variantSourceKey(src);
  return key ? `/media/${variantKey(key, width, NEGOTIATED)}` : src;
}
