import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { CANCELLATION_DAYS } from "~/lib/rules/cancellation-rules";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { LargeFilesInput, useWaitForUploads } from "~/components/parts-uploads";
import { AttachmentInput } from "~/components/attachment-list";
import { parseId } from "~/lib/record-id";
import { BRIEF_LIMITS, BriefSchema } from "~/lib/schemas/brief";
import { requireCustomer } from "~/auth/index.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { submitBrief } from "~/domain/orders/brief.server";
import { parseSubmission } from "~/http/form-submission.server";
import { readScreenForm } from "~/http/request-body.server";
import { formAnswer, orPage, settle } from "~/http/screen-refusal.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { ATTACHMENT_FORM, formFiles } from "~/http/order-forms.server";
import { notFound } from "~/http/answers.server";
import { paths } from "~/lib/paths";

/** The brief can be written while the order awaits it; otherwise its page is the order's page. */
async function briefable(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const customer = await requireCustomer(args.context, args.request);
  const id = parseId(args.params.id);
  if (!id) throw notFound("Order not found");
  const state = await orPage(getWorkState(args.context.db, id, { kind: "customer", id: customer.id }));
  return { customer, id, state };
}

export async function loader(args: LoaderFunctionArgs) {
  const { id, state } = await briefable(args);
  if (state.workStatus !== "awaiting_brief") throw redirect(paths.customerOrder(id));
  // Without 'Start work now' at checkout, work waits out the cancellation period.
  const startsAt = !state.startWorkNow && state.paidAt ? state.paidAt.getTime() + CANCELLATION_DAYS * 86_400_000 : null;
  return { id, deliveryDays: state.deliveryDays, startsAt: startsAt !== null && startsAt > Date.now() ? new Date(startsAt).toISOString() : null };
}

export async function action(args: ActionFunctionArgs) {
  const { customer, id, state } = await briefable(args);
  // Not awaiting a brief (unpaid, or submitted meanwhile in another tab): the order's page says why.
  if (state.workStatus !== "awaiting_brief") throw redirect(paths.customerOrder(id));
  const form = await readScreenForm(args.request, ATTACHMENT_FORM);
  const submission = parseSubmission(form, { schema: BriefSchema, allow: ["attachments"] });
  if (submission.status !== "success") return formAnswer(submission);
  const submitted = await settle(
    submitBrief(args.context.db, args.context.env.MEDIA, mailNotice(args.context), id, customer.id, submission.value, formFiles(form, "attachments")),
  );
  if (!submitted.ok) {
    // Submitted meanwhile (another tab): the order's page shows the brief that counts.
    if (submitted.refusal.kind === "conflict") throw redirect(paths.customerOrder(id));
    // A file refused (type, size, count): the rule is named, the rest of the brief kept.
    return formAnswer(submission, { refusal: submitted.refusal });
  }
  return redirect(`${paths.customerOrder(id)}?notice=${submitted.value.workStatus === "scheduled" ? "brief-scheduled" : "brief-submitted"}`);
}

const startDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export const meta: MetaFunction = () => [{ title: "Your brief · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function BriefPage() {
  const { id, deliveryDays, startsAt } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { form, fields, formProps, error } = useSchemaForm(BriefSchema, { lastResult, defaultValue: { references: ["", "", "", "", ""] } });
  const references = fields.references.getFieldList();
  const busy = useIsSubmitting(paths.brief(id));
  // Large files still on their way would be left out: the brief waits for them.
  const large = useWaitForUploads();
  const referenceErrors = [
    ...new Set(
      Object.entries(form.allErrors)
        .filter(([name]) => name.startsWith("references"))
        .flatMap(([, e]) => e),
    ),
  ];
  return (
    <section aria-labelledby="brief-title" className="space-y-6">
      <div>
        <Link to={paths.customerOrder(id)} className="text-sm font-semibold text-brand-700 hover:underline">
          ← Order #{id}
        </Link>
        <h1 id="brief-title" className="mt-2 text-2xl font-bold tracking-tight">
          Your brief
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {startsAt
            ? `Tell the studio what the video is for. Production (${deliveryDays} days) starts on ${startDate.format(new Date(startsAt))}, when your ${CANCELLATION_DAYS}-day cancellation period ends; after you submit, changes go through messages.`
            : `Tell the studio what the video is for. Production (${deliveryDays} days) starts when you submit; after that, changes go through messages.`}
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" {...formProps} onSubmit={large.wrap(formProps.onSubmit)} className="max-w-2xl space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {large.notice}
        <TextAreaField
          label="What is the video for?"
          meta={fields.purpose}
          error={error(fields.purpose)}
          rows={5}
          hint={
            <p className="mt-1 text-xs text-slate-500">
              Required, {BRIEF_LIMITS.purposeMin}–{BRIEF_LIMITS.purposeMax.toLocaleString("en-GB")} characters.
            </p>
          }
        />
        <TextAreaField label="Audience" meta={fields.audience} error={error(fields.audience)} rows={2} />
        <TextAreaField label="Style" meta={fields.style} error={error(fields.style)} rows={2} />
        <fieldset className="space-y-2" aria-describedby="references-help references-errors">
          <legend className="text-sm font-medium text-slate-800">References</legend>
          <p id="references-help" className="text-xs text-slate-500">
            Up to {BRIEF_LIMITS.references} links to videos or pages you like (https://…).
          </p>
          {references.map((reference, i) => (
            <Field
              key={reference.key}
              label={<span className="sr-only">Reference {i + 1}</span>}
              meta={reference}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
          ))}
          <p id="references-errors" className="min-h-5 text-sm text-red-700" aria-live="polite">
            {referenceErrors.join(" ")}
          </p>
        </fieldset>
        <TextAreaField label="Must-have content" meta={fields.must_haves} error={error(fields.must_haves)} rows={3} />
        <Field label="Deadline wish (optional)" meta={fields.deadline_wish} error={error(fields.deadline_wish)} type="date" className="max-w-xs" />
        <AttachmentInput id="brief-attachments" label="Attachments: logos, storyboards, reference footage (optional)" />
        <LargeFilesInput orderId={Number(id)} id="brief-large-files" onBusyChange={large.onBusyChange} />
        <SubmitButton busy={busy} busyText="Submitting..." className="sm:w-auto">
          {startsAt ? "Submit brief" : "Submit brief and start production"}
        </SubmitButton>
      </Form>
    </section>
  );
}
