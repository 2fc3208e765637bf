import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GALLERY_SIZES, galleryItems, galleryPoster } from "~/components/media-gallery";
import { fetchPriority } from "~/lib/html";
import { pictureSources } from "~/lib/media-variants";
import { ProductView } from "~/components/product-view";
import { getProductPage } from "~/domain/catalogue/products.server";
import { ANY_COUNTRY, consumerPrices } from "~/domain/money/tax-rules";
import { parseId } from "~/lib/record-id";
import { pageMeta, productJsonLd } from "~/http/seo.server";
import { ProductReviews, writtenOn } from "~/components/product-reviews";
import { parsePageParam } from "~/lib/query";
import { REVIEW_SORTS } from "~/lib/schemas/review";
import { notFound } from "~/http/answers.server";
import { MadeBy } from "~/components/creator-cards";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const search = new URL(request.url).searchParams;
  const reviewsPage = parsePageParam(search.get("reviews_page"));
  const reviewsSort = REVIEW_SORTS.find((sort) => sort === search.get("reviews_sort")) ?? "newest";
  const page = id ? await getProductPage(context.db, id, context.visitorCountry, { page: reviewsPage, sort: reviewsSort }) : null;
  if (!page) throw notFound("Product not found");
  const { product, consumerTax, figures, reviews, makers } = page;
  // The edge cache keeps this page for every visitor of the same tax class (load-context.ts).
  context.madeFor.taxClass = consumerTax ? consumerTax.country : ANY_COUNTRY;
  const preview = product.images[0] ?? product.video_thumbnail;
  const head = pageMeta(context.origin, {
    title: `${product.title} · Reelcraft`,
    description: product.description_heading,
    path: `/products/${product.id}`,
    image: preview,
    type: "product",
    jsonLd: productJsonLd(context.origin, {
      id: product.id,
      title: product.title,
      description: product.description,
      image: preview,
      packages: product.packages,
      rating: product.rating,
      reviews: reviews.data,
    }),
  });
  // Every package's price with tax, so the line follows the package picked in the browser too.
  const withTax = consumerTax
    ? consumerPrices(
        product.packages.map((p) => p.amount_minor),
        consumerTax,
      )
    : null;
  const shown = { ...reviews, data: reviews.data.map((review) => ({ ...review, written_on: writtenOn(review.created_at) })) };
  return { product, makers, head, withTax, figures, reviews: shown, reviewsSort, reviewsPage };
}

/** Package and gallery choices live in the query string and need no new data; the reviews' page and order do. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const reviewsChanged = ["reviews_page", "reviews_sort"].some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name));
  return formMethod || reviewsChanged || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;
};

/**
 * The gallery's first visual (a video's poster or an image) is the LCP element: preload the very copy
 * the page will show (the poster's copy, whose format the server picks from the same Accept header the
 * video's own request sends; the image's AVIF for the gallery's width, which browsers
 * without AVIF skip, since its type says so).
 */
function lcpPreload(product: Parameters<typeof galleryItems>[0], search: string) {
  const items = galleryItems(product);
  const requested = Number(new URLSearchParams(search).get("media") ?? 0);
  const item = items[Number.isInteger(requested) && requested >= 0 && requested < items.length ? requested : 0];
  const preload = { tagName: "link", rel: "preload", as: "image", ...fetchPriority("high") };
  if (item?.kind === "video") {
    const poster = galleryPoster(item.poster);
    return poster ? [{ ...preload, href: poster }] : [];
  }
  if (!item) return [];
  const best = pictureSources(item.src)[0];
  return [best ? { ...preload, href: item.src, imageSrcSet: best.srcSet, imageSizes: GALLERY_SIZES, type: best.type } : { ...preload, href: item.src }];
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data ? [...data.head, ...lcpPreload(data.product, location.search)] : [{ title: "Service not found · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function ProductPage() {
  const { product, makers, withTax, figures, reviews, reviewsSort, reviewsPage } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 sm:px-6 lg:px-8">
      <ProductView product={product} variant="customer" backTo="/products" withTax={withTax} figures={figures} />
      <div className="max-w-3xl">
        <MadeBy makers={makers} />
      </div>
      <div className="max-w-3xl">
        <ProductReviews reviews={reviews} sort={reviewsSort} page={reviewsPage} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </div>
  );
}
