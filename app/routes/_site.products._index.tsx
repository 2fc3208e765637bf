import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { featuredPromotion, type FeaturedPromotion } from "~/domain/money/promotions.server";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { Pagination } from "~/components/ui/pagination";
import { ProductCardSkeleton } from "~/components/ui/skeleton";
import { OneVideoAtATime } from "~/components/video-coordinator";
import { parsePageParam, parseTagParam, QUERY_MAX_LENGTH } from "~/lib/query";
import { getCatalogPage } from "~/domain/catalogue/products.server";
import { pageMeta, SITE_DESCRIPTION } from "~/http/seo.server";

/** SPEC §9: five products per page on the customer screen. */
export const PRODUCTS_PAGE_SIZE = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const tag = parseTagParam(url.searchParams.get("tag"));
  const q = url.searchParams.get("q")?.trim().slice(0, QUERY_MAX_LENGTH) || undefined;
  // The banner shows a promotion anyone may use now, and none over search results.
  const [catalogue, promotion] = await Promise.all([
    getCatalogPage(context.db, { tag, q }, page, PRODUCTS_PAGE_SIZE),
    q ? null : featuredPromotion(context.db),
  ]);
  if (page > catalogue.totalPages) {
    // A page past the end (an old link, a hand-edited URL) shows the last page instead.
    url.searchParams.set("page", String(catalogue.totalPages));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return { ...catalogue, promotion, tag: tag ?? null, q: q ?? null, head: listingHead(context.origin, tag, page, q) };
}

/** Each listing page has its own title and canonical URL (tag and page); search results are not indexed. */
function listingHead(origin: string, tag: string | undefined, page: number, q: string | undefined) {
  const query = new URLSearchParams();
  if (tag) query.set("tag", tag);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  const head = pageMeta(origin, {
    title: `${tag ? `${tag} services` : "Services"}${page > 1 ? ` · page ${page}` : ""} · Reelcraft`,
    description: tag ? `Fixed-price ${tag} packages from vetted studios: compare Basic, Standard and Premium and order online.` : SITE_DESCRIPTION,
    path: `/products${search ? `?${search}` : ""}`,
  });
  return q ? [...head, { name: "robots", content: "noindex, follow" }] : head;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];

export default function ProductsPage() {
  const { data, page, totalPages, tags, tag, q, total, capped, promotion } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      {promotion ? <PromoBanner promotion={promotion} /> : null}
      <div className="mt-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Services</h1>
          {q ? (
            <p className="mt-1 text-sm text-slate-600" role="status">
              {capped ? `${total.toLocaleString("en-GB")}+ results` : `${total} ${total === 1 ? "result" : "results"}`} for “{q}”
            </p>
          ) : null}
        </div>
      </div>
      <TagFilter tags={tags} active={tag} />
      <section aria-label="Products" aria-busy={loading} className="mt-6">
        {loading ? (
          <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : data.length ? (
          <OneVideoAtATime>
            <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 xl:grid-cols-4">
              {data.map((product, i) => (
                // A grid cell: each card fills its row's height, so the prices line up.
                <li key={product.id} className="grid">
                  <ProductCard product={product} priority={i < 2} />
                </li>
              ))}
            </ul>
          </OneVideoAtATime>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="font-semibold">No services found</p>
            <p className="mt-1 text-sm text-slate-600">Try another tag or search term.</p>
            <Link to="/products" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
              Show all services
            </Link>
          </div>
        )}
      </section>
      {totalPages > 1 ? (
        <div className="mt-10">
          <Pagination page={page} totalPages={totalPages} label="Products pages" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A promotion anyone may use now, as it is: its code, what it gives, on which services and until
 * when (the SPEC's fixed 'up to 20% off' named no code and no service: docs/design.md). Slim on a phone.
 */
function PromoBanner({ promotion }: { promotion: FeaturedPromotion }) {
  return (
    <section
      aria-label="Promotion"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-700 to-fuchsia-600 px-4 py-3 text-white sm:rounded-3xl sm:px-10 sm:py-8"
    >
      <p className="relative text-xs font-semibold tracking-wide text-brand-100 uppercase sm:text-sm">Limited offer</p>
      <p className="relative mt-1 max-w-3xl text-base font-bold sm:mt-2 sm:text-2xl" data-testid="promotion-offer">
        {promotion.gives}
        {promotion.products !== "all"
          ? promotion.products.map((product, i, all) => (
              <span key={product.id}>
                {i === 0 ? " " : i === all.length - 1 ? " and " : ", "}
                <Link to={`/products/${product.id}`} className="underline decoration-white/50 underline-offset-4 hover:decoration-white">
                  {product.title}
                </Link>
              </span>
            ))
          : null}
        {promotion.terms}
      </p>
      <p className="relative mt-1 text-sm text-brand-50 sm:mt-3">
        Use the code <strong className="rounded bg-white/15 px-1.5 py-0.5 font-mono tracking-wider text-white">{promotion.code}</strong> at checkout.
      </p>
    </section>
  );
}

/**
 * The tag chips (SPEC §2: a Filters label, a chip per tag, Clear). From 640 px they wrap; on a phone
 * they sit on one row that scrolls sideways (its shadow says so), and 'Filters' turns that row into a
 * sheet with every tag at once: a <details> and CSS, so it opens and closes without JavaScript.
 */
function TagFilter({ tags, active }: { tags: string[]; active: string | null }) {
  const chip = "inline-flex shrink-0 items-center rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition whitespace-nowrap";
  return (
    <nav aria-label="Filter by tag" className="mt-6 flex items-center gap-2">
      <span className="mr-1 hidden text-sm font-semibold text-slate-700 sm:inline">Filters</span>
      {/* The chips are written once: opening 'Filters' turns their row into the sheet (peer-open). */}
      <details className="peer shrink-0 sm:hidden">
        <summary className="relative z-50 flex cursor-pointer list-none items-center rounded-full bg-slate-900 px-3.5 py-1.5 text-sm font-semibold text-white [&::-webkit-details-marker]:hidden">
          Filters
        </summary>
      </details>
      <div
        className="scroll-shadow-x flex min-w-0 flex-1 gap-2 overflow-x-auto py-1 peer-open:fixed peer-open:inset-x-0 peer-open:bottom-0 peer-open:z-40 peer-open:max-h-[70vh] peer-open:flex-wrap peer-open:overflow-y-auto peer-open:rounded-t-2xl peer-open:border-t peer-open:border-slate-200 peer-open:p-4 peer-open:shadow-2xl sm:flex-wrap sm:overflow-visible"
        data-testid="filter-row"
      >
        {tags.map((name) => (
          <Link
            key={name}
            to={`/products?tag=${encodeURIComponent(name)}`}
            aria-current={name === active ? "true" : undefined}
            className={`${chip} ${name === active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {name}
          </Link>
        ))}
        <Link to="/products" className={`${chip} text-slate-600 ring-transparent hover:text-slate-900 hover:underline`}>
          Clear
        </Link>
      </div>
    </nav>
  );
}
