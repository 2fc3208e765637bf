import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BillingPanel } from "./billing-panel";
import { checkoutAction, checkoutLoader, type CheckoutActionData } from "./checkout.server";
import { HostedCheckoutForm, LocalCardForm } from "./local-card-form";
import { OrderSummary } from "./order-summary";

// Stripe.js and Elements load only in Stripe mode, so they never weigh on other pages.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return checkoutLoader(context, request, params.id);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return checkoutAction(context, request, params.id);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Checkout: ${data?.product.title ?? "service"} · Reelcraft` }, { name: "robots", content: "noindex" }];

export default function CheckoutPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<CheckoutActionData>();
  const { product, pkg, packageIndex, order, addresses, selectedAddressId, mode } = loaderData;
  const paid = order?.payment_status === "succeeded";
  const selected = addresses.find((a) => a.id === selectedAddressId) ?? null;
  const payError = actionData && actionData.intent === "pay" ? actionData.error : loaderData.paymentError;
  const orderId = actionData && actionData.intent === "pay" ? actionData.orderId : (order && !paid ? order.id : null);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to={`/products/${product.id}?package=${packageIndex}`} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
        ← Back to {product.title}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Checkout</h1>
      <Stepper step={paid ? 3 : selected ? 2 : 1} />
      {paid ? (
        <SuccessPanel orderId={order.id} />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-8">
            <BillingPanel />
            <section aria-labelledby="payment-title" className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 id="payment-title" className="text-lg font-semibold">Payment</h2>
              <p className="mt-1 text-sm text-slate-600">Complete your purchase securely using your card details.</p>
              {mode === "stripe" ? (
                <>
                  <noscript>
                    <HostedCheckoutForm selectedAddressId={selected?.id ?? null} error={payError ?? null} />
                  </noscript>
                  <Suspense fallback={<p className="mt-4 text-sm text-slate-500">Loading secure card form…</p>}>
                    <StripeCardForm selectedAddress={selected} />
                  </Suspense>
                </>
              ) : (
                <LocalCardForm selectedAddressId={selected?.id ?? null} error={payError ?? null} orderId={orderId} />
              )}
            </section>
          </div>
          <OrderSummary product={product} pkg={pkg} />
        </div>
      )}
    </div>
  );
}

function Stepper({ step }: { step: 1 | 2 | 3 }) {
  const steps = ["Order Details", "Confirm & Pay"];
  return (
    <ol className="mt-6 flex items-center gap-3 text-sm" aria-label="Checkout progress">
      {steps.map((label, i) => {
        const n = i + 1;
        const state = step > n ? "complete" : step === n ? "current" : "upcoming";
        return (
          <li key={label} className="flex items-center gap-3" aria-current={state === "current" ? "step" : undefined}>
            {i > 0 ? <span aria-hidden="true" className="h-px w-8 bg-slate-300 sm:w-16" /> : null}
            <span
              aria-hidden="true"
              className={`flex size-7 items-center justify-center rounded-full text-xs font-bold ${
                state === "complete" ? "bg-emerald-600 text-white" : state === "current" ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-600"
              }`}
            >
              {state === "complete" ? "✓" : n}
            </span>
            <span className={state === "upcoming" ? "text-slate-500" : "font-semibold text-slate-900"}>
              {label}
              <span className="sr-only"> ({state})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function SuccessPanel({ orderId }: { orderId: number }) {
  return (
    <section role="status" aria-labelledby="success-title" className="mx-auto mt-10 max-w-xl rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-600 text-2xl text-white">
        ✓
      </span>
      <h2 id="success-title" className="mt-4 text-2xl font-bold text-emerald-900">
        Payment Successful!
      </h2>
      <p className="mt-2 text-emerald-900">Thank you for your purchase. Your payment has been processed successfully.</p>
      <p className="mt-4 font-mono text-sm text-emerald-900">Transaction ID: {orderId}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/profile/orders" className="rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800">
          View my orders
        </Link>
        <Link to="/products" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-300 hover:bg-emerald-100">
          Browse more services
        </Link>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </div>
  );
}
