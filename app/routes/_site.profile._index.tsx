import { parseSubmission } from "~/http/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, PasswordChangeFields, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { ChangePasswordSchema, UpdateProfileSchema } from "~/lib/schemas/auth";
import { updateName, changeAccountPassword, passwordChangeRefusal, requireCustomer, sessionCookie } from "~/auth/index.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { readForm } from "~/http/request-body.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return { customer };
}

export const headers = actionRetryAfter;

const memberSinceFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The day the account was made ('24 November 2026'); the SPEC's fixed 'Not available' when it cannot be read. */
function memberSince(createdAt: string): string {
  const at = Date.parse(createdAt);
  return Number.isNaN(at) ? "Not available" : memberSinceFormat.format(at);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "update-name") {
    const submission = parseSubmission(formData, { schema: UpdateProfileSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent, saved: false } });
    const updated = await updateName(context.db, "customer", customer.id, submission.value.name);
    if (!updated) return data({ intent, result: submission.reply({ formErrors: ["Profile update failed"] }), saved: false }, { status: 500 });
    return { intent, result: submission.reply({ resetForm: true }), saved: true };
  }
  if (intent === "change-password") {
    const submission = parseSubmission(formData, { schema: ChangePasswordSchema });
    const hide = ["current_password", "password", "password_confirmation"];
    if (submission.status !== "success") return formAnswer(submission, { hideFields: hide, beside: { intent, saved: false } });
    const outcome = await changeAccountPassword(context, request, "customer", customer.id, submission.value.current_password, submission.value.password);
    if (!outcome.ok) {
      return formAnswer(submission, { refusal: passwordChangeRefusal(outcome), hideFields: hide, field: "current_password", beside: { intent, saved: false } });
    }
    // Every session of this customer was ended with the change; clear this browser's cookie too.
    return redirect("/login?notice=password-changed", { headers: { "Set-Cookie": await sessionCookie(request, "customer", null) } });
  }
  return data({ intent: null, result: undefined, saved: false }, { status: 400 });
}

export const meta: MetaFunction = () => [{ title: "My Account · Reelcraft" }];

export default function ProfilePage() {
  const { customer } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section aria-labelledby="account-title">
        <h1 id="account-title" className="text-2xl font-bold tracking-tight">
          My Account
        </h1>
        <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 p-6 sm:grid-cols-2">
          <Detail term="Name" value={customer.name || "Not provided"} />
          <Detail term="Email" value={customer.email || "Not provided"} />
          <Detail term="Account Type" value="Standard User" />
          <Detail term="Member Since" value={memberSince(customer.created_at)} />
        </dl>
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <NameForm name={customer.name} />
        <PasswordForm />
      </div>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="mt-1 font-semibold break-words">{value}</dd>
    </div>
  );
}

function NameForm({ name }: { name: string }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "update-name" ? actionData.result : undefined;
  const { form, fields, formProps, error } = useSchemaForm(UpdateProfileSchema, { id: "update-name", lastResult, defaultValue: { name } });
  const busy = useIsSubmitting("/profile", "update-name");
  return (
    <section aria-labelledby="name-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="name-title" className="text-lg font-semibold">
        Edit profile
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="update-name" />
        <FormError id={form.errorId} errors={form.errors} />
        {actionData?.intent === "update-name" && actionData.saved ? (
          <p role="status" className="text-sm font-medium text-emerald-700">
            Profile updated.
          </p>
        ) : null}
        <Field label="Name" meta={fields.name} error={error(fields.name)} type="text" autoComplete="name" key={name} defaultValue={name} />
        <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
          Save name
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "change-password" ? actionData.result : undefined;
  const { form, fields, formProps, error } = useSchemaForm(ChangePasswordSchema, { id: "change-password", lastResult });
  const busy = useIsSubmitting("/profile", "change-password");
  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="password-title" className="text-lg font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">You will be signed out everywhere and asked to log in again.</p>
      <Form method="post" {...formProps} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="change-password" />
        <FormError id={form.errorId} errors={form.errors} />
        <PasswordChangeFields fields={fields} error={error} />
        <SubmitButton busy={busy} busyText="Changing..." className="sm:w-auto">
          Change password
        </SubmitButton>
      </Form>
    </section>
  );
}
