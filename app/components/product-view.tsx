import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import type { PackageView, ProductView as Product } from "~/domain/catalogue/products.server";
import { galleryItems, MediaGallery } from "./media-gallery";
import { Rating } from "./ui/rating";
import { TableScroller } from "./ui/table-scroller";
import { dayPromise, revisionDaysPromise, revisionsPromise } from "~/lib/rules/packages";
import { stagesPromise } from "~/lib/rules/stages";
import type { PackageFigures } from "~/lib/rules/package-figures";

/** Measured figures by package id (only packages with enough completed orders). */
export type FiguresByPackage = Record<number, PackageFigures>;

/** The selected package index from `?package=`; the first package when absent or invalid. */
export function selectedPackageIndex(params: URLSearchParams, count: number): number {
  const raw = params.get("package");
  const index = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 0;
  return index < count ? index : 0;
}

/** What a consumer in the visitor's country pays: each package's price with tax (in package order) and what it includes. */
export interface WithTax {
  totalsMinor: number[];
  /** "incl. 20% VAT in the United Kingdom". */
  includes: string;
}

/**
 * The product page body (SPEC §2), shared by the shop and the admin area. `variant="admin"` hides
 * the Continue button (SPEC §6). `withTax` adds the line under the price with what a consumer in the
 * visitor's country pays (only where the shop's tax rules have a row of that country's own).
 */
export function ProductView({
  product,
  variant,
  backTo,
  withTax = null,
  figures = {},
}: {
  product: Product;
  variant: "customer" | "admin";
  backTo: string;
  withTax?: WithTax | null;
  figures?: FiguresByPackage;
}) {
  const [params] = useSearchParams();
  const selected = selectedPackageIndex(params, product.packages.length);
  const pkg = product.packages[selected];

  // On a phone the packages and their price come right after the gallery, before the long about
  // section, and a bar at the bottom of the screen keeps the chosen package and Continue in reach.
  // From 1024 px the price panel stands beside everything else, sticky.
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
      <div className="min-w-0 space-y-10 lg:col-start-1">
        <div className="space-y-4">
          <GoBack to={backTo} />
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.title}</h1>
          <div className="flex flex-wrap items-center gap-3">
            <Rating rating={product.rating} />
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/products?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <MediaGallery title={product.title} items={galleryItems(product)} />
      </div>
      <aside aria-label="Price" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <PricePanel product={product} selected={selected} pkg={pkg} variant={variant} withTax={withTax} figures={figures} />
      </aside>
      <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-2">
        <section aria-labelledby="about-title" className="space-y-4">
          <h2 id="about-title" className="text-xl font-bold">
            About this service
          </h2>
          <h3 className="text-lg font-semibold text-slate-800">{product.description_heading}</h3>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
          {product.services_offered.length ? (
            <div>
              <h3 className="font-semibold">Services offered</h3>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {product.services_offered.map((service) => (
                  <li key={service} className="check-item text-slate-700">
                    {service}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        {product.packages.length > 1 ? <ComparisonTable packages={product.packages} figures={figures} /> : null}
      </div>
      {variant === "customer" && pkg ? (
        <PhoneBuyBar productId={product.id} selected={selected} pkg={pkg} totalWithTaxMinor={withTax?.totalsMinor[selected] ?? null} />
      ) : null}
    </div>
  );
}

/**
 * Under 1024 px: the chosen package's name, its price (and what a consumer here pays with tax,
 * where known) and Continue, fixed to the bottom of the screen from the first view.
 */
function PhoneBuyBar({
  productId,
  selected,
  pkg,
  totalWithTaxMinor,
}: {
  productId: number;
  selected: number;
  pkg: PackageView;
  totalWithTaxMinor: number | null;
}) {
  return (
    <div
      role="region"
      aria-label="Chosen package"
      className="buy-bar fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden print:hidden"
      data-testid="buy-bar"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-4">
        <p className="min-w-0 flex-1 leading-tight">
          <span className="block text-sm font-semibold text-slate-700">{pkg.name}</span>
          <span className="text-lg font-bold text-slate-900">{formatMoney(pkg.amount_minor, pkg.currency)}</span>
          {totalWithTaxMinor !== null ? (
            <span className="ml-2 text-xs text-slate-600">{`${formatMoney(totalWithTaxMinor, pkg.currency)} with tax`}</span>
          ) : null}
        </p>
        <Link
          to={`/products/${productId}/checkout?package=${selected}`}
          className="shrink-0 rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Continue
        </Link>
      </div>
    </div>
  );
}

function GoBack({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      onClick={(event) => {
        // Back in history when we came from inside the shop; the link is the fallback (new tab, no JS).
        const state = window.history.state as { idx?: number } | null;
        if (state?.idx && state.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 text-sm font-semibold text-slate-600 hover:text-slate-900"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
      </svg>
      Go Back
    </Link>
  );
}

function PricePanel({
  product,
  selected,
  pkg,
  variant,
  withTax,
  figures,
}: {
  product: Product;
  selected: number;
  pkg: PackageView | undefined;
  variant: "customer" | "admin";
  withTax: WithTax | null;
  figures: FiguresByPackage;
}) {
  const [params] = useSearchParams();
  const hrefFor = (index: number) => {
    const next = new URLSearchParams(params);
    if (index === 0) next.delete("package");
    else next.set("package", String(index));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {product.packages.length > 1 ? (
        <nav aria-label="Packages" className="grid grid-flow-col gap-1 rounded-xl bg-slate-100 p-1">
          {product.packages.map((p, i) => (
            <Link
              key={p.id}
              to={hrefFor(i)}
              replace
              preventScrollReset
              aria-current={i === selected ? "true" : undefined}
              className={`rounded-lg px-2 py-2 text-center text-sm font-semibold ${i === selected ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {p.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {pkg ? (
        <div className="mt-5 space-y-4" data-testid="price-panel">
          <div>
            <div className="flex items-baseline justify-between gap-3">
              <h2 className="text-lg font-semibold">{pkg.name}</h2>
              <p className="text-3xl font-bold tracking-tight" data-testid="package-price">
                {formatMoney(pkg.amount_minor, pkg.currency)}
              </p>
            </div>
            {withTax?.totalsMinor[selected] !== undefined ? (
              <p className="mt-1 text-right text-sm text-slate-600" data-testid="price-with-tax">
                {`${formatMoney(withTax.totalsMinor[selected], pkg.currency)} ${withTax.includes}`}
              </p>
            ) : null}
          </div>
          <p className="text-slate-700">{pkg.short_description}</p>
          <ul className="space-y-2 text-sm text-slate-700" aria-label="Included">
            {pkg.items_included.map((item) => (
              <li key={item} className="check-item">
                {item}
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 border-t border-slate-200 pt-4 text-sm font-medium text-slate-800">
            <li className="flex items-center gap-1.5">
              <ClockIcon />
              {dayPromise(pkg.delivery_days, "turnaround")}
            </li>
            <li className="flex items-center gap-1.5">
              <RepeatIcon />
              {revisionsPromise(pkg.revisions)}
            </li>
          </ul>
          {pkg.stages.length ? (
            <div className="text-sm text-slate-700">
              <p id={`stages-${pkg.id}`} className="font-medium">
                {stagesPromise(pkg.stages.length)}
              </p>
              <ol aria-labelledby={`stages-${pkg.id}`} className="mt-1 space-y-1">
                {pkg.stages.map((stage, index) => (
                  <li key={stage.name} className="flex justify-between gap-3">
                    <span>
                      {index + 1}. {stage.name}
                    </span>
                    <span className="text-slate-500">
                      {stage.share}% · {stage.days} {stage.days === 1 ? "day" : "days"} · {revisionsPromise(stage.revisions).toLowerCase()}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          <MeasuredFigures figures={figures[pkg.id]} />
          {variant === "customer" ? (
            <Link
              to={`/products/${product.id}/checkout?package=${selected}`}
              className="block w-full rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Continue
            </Link>
          ) : null}
          <p className="text-center text-xs text-slate-500">Price excludes taxes</p>
          <p className="text-center text-xs text-slate-500">Response in about 10 minutes</p>
        </div>
      ) : (
        <p className="text-slate-600">This service has no packages yet.</p>
      )}
    </div>
  );
}

function ComparisonTable({ packages, figures }: { packages: PackageView[]; figures: FiguresByPackage }) {
  return (
    <section aria-labelledby="compare-title" className="space-y-4">
      <h2 id="compare-title" className="text-xl font-bold">
        Compare packages
      </h2>
      <p className="text-sm text-slate-600 sm:hidden" data-testid="compare-scroll-hint">
        Swipe the table sideways to see every package →
      </p>
      <TableScroller label="Package comparison">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="p-4 font-semibold text-slate-600">
                Package
              </th>
              {packages.map((p) => (
                <th key={p.id} scope="col" className="p-4 text-base font-bold">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            <tr>
              <th scope="row" className="p-4 font-semibold text-slate-600">
                Price
              </th>
              {packages.map((p) => (
                <td key={p.id} className="p-4 text-base font-bold">
                  {formatMoney(p.amount_minor, p.currency)}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="p-4 font-semibold text-slate-600">
                Description
              </th>
              {packages.map((p) => (
                <td key={p.id} className="p-4 text-slate-700">
                  {p.short_description}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="p-4 align-top font-semibold text-slate-600">
                Included
              </th>
              {packages.map((p) => (
                <td key={p.id} className="p-4 align-top">
                  <ul className="space-y-1.5 text-slate-700">
                    {p.items_included.map((item) => (
                      <li key={item} className="check-item">
                        {item}
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="p-4 font-semibold text-slate-600">
                Delivery
              </th>
              {packages.map((p) => (
                <td key={p.id} className="p-4 text-slate-700">
                  {dayPromise(p.delivery_days, "turnaround")}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="p-4 font-semibold text-slate-600">
                Revisions
              </th>
              {packages.map((p) => (
                <td key={p.id} className="p-4 text-slate-700">
                  {revisionsPromise(p.revisions)}
                  {p.revisions > 0 ? <span className="block text-xs text-slate-500">{revisionDaysPromise(p.revision_days)}</span> : null}
                </td>
              ))}
            </tr>
            {packages.some((p) => figures[p.id]) ? (
              <tr>
                <th scope="row" className="p-4 align-top font-semibold text-slate-600">
                  Measured
                </th>
                {packages.map((p) => {
                  const measured = figures[p.id];
                  return (
                    <td key={p.id} className="p-4 align-top text-slate-700">
                      {measured ? (
                        <>
                          {`Median ${measured.median_days} ${measured.median_days === 1 ? "day" : "days"} to first delivery`}
                          <span className="block text-xs text-slate-500">{`${measured.on_time_percent}% on time · ${measured.orders} orders`}</span>
                        </>
                      ) : (
                        <span className="text-slate-500">Fewer than 5 completed orders</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ) : null}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}

/**
 * What the package's completed orders measured, under its promises; nothing until enough orders
 * completed to mean something.
 */
function MeasuredFigures({ figures }: { figures: PackageFigures | undefined }) {
  if (!figures) return null;
  const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  return (
    <section aria-label="Measured on completed orders" className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700" data-testid="package-figures">
      <p className="font-medium text-slate-800">{`From ${figures.orders} completed orders`}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-slate-500">First delivery</dt>
          <dd className="font-semibold">{`${days(figures.median_days)} median`}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">On time</dt>
          <dd className="font-semibold">{`${figures.on_time_percent}%`}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Revisions used</dt>
          <dd className="font-semibold">{`${figures.average_revisions} on average`}</dd>
        </div>
      </dl>
    </section>
  );
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-slate-500">
      <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm.75 2.5v3.7l2.6 1.5a.75.75 0 1 1-.75 1.3l-3-1.73A.75.75 0 0 1 9.25 10V6a.75.75 0 0 1 1.5 0Z" />
    </svg>
  );
}

function RepeatIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-slate-500">
      <path d="M4 10a6 6 0 0 1 10.2-4.3l-1.7.05a.75.75 0 0 0 .04 1.5l3.5-.1a.75.75 0 0 0 .73-.75V2.9a.75.75 0 0 0-1.5 0v1.6A7.5 7.5 0 0 0 2.5 10a.75.75 0 0 0 1.5 0Zm12 0a.75.75 0 0 1 1.5 0 7.5 7.5 0 0 1-12.77 5.33v1.6a.75.75 0 0 1-1.5 0v-3.5c0-.4.33-.74.73-.75l3.5-.1a.75.75 0 0 1 .04 1.5l-1.7.05A6 6 0 0 0 16 10Z" />
    </svg>
  );
}
