import { Form, useLoaderData } from "@remix-run/react";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { LocalCardFields } from "~/components/local-card-fields";
import type { CheckoutLoader } from "./checkout-page.server";
import { useAppliedPromoCode } from "./promo-code";
import { buysAsBusiness } from "~/lib/rules/buyer";
import { START_WORK_NOW_TEXT } from "~/lib/rules/cancellation-rules";
import { businessStartText, CANCELLATION_RIGHT_TEXT, startChoiceText } from "~/lib/rules/work-dates";
import { ChargeNotice, CHARGE_NOTICE_ID, usePayLabel } from "./charge-notice";

/**
 * A consumer's choice: tick to have work start at once, waiving part of the 14-day cancellation
 * right; unticked (the default: a pre-ticked box is no express request), work starts when the period
 * ends; beside it, the dates each choice gives. A business buyer has no such period: no box, and the
 * page says why. Posted as `start_work_now`; `onChange` lets the Stripe form carry it in its own request.
 */
export function StartWorkNowField({ addressId, onChange }: { addressId: number | null; onChange?: (checked: boolean) => void }) {
  const { addresses, now, pkg } = useLoaderData<CheckoutLoader>();
  const address = addresses.find((a) => a.id === addressId);
  if (!address) return null;
  if (buysAsBusiness(address)) {
    return (
      <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="business-start">
        {businessStartText(now, pkg.delivery_days)}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="start_work_now"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
          aria-describedby="start-work-now-hint"
          onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        />
        <span className="text-slate-800">{START_WORK_NOW_TEXT}</span>
      </label>
      <p id="start-work-now-hint" className="mt-2 pl-8 text-slate-600" data-testid="start-choice">
        {startChoiceText(now, pkg.delivery_days)}
      </p>
      <p className="mt-2 pl-8 text-slate-600">{CANCELLATION_RIGHT_TEXT}</p>
    </div>
  );
}

/** The text of the consent to keep the card (unticked by default: a pre-ticked box is no consent). */
export const SAVE_CARD_TEXT = "Save this card for changes to this order";

/**
 * The customer's consent to keep the card they pay with, to pay for changes to this order later
 * (with them present). Posted as `save_card`; `onChange` lets the Stripe form carry it in its request.
 */
export function SaveCardField({ onChange }: { onChange?: (checked: boolean) => void }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="save_card"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
          aria-describedby="save-card-hint"
          onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        />
        <span className="text-slate-800">{SAVE_CARD_TEXT}</span>
      </label>
      <p id="save-card-hint" className="mt-2 pl-8 text-slate-600">
        Only with you present, for work you agree to add; we keep the brand, last four digits and expiry. Remove it any time under Saved cards.
      </p>
    </div>
  );
}

/** What both pay forms post besides their intent: this page's key, the address, a retried order, the applied code; and the payment's error. */
function OrderFields({ selectedAddressId, orderId, error }: { selectedAddressId: number | null; orderId: number | null; error: string | null }) {
  const { checkoutKey } = useLoaderData<CheckoutLoader>();
  const promoCode = useAppliedPromoCode();
  return (
    <>
      <input type="hidden" name="checkout_key" value={checkoutKey} />
      {selectedAddressId !== null ? <input type="hidden" name="address_id" value={selectedAddressId} /> : null}
      {orderId !== null ? <input type="hidden" name="order_id" value={orderId} /> : null}
      {promoCode ? <input type="hidden" name="promo_code" value={promoCode} /> : null}
      {error ? (
        <p id="payment-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <StartWorkNowField addressId={selectedAddressId} />
    </>
  );
}

/**
 * The local gateway's card box (docs/design.md §5): a plain form posting to the server, so it works
 * without JavaScript. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0025 0000 3155 asks for authentication.
 */
export function LocalCardForm({ selectedAddressId, error, orderId }: { selectedAddressId: number | null; error: string | null; orderId: number | null }) {
  const payLabel = usePayLabel();
  const { customer } = useLoaderData<CheckoutLoader>();
  const busy = useIsSubmitting("", "pay");
  const noAddress = selectedAddressId === null;
  return (
    <Form method="post" className="mt-4 space-y-4" aria-describedby={error ? "payment-error" : undefined}>
      <input type="hidden" name="intent" value="pay" />
      <OrderFields selectedAddressId={selectedAddressId} orderId={orderId} error={error} />
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <LocalCardFields />
        <p className="mt-3 text-xs text-slate-500">Paying as {customer.name}</p>
      </div>
      <SaveCardField />
      {noAddress ? <p className="text-sm text-slate-600">Add a billing address to continue.</p> : null}
      <button
        type="submit"
        disabled={busy || noAddress}
        aria-describedby={CHARGE_NOTICE_ID}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Processing..." : payLabel}
      </button>
      <ChargeNotice />
    </Form>
  );
}

/** Stripe mode without JavaScript: the button goes to Stripe's hosted checkout page and back. */
export function HostedCheckoutForm({ selectedAddressId, error }: { selectedAddressId: number | null; error: string | null }) {
  const payLabel = usePayLabel();
  const { checkoutKey } = useLoaderData<CheckoutLoader>();
  const promoCode = useAppliedPromoCode();
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="hosted-checkout" />
      <input type="hidden" name="checkout_key" value={checkoutKey} />
      {promoCode ? <input type="hidden" name="promo_code" value={promoCode} /> : null}
      {selectedAddressId !== null ? <input type="hidden" name="address_id" value={selectedAddressId} /> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <StartWorkNowField addressId={selectedAddressId} />
      <SaveCardField />
      <p className="text-sm text-slate-600">You will enter your card on Stripe’s secure page and come back here.</p>
      <button
        type="submit"
        disabled={selectedAddressId === null}
        aria-describedby={CHARGE_NOTICE_ID}
        className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {payLabel}
      </button>
      <ChargeNotice />
    </Form>
  );
}

/**
 * Nothing to pay (a promotion code takes the whole price off): no card is asked, in either payment
 * mode; the button places the order, which is paid as it is made. Works without JavaScript.
 */
export function FreeOrderForm({ selectedAddressId, error, orderId }: { selectedAddressId: number | null; error: string | null; orderId: number | null }) {
  const busy = useIsSubmitting("", "free-order");
  return (
    <Form method="post" className="mt-4 space-y-4" aria-describedby={error ? "payment-error" : undefined}>
      <input type="hidden" name="intent" value="free-order" />
      <OrderFields selectedAddressId={selectedAddressId} orderId={orderId} error={error} />
      <p className="text-sm text-slate-700" data-testid="nothing-to-pay">
        Nothing to pay: your promo code covers the whole price. No card is needed.
      </p>
      <button
        type="submit"
        disabled={busy || selectedAddressId === null}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Processing..." : "Place Order"}
      </button>
    </Form>
  );
}
