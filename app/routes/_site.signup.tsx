import { getFormProps, useForm } from "@conform-to/react";
import { parseSubmission } from "~/services/form-submission.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthCard } from "~/components/auth-card";
import { PasswordChecklist } from "~/components/password-checklist";
import { Field, FormError, SubmitButton, useErrorsClearOnInput, useIsSubmitting } from "~/components/ui/form";
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

const BORDER = {
  red: "border-red-600 focus:ring-red-200",
  yellow: "border-amber-500 focus:ring-amber-200",
  green: "border-emerald-600 focus:ring-emerald-200",
};

export default function SignupPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const [password, setPassword] = useState("");
  const clear = useErrorsClearOnInput();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SignupSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const busy = useIsSubmitting("/signup");
  const strength = passwordStrength(password);
  const passwordError = clear.visible(fields.password.name, fields.password.errors);

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
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        onInput={clear.onInput}
        onSubmit={(event) => {
          clear.onSubmit();
          form.onSubmit(event);
        }}
        className="space-y-3"
      >
        <FormError id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Name" meta={fields.name} error={clear.visible(fields.name.name, fields.name.errors)} type="text" autoComplete="name" />
        <Field
          label="Email"
          meta={fields.email}
          error={clear.visible(fields.email.name, fields.email.errors)}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
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
