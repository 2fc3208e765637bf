import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Refused } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireCustomer } from "~/auth/index.server";
import { randomToken } from "~/domain/crypto.server";
import { refuse } from "~/domain/refusal";
import { laterPaymentFor, NEW_CARD_NEEDS_SCRIPT, type SavedCardPayment, payLaterWithCard, payWithSavedCard } from "~/domain/payments/saved-cards.server";
import { tellAccepted } from "~/domain/orders/change-offers.server";
import { offerOfPayment } from "~/domain/orders/change-offer-acceptance.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { LocalCardFields } from "~/components/local-card-fields";
import { LaterStripeCard } from "~/components/later-stripe-card";
import { z } from "zod";
import { notFound } from "~/http/answers.server";
import { readForm } from "~/http/request-body.server";
import { refusedData, settle } from "~/http/screen-refusal.server";
import { cardExpiry, cardName } from "~/lib/card-name";
import { formatMoney } from "~/lib/money";
import { paths } from "~/lib/paths";
import { parseId } from "~/lib/record-id";

/** What `randomToken` makes for the page's attempt key (base64url), and nothing else. */
const ATTEMPT_KEY = /^[A-Za-z0-9_-]{8,40}$/;

const paymentPath = paths.laterPayment;

/** A new card posted to our server (the local gateway's fields); bounded before anything reads it. */
const CardFields = z.object({ card_number: z.string().max(40), card_expiry: z.string().max(10), card_cvc: z.string().max(8) });

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
  const open = payment.status === "initiated" || payment.status === "failed";
  // Paid (here, on the bank's page, or by the provider's word): a change it accepts is told to the studio once.
  if (!open) await tellAccepted(context.db, mailNotice(context), orderId);
  const gateway = context.payments;
  const stripe = open && !gateway.confirmCard && payment.intentId && context.env.STRIPE_PUBLISHABLE_KEY ? await gateway.retrieveIntent(payment.intentId) : null;
  const offer = await offerOfPayment(context.db, payment.id);
  return {
    orderId,
    offer,
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
    // Another card: the local gateway's fields posted here, or Stripe.js with the intent's client secret.
    newCard: gateway.confirmCard
      ? { kind: "local" as const }
      : stripe?.clientSecret
        ? { kind: "stripe" as const, publishableKey: context.env.STRIPE_PUBLISHABLE_KEY!, clientSecret: stripe.clientSecret }
        : null,
    newCardNeedsScript: NEW_CARD_NEEDS_SCRIPT,
  };
}

export const meta: MetaFunction = () => [{ title: "Pay for added work · Reelcraft" }, { name: "robots", content: "noindex" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const { orderId, paymentId } = ids(params);
  const form = await readForm(request);
  const back = new URL(paymentPath(orderId, paymentId), request.url).toString();
  if (form.get("intent") === "card") {
    const card = CardFields.safeParse(Object.fromEntries(form));
    if (!card.success) return refusedData(refuse.invalid("Enter the card's number, expiry and CVC."));
    const paid = await settle(
      payLaterWithCard(
        context.db,
        context.payments,
        customer.id,
        orderId,
        paymentId,
        {
          number: card.data.card_number,
          expiry: card.data.card_expiry,
          cvc: card.data.card_cvc,
        },
        paymentPath(orderId, paymentId),
      ),
    );
    return answerPayment(paid, context, orderId, paymentId);
  }
  // The page's own key (one per page view): it becomes part of the provider's idempotency key.
  const attemptKey = String(form.get("attempt_key") ?? "");
  if (!ATTEMPT_KEY.test(attemptKey)) return refusedData(refuse.invalid("This payment form is out of date. Reload the page and try again."));
  const paid = await settle(payWithSavedCard(context.db, context.payments, customer.id, orderId, paymentId, back, attemptKey));
  return answerPayment(paid, context, orderId, paymentId);
}

/** Where a press leads: the bank's page, the paid payment (a change it accepts told to the studio), or the refusal shown. */
async function answerPayment(
  paid: Awaited<ReturnType<typeof settle<SavedCardPayment>>>,
  context: ActionFunctionArgs["context"],
  orderId: number,
  paymentId: number,
) {
  if (!paid.ok) return refusedData(paid.refusal);
  if (paid.value.kind === "authenticate") return redirect(paid.value.location);
  if (paid.value.kind === "paid") {
    await tellAccepted(context.db, mailNotice(context), orderId);
    return redirect(paymentPath(orderId, paymentId));
  }
  return refusedData(refuse.paymentDeclined(paid.value.message));
}

export default function LaterPaymentPage() {
  const { orderId, offer, payment, card, problem, attemptKey, newCard, newCardNeedsScript } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsSubmitting(paymentPath(orderId, payment.id), "saved_card");
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
      {offer && offer.status === "open" ? (
        <p className="mt-1 text-sm text-slate-600">
          Paying accepts the change{offer.extraDays ? `: the due date moves by ${offer.extraDays} ${offer.extraDays === 1 ? "day" : "days"}` : ""}.
        </p>
      ) : null}
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
              <input type="hidden" name="intent" value="saved_card" />
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
          ) : null}
          {card ? (
            <details className="rounded-xl border border-slate-200 p-4">
              <summary className="cursor-pointer text-sm font-semibold text-slate-800">Pay with another card</summary>
              <NewCard
                newCard={newCard}
                total={payment.total}
                needsScript={newCardNeedsScript}
                refused={refused}
                paymentPath={paymentPath(orderId, payment.id)}
              />
            </details>
          ) : (
            <section aria-labelledby="new-card-title" className="rounded-xl border border-slate-200 p-4">
              <h2 id="new-card-title" className="text-sm font-semibold text-slate-800">
                Pay by card
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {newCard ? "No card is saved for this order: pay with a card below." : "No card is saved for this order."}
              </p>
              <NewCard
                newCard={newCard}
                total={payment.total}
                needsScript={newCardNeedsScript}
                refused={refused}
                paymentPath={paymentPath(orderId, payment.id)}
              />
            </section>
          )}
        </div>
      )}
    </section>
  );
}

/** Another card: the local gateway's fields (a plain form), or Stripe's card box once JavaScript runs. */
function NewCard({
  newCard,
  total,
  needsScript,
  refused,
  paymentPath: path,
}: {
  newCard: ReturnType<typeof useLoaderData<typeof loader>>["newCard"];
  total: string;
  needsScript: string;
  refused: string | null | undefined;
  paymentPath: string;
}) {
  const busy = useIsSubmitting(path, "card");
  if (!newCard) return <p className="mt-3 text-sm text-slate-600">{needsScript}</p>;
  if (newCard.kind === "stripe")
    return <LaterStripeCard publishableKey={newCard.publishableKey} clientSecret={newCard.clientSecret} total={total} needsScript={needsScript} />;
  return (
    <Form method="post" className="mt-3 space-y-3" aria-describedby={refused ? "payment-error" : undefined}>
      <input type="hidden" name="intent" value="card" />
      <LocalCardFields />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Processing..." : `Pay ${total}`}
      </button>
    </Form>
  );
}
