import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductView } from "~/components/product-view";
import { requireAdmin } from "~/auth/index.server";
import { getProduct } from "~/domain/catalogue/products.server";
import { parseId } from "~/lib/record-id";
import { notFound } from "~/http/answers.server";

/** The product page inside the admin layout, without Continue (SPEC §2, §6). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const product = id ? await getProduct(context.db, id, { includeArchived: true }) : null;
  if (!product) throw notFound("Product not found");
  return { product };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.product.title ?? "Product"} · Admin · Reelcraft` }];

export default function AdminProduct() {
  const { product } = useLoaderData<typeof loader>();
  return <ProductView product={product} variant="admin" backTo="/admin/products" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
