import { parseSubmission } from "~/http/form-submission.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, PasswordChangeFields, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { AdminChangePasswordSchema } from "~/lib/schemas/auth";
import { changeAccountPassword, requireAdmin, sessionCookie, passwordChangeRefusal } from "~/auth/index.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { readForm } from "~/http/request-body.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { admin: await requireAdmin(context, request) };
}

/** Admin password change: ends every admin session and asks to sign in again (SPEC §4, §8). */
export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseSubmission(await readForm(request), { schema: AdminChangePasswordSchema });
  const hide = ["current_password", "password", "password_confirmation"];
  if (submission.status !== "success") return formAnswer(submission, { hideFields: hide });
  const outcome = await changeAccountPassword(context, request, "admin", admin.id, submission.value.current_password, submission.value.password);
  if (!outcome.ok) {
    return formAnswer(submission, { refusal: passwordChangeRefusal(outcome), hideFields: hide, field: "current_password" });
  }
  return redirect("/admin/login?notice=password-changed", { headers: { "Set-Cookie": await sessionCookie(request, "admin", null) } });
}

export const meta: MetaFunction = () => [{ title: "Account · Admin · Reelcraft" }];

export default function AdminAccount() {
  const { admin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { form, fields, formProps, error } = useSchemaForm(AdminChangePasswordSchema, { lastResult });
  const busy = useIsSubmitting("/admin/account");
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Account settings</h1>
        <p className="mt-1 text-slate-600">
          Signed in as <span className="font-semibold">{admin.name}</span> ({admin.email})
        </p>
      </div>
      <section aria-labelledby="password-title" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="password-title" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every admin session of yours ends, and you sign in again.</p>
        <Form method="post" {...formProps} className="mt-4 space-y-3">
          <FormError id={form.errorId} errors={form.errors} />
          <PasswordChangeFields fields={fields} error={error} />
          <SubmitButton busy={busy} busyText="Changing..." className="sm:w-auto">
            Change password
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
