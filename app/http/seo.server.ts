/**
 * What the shop tells crawlers and link previews: each public page's head (a unique title and
 * description, the canonical URL, Open Graph and Twitter card tags, JSON-LD), the sitemap (home, the
 * listing, every product on sale, the terms and privacy notice, with when each last changed),
 * robots.txt (private areas disallowed, the sitemap named), and which paths carry
 * `X-Robots-Tag: noindex` (server.ts sets it on every answer there, whatever the page's own meta).
 *
 * A page's loader builds its head with `pageMeta` from the request's origin (every URL absolute) and
 * returns it as `head`; the route's `meta` passes it on, so none of this goes to the browser.
 */
import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { Database } from "../../db/client";
import { PRIVACY, TERMS } from "~/content/legal";
import { CREATOR_POLICY } from "~/content/creator-policy";
import { sitemapCreators } from "~/domain/creators/public.server";
import { SHOP } from "~/lib/shop";
import { catalogueLastModified, productSitemapCount, sitemapProducts } from "~/domain/catalogue/products.server";
import { SHOP_CURRENCY } from "~/lib/shop";

/** Signed-in, one-off and machine paths: never indexed. */
const PRIVATE =
  /^\/(admin|profile|api|payments|orders|verify-email|reset-password|forgot-password|unsubscribe|logout|subscribe)(\/|$)|^\/products\/[^/]+\/checkout(\/|$)/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE.test(pathname);
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const urlset = (urls: { loc: string; lastmod?: string | undefined }[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`),
    "</urlset>",
    "",
  ].join("\n");

/**
 * /sitemap.xml: an index of sitemaps (the protocol's limit is 50,000 URLs a file): the shop's pages,
 * then the products on sale by id range, each file read by its range of the primary key.
 */
export async function sitemapIndexXml(db: Database, origin: string): Promise<string> {
  const files = await productSitemapCount(db);
  const locs = [
    `${origin}/sitemaps/pages.xml`,
    `${origin}/sitemaps/creators.xml`,
    ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((loc) => `  <sitemap><loc>${xml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** The shop's own pages: home and the listing (the catalogue's last change), the terms and privacy notice (the day their text last changed). */
export async function pagesSitemapXml(db: Database, origin: string): Promise<string> {
  const newest = (await catalogueLastModified(db))?.toISOString();
  return urlset([
    { loc: `${origin}/home`, lastmod: newest },
    { loc: `${origin}/products`, lastmod: newest },
    { loc: `${origin}/creators` },
    { loc: `${origin}/how-we-work-with-creators`, lastmod: CREATOR_POLICY.updated },
    { loc: `${origin}/terms`, lastmod: TERMS.updated },
    { loc: `${origin}/privacy`, lastmod: PRIVACY.updated },
  ]);
}

/** Product sitemap `n`: every product on sale in its id range (drafts and archived products are not in it), or null past the last. */
export async function productsSitemapXml(db: Database, origin: string, n: number): Promise<string | null> {
  if (n < 1 || n > (await productSitemapCount(db))) return null;
  const rows = await sitemapProducts(db, n);
  return urlset(rows.map((r) => ({ loc: `${origin}/products/${r.id}`, lastmod: r.updatedAt.toISOString() })));
}

/** The public creators' profiles (at most 5,000: one file). */
export async function creatorsSitemapXml(db: Database, origin: string): Promise<string> {
  const rows = await sitemapCreators(db);
  return urlset(rows.map((r) => ({ loc: `${origin}/creators/${r.slug}` })));
}

/** `Person` for a creator's public profile: who they are, where, what they do, and for whom they work. */
export function creatorJsonLd(
  origin: string,
  creator: {
    slug: string;
    display_name: string;
    avatar_url: string | null;
    headline: string;
    bio: string;
    country: string | null;
    skills: string[];
    languages: string[];
  },
): object[] {
  return [
    {
      "@context": "https://schema.org",
      "@type": "Person",
      name: creator.display_name,
      url: `${origin}/creators/${creator.slug}`,
      ...(creator.avatar_url ? { image: absoluteUrl(origin, creator.avatar_url) } : {}),
      ...(creator.headline ? { jobTitle: creator.headline } : {}),
      ...(creator.bio ? { description: creator.bio } : {}),
      ...(creator.country ? { address: { "@type": "PostalAddress", addressCountry: creator.country } } : {}),
      ...(creator.skills.length ? { knowsAbout: creator.skills } : {}),
      ...(creator.languages.length ? { knowsLanguage: creator.languages } : {}),
      worksFor: { "@type": "Organization", name: SHOP.name, url: `${origin}/home` },
    },
  ];
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /profile",
    "Disallow: /products/*/checkout",
    "Disallow: /api/",
    "Disallow: /payments/",
    "Disallow: /orders/",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export const SITE_DESCRIPTION =
  "Fixed-price 3D animation and video production packages from vetted studios: compare Basic, Standard and Premium, order online.";

export interface PageMeta {
  title: string;
  description: string;
  /** Path and query of the canonical URL. */
  path: string;
  /** An absolute or root-relative image for link previews. */
  image?: string | null;
  type?: "website" | "product" | "profile";
  /** JSON-LD objects, each written as its own `application/ld+json` script. */
  jsonLd?: object[];
}

/** A root-relative URL made absolute on the shop's origin; an absolute one as it is. */
function absoluteUrl(origin: string, url: string): string {
  return url.startsWith("http") ? url : `${origin}${url}`;
}

export function pageMeta(origin: string, page: PageMeta): MetaDescriptor[] {
  const url = `${origin}${page.path}`;
  const image = page.image ? absoluteUrl(origin, page.image) : null;
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
  product: {
    id: number;
    title: string;
    description: string;
    image: string | null;
    packages: { amount: string; amount_minor: number; currency: string }[];
    /** From verified reviews only: no rating and no reviews are claimed without them. */
    rating?: { average: number | null; count: number };
    reviews?: { rating: number; title: string | null; body: string; reviewer: string; created_at: string }[];
  },
): object[] {
  const url = `${origin}/products/${product.id}`;
  const byPrice = [...product.packages].sort((a, b) => a.amount_minor - b.amount_minor);
  const currency = product.packages[0]?.currency ?? SHOP_CURRENCY;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.title,
      description: product.description,
      url,
      ...(product.image ? { image: [absoluteUrl(origin, product.image)] } : {}),
      brand: { "@type": "Brand", name: SHOP.name },
      ...(product.rating && product.rating.average !== null && product.rating.count > 0
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: product.rating.average,
              reviewCount: product.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: (product.reviews ?? []).map((r) => ({
              "@type": "Review",
              reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
              author: { "@type": "Person", name: r.reviewer },
              datePublished: r.created_at.slice(0, 10),
              ...(r.title ? { name: r.title } : {}),
              reviewBody: r.body,
            })),
          }
        : {}),
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
