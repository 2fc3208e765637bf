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

/** The creator's tax details (a suspended creator's too: they still account for what they earned). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  return data({ details: await getTaxDetails(context.db, creator.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const submission = parseSubmission(await readForm(request), { schema: CreatorTaxDetailsSchema });
  if (submission.status !== "success") return formAnswer(submission);
  await saveTaxDetails(context.db, creator.id, submission.value);
  return redirect("/studio/tax?saved=1");
}

export const meta: MetaFunction = () => [{ title: "Tax details · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function StudioTax() {
  const { details } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
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
    </div>
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
  const busy = useIsSubmitting("/studio/tax");
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
