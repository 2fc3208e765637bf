import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { galleryItems } from "~/components/media-gallery";
import { fetchPriority } from "~/lib/html";
import { ProductView } from "~/components/product-view";
import { getProduct } from "~/services/products.server";
import { parseId } from "~/lib/record-id";
import { originOf, pageMeta, productJsonLd } from "~/lib/seo";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const product = id ? await getProduct(context.db, id) : null;
  if (!product) throw new Response("Product not found", { status: 404 });
  return { product };
}

/** Package and gallery choices live in the query string; they need no new data from the server. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

/** The gallery's first visual (a video's poster or an image) is the LCP element: preload it. */
function lcpImage(product: Parameters<typeof galleryItems>[0], search: string) {
  const items = galleryItems(product);
  const requested = Number(new URLSearchParams(search).get("media") ?? 0);
  const item = items[Number.isInteger(requested) && requested >= 0 && requested < items.length ? requested : 0];
  return item?.kind === "video" ? item.poster : item?.src;
}

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  if (!data) return [{ title: "Service not found · Reelcraft" }, { name: "robots", content: "noindex" }];
  const { product } = data;
  const image = lcpImage(product, location.search);
  const origin = originOf(matches);
  const preview = product.images[0] ?? product.video_thumbnail;
  return [
    ...pageMeta(origin, {
      title: `${product.title} · Reelcraft`,
      description: product.description_heading,
      path: `/products/${product.id}`,
      image: preview,
      type: "product",
      jsonLd: productJsonLd(origin, { id: product.id, title: product.title, description: product.description, image: preview, packages: product.packages }),
    }),
    ...(image ? [{ tagName: "link", rel: "preload", as: "image", href: image, ...fetchPriority("high") }] : []),
  ];
};

export default function ProductPage() {
  const { product } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <ProductView product={product} variant="customer" backTo="/products" />
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
