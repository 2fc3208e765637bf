import { type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type ReactNode } from "react";
import { CountrySelect } from "~/components/country-select";
import { DeleteRuleButton, KindChoice, RateField, RuleHeadings } from "~/components/rate-rules";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { TableScroller } from "~/components/ui/table-scroller";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireAdmin } from "~/auth/index.server";
import { ratePercent } from "~/domain/money/tax-rules";
import { getShopSettings, type ShopSettings } from "~/domain/money/tax.server";
import {
  deleteTaxRule,
  listTaxRules,
  saveTaxRule,
  ShopSettingsSchema,
  taxEffects,
  updateShopSettings,
  type TaxEffect,
} from "~/domain/money/tax-settings.server";
import { unreadableForm, parseSubmission } from "~/http/form-submission.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { redirectWithToast } from "~/http/toast.server";
import { countryName } from "~/lib/countries";
import {
  ANY_OTHER_COUNTRY,
  DeleteTaxRuleSchema,
  ShopSettingsFormSchema,
  TAX_CUSTOMER_KINDS,
  TaxRuleSchema,
  type TaxCustomerKind,
} from "~/lib/schemas/tax-settings";
import { readForm } from "~/http/request-body.server";

const HERE = "/admin/settings/tax";
const KIND_LABEL: Record<TaxCustomerKind, string> = { any: "Anyone", consumer: "Consumers", business: "Businesses" };
const KIND_HINT: Record<TaxCustomerKind, string> = { any: "", consumer: " (no VAT or tax number)", business: " (with a VAT or tax number)" };
const place = (country: string) => (country === ANY_OTHER_COUNTRY ? "Any other country" : countryName(country));
const ruleName = (rule: { country: string; customerKind: TaxCustomerKind }) => `${place(rule.country)}, ${KIND_LABEL[rule.customerKind].toLowerCase()}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [settings, rules] = await Promise.all([getShopSettings(context.db), listTaxRules(context.db)]);
  return { settings, rules, effects: taxEffects(rules, settings.studioCountry) };
}

/** Three forms, each a plain post with an `intent`: the seller's details, a rule to add or replace, a rule to delete. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const formData = await readForm(request);
  const done = (message: string) => redirectWithToast(context.env, request, HERE, [{ kind: "success", message }]);
  switch (formData.get("intent")) {
    case "settings": {
      const submission = parseSubmission(formData, { schema: ShopSettingsSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "settings" } });
      const { seller_name, seller_address, seller_tax_id, studio_country, tax_name } = submission.value;
      const saved = await settle(
        updateShopSettings(context.db, {
          sellerName: seller_name,
          sellerAddress: seller_address,
          sellerTaxId: seller_tax_id,
          studioCountry: studio_country,
          taxName: tax_name,
        }),
      );
      if (!saved.ok) {
        return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "settings" } });
      }
      return done("Seller details saved. Invoices issued from now on print them.");
    }
    case "save-rule": {
      const submission = parseSubmission(formData, { schema: TaxRuleSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "save-rule" } });
      const { country, customer_kind, rate, note, explanation } = submission.value;
      const saved = await settle(saveTaxRule(context.db, { country, customerKind: customer_kind, rateBasisPoints: rate, note, explanation }));
      if (!saved.ok) {
        return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "save-rule" } });
      }
      const { rule, replaced } = saved.value;
      return done(
        replaced
          ? `Rule replaced: ${ruleName(rule)}, now ${ratePercent(rule.rateBasisPoints)} (was ${ratePercent(replaced.rateBasisPoints)}).`
          : `Rule added: ${ruleName(rule)}, ${ratePercent(rule.rateBasisPoints)}.`,
      );
    }
    case "delete-rule": {
      const submission = parseSubmission(formData, { schema: DeleteTaxRuleSchema });
      // The id is the page's own hidden field: anything else is a form the page cannot have sent.
      if (submission.status !== "success") throw unreadableForm();
      const deleted = await settle(deleteTaxRule(context.db, submission.value.id));
      if (!deleted.ok) {
        return formAnswer(submission, { refusal: deleted.refusal, beside: { intent: "delete-rule" } });
      }
      return done(`Rule deleted: ${ruleName(deleted.value)}, ${ratePercent(deleted.value.rateBasisPoints)}.`);
    }
    default:
      throw unreadableForm();
  }
}

export const meta: MetaFunction = () => [{ title: "Tax settings · Admin · Reelcraft" }];

export default function TaxSettings() {
  const { settings, rules, effects } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const replyTo = (intent: "settings" | "save-rule" | "delete-rule") => (actionData?.intent === intent ? actionData.result : undefined);
  // A new location (the redirect after a save) starts the forms afresh from what was saved.
  const { key } = useLocation();
  const deleteError = replyTo("delete-rule")?.error?.[""];
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Tax settings</h1>
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <p>
            The shop charges tax from the rules below. They are yours to set: the example rules the demo seed writes (for a UK-registered studio) are an
            illustration, not tax advice. Ask an accountant which rates and notes apply to your business.
          </p>
          <p>
            For each buyer the most specific rule applies: a rule for the buyer’s own country before “Any other country”, and a rule for their kind (a business
            is a buyer whose billing address has a VAT or tax number) before “Anyone”. When no rule fits, no tax is charged. Changes apply to orders placed from
            now on; orders already placed keep the tax they were charged.
          </p>
        </div>
      </div>

      <SellerForm key={`seller-${key}`} settings={settings} lastResult={replyTo("settings")} />

      <section aria-labelledby="rules-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        <h2 id="rules-title" className="text-lg font-semibold">
          Tax rules
        </h2>
        <FormError errors={deleteError ?? undefined} />
        {rules.length === 0 ? (
          <p className="text-sm text-slate-600">No rules: no order is charged tax.</p>
        ) : (
          <TableScroller label="Rule table">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <RuleHeadings headings={["Country", "Buyer", "Rate", "Invoice note", "Told to buyers", "Actions"]} />
              <tbody className="divide-y divide-slate-200">
                {rules.map((rule) => (
                  <tr key={rule.id}>
                    <th scope="row" className="px-4 py-2 font-medium">
                      {place(rule.country)}
                    </th>
                    <td className="px-4 py-2">{KIND_LABEL[rule.customerKind]}</td>
                    <td className="px-4 py-2 tabular-nums">{ratePercent(rule.rateBasisPoints)}</td>
                    <td className="px-4 py-2 text-slate-700">{rule.note ?? "—"}</td>
                    <td className="max-w-xs px-4 py-2 text-slate-700">{rule.explanation ?? "—"}</td>
                    <td className="px-4 py-2">
                      <DeleteRuleButton id={rule.id} name={ruleName(rule)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
        <Effects effects={effects} studioCountry={settings.studioCountry} />
      </section>

      <RuleForm key={`rule-${key}`} lastResult={replyTo("save-rule")} />
    </div>
  );
}

type Reply = SubmissionResult<string[]> | undefined;

function SellerForm({ settings, lastResult }: { settings: ShopSettings; lastResult: Reply }) {
  const { form, fields, formProps, error } = useSchemaForm(ShopSettingsFormSchema, {
    id: "tax-settings",
    lastResult,
    defaultValue: {
      seller_name: settings.sellerName,
      seller_address: settings.sellerAddress,
      seller_tax_id: settings.sellerTaxId ?? "",
      studio_country: settings.studioCountry,
      tax_name: settings.taxName,
    },
  });
  const busy = useIsSubmitting(HERE, "settings");
  return (
    <section aria-labelledby="seller-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="seller-title" className="text-lg font-semibold">
        Seller details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Invoices print these as they are when issued; an invoice already issued keeps the details it was issued with.
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="settings" />
        <div className="empty:hidden sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
        <Field
          label="Seller name"
          meta={fields.seller_name}
          error={error(fields.seller_name)}
          type="text"
          autoComplete="organization"
          className="sm:col-span-2"
        />
        <TextAreaField label="Seller address" meta={fields.seller_address} error={error(fields.seller_address)} rows={3} className="sm:col-span-2" />
        <CountrySelect label="Country of tax registration" meta={fields.studio_country} error={error(fields.studio_country)} />
        <Field
          label="Tax name"
          meta={fields.tax_name}
          error={error(fields.tax_name)}
          type="text"
          hint={<p className="mt-1 text-sm text-slate-600">What invoices call the tax: VAT, GST, sales tax.</p>}
        />
        <Field
          label="VAT number (optional)"
          meta={fields.seller_tax_id}
          error={error(fields.seller_tax_id)}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="sm:col-span-2"
          hint={
            <p className="mt-1 text-sm text-slate-600">
              Checked against the country of tax registration: a UK or EU number by its format and check digits. Saved without spaces, with its country prefix.
            </p>
          }
        />
        <div className="mt-2 sm:col-span-2">
          <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
            Save seller details
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function RuleForm({ lastResult }: { lastResult: Reply }) {
  const { form, fields, formProps, error } = useSchemaForm(TaxRuleSchema, { id: "tax-rule", lastResult, defaultValue: { customer_kind: "any" } });
  const busy = useIsSubmitting(HERE, "save-rule");
  return (
    <section aria-labelledby="rule-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="rule-title" className="text-lg font-semibold">
        Add or replace a rule
      </h2>
      <p className="mt-1 text-sm text-slate-600">A country and buyer that already have a rule get the new rate and note in its place.</p>
      <Form method="post" {...formProps} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="save-rule" />
        <div className="empty:hidden sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
        <CountrySelect label="Country" meta={fields.country} error={error(fields.country)} anyOther />
        <RateField meta={fields.rate} error={error(fields.rate)} />
        <KindChoice
          legend="Buyer"
          meta={fields.customer_kind}
          error={error(fields.customer_kind)}
          options={TAX_CUSTOMER_KINDS.map((value) => [value, `${KIND_LABEL[value]}${KIND_HINT[value]}`] as const)}
          fallback="any"
        />
        <Field
          label="Invoice note (optional)"
          meta={fields.note}
          error={error(fields.note)}
          type="text"
          className="sm:col-span-2"
          hint={<p className="mt-1 text-sm text-slate-600">Printed on invoices charged by this rule, e.g. “Reverse charge: customer to account for VAT”.</p>}
        />
        <Field
          label="Told to buyers (optional)"
          meta={fields.explanation}
          error={error(fields.explanation)}
          type="text"
          className="sm:col-span-2"
          hint={
            <p className="mt-1 text-sm text-slate-600">
              Checkout shows it under the tax to a buyer this rule applies to: why this rate, and how a business pays less if it does.
            </p>
          }
        />
        <div className="mt-2 sm:col-span-2">
          <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
            Save rule
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** What buyers pay with the rules as they are: the admin sees a change's effect before an order does. */
function Effects({ effects, studioCountry }: { effects: TaxEffect[]; studioCountry: string }) {
  const cell = (decision: TaxEffect["consumer"]): ReactNode => (
    <>
      <span className="font-semibold tabular-nums">{decision.source === "none" ? "No tax" : ratePercent(decision.rateBasisPoints)}</span>
      <span className="block text-xs text-slate-600">
        {decision.source === "own" ? "Its own rule" : decision.source === "fallback" ? "The “Any other country” rule" : "No rule fits"}
        {decision.note ? `. Note: ${decision.note}` : ""}
      </span>
    </>
  );
  return (
    <div className="space-y-2 pt-2">
      <h3 className="font-semibold">What buyers pay with these rules</h3>
      <TableScroller label="What buyers pay with these rules">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Buyer’s country
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Consumer
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Business (VAT or tax number)
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {effects.map((effect) => (
              <tr key={effect.country ?? ANY_OTHER_COUNTRY}>
                <th scope="row" className="px-4 py-2 font-medium">
                  {effect.country === null ? "Any other country" : countryName(effect.country)}
                  {effect.country === studioCountry ? <span className="block text-xs font-normal text-slate-600">The studio’s country</span> : null}
                </th>
                <td className="px-4 py-2">{cell(effect.consumer)}</td>
                <td className="px-4 py-2">{cell(effect.business)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </div>
  );
}
