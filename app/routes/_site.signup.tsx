import { parseSubmission } from "~/services/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthCard } from "~/components/auth-card";
import { PasswordChecklist, STRENGTH_BORDER as BORDER } from "~/components/password-checklist";
import { Field, FormError, SubmitButton, useIsSubmitting } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { passwordStrength, SignupSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { getCustomer } from "~/services/auth.server";
import { refusalInit, signUpCustomer } from "~/services/sign-in.server";
import { actionRetryAfter } from "~/lib/retry-after";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getCustomer(context, request)) throw redirect("/products");
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseSubmission(formData, { schema: SignupSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const outcome = await signUpCustomer(context, request, submission.value);
  if (!outcome.ok) return data({ result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) }, refusalInit(outcome));
  return redirect(safeRedirect(formData.get("redirectTo")), { headers: outcome.headers });
}

export const meta: MetaFunction = () => [{ title: "Sign up · Reelcraft" }];

export default function SignupPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const [password, setPassword] = useState("");
  const { form, fields, formProps, error } = useSchemaForm(SignupSchema, { lastResult });
  const busy = useIsSubmitting("/signup");
  const strength = passwordStrength(password);
  const passwordError = error(fields.password);

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <p>
          <span className="font-semibold text-brand-700">Start your 30-day free trial.</span> No card needed to look around.
        </p>
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <Form method="post" {...formProps} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Name" meta={fields.name} error={error(fields.name)} type="text" autoComplete="name" />
        <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="email" inputMode="email" />
        <Field
          label="Password"
          meta={fields.password}
          error={passwordError}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          onChange={(e) => setPassword(e.target.value)}
          data-strength={password ? strength.colour : undefined}
          inputClassName={password ? BORDER[strength.colour] : passwordError ? BORDER.red : "border-slate-300 focus:border-brand-600 focus:ring-brand-200"}
          hint={<PasswordChecklist id={`${fields.password.id}-rules`} password={password} />}
        />
        <SubmitButton busy={busy} busyText="Creating account...">
          Sign up
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
