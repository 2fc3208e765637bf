import { useLoaderData } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import type { CheckoutLoader } from "./checkout-page.server";

/**
 * What the button that places a paid order says: that it pays, and how much ("Pay £1,198.80"; "Pay
 * now" until an address decides the tax). The law asks for it (the UK's Consumer Contracts
 * Regulations 2013 reg. 14(3), the EU's Consumer Rights Directive art. 8(2)): a departure from the
 * SPEC's 'Continue to Payment', listed in docs/design.md.
 */
export function usePayLabel(): string {
  const { price, pkg } = useLoaderData<CheckoutLoader>();
  return price ? `Pay ${formatMoney(price.totalMinor, pkg.currency)}` : "Pay now";
}

/** The id the pay buttons name in `aria-describedby`, so a screen reader hears the amount with the button. */
export const CHARGE_NOTICE_ID = "charge-notice";

/**
 * Under the pay button: the amount the card is charged when it is pressed (the summary's total, tax
 * and discount included). Before an address is chosen the tax is not known yet, so it says so.
 */
export function ChargeNotice() {
  const { price, pkg, taxName } = useLoaderData<CheckoutLoader>();
  return (
    <p id={CHARGE_NOTICE_ID} className="text-center text-sm text-slate-700" data-testid="charge-notice">
      {price ? (
        <>
          You will be charged <strong className="font-semibold text-slate-900">{formatMoney(price.totalMinor, pkg.currency)}</strong> now
        </>
      ) : (
        `${formatMoney(pkg.amount_minor, pkg.currency)} plus ${taxName}, worked out from your billing address`
      )}
    </p>
  );
}
