import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Logo } from "~/components/logo";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { AdminLoginSchema } from "~/lib/schemas/auth";
import { getSignedInAdmin } from "~/auth/index.server";
import { signInWithForm } from "~/http/sign-in-form.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { PASSWORD_RESET_DONE } from "~/lib/password-recovery";

const NOTICES: Record<string, string> = {
  "password-changed": "Password changed successfully. Please sign in again.",
  "password-reset": PASSWORD_RESET_DONE,
};

/** An admin who is already signed in goes straight to the products (SPEC §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedInAdmin(context, request)) throw redirect("/admin/products");
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signInWithForm(context, request, "admin");
  if (!outcome.ok) {
    return formAnswer(outcome.submission, { refusal: outcome.refusal, hideFields: ["password"] });
  }
  return redirect("/admin/products", { headers: outcome.headers });
}

export const meta: MetaFunction = () => [{ title: "Admin sign in · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function AdminLoginPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  const { form, fields, formProps, error } = useSchemaForm(AdminLoginSchema, { lastResult });
  const busy = useIsSubmitting("/admin/login");
  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-md px-4 pt-12">
        <Logo to="/home" />
      </div>
      <main>
        <AuthCard title="Admin sign in" subtitle="For Reelcraft staff. Customers log in from the shop.">
          {notice && !lastResult ? (
            <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
              {notice}
            </p>
          ) : null}
          <Form method="post" {...formProps} className="space-y-3">
            <FormError id={form.errorId} errors={form.errors} />
            <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="username" />
            <Field label="Password" meta={fields.password} error={error(fields.password)} type="password" autoComplete="current-password" maxLength={128} />
            <p className="text-right text-sm">
              <Link to="/forgot-password?for=admin" className="font-semibold text-brand-700 hover:underline">
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
