import { Picture } from "~/components/ui/picture";
import { formatMoney } from "~/lib/money";
import { dayPromise, packageName, revisionsPromise } from "~/lib/rules/packages";
import { stageRevisionsPromise, stagesPromise } from "~/lib/rules/stages";
import type { PackageView } from "~/domain/catalogue/products.server";
import type { OrderPrice } from "~/domain/money/tax-rules";
import { ratePercent } from "~/domain/money/tax-rules";
import type { ReactNode } from "react";

/**
 * Order summary (SPEC §2): first image, title, the package's name (Basic, Standard, Premium) with its
 * short description beside it (the SPEC's five-letter label read as 'Launc'; docs/design.md), price,
 * the package's promises, included items;
 * then what the card is charged for the selected billing address: subtotal, discount, tax (its
 * rate and note) and the total; then `children` (the promotion code's box).
 */
export function OrderSummary({
  product,
  pkg,
  packageIndex,
  price,
  taxName,
  vatNotice = null,
  taxExplanation = null,
  children,
}: {
  product: { title: string; image: string | null };
  pkg: PackageView;
  packageIndex: number;
  price: OrderPrice | null;
  taxName: string;
  /** Why a business buyer's VAT number did not take the tax off (it did not verify). */
  vatNotice?: string | null;
  /** Why this tax, for this buyer (the rule's words), and the currency. */
  taxExplanation?: string | null;
  children?: ReactNode;
}) {
  return (
    <aside
      aria-labelledby="summary-title"
      className="h-fit rounded-2xl border border-slate-200 bg-white p-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
    >
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
          {packageName(packageIndex)}
        </span>
        <span className="text-2xl font-bold" data-testid="summary-price">
          {formatMoney(pkg.amount_minor, pkg.currency)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="package-description">
        {pkg.short_description}
      </p>
      <ul className="mt-4 flex gap-4 text-sm font-medium text-slate-700">
        <li>{pkg.stages.length ? `${dayPromise(pkg.delivery_days, "delivery")} (estimate)` : dayPromise(pkg.delivery_days, "delivery")}</li>
        <li>{pkg.stages.length ? stageRevisionsPromise(pkg.stages) : revisionsPromise(pkg.revisions)}</li>
      </ul>
      {pkg.stages.length ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="stages-estimate">
          {`${stagesPromise(pkg.stages.length)}: ${pkg.stages.map((stage) => stage.name).join(", ")}. Each stage starts when you approve the one before, so the ${pkg.delivery_days} days count as if each is approved the day it is delivered. You can stop after any approval and get the stages not started back.`}
        </p>
      ) : null}
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
      <PriceBreakdown price={price} currency={pkg.currency} taxName={taxName} />
      {taxExplanation ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="tax-explanation">
          {taxExplanation}
        </p>
      ) : null}
      {vatNotice ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="vat-notice">
          {vatNotice}
        </p>
      ) : null}
      {children}
    </aside>
  );
}

function PriceBreakdown({ price, currency, taxName }: { price: OrderPrice | null; currency: string; taxName: string }) {
  if (!price) {
    return (
      <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600" data-testid="summary-tax-pending">
        {taxName} is added from your billing address.
      </p>
    );
  }
  const row = "flex justify-between gap-3";
  return (
    <dl className="mt-4 space-y-1.5 border-t border-slate-200 pt-4 text-sm" data-testid="summary-breakdown">
      <div className={row}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatMoney(price.subtotalMinor, currency)}</dd>
      </div>
      {price.discountMinor > 0 ? (
        <div className={row}>
          <dt className="text-slate-600">Discount</dt>
          <dd data-testid="summary-discount">−{formatMoney(price.discountMinor, currency)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt className="text-slate-600">
          {taxName} ({ratePercent(price.rateBasisPoints)})
        </dt>
        <dd data-testid="summary-tax">{formatMoney(price.taxMinor, currency)}</dd>
      </div>
      {price.taxNote ? (
        <p className="text-xs text-slate-600" data-testid="summary-tax-note">
          {price.taxNote}
        </p>
      ) : null}
      <div className={`${row} border-t border-slate-200 pt-2 text-base font-bold`}>
        <dt>Total</dt>
        <dd data-testid="summary-total">{formatMoney(price.totalMinor, currency)}</dd>
      </div>
    </dl>
  );
}
