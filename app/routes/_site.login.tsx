import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { LoginSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { getCustomer } from "~/auth/index.server";
import { signInWithForm } from "~/http/sign-in-form.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { PASSWORD_RESET_DONE } from "~/lib/password-recovery";
import { pageMeta } from "~/http/seo.server";

/** Messages another screen may ask the login page to show (never free text from the URL). */
const NOTICES: Record<string, string> = {
  "password-changed": "Password changed successfully. Please login again.",
  "signed-out": "You have been signed out.",
  "password-reset": PASSWORD_RESET_DONE,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getCustomer(context, request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return {
    head: pageMeta(context.origin, {
      title: "Log in · Reelcraft",
      description: "Log in to Reelcraft to order packages and follow your orders.",
      path: "/login",
    }),
  };
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signInWithForm(context, request, "customer");
  if (!outcome.ok) {
    return formAnswer(outcome.submission, { refusal: outcome.refusal, hideFields: ["password"] });
  }
  return redirect(safeRedirect(outcome.form.get("redirectTo")), { headers: outcome.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];

export default function LoginPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const notice = NOTICES[params.get("notice") ?? ""];
  const { form, fields, formProps, error } = useSchemaForm(LoginSchema, { lastResult });
  const busy = useIsSubmitting("/login");

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Log in to order and track your videos."
      footer={
        <>
          New here?{" "}
          <Link to={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup"} className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {notice && !lastResult ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      <Form method="post" {...formProps} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="email" inputMode="email" />
        <Field label="Password" meta={fields.password} error={error(fields.password)} type="password" autoComplete="current-password" maxLength={128} />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
        <SubmitButton busy={busy} busyText="Logging in...">
          Log in
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
