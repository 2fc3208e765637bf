import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { formatMoney } from "~/lib/money";
import { minorToDecimalString } from "~/lib/money-decimal";
import { REFUND_REASON_MAX, RefundSchema } from "~/lib/schemas/refund";
import type { WorkStatus } from "~/lib/work-status";
import type { RefundView } from "~/domain/orders/refund-views.server";
import { RefundList } from "~/components/refund-list";

/**
 * The studio's refunds of an order: those made (each with its credit note), and, while something
 * is left, the form: an amount (empty: all that is left) and a reason. A refund of all that is left
 * cancels work still open, and the button says so.
 */
export function RefundPanel({
  action,
  paymentStatus,
  workStatus,
  remainingMinor,
  currency,
  refunds,
  orderId,
  refundKey,
  lastResult,
}: {
  action: string;
  paymentStatus: string;
  workStatus: WorkStatus;
  remainingMinor: number | null;
  currency: string;
  refunds: RefundView[];
  orderId: number;
  refundKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(RefundSchema, { id: "refund", lastResult });
  const refunding = useIsSubmitting(action, "refund");
  const pending = refunds.some((r) => r.status === "pending");
  const refundable = (paymentStatus === "succeeded" || paymentStatus === "completed") && !pending && (remainingMinor ?? 0) > 0;
  if (!refunds.length && !refundable) return null;
  const cancels = workStatus !== "completed" && workStatus !== "cancelled";
  const left = remainingMinor === null ? "" : formatMoney(remainingMinor, currency);
  return (
    <section aria-labelledby="refund-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="refund-title" className="text-lg font-semibold">
        Refund
      </h2>
      <RefundList refunds={refunds} creditNoteHref={(number) => `/admin/orders/${orderId}/credit-notes/${number}`} />
      {pending ? <p className="text-sm text-slate-700">A refund is under way. Reload the page in a moment.</p> : null}
      {refundable ? (
        <Form method="post" action={action} {...formProps} className="space-y-3">
          <input type="hidden" name="refund_key" value={refundKey} />
          <p className="text-sm text-slate-600">
            {left} is left to refund. Leave the amount empty to refund all of it
            {cancels ? ", which also cancels the work" : " (the order stays completed)"}; a smaller amount refunds part of it. Each refund gets a credit note,
            and the customer is told by email.
          </p>
          <FormError id={form.errorId} errors={form.errors} />
          <Field
            label={`Amount (${currency}, optional)`}
            meta={fields.amount}
            error={error(fields.amount)}
            inputMode="decimal"
            placeholder={remainingMinor === null ? "" : minorToDecimalString(remainingMinor, currency)}
          />
          <TextAreaField label="Reason for the refund" meta={fields.reason} error={error(fields.reason)} rows={2} maxLength={REFUND_REASON_MAX} />
          <SubmitButton name="intent" value="refund" busy={refunding} busyText="Refunding..." className="sm:w-auto">
            {cancels ? `Cancel and refund ${left}` : `Refund ${left}`}
          </SubmitButton>
          <p className="text-xs text-slate-600">With an amount, the button refunds that amount only, and the work goes on.</p>
        </Form>
      ) : null}
      {!refundable && !pending && refunds.length ? (
        <p className="text-sm text-slate-600">
          Nothing is left to refund. <Link to={`/admin/orders/${orderId}/invoice`}>See the invoice</Link>.
        </p>
      ) : null}
    </section>
  );
}
