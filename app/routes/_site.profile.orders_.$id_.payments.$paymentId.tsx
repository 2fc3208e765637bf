import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Refused } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireCustomer } from "~/auth/index.server";
import { randomToken } from "~/domain/crypto.server";
import { refuse } from "~/domain/refusal";
import { laterPaymentFor, NO_SAVED_CARD, payWithSavedCard } from "~/domain/payments/saved-cards.server";
import { notFound } from "~/http/answers.server";
import { readForm } from "~/http/request-body.server";
import { refusedData, settle } from "~/http/screen-refusal.server";
import { cardExpiry, cardName } from "~/lib/card-name";
import { formatMoney } from "~/lib/money";
import { paths } from "~/lib/paths";
import { parseId } from "~/lib/record-id";

/** What `randomToken` makes for the page's attempt key (base64url), and nothing else. */
const ATTEMPT_KEY = /^[A-Za-z0-9_-]{8,40}$/;

const paymentPath = (orderId: number, paymentId: number) => `${paths.customerOrder(orderId)}/payments/${paymentId}`;

/** The order and payment of the URL, the customer's own (404 otherwise). */
function ids(params: LoaderFunctionArgs["params"]) {
  const orderId = parseId(params.id ?? "");
  const paymentId = parseId(params.paymentId ?? "");
  if (!orderId || !paymentId) throw notFound("Payment not found");
  return { orderId, paymentId };
}

/**
 * A later payment of the customer's order (work added to it), paid with the card saved for the
 * order, the customer present. Back from the provider's authentication page, what it says is
 * recorded (the one GET that writes, idempotent).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const { orderId, paymentId } = ids(params);
  const returned = new URL(request.url).searchParams.get("payment_intent");
  const found = await laterPaymentFor(context.db, context.payments, customer.id, orderId, paymentId, returned);
  if (!found) throw notFound("Payment not found");
  const { payment, card, problem } = found;
  return {
    orderId,
    payment: {
      id: payment.id,
      description: payment.description ?? "",
      status: payment.status,
      total: formatMoney(payment.amountMinor, payment.currency),
      net: formatMoney(payment.subtotalMinor - payment.discountMinor, payment.currency),
      tax: formatMoney(payment.taxMinor, payment.currency),
      invoiceNumber: payment.invoiceNumber,
    },
    card,
    problem,
    // One key per page view: a double submit of this page pays once.
    attemptKey: randomToken(12),
    noSavedCard: NO_SAVED_CARD,
  };
}

export const meta: MetaFunction = () => [{ title: "Pay for added work · Reelcraft" }, { name: "robots", content: "noindex" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const { orderId, paymentId } = ids(params);
  const form = await readForm(request);
  // The page's own key (one per page view): it becomes part of the provider's idempotency key.
  const attemptKey = String(form.get("attempt_key") ?? "");
  if (!ATTEMPT_KEY.test(attemptKey)) return refusedData(refuse.invalid("This payment form is out of date. Reload the page and try again."));
  const back = new URL(paymentPath(orderId, paymentId), request.url).toString();
  const paid = await settle(payWithSavedCard(context.db, context.payments, customer.id, orderId, paymentId, back, attemptKey));
  if (!paid.ok) return refusedData(paid.refusal);
  if (paid.value.kind === "authenticate") return redirect(paid.value.location);
  if (paid.value.kind === "paid") return redirect(paymentPath(orderId, paymentId));
  return refusedData(refuse.paymentDeclined(paid.value.message));
}

export default function LaterPaymentPage() {
  const { orderId, payment, card, problem, attemptKey, noSavedCard } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsSubmitting(paymentPath(orderId, payment.id));
  const open = payment.status === "initiated" || payment.status === "failed";
  const refused = (answer && "refused" in answer ? answer.refused : null) ?? problem;
  return (
    <section aria-labelledby="payment-title" className="max-w-xl">
      <p className="text-sm">
        <Link to={paths.customerOrder(orderId)} className="font-semibold text-brand-700 hover:underline">
          ← Order #{orderId}
        </Link>
      </p>
      <h1 id="payment-title" className="mt-2 text-2xl font-bold tracking-tight">
        Pay for added work
      </h1>
      <p className="mt-2 text-slate-700">{payment.description}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-xl border border-slate-200 p-4 text-sm">
        <dt className="text-slate-500">Net</dt>
        <dd className="text-right tabular-nums">{payment.net}</dd>
        <dt className="text-slate-500">VAT</dt>
        <dd className="text-right tabular-nums">{payment.tax}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{payment.total}</dd>
      </dl>
      {payment.status === "succeeded" || payment.status === "completed" || payment.status === "refunded" ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Paid, thank you.{" "}
          {payment.invoiceNumber ? (
            <Link to={`${paths.customerOrder(orderId)}/invoices/${payment.invoiceNumber}`} className="font-semibold underline">
              View invoice {payment.invoiceNumber}
            </Link>
          ) : null}
        </p>
      ) : !open ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          This payment is {payment.status}: nothing is to be paid.
        </p>
      ) : (
        <div className="mt-4 space-y-3">
          <Refused id="payment-error" message={refused} />
          {card ? (
            <Form method="post" aria-describedby={refused ? "payment-error" : undefined}>
              <input type="hidden" name="attempt_key" value={attemptKey} />
              <button
                type="submit"
                disabled={busy}
                className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {busy ? "Processing..." : `Pay ${payment.total} with ${cardName(card)}`}
              </button>
              <p className="mt-2 text-sm text-slate-600">
                The card you saved for this order, expiring {cardExpiry(card)}. Your bank may ask you to confirm the payment.
              </p>
            </Form>
          ) : (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{noSavedCard}</p>
          )}
        </div>
      )}
    </section>
  );
}
