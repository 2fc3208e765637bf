import { Picture } from "~/components/ui/picture";
import { formatMoney } from "~/lib/money";
import { packageLabel } from "~/lib/packages";
import type { PackageView } from "~/domain/catalogue/products.server";

/** Order summary (SPEC §2): first image, title, package label, price, fixed perks, included items. */
export function OrderSummary({ product, pkg }: { product: { title: string; image: string | null }; pkg: PackageView }) {
  return (
    <aside aria-labelledby="summary-title" className="h-fit rounded-2xl border border-slate-200 bg-white p-6 lg:sticky lg:top-24">
      <h2 id="summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      <Picture
        src={product.image ?? "/placeholder.svg"}
        sizes="(min-width: 1024px) 24rem, 100vw"
        alt=""
        width={960}
        height={600}
        className="mt-4 aspect-[8/5] w-full rounded-xl object-cover"
      />
      <p className="mt-4 font-semibold">{product.title}</p>
      <div className="mt-2 flex items-baseline justify-between gap-3">
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800" data-testid="package-label">
          {packageLabel(pkg.short_description)}
        </span>
        <span className="text-2xl font-bold" data-testid="summary-price">
          {formatMoney(pkg.amount_minor, pkg.currency)}
        </span>
      </div>
      <ul className="mt-4 flex gap-4 text-sm font-medium text-slate-700">
        <li>7-day delivery</li>
        <li>3 Revisions</li>
      </ul>
      <ul className="mt-4 space-y-1.5 border-t border-slate-200 pt-4 text-sm text-slate-700" aria-label="Included">
        {pkg.items_included.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-600">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
    </aside>
  );
}
