import { Form, Link } from "@remix-run/react";
import type { ChangeOfferView, CustomerOfferView } from "~/domain/orders/change-offers.server";
import { formatMoney } from "~/lib/money";
import { decimalToMinor } from "~/lib/money-decimal";
import { paths } from "~/lib/paths";
import type { SubmissionResult } from "@conform-to/react";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { cardName } from "~/lib/card-name";
import { offerExpiryText, OFFER_LIMITS } from "~/lib/rules/change-offers";

/** An offer as the pages show it (the API's view; the customer's priced with its tax). */
export type OfferItem = ChangeOfferView & Partial<Pick<CustomerOfferView, "net" | "tax" | "total">>;

/** What an offer form's action answered: a refusal, or the form's reply beside the comment, message or offer it belongs to. */
export type OfferAnswer = { refused?: string | null; intent?: string; anchor?: string; result?: SubmissionResult<string[]> } | undefined;

const STATUS_TEXT: Record<OfferItem["status"], string> = {
  pending_approval: "Waiting for an admin's approval",
  open: "Offered to the customer",
  accepted: "New scope — accepted",
  declined: "Declined",
  expired: "Expired",
};

/** An offer's net price as money ("£240.00"). */
const money = (offer: OfferItem) => formatMoney(decimalToMinor(offer.amount, offer.currency) ?? 0, offer.currency);

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function errorsOf(answer: OfferAnswer, intent: string, anchor: string) {
  if (!answer || answer.intent !== intent || answer.anchor !== anchor || !answer.result?.error) return null;
  return [...new Set(Object.values(answer.result.error).flat())].join(" ") || null;
}
const kept = (answer: OfferAnswer, intent: string, anchor: string, name: string) =>
  answer?.intent === intent && answer.anchor === anchor ? String((answer.result?.initialValue as Record<string, unknown> | undefined)?.[name] ?? "") : "";

/**
 * An open offer for the customer: what changes, what it costs (tax included) and the days it adds,
 * with Accept (pays at once with the card saved for the order, or goes to the payment's step for a
 * new card) and Decline (an optional reason). Plain forms: both work without JavaScript.
 */
export function OfferCard({
  offer,
  card,
  attemptKey,
  pagePath,
  answer,
  place,
  orderId,
}: {
  offer: OfferItem;
  card: { brand: string; last4: string } | null;
  attemptKey: string;
  pagePath: string;
  answer: OfferAnswer;
  orderId: number;
  /** Where it is shown ("top" of the order, or beside its "comment"): keeps the forms' ids apart. */
  place: "top" | "comment";
}) {
  const accepting = useIsSubmitting(pagePath, "accept-offer");
  const anchor = `offer-${offer.id}`;
  const declineError = errorsOf(answer, "decline-offer", anchor);
  const id = `${place}-${offer.id}`;
  return (
    <div id={place === "top" ? anchor : undefined} className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">Change offered: {offer.description}</p>
      <p className="mt-1 text-slate-700">
        {offer.total ? `${offer.total} (${offer.net} + ${offer.tax} VAT)` : `${money(offer)} before tax`}
        {offer.extra_days ? `, adding ${days(offer.extra_days)} to the due date` : ", no change to the due date"}
        {offer.stage ? ` · extends stage ${offer.stage}` : ""}
      </p>
      {offer.expires_at ? (
        <p className="mt-1 text-slate-600">Reply by {offerExpiryText(offer.expires_at)}. If you don't, the offer lapses and nothing changes.</p>
      ) : null}
      {offer.payment_id ? (
        <p className="mt-1">
          <Link to={paths.laterPayment(orderId, offer.payment_id)} className="font-semibold text-brand-800 underline">
            Payment started: finish paying
          </Link>
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Form method="post" action={pagePath} className="w-full sm:w-auto">
          <input type="hidden" name="intent" value="accept-offer" />
          <input type="hidden" name="offer_id" value={offer.id} />
          <input type="hidden" name="attempt_key" value={attemptKey} />
          <input type="hidden" name="method" value={card ? "saved_card" : "new_card"} />
          <button
            type="submit"
            disabled={accepting}
            className="w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
          >
            {accepting ? (
              "Processing..."
            ) : card ? (
              <>
                Accept and pay {offer.total ?? ""} <span className="whitespace-nowrap">with {cardName(card)}</span>
              </>
            ) : (
              `Accept and pay ${offer.total ?? ""} by card`
            )}
            <span className="sr-only"> ({offer.description})</span>
          </button>
        </Form>
        <details open={Boolean(declineError)} className="min-w-0 sm:flex-1">
          <summary className="cursor-pointer py-2 font-semibold text-slate-700">
            Decline<span className="sr-only"> ({offer.description})</span>
          </summary>
          <Form method="post" action={pagePath} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="decline-offer" />
            <input type="hidden" name="offer_id" value={offer.id} />
            <label htmlFor={`decline-reason-${id}`} className="block text-slate-700">
              Why not? (optional, the studio sees it)
            </label>
            <textarea
              id={`decline-reason-${id}`}
              name="reason"
              rows={2}
              maxLength={500}
              defaultValue={kept(answer, "decline-offer", anchor, "reason")}
              aria-invalid={declineError ? true : undefined}
              aria-describedby={declineError ? `decline-error-${id}` : undefined}
              className="block w-full rounded-lg border border-slate-300 px-2 py-1.5"
            />
            {declineError ? (
              <p id={`decline-error-${id}`} className="text-red-700">
                {declineError}
              </p>
            ) : null}
            <button type="submit" className="rounded-lg px-3 py-1.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">
              Decline the change
            </button>
          </Form>
        </details>
      </div>
    </div>
  );
}

/** An offer that is no longer waiting, in a line: what it was and how it ended. */
function OfferLine({ offer }: { offer: OfferItem }) {
  return (
    <li className="text-sm">
      <span className="font-medium">{offer.description}</span> · {offer.total ?? money(offer)}
      {offer.extra_days ? ` · ${days(offer.extra_days)}` : ""} ·{" "}
      <span className={offer.status === "accepted" ? "font-semibold text-emerald-800" : "text-slate-600"}>{STATUS_TEXT[offer.status]}</span>
      {offer.status === "declined" && offer.decline_reason ? <span className="text-slate-600">: {offer.decline_reason}</span> : null}
    </li>
  );
}

/** The customer's offers at the top of the order: those open to answer, then how the others ended. */
export function CustomerOffers(props: {
  offers: OfferItem[];
  card: { brand: string; last4: string } | null;
  attemptKey: string;
  pagePath: string;
  answer: OfferAnswer;
  orderId: number;
}) {
  const { offers } = props;
  if (!offers.length) return null;
  const open = offers.filter((o) => o.status === "open");
  const past = offers.filter((o) => o.status !== "open");
  return (
    <section aria-labelledby="change-offers-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="change-offers-title" className="text-lg font-semibold">
        Change offers
      </h2>
      {open.length ? (
        <p className="text-sm text-slate-600">The studio priced work beyond your package. Accepting pays for it at once and it gets its own invoice.</p>
      ) : null}
      {open.map((offer) => (
        <OfferCard key={offer.id} offer={offer} place="top" {...props} />
      ))}
      {past.length ? (
        <ul aria-label="Earlier change offers" className="space-y-1">
          {past.map((offer) => (
            <OfferLine key={offer.id} offer={offer} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Beside a comment or message on the customer's page: its open offer to answer, or the mark of new scope accepted. */
export function OffersBeside(props: {
  offers: OfferItem[];
  card: { brand: string; last4: string } | null;
  attemptKey: string;
  pagePath: string;
  answer: OfferAnswer;
  orderId: number;
}) {
  if (!props.offers.length) return null;
  return (
    <div className="mt-2 space-y-2">
      {props.offers.map((offer) =>
        offer.status === "open" ? (
          <OfferCard key={offer.id} offer={offer} place="comment" {...props} />
        ) : (
          <p key={offer.id} className={`text-xs font-semibold ${offer.status === "accepted" ? "text-emerald-800" : "text-slate-600"}`}>
            {offer.status === "accepted" ? "New scope — accepted" : `Change offer ${STATUS_TEXT[offer.status].toLowerCase()}`}: {offer.description}
          </p>
        ),
      )}
    </div>
  );
}

/**
 * The studio's side of a comment or message: its offers and how they stand, and a form to offer a
 * change priced from it (what changes, a net price in the order's currency, the days it adds).
 */
export function StudioOffersBeside({
  offers,
  anchor,
  pagePath,
  currency,
  answer,
  canRaise,
}: {
  offers: OfferItem[];
  anchor: { comment_id: number } | { message_id: number };
  pagePath: string;
  currency: string;
  answer: OfferAnswer;
  /** The order takes offers now (paid, its work open). */
  canRaise: boolean;
}) {
  const key = "comment_id" in anchor ? `comment-${anchor.comment_id}` : `message-${anchor.message_id}`;
  const error = errorsOf(answer, "offer-change", key) ?? (answer?.intent === "offer-change" && answer.anchor === key ? (answer.refused ?? null) : null);
  const busy = useIsSubmitting(pagePath, "offer-change");
  return (
    <div className="mt-2 space-y-1">
      {offers.map((offer) => (
        <p key={offer.id} className={`text-xs font-semibold ${offer.status === "accepted" ? "text-emerald-800" : "text-slate-700"}`}>
          {offer.status === "accepted" ? "New scope — accepted" : STATUS_TEXT[offer.status]}: {offer.description} · {money(offer)} before tax
        </p>
      ))}
      {canRaise ? (
        <details open={Boolean(error)}>
          <summary className="cursor-pointer py-2 text-sm font-semibold text-brand-700">Offer a priced change</summary>
          <Form method="post" action={pagePath} className="mt-2 space-y-2 text-sm">
            <input type="hidden" name="intent" value="offer-change" />
            {"comment_id" in anchor ? (
              <input type="hidden" name="comment_id" value={anchor.comment_id} />
            ) : (
              <input type="hidden" name="message_id" value={anchor.message_id} />
            )}
            <label htmlFor={`offer-description-${key}`} className="block font-medium">
              What changes
            </label>
            <textarea
              id={`offer-description-${key}`}
              name="description"
              rows={2}
              required
              maxLength={OFFER_LIMITS.descriptionMax}
              defaultValue={kept(answer, "offer-change", key, "description")}
              aria-describedby={error ? `offer-error-${key}` : undefined}
              className="block w-full rounded-lg border border-slate-300 px-2 py-1.5"
            />
            <div className="flex flex-wrap gap-3">
              <div>
                <label htmlFor={`offer-amount-${key}`} className="block font-medium">
                  Price before tax ({currency})
                </label>
                <input
                  id={`offer-amount-${key}`}
                  name="amount"
                  inputMode="decimal"
                  required
                  placeholder="e.g. 240.00"
                  defaultValue={kept(answer, "offer-change", key, "amount")}
                  aria-describedby={error ? `offer-error-${key}` : undefined}
                  className="mt-1 w-32 rounded-lg border border-slate-300 px-2 py-1.5"
                />
              </div>
              <div>
                <label htmlFor={`offer-days-${key}`} className="block font-medium">
                  Days it adds
                </label>
                <input
                  id={`offer-days-${key}`}
                  name="extra_days"
                  type="number"
                  min={0}
                  max={OFFER_LIMITS.extraDaysMax}
                  required
                  defaultValue={kept(answer, "offer-change", key, "extra_days") || "0"}
                  className="mt-1 w-24 rounded-lg border border-slate-300 px-2 py-1.5"
                />
              </div>
            </div>
            {error ? (
              <p id={`offer-error-${key}`} role="alert" className="text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={busy} className="rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60">
              {busy ? "Sending..." : "Send the offer"}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** The studio's list of an order's offers; an admin approves a creator's that waits for it. */
export function StudioOffers({ offers, canApprove, pagePath }: { offers: OfferItem[]; canApprove: boolean; pagePath: string }) {
  if (!offers.length) return null;
  return (
    <div>
      <h3 id="change-offers-title" className="font-semibold">
        Change offers
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {offers.map((offer) => (
          <li key={offer.id} className="rounded-xl border border-slate-200 p-3">
            <p>
              <span className="font-medium">{offer.description}</span> · {money(offer)} before tax
              {offer.extra_days ? ` · ${days(offer.extra_days)}` : ""} · by {offer.raised_by === "admin" ? "the studio" : "the creator"}
            </p>
            <p className={offer.status === "accepted" ? "font-semibold text-emerald-800" : "text-slate-600"}>
              {STATUS_TEXT[offer.status]}
              {offer.status === "open" && offer.expires_at ? ` until ${offerExpiryText(offer.expires_at)}` : ""}
              {offer.status === "declined" && offer.decline_reason ? `: ${offer.decline_reason}` : ""}
            </p>
            {canApprove && offer.status === "pending_approval" ? (
              <Form method="post" action={pagePath} className="mt-2">
                <input type="hidden" name="intent" value="approve-offer" />
                <input type="hidden" name="offer_id" value={offer.id} />
                <button type="submit" className="rounded-lg bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800">
                  Approve and offer it to the customer<span className="sr-only"> ({offer.description})</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
