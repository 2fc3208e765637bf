import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Logo } from "~/components/logo";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { LoginSchema } from "~/lib/schemas/auth";
import { getSignedInCreator } from "~/auth/index.server";
import { signInWithForm } from "~/http/sign-in-form.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { PASSWORD_RESET_DONE } from "~/lib/password-recovery";
import { safeRedirect } from "~/lib/safe-redirect";

const NOTICES: Record<string, string> = {
  "password-changed": "Password changed successfully. Please sign in again.",
  "password-reset": PASSWORD_RESET_DONE,
  "account-deleted": "Your account has been deleted. An email confirms it.",
};

/** Where a creator goes once signed in: the studio page they came from, else their workspace. */
const studioTarget = (value: FormDataEntryValue | string | null) => {
  const target = safeRedirect(typeof value === "string" ? value : null, "/studio");
  return target === "/studio" || target.startsWith("/studio/") || target.startsWith("/studio?") ? target : "/studio";
};

/** A creator already signed in goes straight to their workspace. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedInCreator(context, request)) throw redirect(studioTarget(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signInWithForm(context, request, "creator");
  if (!outcome.ok) return formAnswer(outcome.submission, { refusal: outcome.refusal, hideFields: ["password"] });
  return redirect(studioTarget(outcome.form.get("redirectTo")), { headers: outcome.headers });
}

export const meta: MetaFunction = () => [{ title: "Creator sign in · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function CreatorLoginPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  const { form, fields, formProps, error } = useSchemaForm(LoginSchema, { lastResult });
  const busy = useIsSubmitting("/creator/login");
  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-md px-4 pt-12">
        <Logo to="/home" />
      </div>
      <main>
        <AuthCard title="Creator sign in" subtitle="For creators who make work for Reelcraft. Creators join by invitation from the studio.">
          {notice && !lastResult ? (
            <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
              {notice}
            </p>
          ) : null}
          <Form method="post" {...formProps} className="space-y-3">
            <FormError id={form.errorId} errors={form.errors} />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="username" />
            <Field label="Password" meta={fields.password} error={error(fields.password)} type="password" autoComplete="current-password" maxLength={128} />
            <p className="text-right text-sm">
              <Link to="/forgot-password?for=creator" className="font-semibold text-brand-700 hover:underline">
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
