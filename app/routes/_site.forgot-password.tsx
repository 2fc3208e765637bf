import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { actionRetryAfter } from "~/lib/retry-after";
import { ForgotPasswordSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/http/form-submission.server";
import { LOGIN_PATH, RESET_LINK_SENT } from "~/lib/password-recovery";
import { requestPasswordReset } from "~/auth/index.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { readForm } from "~/http/request-body.server";

export const headers = actionRetryAfter;

/** Whose password: `for=admin` or `for=creator`, else a customer's. */
const accountKindOf = (value: FormDataEntryValue | null) => (value === "admin" ? "admin" : value === "creator" ? "creator" : "customer");
const BACK_TO = { admin: "admin sign in", creator: "creator sign in", customer: "log in" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const kind = accountKindOf(formData.get("for"));
  const submission = parseSubmission(formData, { schema: ForgotPasswordSchema, allow: ["for"] });
  if (submission.status !== "success") return formAnswer(submission, { beside: { sent: false } });
  const asked = await settle(requestPasswordReset(context, request, kind, submission.value.email));
  if (!asked.ok) {
    return formAnswer(submission, { refusal: asked.refusal, beside: { sent: false } });
  }
  return data({ result: submission.reply(), sent: true });
}

export const meta: MetaFunction = () => [{ title: "Forgot password · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function ForgotPasswordPage() {
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const kind = accountKindOf(params.get("for"));
  const { form, fields, formProps, error } = useSchemaForm(ForgotPasswordSchema, { lastResult: answer?.result });
  const busy = useIsSubmitting("/forgot-password");
  const loginPath = LOGIN_PATH[kind];

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Link to={loginPath} className="font-semibold text-brand-700 hover:underline">
          Back to {BACK_TO[kind]}
        </Link>
      }
    >
      {answer?.sent ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {RESET_LINK_SENT}
        </p>
      ) : null}
      <Form method="post" action={kind === "customer" ? "/forgot-password" : `/forgot-password?for=${kind}`} {...formProps} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        {kind === "customer" ? null : <input type="hidden" name="for" value={kind} />}
        <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="email" inputMode="email" />
        <SubmitButton busy={busy} busyText="Sending link...">
          Send reset link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
