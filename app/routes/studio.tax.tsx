import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Field, FieldError, FormError, SubmitButton } from "~/components/ui/form";
import { CountrySelect } from "~/components/country-select";
import { YearForm } from "~/components/year-form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireCreator } from "~/auth/index.server";
import { getTaxDetails, saveTaxDetails, type TaxDetailsView } from "~/domain/payouts/tax-details.server";
import { parseSubmission } from "~/http/form-submission.server";
import { readForm } from "~/http/request-body.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { CreatorTaxDetailsSchema, TAX_DETAIL_LIMITS, TAX_SAVED } from "~/lib/schemas/creator-tax";
import { acceptAgreement, creatorAgreement, endAgreement, type AgreementView } from "~/domain/payouts/self-billing.server";
import { settle } from "~/domain/refusal";
import { redirectWithToast } from "~/http/toast.server";
import { unreadableForm } from "~/http/form-submission.server";
import { AcceptAgreementSchema } from "~/lib/schemas/self-billing";
import { SELF_BILLING_MESSAGES } from "~/lib/rules/self-billing";
import { monthLabel } from "~/lib/rules/statements";

const HERE = "/studio/tax";
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The creator's tax details (a suspended creator's too: they still account for what they earned). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const [details, agreement] = await Promise.all([getTaxDetails(context.db, creator.id), creatorAgreement(context.db, creator.id)]);
  return data({ details, agreement }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Three forms: the tax details (no intent), accepting the self-billing agreement, ending it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case null: {
      const submission = parseSubmission(formData, { schema: CreatorTaxDetailsSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "details" } });
      await saveTaxDetails(context.db, creator.id, submission.value);
      return redirect("/studio/tax?saved=1");
    }
    case "accept-agreement": {
      const submission = parseSubmission(formData, { schema: AcceptAgreementSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "accept-agreement" } });
      const accepted = await settle(acceptAgreement(context.db, creator.id));
      if (!accepted.ok) return formAnswer(submission, { refusal: accepted.refusal, beside: { intent: "accept-agreement" } });
      return redirectWithToast(context.env, request, `${HERE}#self-billing`, [{ kind: "success", message: `${SELF_BILLING_MESSAGES.accepted}.` }]);
    }
    case "end-agreement": {
      const ended = await settle(endAgreement(context.db, creator.id));
      const message = ended.ok ? `${SELF_BILLING_MESSAGES.ended}.` : ended.refusal.message;
      return redirectWithToast(context.env, request, `${HERE}#self-billing`, [{ kind: ended.ok ? "success" : "error", message }]);
    }
    default:
      throw unreadableForm();
  }
}

export const meta: MetaFunction = () => [{ title: "Tax details · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function StudioTax() {
  const { details, agreement } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lastResult = answer?.intent === "details" ? answer.result : undefined;
  const agreementResult = answer?.intent === "accept-agreement" ? answer.result : undefined;
  const [params] = useSearchParams();
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Tax details</h1>
      <p className="text-sm text-slate-700">
        Who the studio pays, for its records and the yearly figures it reports to tax authorities for platform sellers. Only you and the studio's admins see
        them; they are kept for ten years after you delete your account, as the law asks.
      </p>
      {params.get("saved") === "1" && !lastResult ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {TAX_SAVED}.
        </p>
      ) : null}
      <TaxForm key={details?.updated_at ?? "new"} details={details} lastResult={lastResult} />
      <section aria-labelledby="figures-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="figures-title" className="text-lg font-semibold">
          Your yearly figures
        </h2>
        <p className="text-sm text-slate-700">
          What the studio reports for you each year, as it reports it: per quarter, the orders you were paid for, the amounts paid to you and the fees and
          commissions the studio kept.
        </p>
        <YearForm action="/studio/tax/report.csv" />
      </section>
      <SelfBilling agreement={agreement} lastResult={agreementResult} />
    </div>
  );
}

/** The self-billing agreement: its text, the creator's acceptance, and the way out. */
function SelfBilling({ agreement, lastResult }: { agreement: AgreementView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { accepted, offered_text: offered } = agreement;
  const ending = useIsSubmitting(HERE, "end-agreement");
  return (
    <section id="self-billing" aria-labelledby="self-billing-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="self-billing-title" className="text-lg font-semibold">
        Self-billing
      </h2>
      <p className="text-sm text-slate-700">
        Under a self-billing agreement the studio writes your invoice to it for each month, from your statement, so you do not have to: numbered in your own
        sequence, with your tax details and the VAT your case needs.
      </p>
      {agreement.active && accepted ? (
        <>
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            {`You accepted the self-billing agreement on ${longDate.format(new Date(accepted.accepted_at))}. The studio issues your invoice for each month once it closes: it is with the month's statement on Payouts.`}
          </p>
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold text-brand-700">The agreement you accepted</summary>
            <div className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200 p-4 whitespace-pre-wrap text-slate-800">{accepted.text}</div>
          </details>
          {agreement.text_changed && offered ? (
            <>
              <p className="text-sm text-amber-900">
                The studio has changed the agreement since you accepted it. Your invoices are issued under the text you accepted until you accept the new one.
              </p>
              <AgreementText text={offered} label="The new agreement" />
              <AcceptForm lastResult={lastResult} disabled={!agreement.has_tax_details} />
            </>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="end-agreement" />
            <SubmitButton busy={ending} busyText="Ending..." tone="danger" className="sm:w-auto">
              End the agreement
            </SubmitButton>
          </Form>
          <p className="text-sm text-slate-600">
            Ending it: the months before this one are still invoiced by the studio; from this month on you invoice it yourself.
          </p>
        </>
      ) : (
        <>
          {accepted?.ended_at ? (
            <p className="text-sm text-slate-700">
              {`You ended the agreement on ${longDate.format(new Date(accepted.ended_at))}${accepted.last_month ? `: the studio invoices the months up to ${monthLabel(accepted.last_month)}` : ""}.`}
            </p>
          ) : null}
          {offered ? (
            <>
              <AgreementText text={offered} label="The self-billing agreement" />
              {agreement.has_tax_details ? null : <p className="text-sm text-amber-900">{`${SELF_BILLING_MESSAGES.taxDetailsFirst}.`}</p>}
              <AcceptForm lastResult={lastResult} disabled={!agreement.has_tax_details} />
            </>
          ) : (
            <p className="text-sm text-slate-600">{`${SELF_BILLING_MESSAGES.notOffered}: invoice the studio yourself for what you earn, from your monthly statements.`}</p>
          )}
        </>
      )}
    </section>
  );
}

function AgreementText({ text, label }: { text: string; label: string }) {
  return (
    // Scrollable and reachable by keyboard: a long text does not push the form off the page.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800"
    >
      {text}
    </div>
  );
}

function AcceptForm({ lastResult, disabled }: { lastResult: SubmissionResult<string[]> | undefined; disabled: boolean }) {
  const { form, fields, formProps, error } = useSchemaForm(AcceptAgreementSchema, { lastResult, id: "self-billing-agreement", constraint: false });
  const busy = useIsSubmitting(HERE, "accept-agreement");
  const agreeError = error(fields.agree);
  return (
    <Form method="post" {...formProps} className="space-y-3">
      <input type="hidden" name="intent" value="accept-agreement" />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            id={fields.agree.id}
            name={fields.agree.name}
            disabled={disabled}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? fields.agree.errorId : undefined}
            className="mt-0.5 size-4 accent-brand-700"
          />
          I have read the agreement and accept it: the studio issues my invoices to it, and I issue none of my own for the same work.
        </label>
        <FieldError id={fields.agree.errorId} error={agreeError} />
      </div>
      <SubmitButton busy={busy} busyText="Accepting..." disabled={disabled} className="sm:w-auto">
        Accept the agreement
      </SubmitButton>
    </Form>
  );
}

function TaxForm({ details, lastResult }: { details: TaxDetailsView | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(CreatorTaxDetailsSchema, {
    lastResult,
    id: "tax-details",
    defaultValue: {
      entity: details?.entity ?? "individual",
      legal_name: details?.legal_name ?? "",
      date_of_birth: details?.date_of_birth ?? "",
      company_number: details?.company_number ?? "",
      taxpayer_id: details?.taxpayer_id ?? "",
      vat_number: details?.vat_number ?? "",
      street: details?.street ?? "",
      city: details?.city ?? "",
      state: details?.state ?? "",
      zip_code: details?.zip_code ?? "",
      country: details?.country ?? "",
    },
    constraint: false,
  });
  const busy = useIsSubmitting(HERE, null);
  const entityError = error(fields.entity);
  return (
    <Form method="post" {...formProps} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={entityError ? fields.entity.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">You are paid as</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(
            [
              ["individual", "A person"],
              ["company", "A company"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.entity.name}
                value={value}
                defaultChecked={(fields.entity.initialValue ?? "individual") === value}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
        {entityError ? <FieldError id={fields.entity.errorId} error={entityError} /> : null}
      </fieldset>
      <Field label="Legal name" meta={fields.legal_name} error={error(fields.legal_name)} maxLength={TAX_DETAIL_LIMITS.legalName} autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date of birth (a person)"
          meta={fields.date_of_birth}
          error={error(fields.date_of_birth)}
          type="date"
          autoComplete="bday"
          hint="As on your identity document."
        />
        <Field
          label="Company number (a company)"
          meta={fields.company_number}
          error={error(fields.company_number)}
          maxLength={TAX_DETAIL_LIMITS.companyNumber}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Taxpayer ID"
          meta={fields.taxpayer_id}
          error={error(fields.taxpayer_id)}
          maxLength={TAX_DETAIL_LIMITS.taxpayerId}
          autoComplete="off"
          hint="Your tax number where you live."
        />
        <Field label="VAT number (if registered)" meta={fields.vat_number} error={error(fields.vat_number)} maxLength={40} autoComplete="off" />
      </div>
      <Field label="Street" meta={fields.street} error={error(fields.street)} maxLength={TAX_DETAIL_LIMITS.street} autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="City" meta={fields.city} error={error(fields.city)} maxLength={TAX_DETAIL_LIMITS.city} autoComplete="address-level2" />
        <Field label="State" meta={fields.state} error={error(fields.state)} maxLength={TAX_DETAIL_LIMITS.state} autoComplete="address-level1" />
        <Field label="Zip code" meta={fields.zip_code} error={error(fields.zip_code)} maxLength={TAX_DETAIL_LIMITS.zipCode} autoComplete="postal-code" />
      </div>
      <CountrySelect meta={fields.country} error={error(fields.country)} autoComplete="country" />
      <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
        Save tax details
      </SubmitButton>
    </Form>
  );
}
