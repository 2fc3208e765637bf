import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Logo } from "~/components/logo";
import { NewPasswordField } from "~/components/password-checklist";
import { Field, FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { acceptInvitation, invitationFor } from "~/auth/index.server";
import { INVITATION_MESSAGES } from "~/lib/rules/creators";
import { AcceptInvitationSchema } from "~/lib/schemas/creator";
import { parseSubmission } from "~/http/form-submission.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { readForm } from "~/http/request-body.server";
import { actionRetryAfter } from "~/lib/retry-after";

/** The invitation's page: its token live, the name the studio invited; else a page that says so (400). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invited = await invitationFor(context, token);
  return data({ token: invited ? token : null, name: invited?.name ?? "" }, { status: invited ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const headers = actionRetryAfter;

/** Accepting: name and password set, the account active, the creator signed in and sent to their profile to fill it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await readForm(request), { schema: AcceptInvitationSchema });
  if (submission.status !== "success") return formAnswer(submission, { hideFields: ["password"] });
  const accepted = await settle(acceptInvitation(context, request, submission.value));
  if (!accepted.ok) return formAnswer(submission, { refusal: accepted.refusal, hideFields: ["password"] });
  return redirect("/studio/profile?welcome=1", { headers: accepted.value });
}

export const meta: MetaFunction = () => [
  { title: "Join as a creator · Reelcraft" },
  { name: "robots", content: "noindex" },
  // The token is in the address: no other site is told it.
  { name: "referrer", content: "same-origin" },
];

export default function CreatorInvitationPage() {
  const { token, name } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { form, fields, formProps, error } = useSchemaForm(AcceptInvitationSchema, { lastResult, defaultValue: { name } });
  const busy = useIsSubmitting("/creator/invitation");
  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-md px-4 pt-12">
        <Logo to="/home" />
      </div>
      <main>
        {token ? (
          <AuthCard title="Join Reelcraft as a creator" subtitle="Choose the name customers will see beside your work, and a password for your workspace.">
            <Form method="post" {...formProps} className="space-y-3">
              <FormError id={form.errorId} errors={form.errors} />
              <input type="hidden" name="token" value={token} />
              <Field label="Display name" meta={fields.name} error={error(fields.name)} autoComplete="name" maxLength={100} />
              <NewPasswordField label="Password" meta={fields.password} error={error(fields.password)} />
              <p className="text-sm text-slate-700">
                {"Before you accept, read "}
                <Link to="/how-we-work-with-creators" className="font-medium text-brand-700 underline underline-offset-2">
                  how we work with creators
                </Link>
                {": how work is offered, what ranks creators, why an account may be suspended and how to complain."}
              </p>
              <SubmitButton busy={busy} busyText="Creating your account...">
                Accept the invitation
              </SubmitButton>
            </Form>
          </AuthCard>
        ) : (
          <AuthCard title="This invitation cannot be used">
            <p role="alert" className="text-sm text-slate-700">
              {INVITATION_MESSAGES.invalid}
            </p>
            <p className="mt-4 text-sm">
              <Link to="/creator/login" className="font-semibold text-brand-700 hover:underline">
                Creator sign in
              </Link>
            </p>
          </AuthCard>
        )}
      </main>
    </div>
  );
}
