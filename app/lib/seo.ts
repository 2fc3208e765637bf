/**
 * What search engines and link previews read of a public page: a unique title and description, the
 * canonical URL, Open Graph and Twitter card tags, and JSON-LD. Route `meta` functions build theirs
 * with `pageMeta`; the shop's origin comes from the root loader (`originOf`), so every URL is absolute.
 */
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SHOP } from "./shop";

export const SITE_DESCRIPTION =
  "Fixed-price 3D animation and video production packages from vetted studios: compare Basic, Standard and Premium, order online.";

/** The shop's origin as the root loader saw it ("" before it is known: URLs stay relative then). */
export function originOf(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path and query of the canonical URL. */
  path: string;
  /** An absolute or root-relative image for link previews. */
  image?: string | null;
  type?: "website" | "product";
  /** JSON-LD objects, each written as its own `application/ld+json` script. */
  jsonLd?: object[];
}

export function pageMeta(origin: string, page: PageMeta): MetaDescriptor[] {
  const url = `${origin}${page.path}`;
  const image = page.image ? (page.image.startsWith("http") ? page.image : `${origin}${page.image}`) : null;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** `Organization` and `WebSite` with a `SearchAction` (the listing's `?q=` search), for /home. */
export function shopJsonLd(origin: string): object[] {
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: SHOP.name,
      legalName: SHOP.legalName,
      url: `${origin}/home`,
      logo: `${origin}/favicon.svg`,
      email: SHOP.email,
      address: SHOP.address,
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: SHOP.name,
      url: `${origin}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/products?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/** `Product` with an `AggregateOffer` over its packages, and its `BreadcrumbList`, for /products/{id}. */
export function productJsonLd(
  origin: string,
  product: { id: number; title: string; description: string; image: string | null; packages: { amount: string; amount_minor: number; currency: string }[] },
): object[] {
  const url = `${origin}/products/${product.id}`;
  const byPrice = [...product.packages].sort((a, b) => a.amount_minor - b.amount_minor);
  const currency = product.packages[0]?.currency ?? "USD";
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.title,
      description: product.description,
      url,
      ...(product.image ? { image: [product.image.startsWith("http") ? product.image : `${origin}${product.image}`] } : {}),
      brand: { "@type": "Brand", name: SHOP.name },
      offers: {
        "@type": "AggregateOffer",
        priceCurrency: currency,
        lowPrice: byPrice[0]?.amount ?? "0",
        highPrice: byPrice.at(-1)?.amount ?? "0",
        offerCount: product.packages.length,
        availability: "https://schema.org/InStock",
        url,
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/home` },
        { "@type": "ListItem", position: 2, name: "Services", item: `${origin}/products` },
        { "@type": "ListItem", position: 3, name: product.title, item: url },
      ],
    },
  ];
}
