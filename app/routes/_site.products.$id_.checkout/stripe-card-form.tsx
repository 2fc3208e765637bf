import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { getStripe } from "~/lib/stripe-client";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { AddressView } from "~/domain/orders/addresses.server";
import type { CheckoutActionData, CheckoutLoader } from "./checkout-page.server";
import { useAppliedPromoCode } from "./promo-code";
import { SaveCardField, StartWorkNowField } from "./local-card-form";
import { ChargeNotice, CHARGE_NOTICE_ID, usePayLabel } from "./charge-notice";

/**
 * Stripe Elements card box (SPEC §4 payment flow): create the order (server prices it), confirm the
 * card with Stripe.js, then ask the server to record the status it reads from Stripe.
 */
export default function StripeCardForm({ selectedAddress }: { selectedAddress: AddressView | null }) {
  const { publishableKey } = useLoaderData<CheckoutLoader>();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!publishableKey) return setLoadError("Card payments are not configured.");
    getStripe(publishableKey)
      .then((s) => (s ? setStripe(s) : setLoadError("The payment form could not load. Check your connection and reload the page.")))
      .catch(() => setLoadError("The payment form could not load. Check your connection and reload the page."));
  }, [publishableKey]);
  if (loadError) {
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-red-700">
        {loadError}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardPayment selectedAddress={selectedAddress} ready={stripe !== null} />
    </Elements>
  );
}

function CardPayment({ selectedAddress, ready }: { selectedAddress: AddressView | null; ready: boolean }) {
  const payLabel = usePayLabel();
  const stripe = useStripe();
  const elements = useElements();
  const { checkoutKey, customer } = useLoaderData<CheckoutLoader>();
  const promoCode = useAppliedPromoCode();
  const orderFetcher = useFetcher<CheckoutActionData>();
  const syncFetcher = useFetcher<CheckoutActionData>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [startWorkNow, setStartWorkNow] = useState(false);
  const [saveCard, setSaveCard] = useState(false);

  async function pay() {
    if (!stripe || !elements || !selectedAddress) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set("intent", "create-order");
      form.set("checkout_key", checkoutKey);
      form.set("address_id", String(selectedAddress.id));
      if (promoCode) form.set("promo_code", promoCode);
      if (startWorkNow) form.set("start_work_now", "on");
      if (saveCard) form.set("save_card", "on");
      orderFetcher.submit(form, { method: "post" });
    } catch {
      setError("An unknown error occurred");
      setBusy(false);
    }
  }

  // Step 2: the server answered with the order and its client secret; confirm the card.
  useEffect(() => {
    const created = orderFetcher.data;
    if (orderFetcher.state !== "idle" || !created || created.intent !== "create-order" || !busy) return;
    (async () => {
      if (created.refused !== undefined) throw new Error(created.refused);
      if (created.paid) {
        // Nothing was left to pay (a code took the whole price off): the order is paid already.
        setBusy(false);
        const url = new URL(window.location.href);
        url.searchParams.set("order", String(created.orderId));
        window.history.replaceState(window.history.state, "", url);
        revalidator.revalidate();
        return;
      }
      if (!created.clientSecret) throw new Error("No client secret returned from the server");
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new Error("Card element not found");
      const result = await stripe.confirmCardPayment(created.clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: customer.name,
            address: {
              line1: selectedAddress!.street,
              city: selectedAddress!.city,
              state: selectedAddress!.state,
              postal_code: selectedAddress!.zip_code,
              country: selectedAddress!.country,
            },
          },
        },
      });
      if (result.error) throw new Error(result.error.message ?? "Payment failed");
      if (result.paymentIntent?.status !== "succeeded") throw new Error(`Payment status: ${result.paymentIntent?.status ?? "unknown"}`);
      const form = new FormData();
      form.set("intent", "sync");
      form.set("order_id", String(created.orderId));
      syncFetcher.submit(form, { method: "post" });
    })().catch((e: unknown) => {
      // Stripe.js and the steps above fail with a message of their own; anything else is unknown.
      setError(typeof (e as { message?: unknown } | null)?.message === "string" ? (e as { message: string }).message : "An unknown error occurred");
      setBusy(false);
    });
  }, [orderFetcher.state, orderFetcher.data, busy, elements, stripe, customer.name, selectedAddress, syncFetcher, revalidator]);

  // Step 3: the server recorded what Stripe says; only `succeeded` shows the success panel.
  useEffect(() => {
    const synced = syncFetcher.data;
    if (syncFetcher.state !== "idle" || !synced || synced.intent !== "sync" || !busy) return;
    setBusy(false);
    if (synced.paymentStatus === "succeeded") {
      const url = new URL(window.location.href);
      url.searchParams.set("order", String(synced.orderId));
      window.history.replaceState(window.history.state, "", url);
      revalidator.revalidate();
    } else setError(`Payment status: ${synced.paymentStatus || "unknown"}`);
  }, [syncFetcher.state, syncFetcher.data, busy, revalidator]);

  return (
    <div className="mt-4 space-y-4">
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="rounded-xl border border-slate-300 bg-white p-4">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {!selectedAddress ? <p className="text-sm text-slate-600">Add a billing address to continue.</p> : null}
      <StartWorkNowField addressId={selectedAddress?.id ?? null} onChange={setStartWorkNow} />
      <SaveCardField onChange={setSaveCard} />
      <button
        type="button"
        onClick={pay}
        disabled={!ready || !stripe || busy || !selectedAddress}
        aria-describedby={CHARGE_NOTICE_ID}
        className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Processing..." : payLabel}
      </button>
      <ChargeNotice />
    </div>
  );
}
