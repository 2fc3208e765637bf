import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useCheckedForm } from "~/components/ui/use-checked-form";
import { CANCELLATION_ANSWER_DAYS } from "~/lib/rules/cancellation-rules";
import type { CancellationAnswerSchema } from "~/lib/schemas/refund";
import { REFUND_REASON_MAX } from "~/lib/rules/text-limits";
import type { z } from "zod";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/**
 * The studio's answer to a customer's cancellation of work already started: the refund for the work
 * not done ("0" for none) and a note of the work done; the order is then cancelled. Unanswered within
 * CANCELLATION_ANSWER_DAYS, the shop refunds everything.
 */
export function CancellationAnswer({
  action,
  requestedAt,
  remaining,
  currency,
  lastResult,
}: {
  action: string;
  requestedAt: string;
  remaining: string;
  currency: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof CancellationAnswerSchema>>({ id: "cancellation-answer", lastResult });
  const answering = useIsSubmitting(action, "answer-cancellation");
  const due = new Date(Date.parse(requestedAt) + CANCELLATION_ANSWER_DAYS * 86_400_000);
  return (
    <section aria-labelledby="cancellation-title" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-6">
      <h2 id="cancellation-title" className="text-lg font-semibold text-amber-950">
        Cancellation to answer
      </h2>
      <p className="text-sm text-amber-950">
        {`The customer cancelled on ${dateFormat.format(new Date(requestedAt))} UTC, within 14 days of paying, after work started at their request. Refund the work not yet done (up to ${remaining} ${currency}) by ${dateFormat.format(due)} UTC; without an answer by then the whole payment is refunded.`}
      </p>
      <Form method="post" action={action} {...formProps} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          label={`Refund for the work not done (${currency})`}
          meta={fields.amount}
          error={error(fields.amount)}
          inputMode="decimal"
          placeholder={remaining}
        />
        <TextAreaField label="Work done so far" meta={fields.note} error={error(fields.note)} rows={2} maxLength={REFUND_REASON_MAX} />
        <SubmitButton name="intent" value="answer-cancellation" busy={answering} busyText="Answering..." className="sm:w-auto">
          Refund and cancel the order
        </SubmitButton>
      </Form>
    </section>
  );
}
