import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordField } from "~/components/password-checklist";
import { FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { ResetPasswordSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/http/form-submission.server";
import { LOGIN_PATH, RESET_LINK_INVALID } from "~/lib/password-recovery";
import { isLiveResetToken, resetPassword } from "~/auth/index.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { refuse } from "~/domain/refusal";
import { readForm } from "~/http/request-body.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = token.length > 0 && token.length <= 200 && (await isLiveResetToken(context, token));
  return data({ token: live ? token : null }, { status: live ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await readForm(request), { schema: ResetPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission, { hideFields: ["password"] });
  const outcome = await resetPassword(context, request, submission.value.token, submission.value.password);
  if (!outcome.ok) return formAnswer(submission, { refusal: refuse.invalid(RESET_LINK_INVALID), hideFields: ["password"] });
  return redirect(`${LOGIN_PATH[outcome.kind]}?notice=password-reset`);
}

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Reelcraft" },
  { name: "robots", content: "noindex" },
  // The token is in this page's address: no other site is told it (`same-origin`, not `no-referrer`,
  // which would make the form's own post arrive with `Origin: null` and be refused as cross-site).
  { name: "referrer", content: "same-origin" },
];

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { form, fields, formProps, error } = useSchemaForm(ResetPasswordSchema, { lastResult });
  const busy = useIsSubmitting("/reset-password");

  if (!token) {
    return (
      <AuthCard title="This link cannot be used">
        <p role="alert" className="text-sm text-slate-700">
          {RESET_LINK_INVALID}
        </p>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      <Form method="post" {...formProps} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordField label="New password" meta={fields.password} error={error(fields.password)} />
        <SubmitButton busy={busy} busyText="Saving...">
          Set new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
