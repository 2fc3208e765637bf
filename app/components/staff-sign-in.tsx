import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Logo } from "~/components/logo";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PASSWORD_RESET_DONE } from "~/lib/password-recovery";
import type { AdminLoginSchema, LoginSchema } from "~/lib/schemas/auth";

/** What the sign-in page says after the step that led to it (`?notice=`). */
const NOTICES: Record<string, string> = {
  "password-changed": "Password changed successfully. Please sign in again.",
  "password-reset": PASSWORD_RESET_DONE,
  "account-deleted": "Your account has been deleted. An email confirms it.",
};

/**
 * The sign-in page of the shop's other sides (admins at /admin/login, creators at /creator/login): a
 * page of its own, outside the shop's layout, with the notice of the step before, the form (its
 * refusal shown, the email kept) and password recovery for that kind of account.
 */
export function StaffSignInPage({
  kind,
  title,
  subtitle,
  schema,
  keepRedirect = false,
}: {
  kind: "admin" | "creator";
  title: string;
  subtitle: string;
  schema: typeof LoginSchema | typeof AdminLoginSchema;
  /** Carries `?redirectTo=` through the form (the creator's studio page they came from). */
  keepRedirect?: boolean;
}) {
  const lastResult = useActionData<{ result?: SubmissionResult<string[]> }>()?.result;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  const { form, fields, formProps, error } = useSchemaForm(schema, { lastResult });
  const busy = useIsSubmitting(`/${kind}/login`);
  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-md px-4 pt-12">
        <Logo to="/home" />
      </div>
      <main>
        <AuthCard title={title} subtitle={subtitle}>
          {notice && !lastResult ? (
            <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
              {notice}
            </p>
          ) : null}
          <Form method="post" {...formProps} className="space-y-3">
            <FormError id={form.errorId} errors={form.errors} />
            {keepRedirect ? <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} /> : null}
            <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="username" />
            <Field label="Password" meta={fields.password} error={error(fields.password)} type="password" autoComplete="current-password" maxLength={128} />
            <p className="text-right text-sm">
              <Link to={`/forgot-password?for=${kind}`} className="font-semibold text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </p>
            <SubmitButton busy={busy} busyText="Signing in...">
              Sign in
            </SubmitButton>
          </Form>
        </AuthCard>
      </main>
    </div>
  );
}
