import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FieldError, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { DeleteAccountFormSchema } from "~/lib/schemas/account-deletion";

/** 'Delete my account' (customers' and creators' privacy pages): the consequence confirmed and the password asked again. */
export function DeleteAccountForm({ action, lastResult }: { action: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(DeleteAccountFormSchema, { id: "delete-account", lastResult });
  const busy = useIsSubmitting(action);
  const confirmError = error(fields.confirm);
  return (
    <Form method="post" action={action} {...formProps} className="max-w-md space-y-3">
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <div className="flex items-start gap-2">
          <input
            type="checkbox"
            id={fields.confirm.id}
            name={fields.confirm.name}
            key={fields.confirm.key}
            defaultChecked={fields.confirm.initialValue === "on"}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? fields.confirm.errorId : undefined}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={fields.confirm.id} className="text-sm text-slate-800">
            I understand that my account and its data will be deleted for good
          </label>
        </div>
        <FieldError id={fields.confirm.errorId} error={confirmError} />
      </div>
      <Field
        label="Current password"
        meta={fields.current_password}
        error={error(fields.current_password)}
        type="password"
        autoComplete="current-password"
        maxLength={128}
      />
      <SubmitButton busy={busy} busyText="Deleting..." className="sm:w-auto">
        Delete my account
      </SubmitButton>
    </Form>
  );
}
