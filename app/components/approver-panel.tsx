import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useCheckedForm } from "~/components/ui/use-checked-form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import type { RevisionSchema } from "~/lib/schemas/revision";

export interface ApproverView {
  /** A delivery awaits the sign-offs. */
  deciding: boolean;
  /** The stage in hand's name (null for an order made in one piece). */
  what: string | null;
  version: number;
  /** This approver's approval of that version stands. */
  approved: boolean;
  rule: string;
  revisionsLeft: number;
}

/**
 * A named approver's sign-off on their review page: approve the delivery under review, withdraw that
 * approval before it takes effect, or ask for changes (one of the customer's revision rounds, with a
 * note; the version's open comments go with it). Plain forms: they work before JavaScript loads.
 */
export function ApproverPanel({
  approver,
  action,
  lastResult,
}: {
  approver: ApproverView;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const approving = useIsSubmitting(action, "sign-off-approve");
  const withdrawing = useIsSubmitting(action, "sign-off-withdraw");
  const asking = useIsSubmitting(action, "sign-off-changes");
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof RevisionSchema>>({ id: "sign-off-changes", lastResult });
  const thing = approver.what ? `${approver.what} (v${approver.version})` : `version ${approver.version}`;
  return (
    <section aria-labelledby="sign-off-title" className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
      <h2 id="sign-off-title" className="text-lg font-semibold text-emerald-950">
        Your sign-off
      </h2>
      {!approver.deciding ? (
        <p className="text-sm text-emerald-950">Nothing awaits your sign-off now. You will get an email when the next delivery is ready.</p>
      ) : approver.approved ? (
        <Form method="post" action={action} className="space-y-2">
          <p className="text-sm text-emerald-950">{`You approved ${thing}. It takes effect once the others have approved; until then you can withdraw it.`}</p>
          <SubmitButton name="intent" value="sign-off-withdraw" busy={withdrawing} busyText="Withdrawing..." tone="secondary" className="sm:w-auto">
            Withdraw my approval
          </SubmitButton>
        </Form>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Form method="post" action={action} className="space-y-2">
            <p className="text-sm text-emerald-950">{`${thing} awaits your sign-off. ${approver.rule}`}</p>
            <SubmitButton
              name="intent"
              value="sign-off-approve"
              busy={approving}
              busyText="Approving..."
              className="bg-emerald-700 hover:bg-emerald-800 sm:w-auto"
            >
              {`Approve ${approver.what ?? "the delivery"}`}
            </SubmitButton>
          </Form>
          {approver.revisionsLeft > 0 ? (
            <Form method="post" action={action} {...formProps} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
              <h3 className="font-semibold">Ask for changes</h3>
              <p className="text-sm text-slate-600">{`Uses one of the customer's ${approver.revisionsLeft} revision rounds left; the open comments on this version go with it.`}</p>
              <FormError id={form.errorId} errors={form.errors} />
              <TextAreaField label="What should change?" meta={fields.note} error={error(fields.note)} rows={3} />
              <SubmitButton name="intent" value="sign-off-changes" busy={asking} busyText="Sending..." tone="secondary" className="sm:w-auto">
                Ask for changes
              </SubmitButton>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">No revision rounds are left: comment on the version, and the customer decides.</p>
          )}
        </div>
      )}
    </section>
  );
}
