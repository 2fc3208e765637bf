import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import type { CheckoutLoader } from "./checkout-page.server";

/** Codes are at most 32 characters; a little more lets a pasted code with spaces around it through (they are trimmed). */
const INPUT_MAX = 40;

/** The page's own parameters a code's form and its Remove link keep (the package, the address, an open panel). */
const KEPT = ["package", "address", "view", "add"] as const;

/**
 * The promotion code box: a GET form adding `?promo=` to the page's URL, as the address choice does,
 * so the loader quotes with the discount (the summary's Discount row) and the pay forms carry the
 * applied code. Works without JavaScript. An applied code shows its discount and a Remove link; a
 * refused one keeps what was typed and says why under the field (`refused`: the pay action's reason,
 * when the code was refused as the order was made).
 */
export function PromoCode({ refused }: { refused: string | null }) {
  const { promo, pkg, selectedAddressId } = useLoaderData<CheckoutLoader>();
  const [params] = useSearchParams();
  const kept = (extra: Record<string, string> = {}) => {
    const next = new URLSearchParams();
    for (const name of KEPT) {
      const value = name === "address" && selectedAddressId !== null ? String(selectedAddressId) : params.get(name);
      if (value) next.set(name, value);
    }
    for (const [name, value] of Object.entries(extra)) next.set(name, value);
    return next;
  };
  const error = refused ?? promo?.error ?? null;

  if (promo?.applied && !refused) {
    return (
      <div className="mt-4 border-t border-slate-200 pt-4 text-sm" data-testid="promo-applied">
        <p role="status" className="text-emerald-800">
          Code <strong className="font-mono">{promo.code}</strong> applied: −{formatMoney(promo.discountMinor, pkg.currency)}
        </p>
        <Link
          to={`?${kept()}`}
          replace
          preventScrollReset
          className="mt-1 inline-block font-semibold text-slate-700 underline hover:text-slate-900"
          aria-label={`Remove code ${promo.code}`}
        >
          Remove
        </Link>
      </div>
    );
  }

  return (
    <Form method="get" replace preventScrollReset className="mt-4 border-t border-slate-200 pt-4" data-testid="promo-form">
      {[...kept()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="promo" className="block text-sm font-medium text-slate-800">
        Promo code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="promo"
          name="promo"
          type="text"
          defaultValue={promo?.code ?? ""}
          key={promo?.code ?? ""}
          maxLength={INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "promo-error" : undefined}
          className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 font-mono text-sm uppercase shadow-sm focus:outline-none focus:ring-2 ${
            error ? "border-red-600 focus:ring-red-200" : "border-slate-300 focus:border-brand-600 focus:ring-brand-200"
          }`}
        />
        <button type="submit" className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          Apply
        </button>
      </div>
      {error ? (
        <p id="promo-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** The code the pay forms carry: the page's applied code, or none. */
export function useAppliedPromoCode(): string | null {
  const { promo } = useLoaderData<CheckoutLoader>();
  return promo?.applied ? promo.code : null;
}
