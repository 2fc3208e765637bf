import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";
import { getStripe } from "~/lib/stripe-client";

/**
 * Another card for a later payment with Stripe: Stripe.js confirms the payment's intent (with the
 * bank's step when asked), then the page is reloaded with `?payment_intent=`, which records what
 * Stripe says (the loader). Without JavaScript it says what it needs.
 */
export function LaterStripeCard({
  publishableKey,
  clientSecret,
  total,
  needsScript,
}: {
  publishableKey: string;
  clientSecret: string;
  total: string;
  needsScript: string;
}) {
  const hydrated = useHydrated();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    getStripe(publishableKey)
      .then((s) => (s ? setStripe(s) : setLoadError("The payment form could not load. Check your connection and reload the page.")))
      .catch(() => setLoadError("The payment form could not load. Check your connection and reload the page."));
  }, [publishableKey]);
  if (!hydrated) return <p className="mt-3 text-sm text-slate-600">{needsScript}</p>;
  if (loadError) {
    return (
      <p role="alert" className="mt-3 text-sm font-medium text-red-700">
        {loadError}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardBox clientSecret={clientSecret} total={total} ready={stripe !== null} />
    </Elements>
  );
}

function CardBox({ clientSecret, total, ready }: { clientSecret: string; total: string; ready: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pay() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    if (result.error || !result.paymentIntent) {
      setError(result.error?.message ?? "The payment was not completed.");
      setBusy(false);
      return;
    }
    // The page records what Stripe says of the intent, and shows the payment as it now stands.
    navigate(`?payment_intent=${encodeURIComponent(result.paymentIntent.id)}`, { replace: true });
    setBusy(false);
  }
  return (
    <div className="mt-3 space-y-3">
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="rounded-xl border border-slate-300 bg-white p-4">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <button
        type="button"
        onClick={pay}
        disabled={!ready || busy}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Processing..." : `Pay ${total}`}
      </button>
    </div>
  );
}
