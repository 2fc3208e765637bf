/**
 * The customer's colleagues on an order's review (the order page's `invite-guest` and `revoke-guest`):
 * the form checked as the page shows it, then the review-guests service. Null when done (the page
 * redirects), otherwise the answer to show: an invitation's as the form's reply (`intent: "invite-guest"`).
 */
import type { Database } from "../../db/client";
import type { MailNotice } from "~/domain/mail/order-emails.server";
import { inviteGuest, revokeGuest } from "~/domain/orders/review-guests.server";
import { refuse, settle } from "~/domain/refusal";
import { GuestInviteSchema, GuestRevokeSchema } from "~/lib/schemas/review-comment";
import { parseSubmission } from "./form-submission.server";
import { formAnswer, refusedData } from "./screen-refusal.server";

export async function guestAction(db: Database, notice: MailNotice, form: FormData, orderId: number, customerId: number) {
  if (form.get("intent") === "revoke-guest") {
    const submission = parseSubmission(form, { schema: GuestRevokeSchema });
    if (submission.status !== "success") return refusedData(refuse.malformed("The link could not be revoked."));
    const revoked = await settle(revokeGuest(db, orderId, customerId, submission.value.guest_id));
    return revoked.ok ? null : refusedData(revoked.refusal);
  }
  const submission = parseSubmission(form, { schema: GuestInviteSchema });
  const beside = { intent: "invite-guest" as const };
  if (submission.status !== "success") return formAnswer(submission, { beside });
  const invited = await settle(inviteGuest(db, notice, orderId, customerId, submission.value.email));
  return invited.ok ? null : formAnswer(submission, { refusal: invited.refusal, field: "email", beside });
}
