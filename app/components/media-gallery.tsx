import { Link, useSearchParams } from "@remix-run/react";
import { fetchPriority } from "~/lib/html";
import { posterSrc } from "~/lib/media-variants";
import { Picture } from "./ui/picture";
import { VideoFacade } from "./ui/video-facade";

export interface GalleryItem {
  kind: "video" | "image";
  src: string;
  poster?: string | undefined;
}

/** The gallery's width: the page's main column beside the 24rem package panel from lg, else the screen. */
export const GALLERY_SIZES = "(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 30rem), 100vw";

/** A video's poster in the gallery: the copy at the gallery's largest width, AVIF or WebP as the browser reads. */
export function galleryPoster(poster: string | undefined) {
  return poster ? posterSrc(poster, 960) : undefined;
}

/** Gallery order (SPEC §4): videos first, then images. */
export function galleryItems(product: { images: string[]; videos: string[]; video_thumbnail: string | null }): GalleryItem[] {
  return [
    ...product.videos.map((src) => ({ kind: "video" as const, src, poster: product.video_thumbnail ?? undefined })),
    ...product.images.map((src) => ({ kind: "image" as const, src })),
  ];
}

function mediaHref(params: URLSearchParams, index: number) {
  const next = new URLSearchParams(params);
  if (index === 0) next.delete("media");
  else next.set("media", String(index));
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/**
 * Media gallery with wraparound. The shown item lives in `?media=` so that Previous/Next and the
 * thumbnails are plain links (they work without JavaScript). Each item is keyed by its URL, so
 * changing item unmounts the video and stops playback.
 */
export function MediaGallery({ title, items }: { title: string; items: GalleryItem[] }) {
  const [params] = useSearchParams();
  if (!items.length) {
    return (
      <div className="overflow-hidden rounded-2xl bg-slate-100">
        <img src="/placeholder.svg" alt="No media available for this service" width={960} height={600} className="aspect-[8/5] w-full object-cover" />
      </div>
    );
  }
  const requested = Number(params.get("media") ?? 0);
  const index = Number.isInteger(requested) && requested >= 0 && requested < items.length ? requested : 0;
  const current = items[index]!;
  const previous = (index - 1 + items.length) % items.length;
  const next = (index + 1) % items.length;
  const arrow = "absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white";

  return (
    <section aria-roledescription="carousel" aria-label={`${title} media`} className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl bg-slate-950">
        <div aria-live="polite" aria-atomic="true" className="sr-only">
          Item {index + 1} of {items.length}
        </div>
        {current.kind === "video" ? (
          <VideoFacade
            key={current.src}
            src={current.src}
            poster={galleryPoster(current.poster)}
            label={`${title} video`}
            width={640}
            height={360}
            // The poster is the page's LCP element: nothing of the video is fetched until it is played.
            posterAttributes={fetchPriority("high")}
            testId="gallery-video"
            className="aspect-[8/5] w-full object-contain"
          />
        ) : (
          <Picture
            key={current.src}
            src={current.src}
            sizes={GALLERY_SIZES}
            alt={`${title}, image ${index + 1} of ${items.length}`}
            width={960}
            height={600}
            {...fetchPriority("high")}
            data-testid="gallery-image"
            className="aspect-[8/5] w-full object-cover"
          />
        )}
        {items.length > 1 ? (
          <>
            <Link to={mediaHref(params, previous)} replace preventScrollReset aria-label="Previous media" className={`${arrow} left-3`}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
              </svg>
            </Link>
            <Link to={mediaHref(params, next)} replace preventScrollReset aria-label="Next media" className={`${arrow} right-3`}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                <path d="M7.3 15.7a1 1 0 0 1 0-1.4l4.3-4.3-4.3-4.3a1 1 0 1 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4 0Z" />
              </svg>
            </Link>
          </>
        ) : null}
      </div>
      {items.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose media">
          {items.map((item, i) => (
            <li key={item.src} className="shrink-0">
              <Link
                to={mediaHref(params, i)}
                replace
                preventScrollReset
                aria-current={i === index ? "true" : undefined}
                aria-label={`Show ${item.kind} ${i + 1}`}
                className={`relative block h-14 w-22 overflow-hidden rounded-lg ring-2 ${i === index ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"}`}
              >
                <Picture
                  src={item.kind === "video" ? (item.poster ?? "/placeholder.svg") : item.src}
                  sizes="88px"
                  alt=""
                  width={88}
                  height={56}
                  loading="lazy"
                  // Behind the gallery's main visual (the page's LCP element) in the queue.
                  {...fetchPriority("low")}
                  className="size-full object-cover"
                />
                {item.kind === "video" ? (
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/30 text-white">
                    <svg viewBox="0 0 20 20" className="size-4 fill-current">
                      <path d="M6 4l10 6-10 6z" />
                    </svg>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
