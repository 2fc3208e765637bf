import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FieldError, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { formatMoney } from "~/lib/money";
import { minorToDecimalString } from "~/lib/money-decimal";
import { RefundFormSchema, type REFUND_SCOPES } from "~/lib/schemas/refund";
import { REFUND_REASON_MAX } from "~/lib/rules/text-limits";
import { decimalToMinor } from "~/lib/money-decimal";

type RefundScope = (typeof REFUND_SCOPES)[number];
import type { WorkStatus } from "~/lib/rules/work-status";
import type { RefundView } from "~/domain/orders/refund-views.server";
import { RefundList } from "~/components/refund-list";
import { paths } from "~/lib/paths";

/** A refund the studio asked for and must confirm: what the action's review step answers. */
export interface RefundToConfirm {
  /** All that is left, or a part (`amount`), as chosen; posted again with the confirmation. */
  scope: RefundScope;
  /** As typed ("" with all that is left). */
  amount: string;
  reason: string;
  amountMinor: number;
  /** Whether it is all that is left (which cancels work still open). */
  all: boolean;
}

/**
 * The studio's refunds of an order: those made (each with its credit note), and, while something
 * is left, the form: an explicit choice of all that is left or a part of it (its amount), and a reason. A secondary action that asks
 * to confirm the amount in a second step (a second request, so without JavaScript too). A refund of
 * all that is left cancels work still open, and the buttons say so.
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
  confirm,
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
  confirm: RefundToConfirm | null;
}) {
  const { form, fields, formProps, error } = useSchemaForm(RefundFormSchema, { id: "refund", lastResult });
  // The button names what the choice refunds (with JavaScript; without, the choice is confirmed in the next step).
  const [scope, setScope] = useState<string | undefined>(fields.scope.initialValue as string | undefined);
  const [typed, setTyped] = useState<string>((fields.amount.initialValue as string | undefined) ?? "");
  // What was chosen or typed before the page's code ran (the form works without it) is read once it runs.
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const values = new FormData(element);
    const chosen = values.get("scope");
    if (typeof chosen === "string") setScope(chosen);
    const amount = values.get("amount");
    if (typeof amount === "string") setTyped(amount);
  }, [form.id]);
  const refunding = useIsSubmitting(action, "refund");
  // With JavaScript, 'Change' puts the form back as it was typed (it stays mounted, hidden, while the
  // amount is confirmed); without, it asks the server for the form again with what was typed.
  const [dismissed, setDismissed] = useState<RefundToConfirm | null>(null);
  const confirming = confirm !== null && confirm !== dismissed ? confirm : null;
  const reviewing = useIsSubmitting(action, "review-refund");
  const pending = refunds.some((r) => r.status === "pending");
  const refundable = (paymentStatus === "succeeded" || paymentStatus === "completed") && !pending && (remainingMinor ?? 0) > 0;
  if (!refunds.length && !refundable) return null;
  const cancels = workStatus !== "completed" && workStatus !== "cancelled";
  const left = remainingMinor === null ? "" : formatMoney(remainingMinor, currency);
  const typedMinor = scope === "part" ? decimalToMinor(typed.trim(), currency) : null;
  const label =
    scope === "part" ? (typedMinor ? `Refund ${formatMoney(typedMinor, currency)}` : "Refund part") : cancels ? `Cancel and refund ${left}` : `Refund ${left}`;
  return (
    <section aria-labelledby="refund-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="refund-title" className="text-lg font-semibold">
        Refund
      </h2>
      <RefundList refunds={refunds} creditNoteHref={(number) => `${paths.adminOrder(orderId)}/credit-notes/${number}`} />
      {pending ? <p className="text-sm text-slate-700">A refund is under way. Reload the page in a moment.</p> : null}
      {refundable && confirming ? (
        <ConfirmRefund
          action={action}
          refundKey={refundKey}
          confirm={confirming}
          currency={currency}
          cancels={cancels && confirming.all}
          busy={refunding}
          onChange={() => setDismissed(confirming)}
        />
      ) : null}
      {refundable ? (
        <Form method="post" action={action} {...formProps} hidden={confirming !== null} className="space-y-3">
          <input type="hidden" name="refund_key" value={refundKey} />
          <p className="text-sm text-slate-600">{left} is left to refund. Each refund gets a credit note, and the customer is told by email.</p>
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset aria-describedby={fields.scope.errors ? fields.scope.errorId : undefined} className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">What to refund</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.scope.name}
                value="all"
                defaultChecked={fields.scope.initialValue === "all"}
                onChange={() => setScope("all")}
                className="size-4 accent-brand-700"
              />
              {`All that is left (${left})${cancels ? ", which also cancels the work" : ", the order stays completed"}`}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.scope.name}
                value="part"
                defaultChecked={fields.scope.initialValue === "part"}
                onChange={() => setScope("part")}
                className="size-4 accent-brand-700"
              />
              Part of it, the work goes on
            </label>
            <FieldError id={fields.scope.errorId} error={error(fields.scope)} />
          </fieldset>
          <Field
            label={`Amount of the part (${currency})`}
            meta={fields.amount}
            error={error(fields.amount)}
            inputMode="decimal"
            placeholder={remainingMinor === null ? "" : minorToDecimalString(remainingMinor, currency)}
            onChange={(event) => {
              // Typing an amount is choosing a part: the choice and the button follow what is typed.
              setTyped(event.currentTarget.value);
              setScope("part");
              const part = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="scope"][value="part"]');
              if (part) part.checked = true;
            }}
            onFocus={() => setScope((chosen) => chosen ?? "part")}
          />
          <TextAreaField label="Reason for the refund" meta={fields.reason} error={error(fields.reason)} rows={2} maxLength={REFUND_REASON_MAX} />
          <SubmitButton name="intent" value="review-refund" busy={reviewing} busyText="Checking..." tone="danger" className="sm:w-auto">
            {label}
          </SubmitButton>
          <p className="text-xs text-slate-600">You confirm the amount in the next step.</p>
        </Form>
      ) : null}
      {!refundable && !pending && refunds.length ? (
        <p className="text-sm text-slate-600">
          Nothing is left to refund. <Link to={`${paths.adminOrder(orderId)}/invoice`}>See the invoice</Link>.
        </p>
      ) : null}
    </section>
  );
}

/** The second step: the amount and reason as checked, the refund made only by this button; 'Change' goes back with both kept. */
function ConfirmRefund({
  action,
  refundKey,
  confirm,
  currency,
  cancels,
  busy,
  onChange,
}: {
  action: string;
  refundKey: string;
  confirm: RefundToConfirm;
  currency: string;
  cancels: boolean;
  busy: boolean;
  onChange: () => void;
}) {
  const amount = formatMoney(confirm.amountMinor, currency);
  return (
    <Form method="post" action={action} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" aria-labelledby="confirm-refund-title">
      <input type="hidden" name="refund_key" value={refundKey} />
      <input type="hidden" name="scope" value={confirm.scope} />
      <input type="hidden" name="amount" value={confirm.amount} />
      <input type="hidden" name="reason" value={confirm.reason} />
      <h3 id="confirm-refund-title" className="font-semibold text-red-900" data-testid="confirm-refund">
        {cancels ? `Refund ${amount} and cancel the work?` : `Refund ${amount} to the customer?`}
      </h3>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">Reason: {confirm.reason}</p>
      <p className="text-sm text-slate-700">
        The money goes back to the customer's card, a credit note is issued and the customer is told by email. This cannot be undone.
      </p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="refund" busy={busy} busyText="Refunding..." tone="danger-primary" className="sm:w-auto">
          {`Confirm refund of ${amount}`}
        </SubmitButton>
        <button
          type="submit"
          name="intent"
          value="edit-refund"
          onClick={(event) => {
            event.preventDefault();
            onChange();
          }}
          className="rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Change
        </button>
      </div>
    </Form>
  );
}
