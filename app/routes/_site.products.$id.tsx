import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductView } from "~/components/product-view";
import { getProduct } from "~/services/products.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : null;
  const product = id ? await getProduct(context.db, id) : null;
  if (!product) throw new Response("Product not found", { status: 404 });
  return { product };
}

/** Package and gallery choices live in the query string; they need no new data from the server. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.product.title} · Reelcraft` }, { name: "description", content: data.product.description_heading }]
    : [{ title: "Service not found · Reelcraft" }];

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
