import { parseSubmission } from "~/http/form-submission.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordField } from "~/components/password-checklist";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SignupSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { getCustomer, signUpCustomer } from "~/auth/index.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { pageMeta } from "~/http/seo.server";
import { readForm } from "~/http/request-body.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getCustomer(context, request)) throw redirect("/products");
  return {
    head: pageMeta(context.origin, {
      title: "Sign up · Reelcraft",
      description: "Create a Reelcraft account to order 3D animation and video packages at fixed prices.",
      path: "/signup",
    }),
  };
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseSubmission(formData, { schema: SignupSchema, allow: ["redirectTo"] });
  if (submission.status !== "success") return formAnswer(submission, { hideFields: ["password"] });
  const signedUp = await settle(signUpCustomer(context, request, submission.value));
  if (!signedUp.ok) {
    return formAnswer(submission, { refusal: signedUp.refusal, hideFields: ["password"] });
  }
  return redirect(safeRedirect(formData.get("redirectTo")), { headers: signedUp.value });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];

export default function SignupPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const { form, fields, formProps, error } = useSchemaForm(SignupSchema, { lastResult });
  const busy = useIsSubmitting("/signup");

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <p>
          <span className="font-semibold text-brand-700">Your first order comes with a 30-day money-back guarantee.</span> Until it is completed, ask for a full
          refund within 30 days of paying, from the order's page.
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
        <NewPasswordField label="Password" meta={fields.password} error={error(fields.password)} />
        <p className="text-sm text-slate-600">
          By creating an account you agree to our{" "}
          <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Terms
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Privacy notice
          </Link>
          .
        </p>
        <SubmitButton busy={busy} busyText="Creating account...">
          Sign up
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
