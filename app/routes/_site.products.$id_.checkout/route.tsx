import { actionRetryAfter } from "~/lib/retry-after";
import { parseSubmission } from "~/http/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddressSchema } from "~/domain/orders/address-schema.server";
import { useHydrated } from "~/components/use-hydrated";
import { checkoutLoader, getCheckoutTarget, parsePromoParam, type CheckoutActionData } from "./checkout-page.server";
import {
  addCheckoutAddress,
  openBrowserPayment,
  openHostedPayment,
  payWithCard,
  placeFreeOrder,
  syncCheckoutPayment,
  type PaymentRequest,
} from "~/domain/orders/checkout.server";
import { randomToken } from "~/domain/crypto.server";
import { formAnswer, refusedData, settle } from "~/http/screen-refusal.server";
import { refuse, type Refusal } from "~/domain/refusal";
import { paymentsMode } from "~/domain/payments/mode.server";
import { isPromotionRefusal } from "~/domain/money/promotions.server";
import { PromoCodeField } from "~/lib/schemas/promotion";
import { BillingPanel } from "./billing-panel";
import { FreeOrderForm, HostedCheckoutForm, LocalCardForm } from "./local-card-form";
import { OrderSummary } from "./order-summary";
import { PromoCode } from "./promo-code";
import { parseId } from "~/lib/record-id";
import { notFound } from "~/http/answers.server";
import { readForm } from "~/http/request-body.server";
import { paths } from "~/lib/paths";
import { formatMoney } from "~/lib/money";
import { decimalToMinorOrZero } from "~/lib/money-decimal";
import { awaitingBriefText, cancellationPeriodEnd } from "~/lib/rules/work-dates";

// Stripe.js and Elements load only in Stripe mode, so they never weigh on other pages.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

export const loader = (args: LoaderFunctionArgs) => checkoutLoader(args);

const PaySchema = z.object({
  address_id: z.coerce.number({ invalid_type_error: "Choose a billing address" }).int().positive("Choose a billing address"),
  checkout_key: z.string().min(8).max(100),
  order_id: z.coerce.number().int().positive().optional(),
  card_number: z.string().max(40).default(""),
  card_expiry: z.string().max(10).default(""),
  card_cvc: z.string().max(8).default(""),
  // The code applied on the page (its `?promo=`), checked again when the order is made.
  promo_code: PromoCodeField,
  // A consumer's 'Start work now' checkbox (absent: work waits out the 14-day cancellation period).
  start_work_now: z.string().max(10).optional(),
  // 'Save this card for changes to this order' (absent: no card is kept).
  save_card: z.string().max(10).optional(),
});

const INTENTS = ["add-address", "pay", "free-order", "create-order", "hosted-checkout", "sync"] as const;

export const headers = actionRetryAfter;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const target = await getCheckoutTarget(context, request, params.id);
  const formData = await readForm(request);
  const intent = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent) return data({ intent: null }, { status: 400 });

  if (intent === "add-address") {
    const submission = parseSubmission(formData, { schema: AddressSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "add-address" } });
    const saved = await settle(addCheckoutAddress(context, target, submission.value));
    if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "add-address" } });
    const promo = parsePromoParam(new URL(request.url).searchParams.get("promo"));
    return redirect(paths.checkout(target.product.id, target.packageIndex, { address: saved.value, added: 1, ...(promo ? { promo } : {}) }));
  }

  if (intent === "sync") {
    const synced = await syncCheckoutPayment(context, target, parseId(String(formData.get("order_id") ?? "")) ?? 0);
    if (!synced) throw notFound("Order not found");
    return data<CheckoutActionData>({ intent: "sync", ...synced });
  }

  const checkoutKey = String(formData.get("checkout_key") ?? "") || randomToken(12);
  // A refused payment is answered beside the pay form; a refused promotion code under the code's field.
  const refused = (refusal: Refusal, orderId: number | null = null) =>
    refusedData(refusal, { intent: "pay" as const, orderId, checkoutKey, ...(isPromotionRefusal(refusal) ? { field: "promo_code" as const } : {}) });
  const parsed = PaySchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(refuse.invalid(parsed.error.issues[0]?.message ?? "Payment failed"));
  const payment: PaymentRequest = {
    addressId: parsed.data.address_id,
    checkoutKey: parsed.data.checkout_key,
    retryOrderId: parsed.data.order_id,
    promoCode: parsed.data.promo_code || undefined,
    startWorkNow: parsed.data.start_work_now === "on",
    // Every card form asks (not the free order's).
    saveCard: intent === "free-order" ? undefined : parsed.data.save_card === "on",
  };
  const paid = await settle(async () => {
    if (intent === "hosted-checkout") {
      // Stripe mode without JavaScript: pay on Stripe's hosted page, then come back here.
      if (paymentsMode(context.env) !== "stripe") return refused(refuse.malformed("Payment failed"));
      return redirect(await openHostedPayment(context, target, payment, new URL(request.url).origin));
    }
    if (intent === "create-order") {
      // Stripe with JavaScript: the browser confirms the card with Stripe.js using this secret.
      const { orderId, clientSecret, paid } = await openBrowserPayment(context, target, payment);
      if (paid) return data<CheckoutActionData>({ intent: "create-order", orderId, paid: true });
      if (!clientSecret) return refusedData(refuse.upstream("No client secret returned from the server"), { intent: "create-order" as const, orderId });
      return data<CheckoutActionData>({ intent: "create-order", orderId, clientSecret });
    }
    const card = { number: parsed.data.card_number, expiry: parsed.data.card_expiry, cvc: parsed.data.card_cvc };
    const outcome = intent === "free-order" ? await placeFreeOrder(context, target, payment) : await payWithCard(context, target, payment, card);
    if (outcome.kind === "authenticate") return redirect(outcome.location);
    if (outcome.kind === "paid") return redirect(paths.checkout(target.product.id, target.packageIndex, { order: outcome.orderId }));
    return refused(outcome.refusal, outcome.orderId);
  });
  return paid.ok ? paid.value : refused(paid.refusal);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Checkout: ${data?.product.title ?? "service"} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

export default function CheckoutPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<CheckoutActionData>();
  const { product, pkg, packageIndex, order, addresses, selectedAddressId, mode, price, taxName, vatNotice } = loaderData;
  const hydrated = useHydrated();
  const paid = order?.payment_status === "succeeded";
  const selected = addresses.find((a) => a.id === selectedAddressId) ?? null;
  const promoRefused = actionData && actionData.intent === "pay" && actionData.field === "promo_code" ? actionData.refused : null;
  const payError = actionData && actionData.intent === "pay" && !promoRefused ? actionData.refused : loaderData.paymentError;
  const orderId = actionData && actionData.intent === "pay" ? actionData.orderId : order && !paid ? order.id : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to={`/products/${product.id}?package=${packageIndex}`} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
        ← Back to {product.title}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Checkout</h1>
      <Stepper step={paid ? 3 : selected ? 2 : 1} />
      {paid ? (
        <SuccessPanel order={order} now={loaderData.now} />
      ) : (
        // One column on a phone, in the order a buyer reads it: the address, what is bought and its
        // total, then the card. From 1024 px the summary stands beside both, sticky.
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
          <div className="min-w-0 lg:col-start-1">
            <BillingPanel />
          </div>
          <OrderSummary
            product={product}
            pkg={pkg}
            packageIndex={packageIndex}
            price={price}
            taxName={taxName}
            vatNotice={vatNotice}
            taxExplanation={loaderData.taxExplanation}
          >
            <PromoCode refused={promoRefused} />
          </OrderSummary>
          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <section aria-labelledby="payment-title" className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 id="payment-title" className="text-lg font-semibold">
                Payment
              </h2>
              <p className="mt-1 text-sm text-slate-600">Complete your purchase securely using your card details.</p>
              {price?.totalMinor === 0 ? (
                <FreeOrderForm selectedAddressId={selected?.id ?? null} error={payError ?? null} orderId={orderId} />
              ) : mode === "stripe" ? (
                // Until JavaScript runs (or without it) Stripe's hosted page takes the payment; once
                // hydrated, the Elements card box replaces it.
                hydrated ? (
                  <Suspense fallback={<p className="mt-4 text-sm text-slate-500">Loading secure card form…</p>}>
                    <StripeCardForm selectedAddress={selected} />
                  </Suspense>
                ) : (
                  <HostedCheckoutForm selectedAddressId={selected?.id ?? null} error={payError ?? null} />
                )
              ) : (
                <LocalCardForm selectedAddressId={selected?.id ?? null} error={payError ?? null} orderId={orderId} />
              )}
              <p className="mt-4 text-sm text-slate-600">
                By paying you agree to our{" "}
                <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  Terms
                </Link>
                , including{" "}
                <Link to="/terms#cancellation" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  cancellation and refunds
                </Link>
                . How we use your data:{" "}
                <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  Privacy notice
                </Link>
                .
              </p>
            </section>
          </div>
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

/**
 * After payment: the SPEC's texts, then what was paid and its invoice, when the work starts and is
 * due, and the next step (the brief).
 */
function SuccessPanel({
  order,
  now,
}: {
  order: { id: number; order_amount: string; currency: string; invoice_number: string | null; start_work_now: boolean; delivery_days: number };
  now: number;
}) {
  const orderId = order.id;
  const paidMinor = decimalToMinorOrZero(order.order_amount, order.currency);
  return (
    <section
      role="status"
      aria-labelledby="success-title"
      className="mx-auto mt-10 max-w-xl rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center"
    >
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-600 text-2xl text-white">
        ✓
      </span>
      <h2 id="success-title" className="mt-4 text-2xl font-bold text-emerald-900">
        Payment Successful!
      </h2>
      <p className="mt-2 text-emerald-900">Thank you for your purchase. Your payment has been processed successfully.</p>
      <p className="mt-4 font-mono text-sm text-emerald-900">Transaction ID: {orderId}</p>
      <p className="mt-4 text-emerald-900" data-testid="paid-amount">
        {`Paid ${formatMoney(paidMinor, order.currency)}`}
        {order.invoice_number ? (
          <>
            {" · "}
            <Link to={`${paths.customerOrder(orderId)}/invoice`} className="font-semibold underline">
              {`Invoice ${order.invoice_number}`}
            </Link>
          </>
        ) : null}
      </p>
      <p className="mt-4 text-emerald-900" data-testid="work-dates">
        {`Next: tell the studio what the video is for. ${awaitingBriefText({
          now,
          earliestStart: order.start_work_now ? null : cancellationPeriodEnd(now),
          deliveryDays: order.delivery_days,
        })}`}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.brief(orderId)} className="rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800">
          Write your brief
        </Link>
        <Link to="/profile/orders" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-300 hover:bg-emerald-100">
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
