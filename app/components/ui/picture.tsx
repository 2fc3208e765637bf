import type { ImgHTMLAttributes } from "react";
import { pictureSources } from "~/lib/media-variants";

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> & {
  src: string;
  /** How wide the image is drawn at each breakpoint, so the browser picks the smallest copy that is sharp. */
  sizes: string;
  /** Attributes React 18 does not know yet (`fetchpriority`), passed through to the `<img>`. */
  [attribute: `fetch${string}`]: string | undefined;
};

/**
 * A product image as AVIF or WebP at the widths the layout uses (app/lib/media-variants.ts), the
 * stored original being the `<img>` for browsers that read neither. The `<picture>` takes no box
 * of its own (`display: contents`), so the image lays out exactly as a bare `<img>` would.
 */
export function Picture({ src, sizes, alt = "", ...img }: PictureProps) {
  const sources = pictureSources(src);
  if (!sources.length) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img src={src} alt={alt} {...img} />
    </picture>
  );
}
