import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { formatMoney } from "~/lib/money";
import { REFUND_REASON_MAX, RefundSchema } from "~/lib/schemas/refund";
import type { WorkStatus } from "~/lib/work-status";

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

type Refund = { status: "pending" | "succeeded"; reason: string; refunded_at: string | null; amount_minor: number; currency: string };

/**
 * The studio's refund of an order (whole amount, with a reason): what was refunded and why, or the
 * form while the payment can be refunded. Work still open is cancelled with it, and the button says so.
 */
export function RefundPanel({
  action,
  paymentStatus,
  workStatus,
  amountMinor,
  currency,
  refund,
  lastResult,
}: {
  action: string;
  paymentStatus: string;
  workStatus: WorkStatus;
  amountMinor: number | null;
  currency: string;
  refund: Refund | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(RefundSchema, { id: "refund", lastResult });
  const refunding = useIsSubmitting(action, "refund");
  const refundable = (paymentStatus === "succeeded" || paymentStatus === "completed") && refund?.status !== "succeeded";
  if (!refund && !refundable) return null;
  const cancels = workStatus !== "completed" && workStatus !== "cancelled";
  const amount = amountMinor === null ? "" : ` ${formatMoney(amountMinor, currency)}`;
  return (
    <section aria-labelledby="refund-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="refund-title" className="text-lg font-semibold">
        Refund
      </h2>
      {refund?.status === "succeeded" ? (
        <p className="text-sm text-slate-700">
          Refunded {formatMoney(refund.amount_minor, refund.currency)}
          {refund.refunded_at ? ` on ${date.format(new Date(refund.refunded_at))} UTC` : ""}. Reason: {refund.reason}
        </p>
      ) : refund?.status === "pending" ? (
        <p className="text-sm text-slate-700">A refund is under way. Reload the page in a moment.</p>
      ) : (
        <Form method="post" action={action} {...formProps} className="space-y-3">
          <p className="text-sm text-slate-600">
            {cancels
              ? "Refunds the whole payment to the customer's card and cancels the work. The customer is told by email."
              : "Refunds the whole payment to the customer's card. The order stays completed. The customer is told by email."}
          </p>
          <FormError id={form.errorId} errors={form.errors} />
          <TextAreaField label="Reason for the refund" meta={fields.reason} error={error(fields.reason)} rows={2} maxLength={REFUND_REASON_MAX} />
          <SubmitButton name="intent" value="refund" busy={refunding} busyText="Refunding..." className="sm:w-auto">
            {cancels ? `Cancel and refund${amount}` : `Refund${amount}`}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
