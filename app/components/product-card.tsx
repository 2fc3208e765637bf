import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { fetchPriority } from "~/lib/html";
import { posterSrc } from "~/lib/media-variants";
import { formatMoney } from "~/lib/money";
import type { ProductCardView } from "~/domain/catalogue/products.server";
import { Picture } from "./ui/picture";
import { Rating } from "./ui/rating";
import { useVideoCoordinator } from "./video-coordinator";

/** A card's width in the listing's grid: two columns on phones, three from md, four from xl (max-w-7xl). */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw";

/** A product in the listing: first image (or video with its thumbnail), title, lowest price, rating. */
export function ProductCard({ product, priority = false }: { product: ProductCardView; priority?: boolean }) {
  const price = product.from ? formatMoney(product.from.amount_minor, product.from.currency) : null;
  const video = product.video;
  // A poster has no srcset, so one copy serves every screen, AVIF or WebP as the browser reads: 480 pixels,
  // enough for a card (200–300 CSS pixels) at most pixel ratios, and a third of the bytes of the 640 one
  // on the listing's critical path (docs/perf.md).
  const poster = posterSrc(product.videoThumbnail ?? product.image ?? "/placeholder.svg", 480);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <div className="relative aspect-[8/5] overflow-hidden bg-slate-100">
        {video ? (
          <CardVideo src={video} poster={poster} title={product.title} />
        ) : (
          <Picture
            src={product.image ?? "/placeholder.svg"}
            sizes={CARD_SIZES}
            alt=""
            width={960}
            height={600}
            loading={priority ? "eager" : "lazy"}
            {...fetchPriority(priority ? "high" : "auto")}
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold leading-snug text-slate-900">
          <Link to={`/products/${product.id}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </h3>
        <Rating rating={product.rating} />
        {price ? (
          <p className="mt-auto pt-1 text-sm text-slate-600">
            From <span className="text-base font-bold text-slate-900">{price}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

function CardVideo({ src, poster, title }: { src: string; poster: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const coordinator = useVideoCoordinator();
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || !coordinator) return;
    return coordinator.register(video);
  }, [coordinator]);

  function toggle() {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  }

  return (
    <>
      <video
        ref={ref}
        src={src}
        poster={poster}
        muted
        loop
        playsInline
        preload="none"
        width={640}
        height={360}
        aria-label={`Preview of ${title}`}
        data-testid="card-video"
        onPlay={(e) => {
          setPlaying(true);
          coordinator?.playing(e.currentTarget);
        }}
        onPause={() => setPlaying(false)}
        className="size-full object-cover"
      />
      <button
        type="button"
        onClick={toggle}
        aria-pressed={playing}
        aria-label={`${playing ? "Pause" : "Play"} preview of ${title}`}
        className="absolute right-3 bottom-3 z-10 flex size-10 items-center justify-center rounded-full bg-slate-950/70 text-white backdrop-blur hover:bg-slate-950/90"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          {playing ? <path d="M5 4h3v12H5zM12 4h3v12h-3z" /> : <path d="M6 4l10 6-10 6z" />}
        </svg>
      </button>
    </>
  );
}
