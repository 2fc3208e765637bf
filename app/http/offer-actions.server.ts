/**
 * The change offers' screen actions, shared by the customer's order page (`accept-offer`,
 * `decline-offer`), the admin's and the creator's (`offer-change` on a comment or message; an
 * admin's `approve-offer`). Validated with the API's schemas; a refused offer form comes back as its
 * reply (`{ intent, result, anchor }`: its messages and what was typed, beside the comment or message
 * it was raised on). The rules live in change-offers.server.ts.
 */
import { redirect } from "@remix-run/cloudflare";
import { acceptOffer, approveOffer, declineOffer, raiseOffer } from "~/domain/orders/change-offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { refuse, settle } from "~/domain/refusal";
import type { ServiceContext } from "~/domain/context";
import { AcceptOfferFormSchema, ApproveOfferFormSchema, ChangeOfferSchema, DeclineOfferFormSchema } from "~/lib/schemas/change-offer";
import { paths } from "~/lib/paths";
import { parseSubmission } from "./form-submission.server";
import { formAnswer, refusedData } from "./screen-refusal.server";

export const OFFER_INTENTS = ["offer-change", "approve-offer", "accept-offer", "decline-offer"] as const;
export type OfferIntent = (typeof OFFER_INTENTS)[number];

export function isOfferIntent(intent: FormDataEntryValue | null): intent is OfferIntent {
  return (OFFER_INTENTS as readonly unknown[]).includes(intent);
}

type Who = { kind: "customer" | "admin" | "creator"; id: number };

/** Answers an offer intent of `form` on the page at `pagePath`: back to the offers with a notice, on to the payment's next step, or the form with its messages. */
export async function offerAction(context: ServiceContext, form: FormData, orderId: number, who: Who, pagePath: string) {
  const intent = form.get("intent") as OfferIntent;
  const notice = mailNotice(context);
  const back = (done: string) => redirect(`${pagePath}?notice=${done}#change-offers-title`);
  if (intent === "offer-change") {
    const submission = parseSubmission(form, { schema: ChangeOfferSchema });
    const anchor = String(
      form.get("comment_id") || form.get("message_id")
        ? `${form.get("comment_id") ? "comment" : "message"}-${form.get("comment_id") || form.get("message_id")}`
        : "offer",
    );
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent, anchor } });
    if (who.kind === "customer") return refusedData(refuse.forbidden("Only the studio offers changes."));
    const raised = await settle(raiseOffer(context.db, notice, orderId, { kind: who.kind, id: who.id }, submission.value));
    if (!raised.ok) return formAnswer(submission, { refusal: raised.refusal, beside: { intent, anchor } });
    return back(raised.value.status === "open" ? "offer-sent" : "offer-waits");
  }
  if (intent === "approve-offer") {
    const submission = parseSubmission(form, { schema: ApproveOfferFormSchema });
    if (submission.status !== "success" || who.kind !== "admin") return refusedData(refuse.malformed("The offer could not be approved."));
    const approved = await settle(approveOffer(context.db, notice, orderId, submission.value.offer_id, who.id));
    return approved.ok ? back("offer-approved") : refusedData(approved.refusal);
  }
  if (who.kind !== "customer") return refusedData(refuse.forbidden("Only the customer answers an offer."));
  if (intent === "decline-offer") {
    const submission = parseSubmission(form, { schema: DeclineOfferFormSchema });
    const anchor = `offer-${String(form.get("offer_id") ?? "")}`;
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent, anchor } });
    const declined = await settle(declineOffer(context.db, context.payments, notice, orderId, submission.value.offer_id, who.id, submission.value.reason));
    if (!declined.ok) return formAnswer(submission, { refusal: declined.refusal, beside: { intent, anchor } });
    return back(declined.value.status === "accepted" ? "offer-accepted" : "offer-declined");
  }
  const submission = parseSubmission(form, { schema: AcceptOfferFormSchema });
  if (submission.status !== "success") return refusedData(refuse.invalid("This offer's form is out of date. Reload the page and try again."));
  const accepted = await settle(
    acceptOffer(context.db, context.payments, notice, orderId, submission.value.offer_id, who.id, {
      method: submission.value.method,
      attemptKey: submission.value.attempt_key,
      returnUrlFor: (paymentId) => new URL(paths.laterPayment(orderId, paymentId), context.origin).toString(),
    }),
  );
  if (!accepted.ok) return refusedData(accepted.refusal);
  const outcome = accepted.value;
  if (outcome.kind === "paid") return back("offer-accepted");
  if (outcome.kind === "authenticate") return redirect(outcome.location);
  // A new card (or a saved one declined: another can be tried there) is given on the payment's page.
  if (outcome.kind === "pay") return redirect(paths.laterPayment(orderId, outcome.paymentId));
  return refusedData(refuse.paymentDeclined(`${outcome.message} Try again, or pay with another card on the payment's page.`));
}
